import type { Evidence, Workload } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Rule } from '../types.js';
import { DELETION_FINALIZERS } from './analyse.js';

const DELETION_FINALIZER_SET = new Set<string>(DELETION_FINALIZERS);

const meta = {
  id: 'termination/workload-finalizers',
  stage: 'termination',
  target: 'workload',
  title: "Finalizers block a workload's deletion",
  description:
    'A Deployment, ReplicaSet, StatefulSet, DaemonSet, Job or CronJob was deleted (metadata.deletionTimestamp, or the foregroundDeletion/' +
    'orphan finalizer the API server adds only to a deletion request) and is still there because metadata.finalizers is not empty. ' +
    'With foregroundDeletion the garbage collector first deletes the dependents that block their owner (blockOwnerDeletion) and removes ' +
    'the finalizer once they are gone, so dependents that cannot go (pods stuck Terminating) keep the owner; any other finalizer waits ' +
    'for the controller that owns it. Grace: 30 s past metadata.deletionTimestamp (the request time: workloads have no grace period); ' +
    'with no time in the evidence the duration is unknown.',
  reasons: ['FinalizerBlocking'],
  graceSeconds: 30,
  needs: ['workloads'],
  messages: {
    foreground:
      '{{kind}} {{name}} is being deleted in the foreground: the garbage collector removes foregroundDeletion only once its dependents are gone ({{dependents}}).',
    finalizers:
      '{{kind}} {{name}} is being deleted, but finalizer(s) {{finalizers}} have not been removed by the controller that owns them.',
  },
  docs: 'docs/rules/termination/workload-finalizers.md',
} as const;

/** Deleted, and kept by finalizers: deletionTimestamp set, or a finalizer only a deletion adds. */
function blockedDeletion(w: Workload): boolean {
  const finalizers = w.metadata.finalizers ?? [];
  if (finalizers.length === 0) return false;
  return w.metadata.deletionTimestamp !== undefined || finalizers.some((f) => DELETION_FINALIZER_SET.has(f));
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { now } = ctx;
    return [ctx.workload, ...ctx.children].filter(blockedDeletion).map((w) => {
      const { kind } = w;
      const { name, namespace } = w.metadata;
      const finalizers = w.metadata.finalizers ?? [];
      const requested = parseTime(w.metadata.deletionTimestamp);
      const foreground = finalizers.length === 1 && finalizers[0] === 'foregroundDeletion';
      const remaining = ctx.pods.map(
        (p) => `${p.metadata.name}${p.metadata.deletionTimestamp === undefined ? '' : ' (Terminating)'}`,
      );
      const evidence: Evidence[] = [
        {
          source: 'status',
          text: `${kind} ${name}: metadata.finalizers [${finalizers.join(', ')}]${w.metadata.deletionTimestamp === undefined ? '' : `, deletionTimestamp ${w.metadata.deletionTimestamp}`}`,
          ...(w.metadata.deletionTimestamp === undefined ? {} : { at: w.metadata.deletionTimestamp }),
        },
        ...(remaining.length === 0
          ? []
          : [{ source: 'status' as const, text: `pods still there: ${remaining.slice(0, 5).join(', ')}` }]),
      ];
      return finding(meta, {
        reason: 'FinalizerBlocking',
        messageId: foreground ? 'foreground' : 'finalizers',
        data: {
          kind,
          name,
          finalizers: finalizers.join(', '),
          dependents:
            remaining.length === 0
              ? 'none in the evidence; check its pods and other dependents'
              : `${remaining.length} pod(s) still there`,
        },
        status: graceStatus(meta, requested, now),
        evidence,
        at: requested,
        since: requested,
        nextSteps: [
          kubectl.raw(
            `get ${kind.toLowerCase()} ${kubectl.quote(name)}${kubectl.nsFlag(namespace)} -o jsonpath='{.metadata.finalizers}'`,
          ),
          kubectl.raw(`get pods${kubectl.nsFlag(namespace)} -o wide`),
          foreground
            ? 'The garbage collector in kube-controller-manager waits for dependents with blockOwnerDeletion; find the one that cannot be deleted (a pod stuck Terminating, its own finalizers) and fix it.'
            : `Fix or restart the controller that owns the finalizer. Only if it will never finish: kubectl patch ${kind.toLowerCase()} ${kubectl.quote(name)}${kubectl.nsFlag(namespace)} --type=merge -p '{"metadata":{"finalizers":null}}'`,
        ],
      });
    });
  },
} satisfies Rule<'workload'>;
