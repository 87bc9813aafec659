import type { Evidence, Finding, Pod, ProbeResult } from '../../model/index.js';
import {
  aggregatorEndpointsMessage,
  formatSelector,
  parseTime,
  serviceUnavailableMessage,
} from '../../k8s/index.js';
import { eventEvidence, newest, withReason } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { condition, notReadyWhy, podReady } from '../shared/pod-readiness.js';
import {
  latestProbeResult,
  probeOutcome,
  probeResultEvidence,
  probeResultSummary,
} from '../shared/probe-results.js';
import {
  endpointEvidence,
  endpointsCollected,
  hasSelector,
  membership,
  type Membership,
  possibleUnreadyBackends,
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
    "Says why, from each pod's status. Without the selected pods in the evidence, endpoints that list addresses, none " +
    'ready, tell the same; and a Service whose endpoints list nothing (`kubectl get endpoints` <none>, which shows only ready ' +
    'addresses) while pods of its namespace that the evidence cannot rule out (labels or selector unknown) are not Ready is ' +
    'reported at low confidence. Empty endpoints with no such pod are selector-matches-no-pods. ' +
    'Skipped for ExternalName Services, Services without a selector and publishNotReadyAddresses. When neither the ' +
    "Service's pods nor its endpoints are in the evidence, an APIService that is not Available because the API " +
    'aggregator finds no endpoint of it (MissingEndpoints, EndpointsNotFound) tells the same. With --probe, the ' +
    "selected pods' readiness endpoints as fetched through pods/proxy are quoted: a failing one is why the pod is not Ready.",
  reasons: ['NoReadyEndpoints'],
  graceSeconds: 30,
  needs: ['services', 'pods', 'probes'],
  messages: {
    noReadyEndpoints:
      'Service {{service}} has no ready endpoints: none of its {{pods}} selected pods is Ready ({{why}}).',
    endpointsNotReady: 'Service {{service}} has {{endpoints}}, and none of them is ready.',
    noEndpointsSelectorUnknown:
      'Service {{service}} has no ready endpoints; its selector is not in the evidence, and pods of its namespace are not Ready ({{why}}): they may be its backends.',
    aggregatorNoEndpoints:
      'The API aggregator finds no ready endpoint of Service {{service}}{{port}}, so {{apiService}} is not Available ({{reason}}).',
    saidNoEndpoints: 'The {{speaker}} finds no endpoint of Service {{service}} to send traffic to.',
    noEndpointsLabelsUnknown:
      'Service {{service}} has no ready endpoints; pods of its namespace whose labels the evidence lacks are not Ready ({{why}}): they may be the pods it selects.',
  },
  docs: 'docs/rules/service-endpoints/no-ready-endpoints.md',
} as const;

/**
 * Endpoints that list addresses, none ready, while the pods behind them are not in the evidence
 * (or not known to match): the endpoints alone show that no backend is ready.
 */
function endpointsOnlyFinding(
  ctx: ServiceContext,
  m: Membership,
  endpointLines: readonly Evidence[],
): Finding {
  const svc = ctx.service;
  return finding(meta, {
    reason: 'NoReadyEndpoints',
    messageId: 'endpointsNotReady',
    data: { service: svc.metadata.name, endpoints: m.total === 1 ? '1 endpoint' : `${m.total} endpoints` },
    evidence: [serviceEvidence(svc), ...endpointLines],
    nextSteps: [...serviceCommands(svc), FIX],
  });
}

/**
 * No address at all, and pods of the namespace that are not Ready may be the Service's backends
 * although the evidence cannot show it (their labels, or the selector, are missing): `kubectl get
 * endpoints` and `kubectl describe svc` print only ready addresses, so they fit the `<none>`.
 */
function unknownBackendsFinding(
  ctx: ServiceContext,
  unready: readonly Pod[],
  endpointLines: readonly Evidence[],
  selectorKnown: boolean,
): Finding {
  const svc = ctx.service;
  const { name, namespace } = svc.metadata;
  const first = [...unready].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))[0];
  return finding(meta, {
    reason: 'NoReadyEndpoints',
    messageId: selectorKnown ? 'noEndpointsLabelsUnknown' : 'noEndpointsSelectorUnknown',
    data: {
      service: name,
      why: first === undefined ? 'unknown' : `${first.metadata.name}: ${notReadyWhy(first)}`,
    },
    confidence: 'low',
    evidence: [
      ...(selectorKnown ? [serviceEvidence(svc)] : []),
      ...endpointLines,
      ...unready.slice(0, 3).map((p) => ({
        source: 'status' as const,
        text: `pod ${p.metadata.name}: ${notReadyWhy(p)}`,
      })),
    ],
    nextSteps: [
      kubectl.get('service', name, namespace),
      kubectl.raw(`get pods${kubectl.nsFlag(namespace)} --show-labels`),
      "Compare the Service selector with the pods' labels, then check that the selected pods are Ready.",
    ],
  });
}

/**
 * The pod's current readiness probe results (`--probe`), one per container, failing first: the
 * endpoint's answer says why the kubelet keeps the pod out of the Service.
 */
function readinessResults(ctx: ServiceContext, pod: Pod): ProbeResult[] {
  const all = ctx.index.probes(pod.metadata.namespace ?? '', pod.metadata.name);
  const names = [...new Set(all.filter((r) => r.probe === 'readiness').map((r) => r.container))].sort();
  const rank = (r: ProbeResult): number => (probeOutcome(r) === 'fail' ? 0 : 1);
  return names
    .flatMap((name) => latestProbeResult(all, ctx.now, name, 'readiness') ?? [])
    .sort((a, b) => rank(a) - rank(b));
}

/** `; its readiness endpoint answers HTTP status 503` when a probe result shows the failure. */
function probeWhy(ctx: ServiceContext, pod: Pod): string {
  const failing = readinessResults(ctx, pod).find((r) => probeOutcome(r) === 'fail');
  return failing === undefined
    ? ''
    : `; the readiness endpoint of ${failing.container} answers ${probeResultSummary(failing).text}`;
}

const FIX =
  'Fix why the pods are not Ready (diagnose one of them); a Service only sends traffic to Ready pods.';

/**
 * The API aggregator's word alone (an APIService's Available=False, k8s/aggregator.ts): neither
 * the Service's pods nor its endpoints are in the evidence to say more.
 */
function aggregatorFinding(ctx: ServiceContext): Finding | undefined {
  const svc = ctx.service;
  const { name, namespace } = svc.metadata;
  const e = newest(
    withReason(ctx.events, 'MissingEndpoints', 'EndpointsNotFound').filter((x) => {
      const said = aggregatorEndpointsMessage(x.message);
      return said?.service === name && said.namespace === (namespace ?? said.namespace);
    }),
  );
  const said = e === undefined ? undefined : aggregatorEndpointsMessage(e.message);
  if (e === undefined || said === undefined) return undefined;
  const apiService =
    e.name?.startsWith('apiservice/') === true ? e.name.slice('apiservice/'.length) : undefined;
  const port =
    said.portName === undefined
      ? ''
      : said.portName === ''
        ? ' on its unnamed port'
        : ` with port name "${said.portName}"`;
  return finding(meta, {
    reason: 'NoReadyEndpoints',
    messageId: 'aggregatorNoEndpoints',
    data: {
      service: name,
      port,
      apiService: apiService === undefined ? 'the APIService it backs' : `APIService ${apiService}`,
      reason: said.reason,
    },
    confidence: 'medium',
    status: graceStatus(meta, e.first, ctx.now),
    at: e.first,
    evidence: [eventEvidence(e, ctx.now)],
    nextSteps: [
      ...serviceCommands(svc),
      kubectl.raw(
        apiService === undefined ? 'get apiservices' : `get apiservice ${kubectl.quote(apiService)} -o yaml`,
      ),
      `Check that the pods the Service selects are Ready${said.portName === undefined || said.portName === '' ? '' : ` and that its port "${said.portName}" targets a port they declare`}; the aggregator uses only ready endpoints of that port.`,
    ],
  });
}

/**
 * The API server's service proxy, the ingress-nginx controller or `minikube service` saying the
 * Service has no endpoint (k8s/service-unavailable.ts), where neither its pods, its endpoints nor
 * its selector are in the evidence to say why.
 */
function saidFinding(ctx: ServiceContext): Finding | undefined {
  const { name, namespace } = ctx.service.metadata;
  const e = newest(
    withReason(ctx.events, 'ServiceUnavailable').filter((x) => {
      const said = serviceUnavailableMessage(x.message);
      return said?.service === name && (said.namespace ?? namespace) === namespace;
    }),
  );
  const said = e === undefined ? undefined : serviceUnavailableMessage(e.message);
  if (e === undefined || said === undefined) return undefined;
  return finding(meta, {
    reason: 'NoReadyEndpoints',
    messageId: 'saidNoEndpoints',
    data: { speaker: said.speaker, service: name },
    confidence: 'medium',
    status: graceStatus(meta, e.first, ctx.now),
    at: e.first,
    evidence: [eventEvidence(e, ctx.now)],
    nextSteps: [
      ...serviceCommands(ctx.service),
      "Compare the Service's selector with the labels of the pods it should select, and check that those pods are Running and Ready; a Service sends traffic only to the Ready pods its selector matches.",
    ],
  });
}

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    const service = svc.metadata.name;
    const ns = svc.metadata.namespace;
    if (svc.spec.publishNotReadyAddresses === true) return [];
    if (ctx.pods.length === 0 && ctx.endpointSlices.length === 0 && ctx.endpoints === undefined) {
      // A selector in the evidence is judged against the pods (selector-matches-no-pods) instead.
      const said = aggregatorFinding(ctx) ?? (svc.spec.selector === undefined ? saidFinding(ctx) : undefined);
      if (said !== undefined) return [said];
    }
    const m = membership(ctx.endpointSlices, ctx.endpoints);
    const endpointLines = endpointsCollected(ctx)
      ? endpointEvidence(ctx.endpointSlices, ctx.endpoints, service)
      : [];
    const unknownSelector = selectorUnknown(svc, ctx.endpointSlices, ctx.endpoints);
    if (!unknownSelector && !hasSelector(svc)) return [];
    if (unknownSelector || ctx.pods.length === 0) {
      // No selected pod in the evidence: the endpoints tell, or pods that may be the backends.
      const own = ctx.endpointSlices.length > 0 || ctx.endpoints !== undefined;
      if (!own || m.ready > 0) return [];
      if (m.total > 0) return [endpointsOnlyFinding(ctx, m, endpointLines)];
      const unready = possibleUnreadyBackends(ctx);
      return unready.length === 0
        ? []
        : [unknownBackendsFinding(ctx, unready, endpointLines, !unknownSelector)];
    }
    if (ctx.pods.some((p) => podReady(p) && p.metadata.deletionTimestamp === undefined)) return [];
    const pods = [...ctx.pods].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    const evidence: Evidence[] = [serviceEvidence(svc)];
    for (const pod of pods.slice(0, 5)) {
      evidence.push({ source: 'status', text: `pod ${pod.metadata.name}: ${notReadyWhy(pod)}` });
      for (const r of readinessResults(ctx, pod)) {
        const e = probeResultEvidence(r);
        evidence.push({ ...e, text: `pod ${pod.metadata.name}: ${e.text}` });
      }
    }
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
          why:
            first === undefined
              ? 'unknown'
              : `${first.metadata.name}: ${notReadyWhy(first)}${probeWhy(ctx, first)}`,
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
          FIX,
        ],
      }),
    ];
  },
} satisfies Rule<'service'>;
