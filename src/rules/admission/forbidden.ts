import { currentAdmissionFailure, failureData } from './analyse.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'admission/forbidden',
  stage: 'admission',
  target: 'workload',
  title: 'Pod creation rejected by the API server',
  description:
    'The API server rejected the pods a controller tried to create for a reason no more specific admission rule covers: ' +
    'RBAC ("User ... cannot create resource \\"pods\\""), a terminating namespace, another admission plugin ("is forbidden: ..."), ' +
    'or validation ("Pod \\"x\\" is invalid: ..."); also a ReplicaFailure=True condition whose message the evidence lacks ' +
    '(`kubectl describe deployment` prints only its reason), when nothing else says why.',
  reasons: ['Forbidden'],
  graceSeconds: 0,
  needs: ['events', 'workloads'],
  messages: {
    rbac: '{{kind}} {{name}} cannot create pods: its controller is not allowed to ({{detail}}).',
    namespaceTerminating: '{{kind}} {{name}} cannot create pods: namespace {{namespace}} is being deleted.',
    invalid:
      '{{kind}} {{name}} cannot create pods: the API server finds the pod template invalid ({{detail}}).',
    forbidden: '{{kind}} {{name}} cannot create pods: {{detail}}.',
    other: '{{kind}} {{name}} cannot create pods: {{detail}}.',
    unstated:
      '{{kind}} {{name}} cannot create pods ({{detail}}); the error the API server gave is not in the evidence.',
  },
  docs: 'docs/rules/admission/forbidden.md',
} as const;

const MAX_DETAIL = 400;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentAdmissionFailure(ctx);
    if (f?.error.code !== 'Forbidden') return [];
    const { kind, detail, error } = f.error;
    const ns = f.object.namespace;
    const messageId =
      kind === 'rbac' ||
      kind === 'namespaceTerminating' ||
      kind === 'invalid' ||
      kind === 'forbidden' ||
      kind === 'unstated'
        ? kind
        : 'other';
    const text = messageId === 'invalid' ? error : detail;
    const fix: Record<typeof messageId, string> = {
      rbac: 'Restore the RBAC the controller needs (for built-in controllers, the system:controller:* ClusterRoles and bindings).',
      namespaceTerminating: `Wait for namespace ${ns} to finish deleting (check its finalizers) and recreate the workload, or deploy to another namespace.`,
      invalid:
        'Fix the field named in the error in the pod template (the workload object itself was accepted, its pods are not).',
      forbidden:
        'The error names the admission plugin or rule that refused the pod; change the pod template or that policy.',
      other: 'Read the full error on the owning object; it names what refused the pod.',
      unstated:
        'Read the FailedCreate events of the ReplicaSet (or other controller) that creates the pods: they name what refused them (quota, LimitRange, PodSecurity, a webhook, RBAC).',
    };
    return [
      finding(meta, {
        reason: 'Forbidden',
        messageId,
        data: {
          ...failureData(f),
          detail: text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text,
          namespace: ns || 'default',
        },
        basis: f.basis,
        evidence: f.evidence,
        at: f.at,
        nextSteps: [
          kubectl.describe(f.object.kind, f.object.name, ns),
          messageId === 'namespaceTerminating'
            ? kubectl.get('namespace', ns || 'default')
            : messageId === 'unstated'
              ? kubectl.raw(`get events${kubectl.nsFlag(ns)} --field-selector reason=FailedCreate`)
              : kubectl.events(f.object.kind, f.object.name, ns),
          fix[messageId],
        ],
      }),
    ];
  },
} satisfies Rule<'workload'>;
