import type { Evidence } from '../../model/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { podFinished, podReady, readySince } from '../shared/pod-readiness.js';
import {
  endpointEvidence,
  endpointsCollected,
  hasSelector,
  listed,
  membership,
  serviceCommands,
  serviceEvidence,
} from './service-backends.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'service-endpoints/not-in-endpoints',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Ready pods missing from the Service endpoints',
  description:
    'Pods that the Service selects have been Ready for longer than the EndpointSlice controller needs (30 s), but no ' +
    'EndpointSlice (or Endpoints object) of the Service lists them, by targetRef or by pod IP. Only judged when slices or ' +
    'Endpoints were collected.',
  reasons: ['NotInEndpoints'],
  graceSeconds: 30,
  needs: ['services', 'pods', 'endpointslices'],
  messages: {
    notInEndpoints:
      'Service {{service}} selects {{count}} Ready pod(s) that its endpoints do not list: {{pods}}.',
  },
  docs: 'docs/rules/service-endpoints/not-in-endpoints.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    if (!hasSelector(svc) || !endpointsCollected(ctx)) return [];
    const m = membership(ctx.endpointSlices, ctx.endpoints);
    const missing = ctx.pods
      .filter(
        (p) => podReady(p) && !podFinished(p) && p.metadata.deletionTimestamp === undefined && !listed(m, p),
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
