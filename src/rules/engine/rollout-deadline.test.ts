/**
 * The owning Deployment's ProgressDeadlineExceeded condition (deployment controller text,
 * pkg/controller/deployment/util/deployment_util.go: `ReplicaSet "%s" has timed out progressing.`
 * / `Deployment "%s" has timed out progressing.`) read per pod, and applied to its findings.
 */
import { describe, expect, it } from 'vitest';
import { workload } from '../../../test/builders.js';
import type { Finding, Workload, WorkloadCondition } from '../../model/index.js';
import type { Timing } from './failure-timing.js';
import { applyRolloutDeadline, rolloutDeadlineExceeded } from './rollout-deadline.js';

const NOTE =
  'The deployment controller stopped waiting for this rollout (ProgressDeadlineExceeded), so the wait is failed, not progressing.';
const RS_TIMED_OUT = 'ReplicaSet "web-7d9" has timed out progressing.';

function cond(over: Partial<WorkloadCondition> = {}): WorkloadCondition {
  return {
    type: 'Progressing',
    status: 'False',
    reason: 'ProgressDeadlineExceeded',
    message: RS_TIMED_OUT,
    lastUpdateTime: '2026-01-01T00:00:40Z',
    lastTransitionTime: '2026-01-01T00:00:25Z',
    ...over,
  };
}

function owners(conditions: WorkloadCondition[], rsName: string | null = 'web-7d9'): Workload[] {
  const deploy = workload({ kind: 'Deployment', name: 'web', conditions });
  return rsName === null
    ? [deploy]
    : [workload({ kind: 'ReplicaSet', name: rsName, owner: { kind: 'Deployment', name: 'web' } }), deploy];
}

describe('rolloutDeadlineExceeded', () => {
  it('quotes the condition with its transition time', () => {
    expect(rolloutDeadlineExceeded(owners([cond()]))).toStrictEqual({
      evidence: {
        source: 'condition',
        text: `Deployment web: Progressing=False ProgressDeadlineExceeded: ${RS_TIMED_OUT}`,
        at: '2026-01-01T00:00:25Z',
      },
      note: NOTE,
    });
  });

  it.each([
    ['only lastUpdateTime', { lastUpdateTime: '2026-01-01T00:00:40Z' }, '2026-01-01T00:00:40Z'],
    [
      'both: the transition time wins',
      { lastTransitionTime: '2026-01-01T00:00:25Z', lastUpdateTime: '2026-01-01T00:00:40Z' },
      '2026-01-01T00:00:25Z',
    ],
    ['only lastTransitionTime', { lastTransitionTime: '2026-01-01T00:00:25Z' }, '2026-01-01T00:00:25Z'],
  ])('dated from %s', (_name, times, expected) => {
    const c: WorkloadCondition = {
      type: 'Progressing',
      status: 'False',
      reason: 'ProgressDeadlineExceeded',
      message: RS_TIMED_OUT,
      ...times,
    };
    expect(rolloutDeadlineExceeded(owners([c]))?.evidence.at).toBe(expected);
  });

  it('an undated condition gives evidence without an at key', () => {
    const c: WorkloadCondition = { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' };
    const d = rolloutDeadlineExceeded(owners([c]));
    expect(d?.evidence).toStrictEqual({
      source: 'condition',
      text: 'Deployment web: Progressing=False ProgressDeadlineExceeded',
    });
    expect(d !== undefined && 'at' in d.evidence).toBe(false);
  });

  it.each([
    ['Progressing=True ProgressDeadlineExceeded', cond({ status: 'True' })],
    ['Progressing=False with another reason', cond({ reason: 'ReplicaSetUpdated' })],
    ['Available=False ProgressDeadlineExceeded', cond({ type: 'Available' })],
    [
      'Progressing=Unknown NewReplicaSetAvailable',
      cond({ status: 'Unknown', reason: 'NewReplicaSetAvailable' }),
    ],
  ])('%s is not a deadline', (_name, c) => {
    expect(rolloutDeadlineExceeded(owners([c]))).toBeUndefined();
  });

  it('finds the matching condition among others, quoting its own message', () => {
    const available: WorkloadCondition = {
      type: 'Available',
      status: 'False',
      reason: 'MinimumReplicasUnavailable',
      message: 'Deployment does not have minimum availability.',
      lastTransitionTime: '2026-01-01T00:00:05Z',
    };
    const d = rolloutDeadlineExceeded(owners([available, cond()]));
    expect(d?.evidence.text).toBe(
      `Deployment web: Progressing=False ProgressDeadlineExceeded: ${RS_TIMED_OUT}`,
    );
    expect(d?.evidence.at).toBe('2026-01-01T00:00:25Z');
  });

  it.each([
    ['no owners', [] as Workload[]],
    ['a ReplicaSet without a Deployment', [workload({ kind: 'ReplicaSet', name: 'web-7d9' })]],
    ['a Deployment without conditions', [workload({ kind: 'Deployment', name: 'web' })]],
  ])('%s: nothing', (_name, os) => {
    expect(rolloutDeadlineExceeded(os)).toBeUndefined();
  });

  it.each([
    ["names this pod's ReplicaSet", RS_TIMED_OUT, 'web-7d9', true],
    ['names another ReplicaSet', 'ReplicaSet "web-new" has timed out progressing.', 'web-7d9', false],
    ['names the Deployment only', 'Deployment "web" has timed out progressing.', 'web-7d9', true],
    // No ReplicaSet among the owners: which one timed out cannot be compared, so it counts.
    ['names a ReplicaSet, pod owned by the Deployment directly', RS_TIMED_OUT, null, true],
  ] as const)('condition %s (pod RS %s) → %s', (_name, message, rs, applies) => {
    const d = rolloutDeadlineExceeded(owners([cond({ message })], rs));
    expect(d === undefined ? undefined : d.evidence.text).toBe(
      applies ? `Deployment web: Progressing=False ProgressDeadlineExceeded: ${message}` : undefined,
    );
  });
});

function finding(status: Finding['status'], reason: Finding['reason'] = 'NotReady'): Finding {
  return {
    ruleId: 'readiness/not-ready',
    stage: 'readiness',
    reason,
    status,
    basis: 'state',
    messageId: 'm',
    data: {},
    evidence: [{ source: 'status', text: 'containers with unready status: [app]' }],
    nextSteps: [],
  };
}

describe('applyRolloutDeadline', () => {
  const deadline = rolloutDeadlineExceeded(owners([cond()]));

  it('without a deadline returns the findings unchanged and leaves the timings alone', () => {
    const f = finding('progressing');
    const timings = new Map<Finding, Timing>();
    const out = applyRolloutDeadline([f], timings, undefined);
    expect(out).toStrictEqual([f]);
    expect(out[0]).toBe(f);
    expect(timings.size).toBe(0);
  });

  it('turns a progressing finding without a timing failed, with a fresh timing', () => {
    const f = finding('progressing');
    const timings = new Map<Finding, Timing>();
    const [out] = applyRolloutDeadline([f], timings, deadline);
    expect(out?.status).toBe('failed');
    expect(out?.evidence).toStrictEqual([...f.evidence, deadline?.evidence]);
    expect(timings.get(out as Finding)).toStrictEqual({
      durationUnknown: false,
      since: undefined,
      finding: out,
      note: NOTE,
    });
  });

  it('keeps the duration facts of an existing timing, replacing finding and note', () => {
    const f = finding('progressing');
    const timings = new Map<Finding, Timing>([
      [f, { finding: f, note: 'old note', durationUnknown: true, since: 12_345 }],
    ]);
    const [out] = applyRolloutDeadline([f], timings, deadline);
    expect(timings.get(out as Finding)).toStrictEqual({
      durationUnknown: true,
      since: 12_345,
      finding: out,
      note: NOTE,
    });
  });

  it('leaves failed findings as they are', () => {
    const f = finding('failed', 'CrashLoopBackOff');
    const timings = new Map<Finding, Timing>();
    const out = applyRolloutDeadline([f], timings, deadline);
    expect(out[0]).toBe(f);
    expect(timings.size).toBe(0);
  });
});
