import { testRule } from '../../../test/rule-tester.js';
import { ms, node, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './node-gone.js';

const deleted = runningPod({ deletionS: 100 });
const unreachable = node({ ready: 'Unknown', readyReason: 'NodeStatusUnknown' });

testRule(rule, {
  valid: [
    {
      name: 'not being deleted (node stage owns it)',
      snapshot: snapshot({ pods: [runningPod()], nodes: [unreachable] }),
      now: ms(500),
    },
    {
      name: 'deleted pod on a Ready node',
      snapshot: snapshot({ pods: [deleted], nodes: [node()] }),
      now: ms(500),
    },
    { name: 'nodes not collected', snapshot: snapshot({ pods: [deleted] }), now: ms(500) },
  ],
  invalid: [
    {
      name: 'node unreachable, past the deadline',
      snapshot: snapshot({ pods: [deleted], nodes: [unreachable] }),
      now: ms(500),
      expect: [
        {
          messageId: 'nodeGone',
          reason: 'NodeGone',
          basis: 'state',
          data: { node: 'node-1', state: 'unreachable (Ready=Unknown)' },
          evidenceIncludes: ['metadata.deletionTimestamp: 2026-01-01T00:01:40Z', 'Ready=Unknown'],
        },
      ],
    },
    {
      name: 'inside the grace period',
      snapshot: snapshot({ pods: [deleted], nodes: [unreachable] }),
      now: ms(110),
      expect: [{ messageId: 'nodeGone', status: 'progressing' }],
    },
    {
      name: 'node object deleted',
      snapshot: snapshot({ pods: [deleted], nodes: [node({ name: 'node-9' })] }),
      now: ms(500),
      expect: [{ messageId: 'nodeGone', data: { state: 'gone (no Node object)' } }],
    },
    {
      name: 'NodeLost with a deletion timestamp (kubectl shows Unknown)',
      snapshot: snapshot({
        pods: [
          runningPod({
            deletionS: 100,
            reason: 'NodeLost',
            message: 'Node node-1 which was running pod web-1 is unresponsive',
          }),
        ],
      }),
      now: ms(500),
      expect: [
        {
          messageId: 'nodeGone',
          data: { detail: 'Node node-1 which was running pod web-1 is unresponsive' },
        },
      ],
    },
  ],
});
