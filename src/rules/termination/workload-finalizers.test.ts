import { testRule } from '../../../test/rule-tester.js';
import { at, ms, pod, snapshot, workload } from '../../../test/builders.js';
import type { Workload } from '../../model/index.js';
import { rule } from './workload-finalizers.js';

/** A workload whose deletion was requested at `deletedS` (no time when undefined), with finalizers. */
function deleting(
  kind: Workload['kind'],
  name: string,
  finalizers: string[],
  deletedS?: number,
  owner?: { kind: string; name: string },
): Workload {
  const w = workload({ kind, name, ...(owner === undefined ? {} : { owner }) });
  return {
    ...w,
    metadata: {
      ...w.metadata,
      finalizers,
      ...(deletedS === undefined ? {} : { deletionTimestamp: at(deletedS), deletionGracePeriodSeconds: 0 }),
    },
  };
}

testRule(rule, {
  valid: [
    { name: 'a running Job', snapshot: snapshot({ workloads: [workload({ kind: 'Job', name: 'backup' })] }) },
    {
      name: 'a finalizer without a deletion request is not a deletion',
      snapshot: snapshot({ workloads: [deleting('Deployment', 'web', ['example.com/protect'])] }),
      now: ms(500),
    },
    {
      name: 'deleted with no finalizer left: it is going',
      snapshot: snapshot({ workloads: [deleting('Job', 'backup', [], 100)] }),
      now: ms(500),
    },
  ],
  invalid: [
    {
      name: 'Job deleted in the foreground, a pod still Terminating',
      snapshot: snapshot({
        workloads: [deleting('Job', 'backup', ['foregroundDeletion'], 100)],
        pods: [pod({ name: 'backup-x1', deletionS: 110, owner: { kind: 'Job', name: 'backup' } })],
      }),
      now: ms(500),
      expect: [
        {
          messageId: 'foreground',
          status: 'failed',
          data: { kind: 'Job', name: 'backup', dependents: '1 pod(s) still there' },
          evidenceIncludes: ['deletionTimestamp', 'backup-x1 (Terminating)'],
        },
      ],
    },
    {
      name: 'inside the grace: progressing',
      snapshot: snapshot({ workloads: [deleting('StatefulSet', 'db', ['foregroundDeletion'], 100)] }),
      now: ms(110),
      expect: [{ messageId: 'foreground', status: 'progressing' }],
    },
    {
      name: 'a custom finalizer on a deleted Deployment',
      snapshot: snapshot({ workloads: [deleting('Deployment', 'web', ['example.com/cleanup'], 100)] }),
      now: ms(500),
      expect: [{ messageId: 'finalizers', data: { finalizers: 'example.com/cleanup' } }],
    },
    {
      name: 'foregroundDeletion without a deletionTimestamp in the paste: still a deletion, undated',
      snapshot: snapshot({ workloads: [deleting('DaemonSet', 'agent', ['foregroundDeletion'])] }),
      now: ms(500),
      expect: [{ messageId: 'foreground', status: 'failed' }],
    },
    {
      name: "a Deployment's ReplicaSet stuck deleting",
      snapshot: snapshot({
        workloads: [
          workload({ kind: 'Deployment', name: 'web' }),
          deleting('ReplicaSet', 'web-7d4', ['foregroundDeletion'], 100, { kind: 'Deployment', name: 'web' }),
        ],
      }),
      now: ms(500),
      expect: [{ messageId: 'foreground', data: { kind: 'ReplicaSet', name: 'web-7d4' } }],
    },
  ],
});
