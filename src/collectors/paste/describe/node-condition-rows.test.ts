import { describe, expect, it } from 'vitest';
import { parseNodeConditionRows } from './node-condition-rows.js';
import { parsePaste } from '../driver.js';
import { PASTE_PARSERS } from '../parsers.js';

// kubectl 1.27 and 1.33 print the same (`handoff sim serve node-not-ready`, describe node worker-b).
const GENUINE = `Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Thu, 03 Dec 2026 12:10:12 +0000   Thu, 03 Dec 2026 12:10:12 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Thu, 03 Dec 2026 12:10:12 +0000   Thu, 03 Dec 2026 12:10:12 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure      False   Thu, 03 Dec 2026 12:10:12 +0000   Thu, 03 Dec 2026 12:10:12 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            False   Thu, 03 Dec 2026 12:12:12 +0000   Thu, 03 Dec 2026 12:12:12 +0000   KubeletNotReady              PLEG is not healthy: pleg was last seen active 3m0.412s ago; threshold is 3m0s`;
const rows = GENUINE.split('\n');
const READY_FALSE = {
  type: 'Ready',
  status: 'False',
  reason: 'KubeletNotReady',
  message: 'PLEG is not healthy: pleg was last seen active 3m0.412s ago; threshold is 3m0s',
  lastHeartbeatTime: '2026-12-03T12:12:12Z',
  lastTransitionTime: '2026-12-03T12:12:12Z',
};
const conditionsOf = (text: string): unknown[] => {
  const objects = parsePaste(text, PASTE_PARSERS).objects.filter((o) => o.raw.kind === 'Node');
  expect(objects).toHaveLength(1);
  return ((objects[0]?.raw.status as { conditions: unknown[] }) ?? { conditions: [] }).conditions;
};

describe("a node's condition rows pasted without the rest of describe node", () => {
  it('the header, its underline and every row: one unnamed Node', () => {
    const r = parseNodeConditionRows(rows, 1);
    expect(r?.end).toBe(rows.length);
    const [node] = r?.objects ?? [];
    expect(node?.raw.kind).toBe('Node');
    expect(node?.raw.metadata).toEqual({ name: 'unnamed-node' });
    expect(node?.inferredName).toBe('the paste names no node');
    expect(node?.line).toBe(2);
    const conditions = (node?.raw.status as { conditions: Record<string, string>[] }).conditions;
    expect(conditions.map((c) => `${c.type}=${c.status}`)).toEqual([
      'MemoryPressure=False',
      'DiskPressure=False',
      'PIDPressure=False',
      'Ready=False',
    ]);
    expect(conditions[3]).toEqual(READY_FALSE);
  });

  it('one row alone, as people quote it', () => {
    expect(conditionsOf(rows.at(-1) ?? '')).toEqual([READY_FALSE]);
  });

  it.each([
    [
      "Go's default time layout (old kubectl), Ready Unknown",
      '  Ready   Unknown   2020-12-06 18:56:49 +0100 CET   2020-12-06 18:49:40 +0100 CET   NodeStatusUnknown   Kubelet stopped posting node status.',
      {
        type: 'Ready',
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
        lastHeartbeatTime: '2020-12-06T17:56:49Z',
        lastTransitionTime: '2020-12-06T17:49:40Z',
      },
    ],
    [
      'a zero heartbeat (never set) is left out; no message',
      'NetworkUnavailable   False   Mon, 01 Jan 0001 00:00:00 +0000   Sun, 06 Dec 2020 18:49:40 +0100   RouteCreated',
      {
        type: 'NetworkUnavailable',
        status: 'False',
        reason: 'RouteCreated',
        lastTransitionTime: '2020-12-06T17:49:40Z',
      },
    ],
  ])('%s', (_name, line, condition) => {
    expect(conditionsOf(line)).toEqual([condition]);
  });

  it('ends at the first line that is no row', () => {
    const text = [rows.at(-1) ?? '', 'Addresses:', '  InternalIP:  10.0.0.3'];
    expect(parseNodeConditionRows(text, 0)?.end).toBe(1);
  });

  it.each([
    ['a pod condition row (no times)', '  Ready             False'],
    ['one time only', '  Ready   False   Thu, 03 Dec 2026 12:12:12 +0000   KubeletNotReady   not ready'],
    [
      'a status that is no condition status',
      '  Ready   Maybe   Thu, 03 Dec 2026 12:12:12 +0000   Thu, 03 Dec 2026 12:12:12 +0000   KubeletNotReady   x',
    ],
    ['the header alone', rows[1] ?? ''],
    ['prose', 'the node Ready condition went False on Thu, 03 Dec 2026 12:12:12 +0000'],
  ])('no node from %s', (_name, line) => {
    expect(parseNodeConditionRows([line], 0)).toBeUndefined();
  });

  it('a Conditions table with heartbeats under no Name is a Node, not a pod', () => {
    expect(conditionsOf(GENUINE)).toHaveLength(4);
    expect(parsePaste(GENUINE, PASTE_PARSERS).objects.some((o) => o.raw.kind === 'Pod')).toBe(false);
  });

  it.each(['MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable', 'OutOfDisk'])(
    'a Conditions table of Type and Status only with %s is a Node',
    (type) => {
      const text = `Conditions:\n  Type  Status\n  ${type}  False\n  Ready  True\n`;
      expect(parsePaste(text, PASTE_PARSERS).objects.map((o) => o.raw.kind)).toEqual(['Node']);
    },
  );

  it("a pod's Conditions table stays a pod's", () => {
    const text = 'Conditions:\n  Type  Status\n  Initialized  True\n  Ready  False\n';
    expect(parsePaste(text, PASTE_PARSERS).objects.map((o) => o.raw.kind)).toEqual(['Pod']);
  });
});
