/** The creation chain a diagnosis shows: statuses per stage, dates and durations. */
import { describe, expect, it } from 'vitest';
import { at, ms } from '../../../test/builders.js';
import type { ChainStatus, Finding, StageId } from '../../model/index.js';
import { chainFor } from './chain-entries.js';
import type { Milestones, Passed } from './milestones.js';

const ORDER: readonly StageId[] = [
  'admission',
  'scheduling',
  'node',
  'volumes',
  'sandbox-network',
  'image-pull',
  'container-config',
  'init-containers',
  'container-start',
  'crash',
  'liveness',
  'readiness',
  'service-endpoints',
];

/** Milestones with the given stages passed at the given seconds (furthest = highest chain position). */
function milestones(passed: Partial<Record<StageId, number>>): Milestones {
  const pod = new Map<StageId, Passed>(
    Object.entries(passed).map(([s, sec]) => [s as StageId, { at: ms(sec), iso: at(sec) }]),
  );
  const furthest = Math.max(
    -1,
    ...[...pod.keys()].filter((s) => s !== 'init-containers').map((s) => ORDER.indexOf(s)),
  );
  return { pod, containers: new Map(), furthest };
}

function finding(stage: StageId, status: Finding['status'], reason: Finding['reason']): Finding {
  return {
    ruleId: `${stage}/x`,
    stage,
    reason,
    status,
    basis: 'state',
    messageId: 'm',
    data: {},
    evidence: [{ source: 'status', text: 'x' }],
    nextSteps: [],
  };
}

const statuses = (entries: readonly { stage: StageId; status: ChainStatus }[]) =>
  Object.fromEntries(entries.map((e) => [e.stage, e.status]));

describe('chainFor', () => {
  it.each([
    ['failed', 'failed'],
    ['progressing', 'progressing'],
  ] as const)(
    'the chosen %s finding gives its stage its status even when not among the current findings',
    (status, expected) => {
      const chosen = finding('scheduling', status, 'Unschedulable');
      const chain = chainFor(false, false, milestones({}), [], chosen, status);
      expect(chain.slice(0, 3).map((e) => e.status)).toEqual(['passed', expected, 'not-reached']);
    },
  );

  it('an unknown verdict without a chosen finding leaves every unpassed stage unknown', () => {
    const chain = chainFor(false, false, milestones({ scheduling: 1 }), [], undefined, 'unknown');
    expect(statuses(chain)).toMatchObject({
      admission: 'passed',
      scheduling: 'passed',
      node: 'unknown',
      'image-pull': 'unknown',
      readiness: 'unknown',
    });
    expect(chain.map((e) => e.status)).not.toContain('progressing');
    expect(chain.map((e) => e.status)).not.toContain('not-reached');
  });

  it('a progressing verdict without a chosen finding: the first open stage progresses, later ones are not reached', () => {
    const chain = chainFor(false, false, milestones({ scheduling: 1 }), [], undefined, 'progressing');
    expect(chain.slice(1, 5).map((e) => e.status)).toEqual([
      'passed',
      'progressing',
      'not-reached',
      'not-reached',
    ]);
  });

  it('a termination finding leaves the creation stages the evidence does not show unknown, even while progressing', () => {
    const chosen = finding('termination', 'progressing', 'StuckTerminating');
    const chain = chainFor(false, false, milestones({ scheduling: 1 }), [], chosen, 'progressing', ms(20));
    expect(chain.slice(1, 4).map((e) => e.status)).toEqual(['passed', 'unknown', 'unknown']);
    expect(chain.at(-1)).toEqual({ stage: 'termination', status: 'progressing', at: at(20) });
  });

  it('only the chosen stage is dated from chosenSince', () => {
    const chosen = finding('image-pull', 'failed', 'PullBackOff');
    const chain = chainFor(
      false,
      false,
      milestones({ scheduling: 1, node: 2 }),
      [chosen],
      chosen,
      'failed',
      ms(30),
    );
    const dated = chain.filter((e) => e.at !== undefined).map((e) => [e.stage, e.at]);
    expect(dated).toEqual([
      ['scheduling', at(1)],
      ['node', at(2)],
      ['image-pull', at(30)],
    ]);
  });

  it('chosenSince without a chosen finding dates nothing', () => {
    const chain = chainFor(false, false, milestones({ scheduling: 1 }), [], undefined, 'progressing', ms(30));
    expect(chain.filter((e) => e.at !== undefined).map((e) => e.stage)).toEqual(['scheduling']);
  });

  it('durations are from the previous dated stage, and none when the milestones are out of order', () => {
    const chain = chainFor(
      false,
      false,
      milestones({ scheduling: 10, node: 5, 'sandbox-network': 12 }),
      [],
      undefined,
      'progressing',
    );
    const byStage = new Map(chain.map((e) => [e.stage, e]));
    expect(byStage.get('scheduling')?.durationMs).toBeUndefined();
    expect(byStage.get('node')?.durationMs).toBeUndefined();
    expect(byStage.get('sandbox-network')?.durationMs).toBe(7_000);
  });
});
