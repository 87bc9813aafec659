import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { at, cond, event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
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

const NOT_ENOUGH_CPU = "Node didn't have enough resource: cpu, requested: 100, used: 3900, capacity: 4000";
const DELETE =
  'Then delete the Failed pod (its controller makes a new one): kubectl delete pod web-1 -n default';
const FIX_RESOURCE = (r: string) =>
  `The node had less free ${r} than the scheduler thought (often static or unmanaged pods, or a device plugin that restarted); free it or lower the request. ${DELETE}`;
const FIX_AFFINITY =
  "The node's labels did not satisfy the pod's nodeSelector/affinity when the kubelet checked (labels changed or were added late); make the labels stable before scheduling. " +
  DELETE;
const FIX_OTHER = `The kubelet and the scheduler disagreed about this node; fix what the rejection names. ${DELETE}`;

describe('kubelet-rejected: the finding in full', () => {
  it.each([
    {
      name: 'OutOfcpu with the amounts',
      pod: rejected('OutOfcpu', `Pod was rejected: ${NOT_ENOUGH_CPU}`),
      messageId: 'outOfResource',
      data: { node: 'node-1', resource: 'cpu', requested: '100', used: '3900', capacity: '4000' },
      evidence: `status.phase: Failed; status.reason: OutOfcpu; status.message: Pod was rejected: ${NOT_ENOUGH_CPU}`,
      steps: ['kubectl describe node node-1', FIX_RESOURCE('cpu')],
    },
    {
      name: 'OutOfpods without a message',
      pod: rejected('OutOfpods'),
      messageId: 'outOf',
      data: { node: 'node-1', resource: 'pods' },
      evidence: 'status.phase: Failed; status.reason: OutOfpods',
      steps: ['kubectl describe node node-1', FIX_RESOURCE('pods')],
    },
    {
      name: 'NodeAffinity: the node labels too',
      pod: rejected('NodeAffinity', 'Pod Predicate NodeAffinity failed'),
      messageId: 'predicate',
      data: { node: 'node-1', predicate: 'NodeAffinity' },
      evidence:
        'status.phase: Failed; status.reason: NodeAffinity; status.message: Pod Predicate NodeAffinity failed',
      steps: ['kubectl describe node node-1', 'kubectl get node node-1 --show-labels', FIX_AFFINITY],
    },
    {
      name: 'NodePorts: no label listing',
      pod: rejected('NodePorts', 'Predicate NodePorts failed'),
      messageId: 'predicate',
      data: { node: 'node-1', predicate: 'NodePorts' },
      evidence: 'status.phase: Failed; status.reason: NodePorts; status.message: Predicate NodePorts failed',
      steps: ['kubectl describe node node-1', FIX_OTHER],
    },
    {
      name: 'TaintToleration without a message is still the predicate',
      pod: rejected('TaintToleration'),
      messageId: 'predicate',
      data: { node: 'node-1', predicate: 'TaintToleration' },
      evidence: 'status.phase: Failed; status.reason: TaintToleration',
      steps: ['kubectl describe node node-1', FIX_OTHER],
    },
    {
      name: 'UnexpectedAdmissionError with its message',
      pod: rejected(
        'UnexpectedAdmissionError',
        'Update plugin resources failed due to boom, which is unexpected.',
      ),
      messageId: 'rejected',
      data: {
        node: 'node-1',
        rejection: 'UnexpectedAdmissionError',
        detail: 'Update plugin resources failed due to boom, which is unexpected.',
      },
      evidence:
        'status.phase: Failed; status.reason: UnexpectedAdmissionError; status.message: Update plugin resources failed due to boom, which is unexpected.',
      steps: ['kubectl describe node node-1', FIX_OTHER],
    },
    {
      name: 'UnexpectedAdmissionError without a message, nor a node',
      pod: pod({ phase: 'Failed', reason: 'UnexpectedAdmissionError' }),
      messageId: 'rejected',
      data: { node: 'its node', rejection: 'UnexpectedAdmissionError', detail: 'no message' },
      evidence: 'status.phase: Failed; status.reason: UnexpectedAdmissionError',
      steps: ['kubectl get nodes -o wide', FIX_OTHER],
    },
  ])('$name', ({ pod: p, messageId, data, evidence, steps }) => {
    const findings = runRule(rule, snapshot({ pods: [p] }));
    expect(findings.map((f) => f.messageId)).toEqual([messageId]);
    const [f] = findings;
    expect(f?.data).toEqual(data);
    expect(f?.basis).toBe('state');
    expect(f?.evidence).toEqual([{ source: 'status', text: evidence }]);
    expect(f?.nextSteps).toEqual(steps);
  });

  it('a status with a reason but no phase shows the phase as ?', () => {
    const p = { ...pod({ nodeName: 'node-1' }), status: { reason: 'OutOfpods' } };
    const [f] = runRule(rule, snapshot({ pods: [p] }));
    expect(f?.evidence).toEqual([{ source: 'status', text: 'status.phase: ?; status.reason: OutOfpods' }]);
  });

  it('the STATUS column kept as the phase gives no status.reason line', () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ phase: 'OutOfpods', nodeName: 'node-1' })] }));
    expect(f?.evidence).toEqual([{ source: 'status', text: 'status.phase: OutOfpods' }]);
  });

  it('events only: the event time, the event host, the event as evidence', () => {
    const e = event({
      reason: 'OutOfcpu',
      message: NOT_ENOUGH_CPU,
      source: 'kubelet',
      host: 'node-2',
      lastS: 30,
    });
    const findings = runRule(rule, snapshot({ pods: [pod({ startS: 5 })], events: [e] }), ms(90));
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f?.basis).toBe('events');
    expect(f?.at).toBe(ms(30));
    expect(f?.data).toEqual({
      node: 'node-2',
      resource: 'cpu',
      requested: '100',
      used: '3900',
      capacity: '4000',
    });
    expect(f?.evidence.map((x) => x.source)).toEqual(['event']);
    expect(f?.nextSteps).toEqual(['kubectl describe node node-2', FIX_RESOURCE('cpu')]);
  });

  it('state only: the pod start time', () => {
    const [f] = runRule(
      rule,
      snapshot({
        pods: [{ ...rejected('OutOfpods'), status: { ...rejected('OutOfpods').status, startTime: at(7) } }],
      }),
    );
    expect(f?.at).toBe(ms(7));
  });

  it('events without a host and a pod without a node: "its node"', () => {
    const e = event({ reason: 'OutOfcpu', message: NOT_ENOUGH_CPU, source: 'kubelet' });
    const [f] = runRule(rule, snapshot({ pods: [pod()], events: [e] }));
    expect(f?.data['node']).toBe('its node');
  });

  it.each([
    ['no source', undefined, 1],
    ['an empty source (a pasted event without FROM)', '', 1],
    ['the kubelet', 'kubelet', 1],
    ['the scheduler', 'default-scheduler', 0],
  ])('an OutOfcpu event from %s', (_name, source, count) => {
    const e = event({
      reason: 'OutOfcpu',
      message: NOT_ENOUGH_CPU,
      ...(source === undefined ? {} : { source }),
    });
    expect(runRule(rule, snapshot({ pods: [pod()], events: [e] }))).toHaveLength(count);
  });

  it('a Running pod that is not Ready is past admission: an old rejection event does not count', () => {
    const running = runningPod({ conditions: [cond('Ready', 'False', 'ContainersNotReady')] });
    const e = event({ reason: 'OutOfcpu', message: NOT_ENOUGH_CPU, source: 'kubelet' });
    expect(runRule(rule, snapshot({ pods: [running], events: [e] }))).toEqual([]);
    // The same event on a Pending pod is a rejection.
    expect(runRule(rule, snapshot({ pods: [pod()], events: [e] }))).toHaveLength(1);
  });

  it.each([
    {
      name: 'a STATUS column naming a predicate beats the message of a resource event',
      phase: 'NodeAffinity',
      messageId: 'predicate',
      data: { node: 'node-1', predicate: 'NodeAffinity' },
    },
    {
      name: 'the resource the message names beats the one the STATUS column names',
      phase: 'OutOfpods',
      messageId: 'outOfResource',
      data: { node: 'node-1', resource: 'cpu', requested: '100', used: '3900', capacity: '4000' },
    },
  ])('$name', ({ phase, messageId, data }) => {
    const e = event({ reason: 'OutOfcpu', message: NOT_ENOUGH_CPU, source: 'kubelet' });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [pod({ phase, nodeName: 'node-1' })], events: [e] }));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.data).toEqual(data);
  });
});
