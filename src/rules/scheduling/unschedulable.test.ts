import { testRule } from '../../../test/rule-tester.js';
import {
  container,
  cond,
  event,
  ms,
  node,
  pod,
  runningPod,
  snapshot,
  unschedulable,
} from '../../../test/builders.js';
import { rule } from './unschedulable.js';

const TAINT_CPU =
  '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.';
const SELECTOR_089 =
  "0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.";
const failedScheduling = (
  message: string,
  opts: { name?: string; count?: number; firstS?: number; lastS?: number } = {},
) =>
  event({
    reason: 'FailedScheduling',
    message,
    source: 'default-scheduler',
    name: opts.name ?? 'web-1',
    count: opts.count ?? 1,
    firstS: opts.firstS ?? 0,
    lastS: opts.lastS ?? 60,
  });
const hungry = container('app', { resources: { requests: { cpu: '1500m', memory: '1Gi' } } });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'old FailedScheduling on a pod that now has a node',
      snapshot: snapshot({ pods: [runningPod()], events: [failedScheduling(TAINT_CPU)] }),
    },
    {
      name: 'events only: Scheduled after FailedScheduling',
      snapshot: snapshot({
        events: [
          failedScheduling(TAINT_CPU, { lastS: 30 }),
          event({
            reason: 'Scheduled',
            type: 'Normal',
            message: 'Successfully assigned default/web-1 to node-2',
            lastS: 40,
          }),
        ],
      }),
    },
    {
      name: 'unbound PVC is another rule',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [
              unschedulable('0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims.'),
            ],
          }),
        ],
      }),
    },
    {
      name: 'scheduler error is another rule',
      snapshot: snapshot({
        events: [
          failedScheduling(
            'binding rejected: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "web-1": pod web-1 is already assigned to node "n1"',
          ),
        ],
      }),
    },
    {
      name: 'pending pod with nothing from the scheduler yet',
      snapshot: snapshot({ pods: [pod()], events: [] }),
    },
    {
      name: 'FailedScheduling of an earlier pod with the same name (other uid)',
      snapshot: snapshot({
        pods: [pod()],
        events: [
          {
            ...failedScheduling(TAINT_CPU),
            regarding: { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'uid-old' },
          },
        ],
      }),
      now: ms(60),
    },
  ],
  invalid: [
    {
      name: 'condition and event: control-plane taint is intended, cpu is the reason',
      snapshot: snapshot({
        pods: [pod({ containers: [hungry], conditions: [unschedulable(TAINT_CPU, 5)] })],
        events: [failedScheduling(TAINT_CPU, { count: 4 })],
      }),
      expect: [
        {
          messageId: 'insufficientResources',
          reason: 'InsufficientResources',
          basis: 'state',
          data: {
            resources: 'cpu',
            total: '3',
            histogram:
              '1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu',
          },
          evidenceIncludes: [
            'PodScheduled=False Unschedulable',
            'FailedScheduling (x4',
            'container requests: app cpu=1500m',
          ],
        },
      ],
    },
    {
      name: 'real case 008: predicates era, events only',
      snapshot: snapshot({
        events: [
          failedScheduling(
            'No nodes are available that match all of the following predicates:: Insufficient cpu (4).',
            { count: 15 },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'insufficientResources',
          basis: 'events',
          data: { resources: 'cpu', histogram: '4 Insufficient cpu' },
        },
      ],
    },
    {
      name: 'real case 089: describe with empty condition message, node selector',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [cond('PodScheduled', 'False')],
            spec: {
              nodeSelector: {
                'eks.amazonaws.com/nodegroup': 'private_t3_xlarge',
                network_placement: 'private',
              },
            },
          }),
        ],
        events: [failedScheduling(SELECTOR_089)],
      }),
      expect: [
        {
          messageId: 'nodeAffinity',
          reason: 'NodeAffinityMismatch',
          basis: 'state',
          data: {
            constraint:
              'node selector eks.amazonaws.com/nodegroup=private_t3_xlarge,network_placement=private',
            total: '4',
          },
        },
      ],
    },
    {
      name: 'real case 090: required node affinity, old wording',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [unschedulable("0/6 nodes are available: 6 node(s) didn't match node selector.")],
            spec: {
              affinity: {
                nodeAffinity: {
                  requiredDuringSchedulingIgnoredDuringExecution: {
                    nodeSelectorTerms: [
                      {
                        matchExpressions: [
                          { key: 'application/clickhouse', operator: 'In', values: ['true'] },
                        ],
                      },
                    ],
                  },
                },
              },
            },
          }),
        ],
      }),
      expect: [
        {
          messageId: 'nodeAffinity',
          data: { constraint: 'required node affinity (application/clickhouse In [true])' },
        },
      ],
    },
    {
      name: 'nodeSelector picks only tainted nodes: the taint, not the selector, is the fix',
      snapshot: snapshot({
        pods: [
          pod({
            spec: { nodeSelector: { pool: 'gpu' }, containers: [container('trainer')] },
            conditions: [
              unschedulable(
                "0/4 nodes are available: 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint {nvidia.com/gpu: present}. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
              ),
            ],
          }),
        ],
        nodes: [
          node({
            name: 'gpu-1',
            labels: { pool: 'gpu' },
            taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
          }),
          node({
            name: 'gpu-2',
            labels: { pool: 'gpu' },
            taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }],
          }),
          node({ name: 'cpu-1', labels: { pool: 'cpu' } }),
          node({ name: 'cpu-2', labels: { pool: 'cpu' } }),
        ],
      }),
      expect: [
        {
          messageId: 'untoleratedTaint',
          reason: 'UntoleratedTaint',
          data: { taints: 'nvidia.com/gpu=present' },
        },
      ],
    },
    {
      name: 'custom taint, single node, 1.18 wording',
      snapshot: snapshot({
        events: [
          failedScheduling(
            "0/1 nodes are available: 1 node(s) had taint {dedicated: gpu}, that the pod didn't tolerate.",
          ),
        ],
      }),
      expect: [
        { messageId: 'untoleratedTaint', reason: 'UntoleratedTaint', data: { taints: 'dedicated=gpu' } },
      ],
    },
    {
      name: 'cordoned nodes',
      snapshot: snapshot({
        pods: [
          pod({ conditions: [unschedulable('0/2 nodes are available: 2 node(s) were unschedulable.')] }),
        ],
      }),
      expect: [{ messageId: 'nodeUnschedulable', reason: 'NodeUnschedulable' }],
    },
    {
      name: 'host port taken, DaemonSet-style prefilter',
      snapshot: snapshot({
        pods: [
          pod({
            containers: [container('app', { ports: [{ containerPort: 80, hostPort: 80 }] })],
            conditions: [
              unschedulable(
                "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node is filtered out by the prefilter result.",
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'hostPort', reason: 'HostPortConflict', data: { ports: '80/TCP' } }],
    },
    {
      name: 'anti-affinity, too many pods, legacy v1.0',
      snapshot: snapshot({
        events: [
          failedScheduling("0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.", {
            name: 'a',
          }),
          failedScheduling('0/2 nodes are available: 2 Too many pods.', { name: 'b' }),
          event({
            reason: 'failedScheduling',
            name: 'c',
            message: 'Failed for reason PodFitsResources and possibly others',
            lastS: 60,
          }),
        ],
      }),
      expect: [
        { messageId: 'podAffinity', reason: 'PodAffinityMismatch' },
        { messageId: 'tooManyPods', reason: 'TooManyPods' },
        {
          messageId: 'insufficientResources',
          reason: 'InsufficientResources',
          data: { resources: 'resources' },
        },
      ],
    },
    {
      name: 'autoscaler scale-up under way makes it progressing',
      snapshot: snapshot({
        events: [
          failedScheduling('0/3 nodes are available: 3 Insufficient memory.', { lastS: 100 }),
          event({
            reason: 'TriggeredScaleUp',
            type: 'Normal',
            source: 'cluster-autoscaler',
            message: 'pod triggered scale-up: [{eks-pool 3->4 (max: 10)}]',
            lastS: 90,
          }),
        ],
      }),
      expect: [
        { messageId: 'insufficientResources', status: 'progressing', evidenceIncludes: ['TriggeredScaleUp'] },
      ],
    },
    {
      name: 'no nodes at all, unknown text',
      snapshot: snapshot({
        events: [
          failedScheduling('no nodes available to schedule pods', { name: 'a' }),
          failedScheduling('0/2 nodes are available: 2 cannot allocate all claims.', { name: 'b' }),
        ],
      }),
      expect: [
        { messageId: 'noNodes', reason: 'Unschedulable' },
        {
          messageId: 'unschedulable',
          reason: 'Unschedulable',
          data: { histogram: '2 cannot allocate all claims' },
        },
      ],
    },
  ],
});
