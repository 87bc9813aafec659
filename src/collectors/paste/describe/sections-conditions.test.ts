import { describe, expect, it } from 'vitest';
import { newDoc } from './doc.js';
import { readConditions } from './sections.js';

/** Survivors in sections.ts readConditions and isConditionRow (paste-describe-4). */

function read(text: string, gates = false, start = 0) {
  const doc = newDoc();
  const end = readConditions(text.split('\n'), start, doc, gates);
  return { end, conditions: doc.conditions, gates: doc.readinessGates, recognised: doc.recognised };
}

const HB = 'Tue, 14 Nov 2023 09:20:03 +0000';
const TR = 'Mon, 13 Nov 2023 08:00:00 +0000';

describe('readConditions: node tables, cells matched to the header by position', () => {
  const NODE = [
    'Conditions:',
    '  Type             Status   LastHeartbeatTime                 LastTransitionTime                Reason                       Message',
    '  ----             ------   -----------------                 ------------------                ------                       -------',
    '  MemoryPressure   False    Tue, 14 Nov 2023 09:20:03 +0000   Mon, 13 Nov 2023 08:00:00 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available',
    '  KernelDeadlock   Unknown  Tue, 14 Nov 2023 09:20:03 +0000   Mon, 13 Nov 2023 08:00:00 +0000                                NPD  stopped reporting   ',
    '  Ready            True     Tue, 14 Nov 2023 09:20:03 +0000   Mon, 13 Nov 2023 08:00:00 +0000   KubeletReady                 kubelet is posting ready status.  AppArmor enabled',
    'Addresses:',
  ].join('\n');

  it('an empty Reason cell leaves reason unset; the Message keeps its inner gaps and loses trailing spaces', () => {
    expect(read(NODE)).toEqual({
      end: 6,
      recognised: 5,
      gates: [],
      conditions: [
        {
          type: 'MemoryPressure',
          status: 'False',
          lastheartbeattime: HB,
          lasttransitiontime: TR,
          reason: 'KubeletHasSufficientMemory',
          message: 'kubelet has sufficient memory available',
        },
        {
          type: 'KernelDeadlock',
          status: 'Unknown',
          lastheartbeattime: HB,
          lasttransitiontime: TR,
          message: 'NPD  stopped reporting',
        },
        {
          type: 'Ready',
          status: 'True',
          lastheartbeattime: HB,
          lasttransitiontime: TR,
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status.  AppArmor enabled',
        },
      ],
    });
  });
});

describe('readConditions: pod and workload tables', () => {
  it('a pod table with its header, read from a later start', () => {
    const text =
      'Status:  Running\nConditions:\n  Type              Status\n  Initialized       True\n  Ready             <none>\n\nVolumes:';
    expect(read(text, false, 1)).toEqual({
      end: 5,
      recognised: 4,
      gates: [],
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: '<none>' },
      ],
    });
  });

  it('without a header, cells are type and status; a third cell is not taken into status', () => {
    expect(read('Conditions:\n  PodScheduled   True   \n  Ready  False  (see events)')).toEqual({
      end: 3,
      recognised: 3,
      gates: [],
      conditions: [
        { type: 'PodScheduled', status: 'True' },
        { type: 'Ready', status: 'False' },
      ],
    });
  });

  it('a cell one column left of its header still belongs to it', () => {
    expect(read('Conditions:\n  Type    Status  Reason\n  Ready  True     Foo')).toEqual({
      end: 3,
      recognised: 3,
      gates: [],
      conditions: [{ type: 'Ready', status: 'True', reason: 'Foo' }],
    });
  });

  it('a row indented off the header is read cell by cell', () => {
    expect(
      read('Conditions:\n  Type        Status      Reason\n      Available  True  MinimumReplicasAvailable'),
    ).toEqual({
      end: 3,
      recognised: 3,
      gates: [],
      conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }],
    });
  });

  it('a "Kind  Status" header is a header too', () => {
    expect(read('Conditions:\n  Kind       Status  Reason\n  Complete   True    Done')).toEqual({
      end: 3,
      recognised: 3,
      gates: [],
      conditions: [{ type: 'Complete', status: 'True', reason: 'Done' }],
    });
  });

  it('"Conditions:  <none>" is one line, and the table stops at the first line that is no row', () => {
    expect(read('Conditions:  <none>\n  Ready  True')).toEqual({
      end: 1,
      recognised: 1,
      gates: [],
      conditions: [],
    });
    for (const stop of [
      '  Type     Reason',
      '  Phase    Status',
      '  #Ready   True',
      '  Ready    Truely',
      '  Ready    NotTrue',
    ]) {
      expect(read(`Conditions:\n  Type     Status\n  Ready    True\n${stop}\n  Other    True`)).toEqual({
        end: 3,
        recognised: 3,
        gates: [],
        conditions: [{ type: 'Ready', status: 'True' }],
      });
    }
  });

  it('Readiness Gates give the gate types, not conditions', () => {
    const text =
      'Readiness Gates:\n  Type                                       Status\n  cloud.google.com/load-balancer-neg-ready   True\n  ...\n  example.com/feature-ready                  <none>';
    expect(read(text, true)).toEqual({
      end: 5,
      recognised: 4,
      conditions: [],
      gates: ['cloud.google.com/load-balancer-neg-ready', 'example.com/feature-ready'],
    });
  });
});
