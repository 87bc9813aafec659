import type { Evidence, Finding } from '../../model/index.js';
import { formatSelector, parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { condition, notReadyWhy, podReady } from '../shared/pod-readiness.js';
import {
  endpointEvidence,
  endpointsCollected,
  hasSelector,
  membership,
  type Membership,
  serviceCommands,
  serviceEvidence,
  selectorUnknown,
} from './service-backends.js';
import type { Rule, ServiceContext } from '../types.js';

const meta = {
  id: 'service-endpoints/no-ready-endpoints',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Service has no ready endpoints',
  description:
    'The Service selects pods, but none of them is Ready, so every endpoint is not-ready and the Service sends traffic nowhere. ' +
    "Says why, from each pod's status. Also reports a Service whose endpoints are empty when the evidence does not show its " +
    'selector (`kubectl get endpoints` shows <none>; a `kubectl get svc` row, which prints no selector, with an empty Endpoints ' +
    'object, which the endpoints controller writes only for Services with a selector): then either the selector matches ' +
    'nothing or no pod is Ready. ' +
    'Skipped for ExternalName Services, Services without a selector and publishNotReadyAddresses.',
  reasons: ['NoReadyEndpoints'],
  graceSeconds: 30,
  needs: ['services', 'pods'],
  messages: {
    noReadyEndpoints:
      'Service {{service}} has no ready endpoints: none of its {{pods}} selected pods is Ready ({{why}}).',
    endpointsNotReady: 'Service {{service}} has {{total}} endpoints, and none of them is ready.',
    noEndpointsSelectorUnknown:
      'Service {{service}} has no ready endpoints; its selector is not in the evidence, so either it matches no pod or none of its pods is Ready.',
  },
  docs: 'docs/rules/service-endpoints/no-ready-endpoints.md',
} as const;

/**
 * A Service whose selector the evidence does not show (a `kubectl get svc` row) and whose
 * endpoints are empty: either the selector matches nothing or no pod is Ready.
 */
function selectorUnknownFindings(
  ctx: ServiceContext,
  m: Membership,
  endpointLines: readonly Evidence[],
): Finding[] {
  const service = ctx.service.metadata.name;
  const ns = ctx.service.metadata.namespace;
  const known = ctx.endpointSlices.length > 0 || ctx.endpoints !== undefined;
  if (!known || m.ready > 0) return [];
  return [
    finding(meta, {
      reason: 'NoReadyEndpoints',
      messageId: 'noEndpointsSelectorUnknown',
      data: { service },
      confidence: 'low',
      evidence: endpointLines,
      nextSteps: [
        kubectl.get('service', service, ns),
        kubectl.raw(`get pods${kubectl.nsFlag(ns)} --show-labels`),
        "Compare the Service selector with the pods' labels, then check that the selected pods are Ready.",
      ],
    }),
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    const service = svc.metadata.name;
    const ns = svc.metadata.namespace;
    if (svc.spec.publishNotReadyAddresses === true) return [];
    const m = membership(ctx.endpointSlices, ctx.endpoints);
    const endpointLines = endpointsCollected(ctx)
      ? endpointEvidence(ctx.endpointSlices, ctx.endpoints, service)
      : [];
    if (selectorUnknown(svc, ctx.endpointSlices, ctx.endpoints))
      return selectorUnknownFindings(ctx, m, endpointLines);
    if (!hasSelector(svc)) return [];
    const fix =
      'Fix why the pods are not Ready (diagnose one of them); a Service only sends traffic to Ready pods.';
    if (ctx.pods.length === 0) {
      // Pods not in the evidence: the endpoints alone can still show that none is ready.
      if (ctx.collected.has('pods') || m.total === 0 || m.ready > 0) return [];
      return [
        finding(meta, {
          reason: 'NoReadyEndpoints',
          messageId: 'endpointsNotReady',
          data: { service, total: m.total },
          evidence: [serviceEvidence(svc), ...endpointLines],
          nextSteps: [...serviceCommands(svc), fix],
        }),
      ];
    }
    if (ctx.pods.some((p) => podReady(p) && p.metadata.deletionTimestamp === undefined)) return [];
    const pods = [...ctx.pods].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    const evidence: Evidence[] = [serviceEvidence(svc)];
    for (const pod of pods.slice(0, 5))
      evidence.push({ source: 'status', text: `pod ${pod.metadata.name}: ${notReadyWhy(pod)}` });
    evidence.push(...endpointLines);
    const since = Math.min(
      ...pods.map(
        (p) =>
          parseTime(condition(p, 'Ready')?.lastTransitionTime) ??
          parseTime(p.metadata.creationTimestamp) ??
          0,
      ),
    );
    const first = pods[0];
    return [
      finding(meta, {
        reason: 'NoReadyEndpoints',
        messageId: 'noReadyEndpoints',
        data: {
          service,
          pods: pods.length,
          why: first === undefined ? 'unknown' : `${first.metadata.name}: ${notReadyWhy(first)}`,
        },
        status: graceStatus(meta, since > 0 ? since : undefined, ctx.now),
        evidence,
        at: since > 0 ? since : undefined,
        nextSteps: [
          kubectl.raw(
            `get pods${kubectl.nsFlag(ns)} -l ${kubectl.quote(formatSelector(svc.spec.selector))} -o wide`,
          ),
          ...(first === undefined
            ? []
            : [kubectl.describe('pod', first.metadata.name, first.metadata.namespace)]),
          fix,
        ],
      }),
    ];
  },
} satisfies Rule<'service'>;
