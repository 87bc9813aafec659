import { testRule } from '../../../test/rule-tester.js';
import { event, pod, pv, pvc, runningPod, snapshot, unschedulable } from '../../../test/builders.js';
import type { PersistentVolume } from '../../model/index.js';
import { rule } from './volume-node-affinity.js';

const zonedPv = (name: string, zone: string): PersistentVolume => {
  const base = pv({ name, claim: 'data' });
  return {
    ...base,
    spec: {
      ...base.spec,
      nodeAffinity: {
        required: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: [zone] }] },
          ],
        },
      },
    },
  };
};
const withData = (message: string) =>
  pod({
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
    conditions: [unschedulable(message)],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'unbound claim is another rule',
      snapshot: snapshot({
        pods: [withData('0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims.')],
      }),
    },
    {
      name: 'conflict on a minority of nodes, cpu on the nodes that passed placement',
      snapshot: snapshot({
        pods: [
          withData(
            '0/4 nodes are available: 1 node(s) had volume node affinity conflict, 3 Insufficient cpu.',
          ),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'zone conflict with the PV in the snapshot',
      snapshot: snapshot({
        pods: [
          withData(
            '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
          ),
        ],
        pvcs: [pvc({ name: 'data', volumeName: 'pvc-9f1' })],
        pvs: [zonedPv('pvc-9f1', 'us-east-1a')],
      }),
      expect: [
        {
          messageId: 'nodeAffinity',
          reason: 'VolumeNodeAffinityConflict',
          basis: 'state',
          data: { volumes: 'data (pvc-9f1)' },
          evidenceIncludes: ['node affinity topology.kubernetes.io/zone In [us-east-1a]'],
        },
      ],
    },
    {
      name: 'newest wording, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            message: "0/2 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity.",
            lastS: 30,
          }),
        ],
      }),
      expect: [{ messageId: 'nodeAffinity', basis: 'events', data: { volumes: '(not in the evidence)' } }],
    },
    {
      name: 'old predicate NoVolumeZoneConflict',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            message: 'No nodes are available that match all of the predicates: NoVolumeZoneConflict (3).',
            lastS: 30,
          }),
        ],
      }),
      expect: [{ messageId: 'nodeAffinity', reason: 'VolumeNodeAffinityConflict' }],
    },
    {
      name: 'max volume count',
      snapshot: snapshot({ pods: [withData('0/3 nodes are available: 3 node(s) exceed max volume count.')] }),
      expect: [{ messageId: 'volumeLimit', reason: 'VolumeLimitExceeded', data: { volumes: 'data' } }],
    },
  ],
});
