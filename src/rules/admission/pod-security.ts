import { currentAdmissionFailure, failedPodSpec, failureData } from './analyse.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/pod-security',
  stage: 'admission',
  target: 'workload',
  title: 'Pod creation rejected by pod security admission',
  description:
    'The pods a controller tried to create break the namespace pod security rules: Pod Security Admission ' +
    '("violates PodSecurity \\"restricted:latest\\": ..."), an OpenShift SecurityContextConstraint ' +
    '("unable to validate against any security context constraint") or a PodSecurityPolicy ' +
    '("unable to validate against any pod security policy"); or the API server\'s own cluster policy (its --allow-privileged ' +
    'and privileged-sources settings: "securityContext.privileged: Forbidden: disallowed by cluster policy", also for hostNetwork/hostPID/hostIPC).',
  reasons: ['PodSecurityViolation', 'PolicyForbidden'],
  graceSeconds: 0,
  needs: ['events', 'workloads'],
  messages: {
    podSecurity:
      '{{kind}} {{name}} cannot create pods: they violate PodSecurity "{{level}}": {{violations}}.',
    scc: '{{kind}} {{name}} cannot create pods: no SecurityContextConstraints admits them ({{detail}}).',
    psp: '{{kind}} {{name}} cannot create pods: no PodSecurityPolicy admits them ({{detail}}).',
    clusterPolicy:
      '{{kind}} {{name}} cannot create pods: the API server disallows {{fields}} by cluster policy.',
  },
  docs: 'docs/rules/admission/pod-security.md',
} as const;

const MAX_DETAIL = 400;

function clip(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentAdmissionFailure(ctx);
    const code = f?.error.code;
    if (f === undefined || (code !== 'PodSecurityViolation' && code !== 'PolicyForbidden')) return [];
    const { kind, fields, detail } = f.error;
    const ns = f.object.namespace;
    const sa = failedPodSpec(ctx, f)?.serviceAccountName ?? 'default';
    const steps =
      kind === 'podSecurity'
        ? [
            kubectl.raw(`get namespace ${kubectl.quote(ns || 'default')} --show-labels`),
            'Set the securityContext fields listed above in the pod template (e.g. runAsNonRoot: true, allowPrivilegeEscalation: false, capabilities.drop: [ALL], seccompProfile.type: RuntimeDefault), or relax the namespace label pod-security.kubernetes.io/enforce if the workload really needs it.',
          ]
        : kind === 'clusterPolicy'
          ? [
              `Remove ${fields.fields || 'the privileged settings'} from the pod template: this API server is run with --allow-privileged=false (or without this pod's source in its privileged sources), so no namespace setting admits them.`,
            ]
          : kind === 'scc'
            ? [
                kubectl.raw('get scc'),
                `Drop the privileges the pod asks for (fixed runAsUser/fsGroup, privileged, hostPath), or grant service account ${sa} an SCC that allows them (oc adm policy add-scc-to-user <scc> -z ${sa} -n ${ns || 'default'}).`,
              ]
            : [
                kubectl.raw('get podsecuritypolicy'),
                `Drop the privileges the pod asks for, or bind service account ${sa} to a PodSecurityPolicy that allows them (PodSecurityPolicy was removed in Kubernetes 1.25).`,
              ];
    return [
      finding(meta, {
        reason: code,
        messageId: kind === 'podSecurity' || kind === 'scc' || kind === 'clusterPolicy' ? kind : 'psp',
        data: {
          ...failureData(f),
          level: fields.level || 'unknown',
          violations: clip(fields.violations ?? detail),
          detail: clip(detail),
          serviceAccount: sa,
          fields: fields.fields || 'privileged settings',
        },
        basis: f.basis,
        evidence: f.evidence,
        at: f.at,
        nextSteps: [kubectl.describe(f.object.kind, f.object.name, ns), ...steps],
      }),
    ];
  },
} satisfies Rule<'workload'>;
