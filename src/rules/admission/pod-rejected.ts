import { classifyAdmissionError } from './admission-message.js';
import { eventEvidence, newest, withReason } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/pod-rejected',
  stage: 'admission',
  target: 'pod',
  title: 'The API server refused to create a bare pod',
  description:
    'A pod created directly (kubectl apply/create of a Pod, not through a controller) was refused at admission: ' +
    'the client got "Error from server (Forbidden): ... pods \\"x\\" is forbidden: exceeded quota / violates PodSecurity / ' +
    'admission webhook denied ..." and no Pod object exists. Read from FailedCreate-style denials recorded on the pod itself, ' +
    'as the paste parser records an apply-time error; a pod that exists has passed admission and is not reported.',
  reasons: [
    'QuotaExceeded',
    'LimitRangeViolation',
    'PodSecurityViolation',
    'WebhookDenied',
    'WebhookUnavailable',
    'PolicyForbidden',
    'ServiceAccountMissing',
    'Forbidden',
  ],
  graceSeconds: 0,
  needs: ['events'],
  messages: {
    rejected: 'The API server refused to create pod {{name}} ({{reason}}): {{detail}}',
  },
  docs: 'docs/rules/admission/pod-rejected.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    // A pod with any status was created: it passed admission.
    if (pod.status.phase !== undefined || (pod.status.conditions?.length ?? 0) > 0) return [];
    const denial = newest(withReason(ctx.events, 'FailedCreate'));
    if (denial === undefined) return [];
    const error = classifyAdmissionError(denial.message);
    if (error === undefined) return [];
    const ns = pod.metadata.namespace;
    return [
      finding(meta, {
        reason: error.code,
        messageId: 'rejected',
        data: { name: pod.metadata.name, reason: error.code, detail: error.detail },
        basis: 'events',
        evidence: [eventEvidence(denial, now)],
        at: denial.last ?? denial.first,
        nextSteps: [
          ...(error.code === 'QuotaExceeded' ? [kubectl.raw(`describe quota${kubectl.nsFlag(ns)}`)] : []),
          ...(error.code === 'LimitRangeViolation'
            ? [kubectl.raw(`describe limitrange${kubectl.nsFlag(ns)}`)]
            : []),
          kubectl.raw(`auth can-i create pods${kubectl.nsFlag(ns)}`),
          'Change the pod so that it satisfies the policy the error names, then apply it again; a server-side dry run (kubectl apply --dry-run=server -f FILE) checks admission without creating anything.',
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
