import { describe, expect, it } from 'vitest';
import {
  notEnoughResource,
  parseFitFailure,
  parsePredicates,
  PREDICATES_INTRO,
} from './scheduling-message-legacy.js';
import { parseSchedulingMessage } from './scheduling-message.js';
import type { SchedulingMessage } from './scheduling-reasons.js';

const PREDICATES =
  'No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector (2).';
const NOT_ENOUGH = "Node didn't have enough resource: CPU, requested: 1000, used: 1420, capacity: 2000";

const predicates = (message: string) => parsePredicates(message, message.indexOf(PREDICATES_INTRO));

describe('parsePredicates (1.5-1.7)', () => {
  it('the whole parsed shape', () => {
    expect(predicates(PREDICATES)).toEqual<SchedulingMessage>({
      form: 'predicates',
      reasons: [
        { text: 'Insufficient cpu', count: 3, code: 'InsufficientResources' },
        { text: 'MatchNodeSelector', count: 2, code: 'NodeAffinityMismatch' },
      ],
      preemption: [],
      notes: [],
    });
  });

  // Messages cut short (a truncated paste): whatever is left is read, nothing is made up.
  it.each<[string, string, SchedulingMessage['reasons']]>([
    ['cut before the colon', 'No nodes are available that match all of the predicates', []],
    ['cut after the colons', 'No nodes are available that match all of the following predicates::', []],
    [
      'cut inside the list',
      'No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector',
      [
        { text: 'Insufficient cpu', count: 3, code: 'InsufficientResources' },
        { text: 'MatchNodeSelector', code: 'NodeAffinityMismatch' },
      ],
    ],
  ])('%s', (_name, message, reasons) => {
    expect(predicates(message).reasons).toEqual(reasons);
  });
});

describe('parseFitFailure (1.2-1.4)', () => {
  it('summary line: the whole parsed shape, no node count', () => {
    expect(
      parseFitFailure(
        'pod (registry) failed to fit in any node\nfit failure summary on nodes : MatchNodeSelector (5)',
      ),
    ).toEqual<SchedulingMessage>({
      form: 'fit-failure',
      reasons: [{ text: 'MatchNodeSelector', count: 5, code: 'NodeAffinityMismatch' }],
      preemption: [],
      notes: [],
    });
  });

  it('summary line on its own (the first line not pasted)', () => {
    expect(
      parseFitFailure('fit failure summary on nodes : Insufficient cpu (10), PodFitsHostPorts (115)').reasons,
    ).toEqual([
      { text: 'Insufficient cpu', count: 10, code: 'InsufficientResources' },
      { text: 'PodFitsHostPorts', count: 115, code: 'HostPortConflict' },
    ]);
  });

  it('summary line cut before its colon: no reasons', () => {
    expect(
      parseFitFailure('pod (registry) failed to fit in any node\nfit failure summary on nodes').reasons,
    ).toEqual([]);
  });

  it('summary line cut inside the list', () => {
    expect(
      parseFitFailure(
        'pod (web-0) failed to fit in any node\nfit failure summary on nodes : Insufficient cpu (10), PodFitsHostPorts',
      ).reasons,
    ).toEqual([
      { text: 'Insufficient cpu', count: 10, code: 'InsufficientResources' },
      { text: 'PodFitsHostPorts', code: 'HostPortConflict' },
    ]);
  });

  it('per-node lines: the whole parsed shape, counted nodes', () => {
    expect(
      parseFitFailure(
        `pod (nginx-1370807587-fz9sd) failed to fit in any node\nfit failure on node (node-6ta5): ${NOT_ENOUGH}\nfit failure on node (node-wul5): MatchNodeSelector\n`,
      ),
    ).toEqual<SchedulingMessage>({
      form: 'fit-failure',
      totalNodes: 2,
      reasons: [
        { text: "Node didn't have enough resource: CPU", count: 1, code: 'InsufficientResources' },
        { text: 'MatchNodeSelector', count: 1, code: 'NodeAffinityMismatch' },
      ],
      preemption: [],
      notes: [],
    });
  });

  it('per-node line on its own (the first line not pasted)', () => {
    const m = parseFitFailure('fit failure on node (kube-node1): MatchNodeSelector');
    expect(m.totalNodes).toBe(1);
    expect(m.reasons).toEqual([{ text: 'MatchNodeSelector', count: 1, code: 'NodeAffinityMismatch' }]);
  });

  it('a node line cut before its reason counts no node', () => {
    const message = 'pod (lb-do0ix) failed to fit in any node\nfit failure on node (kube-node1';
    expect(parseFitFailure(message)).toEqual<SchedulingMessage>({
      form: 'fit-failure',
      reasons: [],
      preemption: [],
      notes: [],
    });
    expect(parseSchedulingMessage(message).totalNodes).toBeUndefined();
  });
});

describe('notEnoughResource', () => {
  it.each<[string, string | undefined]>([
    [NOT_ENOUGH, 'cpu'],
    ["Node didn't have enough resource: Memory, requested: 10, used: 1, capacity: 8", 'memory'],
    ["Node didn't have enough resource: CPU", 'cpu'],
    ['Insufficient cpu', undefined],
    ['MatchNodeSelector', undefined],
  ])('%s -> %s', (text, resource) => {
    expect(notEnoughResource(text)).toBe(resource);
  });
});
