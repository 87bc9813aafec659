import type { Evidence } from '../../model/index.js';
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
} from './service-backends.js';
import { declaredPorts, portLabel, targetOf, targetPortMissing } from './service-ports.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'service-endpoints/pod-service-backend',
  stage: 'service-endpoints',
  target: 'pod',
  title: 'Ready pod not served by the Service that selects it',
  description:
    "Seen from a Ready pod: a Service selects it, but the Service's EndpointSlices (or Endpoints) have not listed it for " +
    "longer than 30 s, or a Service port's targetPort names a port this pod's containers do not have (or a number none of " +
    "its declared containerPorts has). The Service-level rules report the same from the Service's side.",
  reasons: ['NotInEndpoints', 'TargetPortMismatch'],
  graceSeconds: 30,
  needs: ['pods', 'services'],
  messages: {
    podNotInEndpoints: 'The pod is Ready, but Service {{service}} does not list it among its endpoints.',
    podTargetPortNamed:
      'Service {{service}} port {{port}} targets the named port "{{targetPort}}", which no container of this pod has (it declares: {{declared}}).',
    podTargetPortNumeric:
      "Service {{service}} port {{port}} targets port {{targetPort}}, but this pod's containers declare only {{declared}}.",
  },
  docs: 'docs/rules/service-endpoints/pod-service-backend.md',
  // Reads the Services that select the pod and their EndpointSlices: fires on Ready pods.
  runsOnQuietPods: true,
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (!podReady(pod) || podFinished(pod) || pod.metadata.deletionTimestamp !== undefined) return [];
    const ns = pod.metadata.namespace ?? '';
    const out = [];
    for (const svc of [...ctx.services].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))) {
      if (!hasSelector(svc)) continue;
      const service = svc.metadata.name;
      const slices = ctx.index.endpointSlicesFor(ns, service);
      const endpoints = ctx.index.endpointsFor(ns, service);
      if (endpointsCollected(ctx) && provenUnlisted(membership(slices, endpoints), pod)) {
        const since = readySince(pod);
        const evidence: Evidence[] = [
          serviceEvidence(svc),
          {
            source: 'condition',
            text: `pod Ready=True since ${pod.status.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime ?? '(time unknown)'}, IP ${pod.status.podIP ?? '(none)'}`,
          },
          ...endpointEvidence(slices, endpoints, service),
        ];
        out.push(
          finding(meta, {
            reason: 'NotInEndpoints',
            messageId: 'podNotInEndpoints',
            data: { service },
            status: graceStatus(meta, since, now),
            evidence,
            at: since,
            nextSteps: [
              ...serviceCommands(svc),
              "The EndpointSlice controller (kube-controller-manager) has not added the pod: check its logs and the slices' endpointslice.kubernetes.io/managed-by label.",
            ],
          }),
        );
      }
      for (const p of svc.spec.ports ?? []) {
        const miss = targetPortMissing(p, [pod]);
        if (miss === undefined) continue;
        out.push(
          finding(meta, {
            reason: 'TargetPortMismatch',
            messageId: miss.named ? 'podTargetPortNamed' : 'podTargetPortNumeric',
            data: {
              service,
              port: portLabel(p),
              targetPort: String(targetOf(p)),
              declared: declaredPorts(pod),
            },
            confidence: miss.named ? 'high' : 'medium',
            evidence: [
              serviceEvidence(svc),
              { source: 'spec', text: `pod ${pod.metadata.name} container ports: ${declaredPorts(pod)}` },
            ],
            nextSteps: [
              ...serviceCommands(svc),
              'Make the Service targetPort and the container port agree (same number, or the same port name).',
            ],
          }),
        );
      }
    }
    return out;
  },
} satisfies Rule<'pod'>;
