/**
 * docs/architecture.md §1, "progressing needs proof of youth", as a table over every stage: a finding a
 * rule calls progressing stays so only when the evidence dates its start inside the grace period;
 * with no time at all it is failed, duration unknown; when the evidence shows it lasting past the
 * grace period it is failed.
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord, Finding, Pod, StageId } from '../../model/index.js';
import { STAGE_IDS } from '../../model/index.js';
import {
  at,
  cond,
  container,
  cstatus,
  event,
  ms,
  pod,
  service,
  snapshot,
  state,
} from '../../../test/builders.js';
import { diagnose } from './diagnose.js';
import { judgeTiming, timedConfidence, type FailureTimes } from './failure-timing.js';
import { eventEvidence } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import type { Rule } from '../types.js';

const NOW_S = 3600;
const GRACE_S = 60;

/** A rule that reports its stage as progressing, quoting the pod's Warning events. */
function progressingRule(stage: StageId, extra: Partial<Finding> = {}): Rule {
  const meta = {
    id: `${stage}/slow`,
    stage,
    target: 'pod',
    title: 'slow',
    description: 'slow',
    reasons: [],
    graceSeconds: GRACE_S,
    needs: ['pods'],
    messages: { m: 'slow' },
    docs: '',
  } as const;
  return {
    meta,
    evaluate(ctx) {
      const quoted = ctx.events.filter((e) => e.type === 'Warning').map((e) => eventEvidence(e, ctx.now));
      return [
        {
          ...finding(meta, {
            reason: 'Unschedulable',
            messageId: 'm',
            status: 'progressing',
            evidence: [{ source: 'status', text: 'state' }, ...quoted],
            nextSteps: [],
          }),
          ...extra,
        },
      ];
    },
  };
}

/** A pod object with no time in it at all (a pasted table row, a fragment). */
function undatedPod(): Pod {
  const p = pod({ containers: [container('app')] });
  return { ...p, metadata: { name: p.metadata.name, namespace: 'default' } };
}

function undatedEvent(): EventRecord {
  const e = event({ reason: 'Warned', message: 'it fails' });
  return { regarding: e.regarding, reason: e.reason, message: e.message, type: e.type, count: 1 };
}

/** A `kubectl get events` row: seen `lastS`, first-seen time and count not shown. */
function lastSeenOnly(lastS: number): EventRecord {
  const e = event({ reason: 'Warned', message: 'it fails', lastS });
  return {
    regarding: e.regarding,
    reason: e.reason,
    message: e.message,
    type: e.type,
    last: ms(lastS),
    count: 1,
  };
}

type Case = 'no time' | 'young' | 'old' | 'last seen only' | 'last seen only, pod young';

/** The evidence for each case: nothing dated; a pod and failure seconds old; a failure seen for 20 minutes. */
function evidenceFor(c: Case): { pods: Pod[]; events: EventRecord[] } {
  switch (c) {
    case 'no time':
      return { pods: [undatedPod()], events: [undatedEvent()] };
    case 'young':
      return {
        pods: [pod({ createdS: NOW_S - 10 })],
        events: [event({ reason: 'Warned', firstS: NOW_S - 8, lastS: NOW_S - 1, count: 3 })],
      };
    case 'old':
      return {
        pods: [pod({ createdS: NOW_S - 1300 })],
        events: [event({ reason: 'Warned', firstS: NOW_S - 1200, lastS: NOW_S - 1, count: 40 })],
      };
    case 'last seen only':
      return { pods: [undatedPod()], events: [lastSeenOnly(NOW_S - 5)] };
    case 'last seen only, pod young':
      return { pods: [pod({ createdS: NOW_S - 10 })], events: [lastSeenOnly(NOW_S - 5)] };
  }
}

/**
 * A failure seen 5 s ago whose first sight is not shown may have begun at any time before: young
 * only when the pod itself is (its creation bounds every stage but admission, which precedes the
 * pod, and termination, which begins at deletion).
 */
function expected(stage: StageId, c: Case): 'failed' | 'progressing' {
  if (c === 'last seen only, pod young')
    return stage === 'admission' || stage === 'termination' ? 'failed' : 'progressing';
  return c === 'young' ? 'progressing' : 'failed';
}

const CASES = ['no time', 'young', 'old', 'last seen only', 'last seen only, pod young'] as const;
const TABLE = STAGE_IDS.flatMap((stage) => CASES.map((c) => ({ stage, c })));

describe('progressing needs proof of youth, for every stage', () => {
  it.each(TABLE)('$stage, $c', ({ stage, c }) => {
    const { pods, events } = evidenceFor(c);
    const [d] = diagnose(snapshot({ pods, events }), {
      now: ms(NOW_S),
      rules: [progressingRule(stage)],
    }).diagnoses;
    expect(d?.stage).toBe(stage);
    expect(d?.verdict).toBe(expected(stage, c));
    const notes = d?.notes.join('\n') ?? '';
    if (expected(stage, c) === 'failed' && c.startsWith('last seen only')) {
      expect(notes).toContain(
        'duration unknown: the evidence shows this ' +
          stage +
          ' failure by 5s ago but not when it was first seen',
      );
      expect(d?.confidence).toBe('medium');
    } else if (c === 'no time') {
      expect(notes).toContain('duration unknown');
      // state-based findings are high; an unknown duration costs one step
      expect(d?.confidence).toBe('medium');
    } else if (c === 'old') {
      expect(notes).toMatch(/has (not passed|been failing) for (19|2\d)m/);
      expect(d?.confidence).toBe('high');
    } else {
      expect(notes).not.toContain('duration unknown');
    }
  });
});

describe('failure timing details', () => {
  const run = (pods: Pod[], events: EventRecord[], rule: Rule) =>
    diagnose(snapshot({ pods, events }), { now: ms(NOW_S), rules: [rule] }).diagnoses[0];

  it('dates a handoff stage from the milestone before it, however late its first failure', () => {
    // Scheduled 4 minutes ago, sandbox failures seen only in the last seconds: stuck for 4 minutes.
    const scheduled = event({ reason: 'Scheduled', type: 'Normal', lastS: NOW_S - 240 });
    const failing = event({ reason: 'FailedCreatePodSandBox', lastS: NOW_S - 5 });
    const d = run([pod({ createdS: NOW_S - 245 })], [scheduled, failing], progressingRule('sandbox-network'));
    expect(d?.verdict).toBe('failed');
    expect(d?.notes.join('\n')).toContain('has not passed for 4m');
  });

  it("dates a check the kubelet repeats from its failures' span, not from the container's start", () => {
    const p = pod({
      createdS: 0,
      nodeName: 'n',
      containerStatuses: [cstatus('app', { state: state.running(10) })],
    });
    // One readiness failure a few seconds after a start long ago: young.
    const blip = event({ reason: 'Unhealthy', firstS: NOW_S - 5, lastS: NOW_S - 5 });
    expect(run([p], [blip], progressingRule('readiness'))?.verdict).toBe('progressing');
    // Failures over 20 minutes: old.
    const long = event({ reason: 'Unhealthy', firstS: NOW_S - 1200, lastS: NOW_S - 5, count: 120 });
    expect(run([p], [long], progressingRule('readiness'))?.verdict).toBe('failed');
  });

  it("dates a restarted container's stages from the end of its last instance", () => {
    const rule = progressingRule('image-pull', { container: { name: 'app', type: 'app' } });
    const restarted = (lastEndS: number | undefined) =>
      pod({
        createdS: 0,
        nodeName: 'n',
        conditions: [cond('PodReadyToStartContainers', 'True', undefined, undefined, 5)],
        containerStatuses: [
          cstatus('app', {
            state: state.waiting('ErrImagePull'),
            restartCount: 4,
            ...(lastEndS === undefined
              ? {}
              : { lastState: state.terminated(1, 'Error', { finishedS: lastEndS }) }),
          }),
        ],
      });
    expect(run([restarted(NOW_S - 20)], [], rule)?.verdict).toBe('progressing');
    expect(run([restarted(undefined)], [], rule)?.verdict).toBe('failed');
  });

  it("counts a rule's own since as the failure's first sight", () => {
    const p = undatedPod();
    const young = progressingRule('volumes', { since: ms(NOW_S - 20) });
    expect(run([p], [], young)?.verdict).toBe('progressing');
    const old = progressingRule('volumes', { since: ms(NOW_S - 600) });
    expect(run([p], [], old)?.verdict).toBe('failed');
  });

  it('keeps a failed finding failed, and notes an unknown duration only where a grace applies', () => {
    const failedRule = progressingRule('volumes', { status: 'failed' });
    const d = run([undatedPod()], [], failedRule);
    expect(d?.verdict).toBe('failed');
    expect(d?.notes.join('\n')).toContain('duration unknown');
    const definite: Rule = { ...failedRule, meta: { ...failedRule.meta, graceSeconds: 0 } };
    expect(run([undatedPod()], [], definite)?.notes.join('\n')).not.toContain('duration unknown');
  });

  it('counts nothing as young when the only "now" is the newest time in uncaptured evidence, and that is when the failure began', () => {
    // A pod whose newest time is its own creation: pasted without a capture time, or captured.
    const p = pod({ createdS: NOW_S });
    const rule = progressingRule('image-pull');
    const bare = snapshot({ pods: [p] });
    const uncaptured = diagnose(bare, { now: ms(NOW_S), rules: [rule] }).diagnoses[0];
    expect(uncaptured?.verdict).toBe('failed');
    expect(uncaptured?.notes.join('\n')).toContain('nothing in the evidence is dated after');
    // Captured 5 s after the pod was created: the capture is the observation that dates it.
    const captured = snapshot({ pods: [p], capturedAt: new Date(ms(NOW_S + 5)).toISOString() });
    expect(diagnose(captured, { now: ms(NOW_S + 5), rules: [rule] }).diagnoses[0]?.verdict).toBe(
      'progressing',
    );
    // A clock the caller chose (--now, a live read) is an observation time too.
    expect(diagnose(bare, { now: ms(NOW_S + 5), rules: [rule] }).diagnoses[0]?.verdict).toBe('progressing');
  });

  it('judges a Service target from its creation time', () => {
    const r = progressingRule('service-endpoints');
    const svcRule: Rule = { ...r, meta: { ...r.meta, target: 'service' } };
    const base = service({ name: 'web', selector: { app: 'web' } });
    const svc = { ...base, metadata: { ...base.metadata, creationTimestamp: at(NOW_S - 10) } };
    const young = diagnose(snapshot({ services: [svc] }), { now: ms(NOW_S), rules: [svcRule] }).diagnoses;
    expect(young[0]?.verdict).toBe('progressing');
    const old = diagnose(snapshot({ services: [svc] }), { now: ms(NOW_S + 600), rules: [svcRule] }).diagnoses;
    expect(old[0]?.verdict).toBe('failed');
  });

  it('leaves progress that is not about time to rules without a grace period', () => {
    const r = progressingRule('scheduling');
    const noGrace: Rule = { ...r, meta: { ...r.meta, graceSeconds: 0 } };
    expect(run([undatedPod()], [], noGrace)?.verdict).toBe('progressing');
  });
});

describe('judgeTiming at the grace boundary: lasting exactly the grace period is failed', () => {
  const NOW = ms(NOW_S);
  const GRACE = GRACE_S * 1000;
  const clock = { now: NOW, anchored: true };
  const judged = (stage: StageId, times: FailureTimes): string => {
    const rule = progressingRule(stage);
    const f = finding(rule.meta, {
      reason: 'Unschedulable',
      messageId: 'm',
      status: 'progressing',
      evidence: [],
      nextSteps: [],
    });
    return judgeTiming(f, rule.meta, times, clock).finding.status;
  };
  // [how it is dated, stage, times built from the ms the failure has lasted, ...]
  const dated: [string, StageId, (lasted: number) => FailureTimes][] = [
    [
      'a handoff stage, from the milestone before it',
      'volumes',
      (lasted) => ({ notBefore: NOW - lasted, seenBy: NOW - 1, lastSeen: NOW - 1 }),
    ],
    [
      'a handoff stage, from its first failure before any milestone',
      'image-pull',
      (lasted) => ({ notBefore: undefined, seenBy: NOW - lasted, lastSeen: NOW - 1 }),
    ],
    [
      'a repeated check, from its first to its last failure',
      'readiness',
      (lasted) => ({ notBefore: NOW - 2 * GRACE, seenBy: NOW - lasted - 5, lastSeen: NOW - 5 }),
    ],
    [
      'an event row without first-seen time, bounded by the stage that passed before it',
      'readiness',
      // A `kubectl get events` row last seen 30 s and 20 s ago, its first sight unknown: it
      // lasted 10 s as far as the rows show, but may have begun as early as the stage before it
      // passed, `lasted` before its last sight; youth is proven only while that is under the grace.
      (lasted) => ({
        notBefore: NOW - 20_000 - lasted,
        seenBy: NOW - 30_000,
        lastSeen: NOW - 20_000,
        openBy: NOW - 30_000,
      }),
    ],
  ];
  const rows = dated.flatMap(([how, stage, times]) =>
    (
      [
        ['1 ms before the grace', GRACE - 1, 'progressing'],
        ['exactly the grace', GRACE, 'failed'],
        ['1 ms after the grace', GRACE + 1, 'failed'],
      ] as const
    ).map(([when, lasted, status]) => [`${how}: ${when}`, stage, times(lasted), status] as const),
  );
  it.each(rows)('%s', (_, stage, times, status) => {
    expect(judged(stage, times)).toBe(status);
  });
});

describe('judgeTiming: notes, since and reported failures', () => {
  const NOW = ms(NOW_S);
  const rule = progressingRule('image-pull');
  const make = (status: Finding['status'], extra: Partial<Finding> = {}): Finding => ({
    ...finding(rule.meta, { reason: 'PullBackOff', messageId: 'm', status, evidence: [], nextSteps: [] }),
    ...extra,
  });
  const none: FailureTimes = { notBefore: undefined, seenBy: undefined, lastSeen: undefined };

  it.each([
    ['no time at all', none, 'the evidence shows no time for when this image-pull failure began'],
    [
      'a start at the reference time itself',
      { notBefore: undefined, seenBy: NOW, lastSeen: NOW },
      'nothing in the evidence is dated after this image-pull failure began',
    ],
  ] as const)('%s: failed, duration unknown', (_name, times, why) => {
    const t = judgeTiming(make('progressing'), rule.meta, times, { now: NOW, anchored: true });
    expect(t.finding.status).toBe('failed');
    expect(t.note).toBe(`duration unknown: ${why}, so it is not counted as still in progress (grace 60s).`);
    expect([t.durationUnknown, t.since]).toEqual([true, undefined]);
  });

  it('a failed finding without time stays the same object', () => {
    const f = make('failed');
    expect(judgeTiming(f, rule.meta, none, { now: NOW, anchored: true }).finding).toBe(f);
  });

  it('a reported failure has no grace: the rule judges it, dated from its start', () => {
    const f = make('progressing', { reported: true });
    const t = judgeTiming(
      f,
      rule.meta,
      { notBefore: undefined, seenBy: NOW - 5_000, lastSeen: NOW - 1_000 },
      {
        now: NOW,
        anchored: true,
      },
    );
    expect(t).toStrictEqual({ finding: f, note: undefined, durationUnknown: false, since: NOW - 5_000 });
  });

  it.each([
    ['before the reference time', NOW - 5_000, NOW - 5_000],
    ['at the reference time', NOW, NOW],
    ['after the reference time', NOW + 5_000, undefined],
  ])('a start %s is dated %s', (_name, start, since) => {
    const f = make('progressing', { reported: true });
    const t = judgeTiming(
      f,
      rule.meta,
      { notBefore: undefined, seenBy: start, lastSeen: start },
      { now: NOW, anchored: true },
    );
    expect(t.since).toBe(since);
  });
});

describe('timedConfidence', () => {
  const t = (durationUnknown: boolean) => ({
    finding: {} as Finding,
    note: undefined,
    durationUnknown,
    since: undefined,
  });
  it.each([
    ['high', undefined, 'high'],
    ['high', t(false), 'high'],
    ['high', t(true), 'medium'],
    ['medium', t(true), 'low'],
    ['low', t(true), 'low'],
    ['medium', t(false), 'medium'],
  ] as const)('%s with %o → %s', (level, timing, expected) => {
    expect(timedConfidence(level, timing)).toBe(expected);
  });
});

describe('judgeTiming: an event row without first-seen time (openBy) proves youth only with a late enough milestone', () => {
  const NOW = ms(NOW_S);
  const rule = progressingRule('readiness');
  const f = finding(rule.meta, {
    reason: 'NotReady',
    messageId: 'm',
    status: 'progressing',
    evidence: [],
    nextSteps: [],
  });
  it.each([
    // Another quoted event was first seen before the row: its first sight dates the failure.
    [
      'first seen before the row',
      { notBefore: undefined, seenBy: NOW - 40_000, lastSeen: NOW - 20_000, openBy: NOW - 30_000 },
      'progressing',
    ],
    // The stage before passed exactly when the failure was first seen: it lasted at most 10 s.
    [
      'milestone at the start',
      { notBefore: NOW - 30_000, seenBy: NOW - 30_000, lastSeen: NOW - 20_000, openBy: NOW - 30_000 },
      'progressing',
    ],
    // A milestone after the first sight cannot bound a failure already showing before it.
    [
      'milestone after the start',
      { notBefore: NOW - 10_000, seenBy: NOW - 30_000, lastSeen: NOW - 20_000, openBy: NOW - 30_000 },
      'failed',
    ],
    [
      'no milestone',
      { notBefore: undefined, seenBy: NOW - 30_000, lastSeen: NOW - 20_000, openBy: NOW - 30_000 },
      'failed',
    ],
  ] as const)('%s → %s', (_name, times, status) => {
    const t = judgeTiming(f, rule.meta, times, { now: NOW, anchored: true });
    expect(t.finding.status).toBe(status);
    expect(t.note).toBe(
      status === 'failed'
        ? 'duration unknown: the evidence shows this readiness failure by 30s ago but not when it was first seen, so it is not counted as still in progress (grace 60s).'
        : undefined,
    );
  });
});
