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
    rejected: '{{kind}} {{name}} was refused when applied: {{detail}}.',
    forbidden: '{{kind}} {{name}} cannot create pods: {{detail}}.',
    other: '{{kind}} {{name}} cannot create pods: {{detail}}.',
    unstated:
      '{{kind}} {{name}} cannot create pods ({{detail}}); the error the API server gave is not in the evidence.',
  },
  docs: 'docs/rules/admission/forbidden.md',
} as const;

const MAX_DETAIL = 400;

/** The field an apply-time error names: `ValidationError(Deployment.spec.selector)`, `... is invalid: spec.template.spec.containers[0].image: ...`. */
const ERROR_FIELD = /ValidationError\(\w+\.([\w.[\]]+)\)|" is invalid: ([a-z][\w.[\]]*):/;

/**
 * A workload refused when applied does not exist: no describe or events of it, but the schema of
 * the field the error names (`kubectl explain deployment.spec.selector`) and the fix.
 */
function rejectedSteps(kind: string, error: string, fix: string): string[] {
  const m = ERROR_FIELD.exec(error);
  const field = (m?.[1] ?? m?.[2])?.replace(/\[[^\]]*\]/g, '');
  return field === undefined ? [fix] : [kubectl.raw(`explain ${kind.toLowerCase()}.${field}`), fix];
}

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
      kind === 'rejected' ||
      kind === 'forbidden' ||
      kind === 'unstated'
        ? kind
        : 'other';
    // The whole error for a template or manifest refused as invalid: it names no "is forbidden" part.
    const text = detail;
    const fix: Record<typeof messageId, string> = {
      rbac: 'Restore the RBAC the controller needs (for built-in controllers, the system:controller:* ClusterRoles and bindings).',
      namespaceTerminating: `Wait for namespace ${ns} to finish deleting (check its finalizers) and recreate the workload, or deploy to another namespace.`,
      invalid:
        'Fix the field named in the error in the pod template (the workload object itself was accepted, its pods are not).',
      rejected:
        'Fix the field the error names in the manifest and apply it again; `kubectl apply --dry-run=server -f <file>` checks it against the API server without creating anything.',
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
        nextSteps:
          messageId === 'rejected'
            ? rejectedSteps(f.object.kind, error, fix.rejected)
            : [
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
