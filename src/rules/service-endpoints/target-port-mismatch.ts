import type { EndpointSlice, Evidence, Finding, ServicePort } from '../../model/index.js';
import { formatSelector } from '../../k8s/index.js';
import { kubectl } from '../shared/kubectl.js';
import { finding } from '../shared/finding.js';
import { podFinished } from '../shared/pod-readiness.js';
import { endpointEvidence, hasSelector, serviceCommands, serviceEvidence } from './service-backends.js';
import { checkTargetPort, declaredPorts, portLabel, targetOf, targetPortMissing } from './service-ports.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'service-endpoints/target-port-mismatch',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Service targetPort not exposed by the selected containers',
  description:
    "A Service port's targetPort does not match the selected pods' containers: a named targetPort that no container port " +
    'is called (definite: the EndpointSlice controller leaves the port out, which its slices show when the pod specs are ' +
    'not in the evidence), or a numeric targetPort that none of the ' +
    'declared containerPorts has (containers need not declare ports for traffic to work, so this is only reported when ' +
    'they declare some and none matches).',
  reasons: ['TargetPortMismatch'],
  graceSeconds: 0,
  needs: ['services', 'pods'],
  messages: {
    namedPortMissing:
      'Service {{service}} port {{port}} targets the named port "{{targetPort}}", but no container of the {{pods}} selected pod(s) has a port with that name (they declare: {{declared}}).',
    numericPortNotDeclared:
      'Service {{service}} port {{port}} targets port {{targetPort}}, but the selected containers declare only {{declared}}.',
    namedPortUnresolved:
      'Service {{service}} port {{port}} targets the named port "{{targetPort}}", but the EndpointSlice controller could not resolve that name on the selected pods: {{slice}} lists {{endpoints}} endpoint(s) without the port.',
  },
  docs: 'docs/rules/service-endpoints/target-port-mismatch.md',
} as const;

/**
 * A slice that lists endpoints but not this Service port, whose targetPort is a name: the
 * EndpointSlice controller adds a pod even when podutil.FindPort cannot resolve the name on it,
 * only without that port (a numeric targetPort always resolves). A slice read from
 * `kubectl get endpointslices` shows port numbers without names, so only a slice with no port
 * at all can be judged from it.
 */
function sliceWithoutPort(slices: readonly EndpointSlice[], p: ServicePort): EndpointSlice | undefined {
  if (typeof targetOf(p) !== 'string') return undefined;
  return slices.find((slice) => {
    if (slice.endpoints.length === 0) return false;
    const ports = slice.ports ?? [];
    if (ports.length === 0) return true;
    if (ports.some((x) => x.name === undefined)) return false;
    return !ports.some((x) => x.name === (p.name ?? ''));
  });
}

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    if (!hasSelector(svc)) return [];
    const pods = ctx.pods.filter((p) => !podFinished(p) && p.spec.containers.length > 0);
    const sample = pods[0];
    return (svc.spec.ports ?? []).flatMap((p): Finding[] => {
      // Without the pods' container ports, the slices show what the controller resolved.
      const specKnown = pods.some((pod) => checkTargetPort(p, pod).kind !== 'unknown');
      if (!specKnown) {
        const slice = sliceWithoutPort(ctx.endpointSlices, p);
        if (slice === undefined) return [];
        return [
          finding(meta, {
            reason: 'TargetPortMismatch',
            messageId: 'namedPortUnresolved',
            data: {
              service: svc.metadata.name,
              port: portLabel(p),
              targetPort: String(targetOf(p)),
              slice: `EndpointSlice ${slice.metadata.name}`,
              endpoints: slice.endpoints.length,
            },
            evidence: [serviceEvidence(svc), ...endpointEvidence([slice], undefined, svc.metadata.name)],
            nextSteps: [
              ...serviceCommands(svc),
              kubectl.raw(
                `get pods${kubectl.nsFlag(svc.metadata.namespace)} -l ${kubectl.quote(formatSelector(svc.spec.selector))} -o jsonpath='{.items[*].spec.containers[*].ports}'`,
              ),
              `Name the container port "${String(targetOf(p))}" in the pod template, or point targetPort at a port name or number the container has.`,
            ],
          }),
        ];
      }
      const miss = targetPortMissing(p, pods);
      if (miss === undefined || sample === undefined) return [];
      const evidence: Evidence[] = [serviceEvidence(svc)];
      for (const pod of pods.slice(0, 3)) {
        evidence.push({
          source: 'spec',
          text: `pod ${pod.metadata.name} container ports: ${declaredPorts(pod)}`,
        });
      }
      return [
        finding(meta, {
          reason: 'TargetPortMismatch',
          messageId: miss.named ? 'namedPortMissing' : 'numericPortNotDeclared',
          data: {
            service: svc.metadata.name,
            port: portLabel(p),
            targetPort: String(targetOf(p)),
            pods: pods.length,
            declared: declaredPorts(sample),
          },
          confidence: miss.named ? 'high' : 'medium',
          evidence,
          nextSteps: [
            ...serviceCommands(svc),
            miss.named
              ? `Name the container port "${miss.target}" in the pod template, or point targetPort at a port name or number the container has.`
              : `Set targetPort to the port the app listens on (one of: ${declaredPorts(sample)}), or fix the containerPort if the app really listens on ${miss.target}.`,
          ],
        }),
      ];
    });
  },
} satisfies Rule<'service'>;
