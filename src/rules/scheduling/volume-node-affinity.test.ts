import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import {
  event,
  ms,
  pod,
  pv,
  pvc,
  runningPod,
  snapshot,
  unschedulable,
  type SnapshotParts,
} from '../../../test/builders.js';
import type { PersistentVolume, Pod } from '../../model/index.js';
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

const TAINT_AND_CONFLICT =
  '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had volume node affinity conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
const ZONE_FIX =
  "Run a schedulable node in the volume's zone (or on its node for local volumes), or recreate the volume where the nodes are; use volumeBindingMode: WaitForFirstConsumer so new volumes follow the pod.";

describe('scheduling/volume-node-affinity: data, evidence and next steps', () => {
  it.each<[string, SnapshotParts, string, string[], string[]]>([
    [
      'bound PV with a zone',
      { pvcs: [pvc({ name: 'data', volumeName: 'pvc-9f1' })], pvs: [zonedPv('pvc-9f1', 'us-east-1a')] },
      'data (pvc-9f1)',
      ['PersistentVolume pvc-9f1 (claim data): node affinity topology.kubernetes.io/zone In [us-east-1a]'],
      ['kubectl get pv pvc-9f1 -o yaml'],
    ],
    [
      'bound PV without node affinity',
      { pvcs: [pvc({ name: 'data', volumeName: 'pvc-1' })], pvs: [pv({ name: 'pvc-1' })] },
      'data (pvc-1)',
      ['PersistentVolume pvc-1 (claim data): no node affinity'],
      ['kubectl get pv pvc-1 -o yaml'],
    ],
    [
      'claim not bound to a volume',
      { pvcs: [pvc({ name: 'data', phase: 'Pending' })] },
      'data',
      [],
      ['kubectl get pvc -n default'],
    ],
  ])('%s', (_name, parts, volumes, pvLines, pvSteps) => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [withData(TAINT_AND_CONFLICT)], ...parts }), ms(30));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('nodeAffinity');
    expect(f?.status).toBe('failed');
    expect(f?.data).toEqual({
      volumes,
      histogram:
        '1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had volume node affinity conflict',
    });
    expect(f?.evidence.map((e) => [e.source, e.text])).toEqual([
      ['condition', `PodScheduled=False Unschedulable: ${TAINT_AND_CONFLICT}`],
      ...pvLines.map((t) => ['pvc', t]),
    ]);
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      ...pvSteps,
      'kubectl get nodes -L topology.kubernetes.io/zone',
      ZONE_FIX,
    ]);
  });

  it('several claims, and a pod without a namespace: claims looked up in the empty namespace', () => {
    const base = pod({
      volumes: [
        { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
        { name: 'logs', persistentVolumeClaim: { claimName: 'logs' } },
      ],
      conditions: [unschedulable(TAINT_AND_CONFLICT)],
    });
    const metadata = { ...base.metadata };
    delete metadata.namespace;
    const [f] = runRule(
      rule,
      snapshot({
        pods: [{ ...base, metadata }],
        pvcs: [
          pvc({ name: 'data', namespace: '', volumeName: 'pvc-1' }),
          pvc({ name: 'logs', namespace: '' }),
        ],
        pvs: [zonedPv('pvc-1', 'us-east-1a')],
      }),
      ms(30),
    );
    expect(f?.data['volumes']).toBe('data (pvc-1), logs');
    expect(f?.nextSteps.slice(0, 2)).toEqual(['kubectl describe pod web-1', 'kubectl get pv pvc-1 -o yaml']);
  });

  it('volume limit: the CSINode limits and how to spread the volumes', () => {
    const [f] = runRule(
      rule,
      snapshot({ pods: [withData('0/3 nodes are available: 3 node(s) exceed max volume count.')] }),
      ms(30),
    );
    expect(f?.messageId).toBe('volumeLimit');
    expect(f?.data).toEqual({ volumes: 'data', histogram: '3 node(s) exceed max volume count' });
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl get csinode -o custom-columns=NAME:.metadata.name,DRIVERS:.spec.drivers[*].name,LIMIT:.spec.drivers[*].allocatable.count',
      'Spread the volume-heavy pods over more nodes, use instance types that attach more volumes, or free attachments held by finished pods.',
    ]);
  });

  it('preemption making room: progressing, with that evidence last', () => {
    const base = withData(TAINT_AND_CONFLICT);
    const nominated: Pod = { ...base, status: { ...base.status, nominatedNodeName: 'node-2' } };
    const [f] = runRule(rule, snapshot({ pods: [nominated] }), ms(30));
    expect(f?.status).toBe('progressing');
    expect(f?.evidence.at(-1)).toEqual({
      source: 'status',
      text: 'status.nominatedNodeName: node-2 (preemption is making room)',
    });
  });

  it('a pod without volumes, events only: no volume named, the claims to list', () => {
    const [f] = runRule(
      rule,
      snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            message: "0/2 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity.",
            lastS: 30,
          }),
        ],
        pvcs: [pvc({ name: 'data', volumeName: 'pvc-1' })],
      }),
      ms(30),
    );
    expect(f?.data).toEqual({
      volumes: '(not in the evidence)',
      histogram: "2 node(s) didn't match PersistentVolume's node affinity",
    });
    expect(f?.nextSteps.slice(0, 2)).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl get pvc -n default',
    ]);
  });
});
