import type { Evidence, Finding } from '../../model/index.js';
import { kubectl } from '../shared/kubectl.js';
import { finding, graceStatus } from '../shared/finding.js';
import { podFinished, podReady, readySince } from '../shared/pod-readiness.js';
import {
  endpointEvidence,
  endpointsCollected,
  hasSelector,
  provenUnlisted,
  membership,
  serviceCommands,
  serviceEvidence,
  specUnknown,
} from './service-backends.js';
import type { Rule, ServiceContext } from '../types.js';

const meta = {
  id: 'service-endpoints/not-in-endpoints',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Ready pods missing from the Service endpoints',
  description:
    'Pods that the Service selects have been Ready for longer than the EndpointSlice controller needs (30 s), but no ' +
    'EndpointSlice (or Endpoints object) of the Service lists them, by targetRef or by pod IP. Only judged when slices or ' +
    'Endpoints were collected. Also: the Endpoints object lists ready addresses but the Service has no EndpointSlice at ' +
    'all while slices were collected (kube-proxy routes from slices).',
  reasons: ['NotInEndpoints'],
  graceSeconds: 30,
  needs: ['services', 'pods', 'endpointslices'],
  messages: {
    notInEndpoints:
      'Service {{service}} selects {{count}} Ready pod(s) that its endpoints do not list: {{pods}}.',
    noEndpointSlice:
      'The Endpoints of Service {{service}} list {{count}} ready address(es), but no EndpointSlice of it exists: kube-proxy routes from EndpointSlices, so none of them gets traffic.',
  },
  docs: 'docs/rules/service-endpoints/not-in-endpoints.md',
} as const;

/**
 * The Endpoints object lists addresses, yet no EndpointSlice of the Service exists although slices
 * were collected: kube-proxy routes from EndpointSlices (since 1.19), so those backends get no
 * traffic. The EndpointSlice controller (or, for Endpoints written by hand, the mirroring
 * controller) did not write them.
 */
function slicesMissing(ctx: ServiceContext): Finding[] {
  const { service: svc, endpoints } = ctx;
  if (!ctx.collected.has('endpointslices') || ctx.endpointSlices.length > 0 || endpoints === undefined)
    return [];
  const addresses = endpoints.subsets.flatMap((s) => s.addresses ?? []);
  if (addresses.length === 0) return [];
  const { name, namespace } = svc.metadata;
  return [
    finding(meta, {
      reason: 'NotInEndpoints',
      messageId: 'noEndpointSlice',
      data: { service: name, count: addresses.length },
      confidence: 'medium',
      evidence: [
        ...(specUnknown(svc) ? [] : [serviceEvidence(svc)]),
        ...endpointEvidence([], endpoints, name),
        { source: 'endpointslice', text: `no EndpointSlice labelled kubernetes.io/service-name=${name}` },
      ],
      nextSteps: [
        kubectl.raw(
          `get endpointslices${kubectl.nsFlag(namespace)} -l kubernetes.io/service-name=${kubectl.quote(name)}`,
        ),
        kubectl.raw('logs -n kube-system -l component=kube-controller-manager --tail=200'),
        'Check that kube-controller-manager runs its endpointslice and endpointslicemirroring controllers (--controllers) and can write EndpointSlices (RBAC, API version).',
      ],
    }),
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    const sliceless = slicesMissing(ctx);
    if (sliceless.length > 0) return sliceless;
    if (!hasSelector(svc) || !endpointsCollected(ctx)) return [];
    const m = membership(ctx.endpointSlices, ctx.endpoints);
    const missing = ctx.pods
      .filter(
        (p) =>
          podReady(p) &&
          !podFinished(p) &&
          p.metadata.deletionTimestamp === undefined &&
          provenUnlisted(m, p),
      )
      .sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    if (missing.length === 0) return [];
    // The newest Ready transition decides: the controller may not have caught up with it yet.
    const times = missing.map((p) => readySince(p));
    const since = times.some((t) => t === undefined) ? undefined : Math.max(...times.map((t) => t ?? 0));
    const evidence: Evidence[] = [serviceEvidence(svc)];
    for (const p of missing.slice(0, 5)) {
      const c = p.status.conditions?.find((x) => x.type === 'Ready');
      evidence.push({
        source: 'condition',
        text: `pod ${p.metadata.name}: Ready=True since ${c?.lastTransitionTime ?? '(time unknown)'}, IP ${p.status.podIP ?? '(none)'}, not listed`,
        ...(c?.lastTransitionTime ? { at: c.lastTransitionTime } : {}),
      });
    }
    evidence.push(...endpointEvidence(ctx.endpointSlices, ctx.endpoints, svc.metadata.name));
    const names = missing.slice(0, 5).map((p) => p.metadata.name);
    return [
      finding(meta, {
        reason: 'NotInEndpoints',
        messageId: 'notInEndpoints',
        data: {
          service: svc.metadata.name,
          count: missing.length,
          pods: `${names.join(', ')}${missing.length > names.length ? `, +${missing.length - names.length} more` : ''}`,
        },
        status: graceStatus(meta, since, ctx.now),
        evidence,
        at: since,
        nextSteps: [
          ...serviceCommands(svc),
          'The EndpointSlice controller (kube-controller-manager) has not added these pods: check its logs, and whether the slices carry endpointslice.kubernetes.io/managed-by of another controller that must add them.',
        ],
      }),
    ];
  },
} satisfies Rule<'service'>;
