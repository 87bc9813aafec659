import { currentAdmissionFailure, failureData } from './analyse.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/webhook',
  stage: 'admission',
  target: 'workload',
  title: 'Pod creation blocked by an admission webhook',
  description:
    'A validating or mutating admission webhook denied the pods a controller tried to create ' +
    '("admission webhook \\"x\\" denied the request: ..."; policy engines such as Gatekeeper and Kyverno answer this way), ' +
    'or the API server could not call the webhook ("failed calling webhook \\"x\\": ... connection refused / context deadline exceeded / ' +
    'no endpoints available for service") and its failurePolicy is Fail. An empty error ("Error creating: " and nothing more) is a ' +
    "webhook denial too: built-in admission and validation always give a reason, older API servers passed a webhook's empty denial through.",
  reasons: ['WebhookDenied', 'WebhookUnavailable'],
  graceSeconds: 0,
  needs: ['events', 'workloads'],
  messages: {
    denied: 'Admission webhook {{webhook}} denied the pods of {{kind}} {{name}}: {{detail}}',
    deniedSilent: 'Admission webhook {{webhook}} denied the pods of {{kind}} {{name}} without explanation.',
    deniedEmpty:
      '{{kind}} {{name}} cannot create pods: the API server refused them with an empty error, which only an admission webhook that gives no reason produces.',
    unavailable:
      '{{kind}} {{name}} cannot create pods: the API server cannot call admission webhook {{webhook}} ({{cause}}).',
  },
  docs: 'docs/rules/admission/webhook.md',
} as const;

const WEBHOOK_CONFIGS = 'get validatingwebhookconfigurations,mutatingwebhookconfigurations';

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentAdmissionFailure(ctx);
    const code = f?.error.code;
    if (f === undefined || (code !== 'WebhookDenied' && code !== 'WebhookUnavailable')) return [];
    const { kind, fields } = f.error;
    const ns = f.object.namespace;
    const webhook = fields.webhook || '(unnamed)';
    const messageId =
      kind === 'webhookUnavailable'
        ? 'unavailable'
        : kind === 'webhookDeniedSilent'
          ? 'deniedSilent'
          : kind === 'webhookDeniedEmpty'
            ? 'deniedEmpty'
            : 'denied';
    const service = fields.service ?? '';
    const slash = service.indexOf('/');
    const svcNs = slash < 0 ? '' : service.slice(0, slash);
    const svcName = slash < 0 ? service : service.slice(slash + 1);
    const steps =
      messageId === 'unavailable'
        ? [
            kubectl.raw(`${WEBHOOK_CONFIGS} -o wide`),
            ...(svcName === ''
              ? []
              : [kubectl.raw(`get endpoints ${kubectl.quote(svcName)}${kubectl.nsFlag(svcNs)}`)]),
            `Bring the webhook's backend${service === '' ? '' : ` (service ${service})`} back up; if it must stay down, narrow the webhook's namespaceSelector or set failurePolicy: Ignore in its configuration.`,
          ]
        : messageId === 'deniedEmpty'
          ? [
              kubectl.raw(WEBHOOK_CONFIGS),
              'Find the webhook whose rules match pods in this namespace and read its logs: it denied the pods without saying why.',
            ]
          : [
              kubectl.raw(WEBHOOK_CONFIGS),
              `Change the pod template to satisfy the policy enforced by ${webhook}, or ask its owner for an exception; the denial text above says what it wants.`,
            ];
    return [
      finding(meta, {
        reason: code,
        messageId,
        data: {
          ...failureData(f),
          webhook,
          detail: fields.message ?? '',
          cause: fields.cause || f.error.detail,
          service,
        },
        basis: f.basis,
        evidence: f.evidence,
        at: f.at,
        nextSteps: [kubectl.describe(f.object.kind, f.object.name, ns), ...steps],
      }),
    ];
  },
} satisfies Rule<'workload'>;
