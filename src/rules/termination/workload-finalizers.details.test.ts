/**
 * workload-finalizers in full: which workloads count as deleted (deletionTimestamp, or a finalizer
 * only deletion adds), the evidence (finalizers, deletion time, at most five remaining pods), the
 * data, and the next steps for a foreground deletion and for a controller's finalizer.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { at, ms, pod, snapshot, workload } from '../../../test/builders.js';
import type { Workload } from '../../model/index.js';
import { rule } from './workload-finalizers.js';

function withMeta(w: Workload, meta: Partial<Workload['metadata']>): Workload {
  return { ...w, metadata: { ...w.metadata, ...meta } };
}

const jobPod = (name: string, deletionS?: number) =>
  pod({
    name,
    namespace: 'shop',
    owner: { kind: 'Job', name: 'backup' },
    ...(deletionS === undefined ? {} : { deletionS }),
  });

describe('workload-finalizers: output', () => {
  it('a Job with foregroundDeletion and a controller finalizer, six pods left: five quoted, the patch', () => {
    const job = withMeta(workload({ kind: 'Job', name: 'backup', namespace: 'shop' }), {
      finalizers: ['foregroundDeletion', 'example.com/audit'],
      deletionTimestamp: at(100),
      deletionGracePeriodSeconds: 0,
    });
    const pods = [
      jobPod('backup-1', 110),
      jobPod('backup-2'),
      jobPod('backup-3', 110),
      jobPod('backup-4'),
      jobPod('backup-5'),
      jobPod('backup-6', 110),
    ];
    const findings = runRule(rule, snapshot({ workloads: [job], pods }), ms(500));
    expect(findings).toStrictEqual([
      {
        ruleId: 'termination/workload-finalizers',
        stage: 'termination',
        reason: 'FinalizerBlocking',
        status: 'failed',
        basis: 'state',
        messageId: 'finalizers',
        data: {
          kind: 'Job',
          name: 'backup',
          finalizers: 'foregroundDeletion, example.com/audit',
          dependents: '6 pod(s) still there',
        },
        evidence: [
          {
            source: 'status',
            text: 'Job backup: metadata.finalizers [foregroundDeletion, example.com/audit], deletionTimestamp 2026-01-01T00:01:40Z',
            at: at(100),
          },
          {
            source: 'status',
            text: 'pods still there: backup-1 (Terminating), backup-2, backup-3 (Terminating), backup-4, backup-5',
          },
        ],
        nextSteps: [
          "kubectl get job backup -n shop -o jsonpath='{.metadata.finalizers}'",
          'kubectl get pods -n shop -o wide',
          `Fix or restart the controller that owns the finalizer. Only if it will never finish: kubectl patch job backup -n shop --type=merge -p '{"metadata":{"finalizers":null}}'`,
        ],
        at: ms(100),
        since: ms(100),
      },
    ]);
  });

  it('a DaemonSet with only foregroundDeletion, no time and no pods in the evidence', () => {
    const ds = withMeta(workload({ kind: 'DaemonSet', name: 'agent' }), {
      finalizers: ['foregroundDeletion'],
    });
    const findings = runRule(rule, snapshot({ workloads: [ds] }), ms(500));
    expect(findings).toStrictEqual([
      {
        ruleId: 'termination/workload-finalizers',
        stage: 'termination',
        reason: 'FinalizerBlocking',
        status: 'failed',
        basis: 'state',
        messageId: 'foreground',
        data: {
          kind: 'DaemonSet',
          name: 'agent',
          finalizers: 'foregroundDeletion',
          dependents: 'none in the evidence; check its pods and other dependents',
        },
        evidence: [{ source: 'status', text: 'DaemonSet agent: metadata.finalizers [foregroundDeletion]' }],
        nextSteps: [
          "kubectl get daemonset agent -n default -o jsonpath='{.metadata.finalizers}'",
          'kubectl get pods -n default -o wide',
          'The garbage collector in kube-controller-manager waits for dependents with blockOwnerDeletion; find the one that cannot be deleted (a pod stuck Terminating, its own finalizers) and fix it.',
        ],
      },
    ]);
  });

  it.each([
    ['orphan among other finalizers, no time', ['example.com/protect', 'orphan'], undefined, 'finalizers'],
    [
      'foregroundDeletion last, no time',
      ['example.com/protect', 'foregroundDeletion'],
      undefined,
      'finalizers',
    ],
    ['a controller finalizer with a time', ['example.com/protect'], 100, 'finalizers'],
  ])('deleted: %s', (_name, finalizers, deletedS, messageId) => {
    const w = withMeta(workload({ kind: 'StatefulSet', name: 'db' }), {
      finalizers,
      ...(deletedS === undefined ? {} : { deletionTimestamp: at(deletedS) }),
    });
    expect(runRule(rule, snapshot({ workloads: [w] }), ms(500)).map((f) => f.messageId)).toEqual([messageId]);
  });

  it.each([
    ['deletionTimestamp without any finalizers field', { deletionTimestamp: at(100) }],
    ['a controller finalizer without a deletion request', { finalizers: ['example.com/protect'] }],
  ])('not blocked: %s', (_name, meta) => {
    const w = withMeta(workload({ kind: 'StatefulSet', name: 'db' }), meta);
    expect(runRule(rule, snapshot({ workloads: [w] }), ms(500))).toEqual([]);
  });
});
