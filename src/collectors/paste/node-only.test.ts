import { describe, expect, it } from 'vitest';
import type { Raw } from '../normalize/coerce.js';
import { podsOnUnreadyNodes } from './node-only.js';

const node = (name: string, ready: string | undefined): Raw => ({
  kind: 'Node',
  metadata: { name },
  status: { conditions: ready === undefined ? [] : [{ type: 'Ready', status: ready }] },
});
const nodeEvent = (name: string, reason: string, last?: string): Raw => ({
  kind: 'Event',
  involvedObject: { kind: 'Node', name },
  reason,
  message: `Node ${name} status is now: ${reason}`,
  ...(last === undefined ? {} : { lastTimestamp: last }),
});
const standIns = (objects: Raw[]) => {
  const out = podsOnUnreadyNodes(objects, 'shop');
  return out.pods.map((p) => [
    (p.metadata as Raw).name,
    (p.spec as Raw).nodeName,
    (p.metadata as Raw).namespace,
  ]);
};

describe('pods that stand for the pods of not-Ready nodes, when the paste shows nothing else', () => {
  it('one node not Ready: unnamed-pod bound to it, in the paste namespace, and a note', () => {
    const out = podsOnUnreadyNodes([node('n1', 'False')], 'shop');
    expect(out.pods).toEqual([
      {
        kind: 'Pod',
        metadata: { name: 'unnamed-pod', namespace: 'shop' },
        spec: { nodeName: 'n1', containers: [] },
        status: {},
      },
    ]);
    expect(out.notes).toEqual([
      'the text shows node n1 not Ready and no pod: pod unnamed-pod stands for the pods bound to it',
    ]);
  });

  it('several: one each, named after its node, in name order; Ready=Unknown counts as not Ready', () => {
    expect(standIns([node('b', 'Unknown'), node('a', 'False'), node('c', 'True')])).toEqual([
      ['unnamed-pod-on-a', 'a', 'shop'],
      ['unnamed-pod-on-b', 'b', 'shop'],
    ]);
  });

  it.each([
    ['a Ready node', [node('n1', 'True')]],
    ['a node without a Ready condition', [node('n1', undefined)]],
    ['a pod beside the node', [node('n1', 'False'), { kind: 'Pod', metadata: { name: 'web-1' } }]],
    ['a Deployment beside it', [node('n1', 'False'), { kind: 'Deployment', metadata: { name: 'web' } }]],
    ['a Service beside it', [node('n1', 'False'), { kind: 'Service', metadata: { name: 'web' } }]],
    [
      "a pod's event beside it",
      [
        node('n1', 'False'),
        { kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-1' }, reason: 'Pulled' },
      ],
    ],
    [
      'a NodeReady event after the NotReady one',
      [
        nodeEvent('n1', 'NodeNotReady', '2026-01-01T00:00:00Z'),
        nodeEvent('n1', 'NodeReady', '2026-01-01T00:05:00Z'),
      ],
    ],
    ['a Ready condition, whatever older events said', [node('n1', 'True'), nodeEvent('n1', 'NodeNotReady')]],
    ['a node event of another reason', [nodeEvent('n1', 'RegisteredNode')]],
    ['nothing at all', []],
  ])('none for %s', (_, objects) => {
    expect(podsOnUnreadyNodes(objects, 'shop')).toEqual({ pods: [], notes: [] });
  });

  it.each([
    ['a NodeNotReady event alone', [nodeEvent('n1', 'NodeNotReady')]],
    [
      'NodeReady, then NodeNotReady',
      [
        nodeEvent('n1', 'NodeReady', '2026-01-01T00:00:00Z'),
        nodeEvent('n1', 'NodeNotReady', '2026-01-01T00:05:00Z'),
      ],
    ],
    [
      'events without times: the last in the paste counts',
      [nodeEvent('n1', 'NodeReady'), nodeEvent('n1', 'NodeNotReady')],
    ],
    [
      'a not-Ready condition, whatever older events said',
      [node('n1', 'False'), nodeEvent('n1', 'NodeReady')],
    ],
  ])('one for %s', (_, objects) => {
    expect(standIns(objects)).toEqual([['unnamed-pod', 'n1', 'shop']]);
  });
});
