import type { Evidence } from '../../model/index.js';
import { finding } from '../utils/finding.js';
import { podFinished } from '../utils/pod-readiness.js';
import { hasSelector, serviceCommands, serviceEvidence } from '../utils/service-backends.js';
import { declaredPorts, portLabel, targetOf, targetPortMissing } from '../utils/service-ports.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'service-endpoints/target-port-mismatch',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Service targetPort not exposed by the selected containers',
  description:
    "A Service port's targetPort does not match the selected pods' containers: a named targetPort that no container port " +
    'is called (definite: the EndpointSlice controller leaves the port out), or a numeric targetPort that none of the ' +
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
  },
  docs: 'docs/rules/service-endpoints/target-port-mismatch.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    if (!hasSelector(svc)) return [];
    const pods = ctx.pods.filter((p) => !podFinished(p) && p.spec.containers.length > 0);
    const sample = pods[0];
    if (sample === undefined) return [];
    return (svc.spec.ports ?? []).flatMap((p) => {
      const miss = targetPortMissing(p, pods);
      if (miss === undefined) return [];
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
