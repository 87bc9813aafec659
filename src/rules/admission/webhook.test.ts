import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { event, snapshot } from '../../../test/builders.js';
import { rule } from './webhook.js';

const failed = (
  message: string,
  opts: { name?: string; kind?: string; lastS?: number; count?: number } = {},
) =>
  event({
    reason: 'FailedCreate',
    kind: opts.kind ?? 'ReplicaSet',
    name: opts.name ?? 'web-7d4',
    message,
    lastS: opts.lastS ?? 100,
    count: opts.count ?? 1,
  });

testRule(rule, {
  valid: [
    {
      name: 'quota error is another rule',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: pods "x" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1',
          ),
        ],
      }),
    },
    {
      name: 'webhook outage resolved by a later create',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: Internal error occurred: failed calling webhook "pod-policy.example.com": context deadline exceeded',
            { lastS: 10 },
          ),
          event({
            reason: 'SuccessfulCreate',
            type: 'Normal',
            kind: 'ReplicaSet',
            name: 'web-7d4',
            message: 'Created pod: web-7d4-a',
            lastS: 20,
          }),
        ],
      }),
    },
    {
      name: 'FailedCreate of another reason on a Service is ignored',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedToCreateEndpoint',
            kind: 'Endpoints',
            name: 'web',
            message: 'admission webhook "x" denied the request: no',
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'Gatekeeper denial with message',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: admission webhook "validation.gatekeeper.sh" denied the request: [require-owner-label] you must provide labels: {"owner"}',
            { count: 4 },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'denied',
          reason: 'WebhookDenied',
          data: {
            webhook: 'validation.gatekeeper.sh',
            detail: '[require-owner-label] you must provide labels: {"owner"}',
            attempts: 4,
          },
        },
      ],
    },
    {
      name: 'denial without explanation',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: admission webhook "deny.example.com" denied the request without explanation',
          ),
        ],
      }),
      expect: [{ messageId: 'deniedSilent', data: { webhook: 'deny.example.com' } }],
    },
    // Only a webhook denies with an empty error: every built-in admission plugin gives a reason.
    ...[
      ['ReplicaSet', 'Error creating: '],
      ['ReplicaSet', 'Error creating:'],
      ['ReplicaSet', '(combined from similar events): Error creating: '],
      ['Job', 'Error creating: '],
      ['StatefulSet', 'create Pod web-0 in StatefulSet web failed error: '],
    ].map(([kind, message]) => ({
      name: `a FailedCreate whose error is empty on a ${kind}: ${JSON.stringify(message)}`,
      snapshot: snapshot({ events: [failed(message as string, { kind: kind as string })] }),
      expect: [{ messageId: 'deniedEmpty', reason: 'WebhookDenied' as const, data: { kind: kind ?? '' } }],
    })),
    {
      name: 'webhook unreachable: connection refused, service from the URL',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: Internal error occurred: failed calling webhook "mutate.kyverno.svc-fail": failed to call webhook: Post "https://kyverno-svc.kyverno.svc:443/mutate/fail?timeout=10s": dial tcp 10.96.12.7:443: connect: connection refused',
            { kind: 'Job', name: 'migrate' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'unavailable',
          reason: 'WebhookUnavailable',
          data: {
            webhook: 'mutate.kyverno.svc-fail',
            service: 'kyverno/kyverno-svc',
            cause: 'connection refused',
            kind: 'Job',
          },
        },
      ],
    },
    {
      name: 'webhook unreachable: no endpoints (older wording)',
      snapshot: snapshot({
        events: [
          failed(
            'Error creating: Internal error occurred: failed calling webhook "webhook.cert-manager.io": Post https://cert-manager-webhook.cert-manager.svc:443/mutate?timeout=30s: no endpoints available for service "cert-manager-webhook"',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'unavailable',
          data: {
            service: 'cert-manager-webhook',
            cause: 'no endpoints available for service "cert-manager-webhook"',
          },
        },
      ],
    },
  ],
});

describe('webhook next steps and data', () => {
  const CONFIGS = 'kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations';
  const DESCRIBE = 'kubectl describe replicaset web-7d4 -n default';
  const BACK_UP =
    "back up; if it must stay down, narrow the webhook's namespaceSelector or set failurePolicy: Ignore in its configuration.";
  it.each([
    {
      name: 'unreachable, service from the URL host',
      message:
        'Error creating: Internal error occurred: failed calling webhook "auto-tracing-mutating-webhook.default.svc.cluster.local": Post "https://auto-tracing-mutating-webhook.default.svc:443/decorate?timeout=30s": dial tcp 10.103.71.227:443: connect: connection refused',
      messageId: 'unavailable',
      data: {
        webhook: 'auto-tracing-mutating-webhook.default.svc.cluster.local',
        service: 'default/auto-tracing-mutating-webhook',
        cause: 'connection refused',
        detail: '',
      },
      steps: [
        `${CONFIGS} -o wide`,
        'kubectl get endpoints auto-tracing-mutating-webhook -n default',
        `Bring the webhook's backend (service default/auto-tracing-mutating-webhook) ${BACK_UP}`,
      ],
    },
    {
      name: 'unreachable, service named without namespace',
      message:
        'Error creating: Internal error occurred: failed calling webhook "webhook.cert-manager.io": Post https://cert-manager-webhook.cert-manager.svc:443/mutate?timeout=30s: no endpoints available for service "cert-manager-webhook"',
      messageId: 'unavailable',
      data: {
        webhook: 'webhook.cert-manager.io',
        service: 'cert-manager-webhook',
        cause: 'no endpoints available for service "cert-manager-webhook"',
      },
      steps: [
        `${CONFIGS} -o wide`,
        'kubectl get endpoints cert-manager-webhook',
        `Bring the webhook's backend (service cert-manager-webhook) ${BACK_UP}`,
      ],
    },
    {
      name: 'unreachable, no service known',
      message:
        'Error creating: Internal error occurred: failed calling webhook "pod-policy.example.com": context deadline exceeded',
      messageId: 'unavailable',
      data: { webhook: 'pod-policy.example.com', service: '', cause: 'context deadline exceeded' },
      steps: [`${CONFIGS} -o wide`, `Bring the webhook's backend ${BACK_UP}`],
    },
    {
      name: 'denied with a message',
      message:
        'Error creating: admission webhook "validation.gatekeeper.sh" denied the request: [require-owner-label] you must provide labels: {"owner"}',
      messageId: 'denied',
      data: {
        webhook: 'validation.gatekeeper.sh',
        detail: '[require-owner-label] you must provide labels: {"owner"}',
        service: '',
      },
      steps: [
        CONFIGS,
        'Change the pod template to satisfy the policy enforced by validation.gatekeeper.sh, or ask its owner for an exception; the denial text above says what it wants.',
      ],
    },
    {
      name: 'denied without explanation',
      message: 'Error creating: admission webhook "deny.example.com" denied the request without explanation',
      messageId: 'deniedSilent',
      data: {
        webhook: 'deny.example.com',
        detail: '',
        service: '',
        cause: 'admission webhook "deny.example.com" denied the request without explanation',
      },
      steps: [
        CONFIGS,
        'Change the pod template to satisfy the policy enforced by deny.example.com, or ask its owner for an exception; the denial text above says what it wants.',
      ],
    },
    {
      name: 'empty error',
      message: 'Error creating: ',
      messageId: 'deniedEmpty',
      data: { webhook: '(unnamed)', detail: '', service: '' },
      steps: [
        CONFIGS,
        'Find the webhook whose rules match pods in this namespace and read its logs: it denied the pods without saying why.',
      ],
    },
  ])('$name', ({ message, messageId, data, steps }) => {
    const [f, ...rest] = runRule(rule, snapshot({ events: [failed(message)] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toMatchObject({ kind: 'ReplicaSet', name: 'web-7d4', attempts: 1, ...data });
    expect(f?.nextSteps).toEqual([DESCRIBE, ...steps]);
  });
});
