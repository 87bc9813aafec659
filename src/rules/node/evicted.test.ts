import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './evicted.js';

const evictedPod = (message: string) =>
  pod({ phase: 'Failed', reason: 'Evicted', message, nodeName: 'node-1' });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'an earlier pod of the same name was evicted (other uid)',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          event({ reason: 'Evicted', uid: 'uid-old', message: 'The node was low on resource: memory.' }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'status reason Evicted, old message',
      snapshot: snapshot({ pods: [evictedPod('The node was low on resource: memory.')] }),
      expect: [
        {
          messageId: 'evicted',
          reason: 'Evicted',
          basis: 'state',
          data: { resource: 'memory', node: 'node-1' },
        },
      ],
    },
    {
      name: 'newer message names the top consumer',
      snapshot: snapshot({
        pods: [
          evictedPod(
            'The node was low on resource: memory. Threshold quantity: 100Mi, available: 52Mi. Container app was using 3Gi, request is 512Mi, has larger consumption of memory. ',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'evictedConsumer',
          data: { resource: 'memory', container: 'app', usage: '3Gi', request: '512Mi' },
        },
      ],
    },
    {
      name: 'only the Evicted event',
      snapshot: snapshot({
        pods: [pod()],
        events: [
          event({
            reason: 'Evicted',
            message: 'The node was low on resource: ephemeral-storage.',
            host: 'node-2',
          }),
        ],
      }),
      expect: [
        { messageId: 'evicted', basis: 'events', data: { resource: 'ephemeral-storage', node: 'node-2' } },
      ],
    },
  ],
});

describe('evicted: the finding in full', () => {
  it.each([
    {
      message: 'The node was low on resource: memory.',
      resource: 'memory',
      steps: [
        'kubectl describe node node-1',
        'kubectl top pods -n default --sort-by=memory',
        'Set memory requests close to real usage so the scheduler does not overcommit the node, then delete the evicted pod: kubectl delete pod web-1 -n default',
      ],
    },
    {
      message: 'The node was low on resource: ephemeral-storage.',
      resource: 'ephemeral-storage',
      steps: [
        'kubectl describe node node-1',
        'kubectl top pods -n default --sort-by=cpu',
        'Set ephemeral-storage requests close to real usage so the scheduler does not overcommit the node, then delete the evicted pod: kubectl delete pod web-1 -n default',
      ],
    },
  ])('$resource: status evidence and next steps', ({ message, resource, steps }) => {
    const [f] = runRule(rule, snapshot({ pods: [evictedPod(message)] }));
    expect(f?.data).toEqual({ node: 'node-1', resource });
    expect(f?.evidence).toEqual([
      { source: 'status', text: `status.reason: Evicted; status.message: ${message}` },
    ]);
    expect(f?.nextSteps).toEqual(steps);
  });

  it('a get pods row reading Evicted: no message, no node', () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ phase: 'Failed', reason: 'Evicted', startS: 3 })] }));
    expect(f?.data).toEqual({ node: 'its node', resource: 'a resource' });
    expect(f?.evidence).toEqual([{ source: 'status', text: 'status.reason: Evicted; status.message: ' }]);
    expect(f?.at).toBe(ms(3));
  });

  it('with an Evicted event: the event time, not the start time', () => {
    const e = event({
      reason: 'Evicted',
      message: 'The node was low on resource: memory.',
      source: 'kubelet',
      lastS: 40,
    });
    const [f] = runRule(
      rule,
      snapshot({ pods: [evictedPod('The node was low on resource: memory.')], events: [e] }),
      ms(60),
    );
    expect(f?.at).toBe(ms(40));
    expect(f?.evidence.map((x) => x.source)).toEqual(['status', 'event']);
  });
});
