import { testRule } from '../../../test/rule-tester.js';
import { event, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './kubelet-rejected.js';

const rejected = (reason: string, message?: string) =>
  pod({ phase: 'Failed', reason, ...(message === undefined ? {} : { message }), nodeName: 'node-1' });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'a message naming another predicate than the reason',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'DeadlineExceeded',
            message: 'Predicate Foo failed',
            nodeName: 'n',
          }),
        ],
      }),
    },
    {
      name: 'evicted pod is another rule',
      snapshot: snapshot({ pods: [rejected('Evicted', 'The node was low on resource: memory.')] }),
    },
    {
      name: 'node shutdown rejection is another rule',
      snapshot: snapshot({
        pods: [rejected('NodeShutdown', 'Pod was rejected: Pod was rejected as the node is shutting down.')],
      }),
    },
    {
      name: 'old rejection event on a pod that now runs',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          event({
            reason: 'OutOfcpu',
            message: "Node didn't have enough resource: cpu, requested: 100, used: 3900, capacity: 4000",
            source: 'kubelet',
          }),
        ],
      }),
    },
    {
      name: 'scheduler event with a resource-like reason is not the kubelet',
      snapshot: snapshot({
        pods: [pod()],
        events: [event({ reason: 'OutOfcpu', message: 'x', source: 'default-scheduler' })],
      }),
    },
  ],
  invalid: [
    ...(
      [
        ['PodFitsHostPorts', 'Pod Predicate PodFitsHostPorts failed'],
        ['MatchNodeSelector', 'Predicate MatchNodeSelector failed'],
        ['HostName', 'Predicate HostName failed'],
        ['SomeFuturePredicate', 'Predicate SomeFuturePredicate failed'],
      ] as const
    ).map(([reason, message]) => ({
      name: `pre-1.18 predicate ${reason}: ${message}`,
      snapshot: snapshot({ pods: [pod({ phase: 'Failed', reason, message, nodeName: 'node-1' })] }),
      expect: [{ messageId: 'predicate', basis: 'state' as const, data: { predicate: reason } }],
    })),
    {
      name: 'OutOfcpu with amounts',
      snapshot: snapshot({
        pods: [
          rejected(
            'OutOfcpu',
            "Pod was rejected: Node didn't have enough resource: cpu, requested: 100, used: 3900, capacity: 4000",
          ),
        ],
      }),
      expect: [
        {
          messageId: 'outOfResource',
          reason: 'KubeletRejected',
          basis: 'state',
          data: { node: 'node-1', resource: 'cpu', requested: '100', used: '3900', capacity: '4000' },
        },
      ],
    },
    {
      name: 'extended resource in the reason',
      snapshot: snapshot({
        pods: [
          rejected(
            'OutOfnvidia.com/gpu',
            "Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, capacity: 1",
          ),
        ],
      }),
      expect: [{ messageId: 'outOfResource', data: { resource: 'nvidia.com/gpu', capacity: '1' } }],
    },
    {
      name: 'OutOfpods without a message (kubectl get pods STATUS column)',
      snapshot: snapshot({ pods: [rejected('OutOfpods')] }),
      expect: [{ messageId: 'outOf', data: { resource: 'pods' } }],
    },
    {
      name: 'NodeAffinity, old message format',
      snapshot: snapshot({ pods: [rejected('NodeAffinity', 'Pod Predicate NodeAffinity failed')] }),
      expect: [
        {
          messageId: 'predicate',
          data: { predicate: 'NodeAffinity', node: 'node-1' },
          evidenceIncludes: ['Predicate NodeAffinity failed'],
        },
      ],
    },
    {
      name: 'NodeAffinity status only (real case 091)',
      snapshot: snapshot({ pods: [rejected('NodeAffinity')] }),
      expect: [{ messageId: 'predicate', data: { predicate: 'NodeAffinity' } }],
    },
    {
      name: 'STATUS column kept as the phase',
      snapshot: snapshot({ pods: [pod({ phase: 'NodeAffinity', nodeName: '10.240.134.54' })] }),
      expect: [{ messageId: 'predicate', data: { predicate: 'NodeAffinity', node: '10.240.134.54' } }],
    },
    {
      name: 'UnexpectedAdmissionError from a device plugin',
      snapshot: snapshot({
        pods: [
          rejected(
            'UnexpectedAdmissionError',
            'Pod was rejected: Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected',
          ),
        ],
      }),
      expect: [{ messageId: 'rejected', data: { rejection: 'UnexpectedAdmissionError' } }],
    },
    {
      name: 'events only: the kubelet event names the node',
      snapshot: snapshot({
        events: [
          event({
            reason: 'OutOfmemory',
            message:
              "Node didn't have enough resource: memory, requested: 2147483648, used: 15032385536, capacity: 16777216000",
            source: 'kubelet',
            host: 'node-2',
          }),
        ],
      }),
      expect: [{ messageId: 'outOfResource', basis: 'events', data: { node: 'node-2', resource: 'memory' } }],
    },
  ],
});
