import { testRule } from '../../../test/rule-tester.js';
import { event, pod, runningPod, snapshot } from '../../../test/builders.js';
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
