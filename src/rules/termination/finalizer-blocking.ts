import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { stuckDeletion } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'termination/finalizer-blocking',
  stage: 'termination',
  target: 'pod',
  title: "Finalizers block the pod's deletion",
  description:
    'The pod was deleted (metadata.deletionTimestamp, or a foregroundDeletion/orphan finalizer, which the API server adds only to a ' +
    'deletion request) and its containers are gone, but metadata.finalizers is not empty, so the API server keeps the object. ' +
    'A pod with finalizers and no deletion request is not being deleted and is not reported. Grace: 30 s past metadata.deletionTimestamp; ' +
    'a `Terminating` STATUS with no time is failed with its duration unknown.',
  reasons: ['FinalizerBlocking'],
  graceSeconds: 30,
  needs: ['pods'],
  messages: {
    finalizers:
      'Deletion of the pod is blocked by finalizer(s) {{finalizers}}: the controller that owns them has not removed them.',
    foreground:
      'Deletion of the pod is blocked by the foregroundDeletion finalizer: the garbage collector has not finished the foreground deletion.',
  },
  docs: 'docs/rules/termination/finalizer-blocking.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const stuck = stuckDeletion(ctx);
    if (stuck?.blocker !== 'finalizers') return [];
    const ns = ctx.pod.metadata.namespace;
    const name = ctx.pod.metadata.name;
    const onlyForeground = stuck.finalizers.every((f) => f === 'foregroundDeletion');
    const list = stuck.finalizers.join(', ');
    return [
      finding(meta, {
        reason: 'FinalizerBlocking',
        messageId: onlyForeground ? 'foreground' : 'finalizers',
        data: { finalizers: list, count: stuck.finalizers.length },
        status: graceStatus(meta, stuck.deadline, ctx.now),
        evidence: [
          stuck.requested,
          ...(stuck.deadline === undefined
            ? []
            : [{ source: 'status' as const, text: `metadata.finalizers: [${list}]` }]),
        ],
        at: stuck.deadline,
        since: stuck.deadline,
        nextSteps: [
          kubectl.raw(
            `get pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)} -o jsonpath='{.metadata.finalizers}'`,
          ),
          onlyForeground
            ? kubectl.raw(
                `get events${kubectl.nsFlag(ns)} --field-selector involvedObject.name=${kubectl.quote(name)}`,
              )
            : kubectl.get('pod', name, ns),
          `${onlyForeground ? 'The garbage collector in kube-controller-manager removes foregroundDeletion once the dependents are gone; check its logs.' : 'Fix or restart the controller that owns the finalizer.'} Only if it will never finish, remove them: kubectl patch pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)} --type=merge -p '{"metadata":{"finalizers":null}}'`,
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
