import { currentAdmissionFailure, failedPodSpec, failureData } from './analyse.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/service-account-missing',
  stage: 'admission',
  target: 'workload',
  title: 'Pod creation rejected: service account missing',
  description:
    'The ServiceAccount admission plugin rejected the pods a controller tried to create because the service account named in the ' +
    'pod template does not exist ("error looking up service account ns/sa: serviceaccount \\"sa\\" not found"), or (old clusters) ' +
    'because the account has no API token yet.',
  reasons: ['ServiceAccountMissing'],
  graceSeconds: 0,
  needs: ['events', 'workloads'],
  messages: {
    missing:
      '{{kind}} {{name}} cannot create pods: service account {{serviceAccount}} does not exist in namespace {{namespace}}.',
    token: '{{kind}} {{name}} cannot create pods: service account {{serviceAccount}} has no API token yet.',
  },
  docs: 'docs/rules/admission/service-account-missing.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentAdmissionFailure(ctx);
    if (f?.error.code !== 'ServiceAccountMissing') return [];
    const { kind, fields } = f.error;
    const ns = fields.namespace || f.object.namespace;
    const sa = fields.serviceAccount || failedPodSpec(ctx, f)?.serviceAccountName || 'default';
    const token = kind === 'serviceAccountToken';
    return [
      finding(meta, {
        reason: 'ServiceAccountMissing',
        messageId: token ? 'token' : 'missing',
        data: { ...failureData(f), serviceAccount: sa, namespace: ns || 'default' },
        basis: f.basis,
        evidence: f.evidence,
        at: f.at,
        nextSteps: [
          kubectl.describe(f.object.kind, f.object.name, f.object.namespace),
          kubectl.get('serviceaccount', sa, ns),
          token
            ? 'Check that kube-controller-manager runs with --service-account-private-key-file so the token controller can create the token.'
            : `Create it (kubectl create serviceaccount ${kubectl.quote(sa)}${kubectl.nsFlag(ns)}) or fix serviceAccountName in the pod template; if a Helm chart should create it, check serviceAccount.create.`,
        ],
      }),
    ];
  },
} satisfies Rule<'workload'>;
