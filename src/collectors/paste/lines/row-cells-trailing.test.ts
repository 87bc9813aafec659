import { describe, expect, it } from 'vitest';
import { readFloor } from './floor.js';
import { trailingRowCells } from './row-cells.js';

/**
 * A paste that lost its line breaks runs the whole describe into one line: the event row's cells
 * then stand right before the message, after words that are no cells. trailingRowCells reads the
 * cells that end the text; the floor reads such a line even when it starts with the command.
 */
describe('trailingRowCells', () => {
  it.each([
    [
      'old describe columns (FirstSeen LastSeen Count From Type Reason)',
      'Name: web Namespace: default Status: Pending Events: --------- 23m 30s 84 default-scheduler Warning FailedScheduling ',
      { type: 'Warning', reason: 'FailedScheduling', count: 84, source: 'default-scheduler' },
    ],
    [
      'describe columns (Type Reason Age From)',
      'Status: Running Restart Count: 6 Events: Type Reason Age From Message ---- Warning BackOff 2m (x40 over 12m) kubelet ',
      { type: 'Warning', reason: 'BackOff', count: 40, source: 'kubelet' },
    ],
    [
      'get events columns (LAST SEEN TYPE REASON OBJECT)',
      'NAME READY STATUS web-1 0/1 Pending LAST SEEN TYPE REASON OBJECT MESSAGE 5m Warning FailedMount pod/web-1 ',
      { type: 'Warning', reason: 'FailedMount', kind: 'Pod', name: 'web-1' },
    ],
    [
      'just the type and the reason',
      'and then the log says Warning FailedMount ',
      { type: 'Warning', reason: 'FailedMount' },
    ],
  ])('%s', (_, text, want) => {
    expect(trailingRowCells(text)).toMatchObject({ ...want, prose: false });
  });

  it.each([
    ['prose only', 'the scheduler says that '],
    ['a reason without a type', 'Events: FailedScheduling '],
    ['a type without a reason', 'this is a Warning '],
    ['an age and a type, no reason', 'it said 5m Warning '],
    ['cells followed by prose', 'Warning FailedScheduling and then it said '],
    ['nothing', ''],
  ])('%s: none', (_, text) => {
    expect(trailingRowCells(text)).toBeUndefined();
  });
});

describe('a describe run onto its command line', () => {
  const line =
    '$ kubectl describe pod/large-cpu-request Name: large-cpu-request Namespace: default Node: / Status: Pending ' +
    'Events: FirstSeen LastSeen Count From SubObjectPath Type Reason Message --------- -------- ----- ---- ' +
    '23m 30s 84 default-scheduler Warning FailedScheduling No nodes are available that match all of the ' +
    'following predicates:: Insufficient cpu (3).';

  it('is read as the event row it ends with', () => {
    const r = readFloor([line], 0, () => false, true);
    expect(r?.objects).toHaveLength(1);
    expect(r?.objects[0]?.raw).toMatchObject({
      kind: 'Event',
      type: 'Warning',
      reason: 'FailedScheduling',
      count: 84,
      message: 'No nodes are available that match all of the following predicates:: Insufficient cpu (3).',
    });
  });

  it('a command that only greps for a message is still no event', () => {
    const grep =
      '$ kubectl get events | grep "No nodes are available that match all of the following predicates"';
    expect(readFloor([grep], 0, () => false, true)).toBeUndefined();
  });
});
