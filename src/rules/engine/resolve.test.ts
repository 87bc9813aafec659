import { describe, expect, it } from 'vitest';
import type { ContainerRef, Finding, StageId } from '../../model/index.js';
import type { Milestones, Passed } from './milestones.js';
import { compareFindings, resolveFindings, stagePassed } from './resolve.js';

const app: ContainerRef = { type: 'app', name: 'app' };
const init: ContainerRef = { type: 'init', name: 'migrate' };

function milestones(
  pod: StageId[],
  furthest: number,
  containers: Record<string, StageId[]> = {},
): Milestones {
  const passed = (stages: StageId[]): Map<StageId, Passed> => new Map(stages.map((s) => [s, { at: 0 }]));
  return {
    pod: passed(pod),
    containers: new Map(Object.entries(containers).map(([k, v]) => [k, passed(v)])),
    furthest,
  };
}

describe('stagePassed', () => {
  // Stage positions: image-pull 5, init-containers 7, container-start 8, readiness 11, termination 13.
  it.each<[string, Milestones, StageId, ContainerRef | undefined, boolean]>([
    [
      'termination never passes, even past the end of the chain',
      milestones(['termination'], 99),
      'termination',
      undefined,
      false,
    ],
    ['its own pod milestone', milestones(['scheduling'], -1), 'scheduling', undefined, true],
    [
      "the container's own milestone",
      milestones([], -1, { 'app/app': ['image-pull'] }),
      'image-pull',
      app,
      true,
    ],
    [
      "another container's milestone does not count",
      milestones([], -1, { 'app/other': ['image-pull'] }),
      'image-pull',
      app,
      false,
    ],
    [
      'an init container once the pod is initialized',
      milestones(['init-containers'], -1),
      'image-pull',
      init,
      true,
    ],
    [
      'an init container is not passed by app-level progress',
      milestones(['readiness'], 11),
      'image-pull',
      init,
      false,
    ],
    [
      'an app container is passed by a later pod milestone',
      milestones(['readiness'], 11),
      'image-pull',
      app,
      true,
    ],
    [
      'a container stage without a container: the furthest milestone decides',
      milestones(['readiness'], 11),
      'container-start',
      undefined,
      true,
    ],
    ['furthest at the stage itself does not pass it', milestones([], 8), 'container-start', undefined, false],
    ['furthest one past the stage passes it', milestones([], 9), 'container-start', undefined, true],
    ['nothing passed', milestones([], -1), 'scheduling', undefined, false],
  ])('%s', (_name, m, stage, container, expected) => {
    expect(stagePassed(m, stage, container)).toBe(expected);
  });
});

function f(over: Partial<Finding>): Finding {
  return {
    ruleId: 'x/rule',
    stage: 'image-pull',
    reason: 'PullBackOff',
    status: 'failed',
    basis: 'state',
    messageId: 'm',
    data: {},
    evidence: [],
    nextSteps: [],
    ...over,
  };
}

describe('resolveFindings', () => {
  it('moves events-only findings of a passed stage to history, keeps state and node findings current', () => {
    const m = milestones(['readiness'], 11);
    const events = f({ basis: 'events', stage: 'scheduling', ruleId: 'a' });
    const state = f({ basis: 'state', stage: 'scheduling', ruleId: 'b' });
    const nodeEv = f({ basis: 'events', stage: 'node', ruleId: 'c' });
    const notPassed = f({ basis: 'events', stage: 'service-endpoints', ruleId: 'd' });
    const r = resolveFindings([events, state, nodeEv, notPassed], m);
    expect(r.history.map((x) => x.ruleId)).toEqual(['a']);
    expect(r.current.map((x) => x.ruleId)).toEqual(['b', 'c', 'd']);
  });
});

describe('compareFindings', () => {
  it.each<[string, Finding, Finding]>([
    ['chain order first', f({ stage: 'scheduling', ruleId: 'z' }), f({ stage: 'image-pull', ruleId: 'a' })],
    [
      'failed before progressing',
      f({ status: 'failed', ruleId: 'z' }),
      f({ status: 'progressing', ruleId: 'a' }),
    ],
    [
      'then rule id',
      f({ ruleId: 'a', container: { type: 'app', name: 'z' } }),
      f({ ruleId: 'b', container: init }),
    ],
    [
      'then init containers before app ones',
      f({ container: { type: 'init', name: 'z' } }),
      f({ container: { type: 'app', name: 'a' } }),
    ],
    ['an init container before no container', f({ container: init }), f({})],
    [
      'then container name',
      f({ container: { type: 'app', name: 'a' } }),
      f({ container: { type: 'app', name: 'b' } }),
    ],
  ])('%s', (_name, first, second) => {
    expect(compareFindings(first, second)).toBeLessThan(0);
    expect(compareFindings(second, first)).toBeGreaterThan(0);
    expect([second, first].sort(compareFindings)).toEqual([first, second]);
  });

  it('two findings that differ in nothing compared compare equal', () => {
    expect(compareFindings(f({}), f({}))).toBe(0);
    expect(compareFindings(f({ container: app }), f({ container: app }))).toBe(0);
  });
});
