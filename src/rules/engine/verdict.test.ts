/** Pods no rule explains (progressing vs unknown, terminating) and healthy pods with restarts, judged by verdict.ts. */
import { describe, expect, it } from 'vitest';
import type { EvidenceKind, Finding, Pod, StageId } from '../../model/index.js';
import type { Rule } from '../types.js';
import { finding } from '../shared/finding.js';
import {
  at,
  cond,
  container,
  cstatus,
  event,
  ms,
  pod,
  runningPod,
  snapshot,
  state,
} from '../../../test/builders.js';
import { diagnose } from './diagnose.js';

/** Scheduled at 5 s, its container still being created: the wait (node stage) began at 5 s. */
const scheduled = pod({
  nodeName: 'node-1',
  conditions: [
    cond('PodScheduled', 'True', undefined, undefined, 5),
    cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app]', 5),
  ],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});

function judge(p: Pod, nowS: number, collected?: EvidenceKind[]) {
  const snap = snapshot({ pods: [p], events: [], ...(collected === undefined ? {} : { collected }) });
  const d = diagnose(snap, { now: ms(nowS), rules: [] }).diagnoses.find((x) => x.target.kind === 'Pod');
  if (d === undefined) throw new Error('no pod diagnosis');
  return d;
}

describe('a pod no rule explains', () => {
  it.each([
    // The wait began at 5 s; RECENT_ACTIVITY_MS is 10 minutes, exclusive.
    [
      30,
      'progressing',
      'node',
      'Progressing: Node in progress (created 30s ago); nothing has failed so far.',
    ],
    [
      604,
      'progressing',
      'node',
      'Progressing: Node in progress (created 10m ago); nothing has failed so far.',
    ],
    [605, 'unknown', null, 'Not Ready (created 10m ago), and the evidence does not show why.'],
    // Nothing is dated after a wait that began at the reference time itself.
    [5, 'unknown', null, 'Not Ready (created 5s ago), and the evidence does not show why.'],
  ] as const)('at %d s: %s (%s)', (nowS, verdict, stage, summary) => {
    const d = judge(scheduled, nowS);
    expect([d.verdict, d.stage, d.summary, d.confidence]).toEqual([
      verdict,
      stage,
      summary,
      verdict === 'unknown' ? 'low' : 'medium',
    ]);
    expect(d.notes).toEqual([]);
    expect(d.chain.slice(1, 4).map((e) => e.status)).toEqual(
      verdict === 'progressing' ? ['passed', 'progressing', 'not-reached'] : ['passed', 'unknown', 'unknown'],
    );
    expect(d.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
    ]);
  });

  it.each([
    [['pods', 'events'] as EvidenceKind[], "The evidence holds none of the pod's status: its state is unknown."],
    [['pods'] as EvidenceKind[], "The evidence holds none of the pod's status or events: its state is unknown."],
  ])('a pod known by its name alone (collected: %j) claims no state', (collected, summary) => {
    // As a paste gives it: a name, no creation time, no status.
    const named = pod({});
    delete (named.status as { phase?: string }).phase;
    delete (named.metadata as { creationTimestamp?: string }).creationTimestamp;
    const d = judge(named, 30, collected);
    expect([d.verdict, d.summary]).toEqual(['unknown', summary]);
  });

  it('quotes the phase, the conditions that are not True and the waiting containers', () => {
    expect(judge(scheduled, 30).evidence).toEqual([
      { source: 'status', text: 'phase: Pending (kubectl STATUS ContainerCreating)' },
      {
        source: 'condition',
        text: 'Ready=False ContainersNotReady: containers with unready status: [app]',
        at: at(5),
      },
      { source: 'status', text: 'container app: waiting ContainerCreating' },
    ]);
  });

  it('a Failed pod is not progressing however recent', () => {
    const failed: Pod = { ...scheduled, status: { ...scheduled.status, phase: 'Failed' } };
    expect(judge(failed, 30).verdict).toBe('unknown');
  });

  it.each([
    [30, 'progressing', 'Progressing: Node in progress (created 30s ago); nothing has failed so far.'],
    [
      605,
      'unknown',
      'Not Ready (created 10m ago), and the evidence does not show why (events were not provided).',
    ],
  ] as const)(
    'without events (at %d s): a note and, when unknown, the summary say so',
    (nowS, verdict, summary) => {
      const d = judge(scheduled, nowS, ['pods']);
      expect([d.verdict, d.summary]).toEqual([verdict, summary]);
      expect(d.notes).toEqual(['not in the evidence: events']);
    },
  );

  it('a pod being deleted is terminating within its grace period', () => {
    const d = judge(pod({ deletionS: 20 }), 50);
    expect([d.verdict, d.stage, d.summary, d.confidence]).toEqual([
      'progressing',
      'termination',
      'Terminating; deletion requested 30s ago, within its grace period.',
      'medium',
    ]);
    expect(d.chain.at(-1)).toEqual({ stage: 'termination', status: 'progressing' });
    expect(d.chain).toHaveLength(14);
  });

  it('a Ready pod being deleted is terminating, not healthy', () => {
    const p = runningPod({ deletionS: 20 });
    expect([judge(p, 50).verdict, judge(p, 50).stage]).toEqual(['progressing', 'termination']);
  });
});

describe('a healthy pod that restarted', () => {
  const restarted = runningPod({
    containers: [container('app'), container('sidecar')],
    containerStatuses: [
      cstatus('app', {
        state: state.running(30),
        ready: true,
        restartCount: 2,
        lastState: state.terminated(1, 'Error', { startedS: 10, finishedS: 20 }),
      }),
      cstatus('sidecar', {
        state: state.running(8),
        ready: true,
        restartCount: 1,
        lastState: state.terminated(137, 'OOMKilled', { startedS: 3, finishedS: 7 }),
      }),
    ],
  });
  const NOTE =
    'Restarted 3 time(s) earlier; the last end of app was Error (exit 1) 60s ago. Running and Ready since.';

  it('names the most recent end among its containers', () => {
    const d = judge(restarted, 80);
    expect([d.verdict, d.summary, d.confidence]).toEqual(['healthy', `Running and Ready. ${NOTE}`, 'high']);
    expect(d.notes).toEqual([NOTE]);
  });

  it('the same containers listed the other way round give the same note', () => {
    const statuses = restarted.status.containerStatuses ?? [];
    const reversed: Pod = {
      ...restarted,
      status: { ...restarted.status, containerStatuses: [...statuses].reverse() },
    };
    expect(judge(reversed, 80).notes).toEqual([NOTE]);
  });

  it('an undated last end, without a reason, reads plainly', () => {
    const p = runningPod({
      containerStatuses: [
        cstatus('app', {
          state: state.running(30),
          ready: true,
          restartCount: 1,
          lastState: { terminated: { exitCode: 2 } },
        }),
      ],
    });
    expect(judge(p, 80).notes).toEqual([
      'Restarted 1 time(s) earlier; the last end of app was exit (exit 2). Running and Ready since.',
    ]);
  });

  it('restarts without a last state shown', () => {
    const p = runningPod({
      containerStatuses: [cstatus('app', { state: state.running(30), ready: true, restartCount: 4 })],
    });
    expect(judge(p, 80).notes).toEqual(['Restarted 4 time(s) earlier; running now.']);
  });
});

describe('status evidence of an unexplained pod', () => {
  it('quotes at most six lines: phase, non-True conditions (reason and message when given), waiting containers', () => {
    const p = pod({
      nodeName: 'node-1',
      initContainers: [container('migrate')],
      containers: [container('app'), container('sidecar')],
      conditions: [
        cond('PodScheduled', 'True', undefined, undefined, 1),
        cond('PodReadyToStartContainers', 'False', undefined, undefined, 2),
        cond(
          'Initialized',
          'False',
          'ContainersNotInitialized',
          'containers with incomplete status: [migrate]',
          2,
        ),
        cond(
          'ContainersReady',
          'False',
          'ContainersNotReady',
          'containers with unready status: [app sidecar]',
          2,
        ),
        cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app sidecar]', 2),
      ],
      initContainerStatuses: [
        cstatus('migrate', {
          state: state.waiting(
            'CrashLoopBackOff',
            'back-off 10s restarting failed container=migrate pod=web-1_default(uid-web-1)',
          ),
        }),
      ],
      containerStatuses: [
        cstatus('app', { state: state.waiting('PodInitializing') }),
        cstatus('sidecar', { state: state.waiting('PodInitializing') }),
      ],
    });
    expect(judge(p, 30).evidence.map((e) => e.text)).toEqual([
      'phase: Pending (kubectl STATUS Init:CrashLoopBackOff)',
      'PodReadyToStartContainers=False',
      'Initialized=False ContainersNotInitialized: containers with incomplete status: [migrate]',
      'ContainersReady=False ContainersNotReady: containers with unready status: [app sidecar]',
      'Ready=False ContainersNotReady: containers with unready status: [app sidecar]',
      'container migrate: waiting CrashLoopBackOff: back-off 10s restarting failed container=migrate pod=web-1_default(uid-web-1)',
    ]);
  });

  it('a pod without phase or conditions quotes only its waiting containers', () => {
    const base = pod({ containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })] });
    const p: Pod = { ...base, status: { containerStatuses: base.status.containerStatuses ?? [] } };
    expect(judge(p, 30).evidence).toEqual([
      { source: 'status', text: 'container app: waiting ContainerCreating' },
    ]);
  });
});

/** A rule with its own id reporting the given findings for a pod. */
function rule(
  id: string,
  stage: StageId,
  needs: readonly EvidenceKind[],
  report: (ctx: Parameters<Rule['evaluate']>[0]) => Partial<Finding>[],
): Rule {
  const meta = {
    id,
    stage,
    target: 'pod',
    title: 'fake',
    description: 'fake',
    reasons: [],
    graceSeconds: 0,
    needs,
    messages: { m: `${id} {{what}}`, other: `${id} other {{what}}` },
    docs: '',
  } as const;
  return {
    meta,
    evaluate(ctx) {
      return report(ctx).map((r) => ({
        ...finding(meta, {
          reason: 'Unschedulable',
          messageId: 'm',
          data: { what: stage },
          evidence: [{ source: 'status', text: 'x' }],
          nextSteps: ['kubectl x'],
        }),
        ...r,
      }));
    },
  };
}

const pullBackOff = pod({
  nodeName: 'node-1',
  conditions: [cond('PodScheduled', 'True', undefined, undefined, 1)],
  containerStatuses: [
    cstatus('app', {
      state: state.waiting('ImagePullBackOff', 'Back-off pulling image "registry.example/app:1.0"'),
    }),
  ],
});

describe('notes of a diagnosis with findings', () => {
  it('other failed stages are noted, not other findings of the chosen stage', () => {
    const rules = [
      rule('image-pull/a', 'image-pull', ['pods'], () => [{ reason: 'PullBackOff' }]),
      rule('image-pull/b', 'image-pull', ['pods'], () => [{ reason: 'ImageNotFound' }]),
      rule('crash/c', 'crash', ['pods'], () => [{ reason: 'CrashLoopBackOff' }]),
    ];
    const d = diagnose(snapshot({ pods: [pullBackOff], events: [] }), { now: ms(60), rules }).diagnoses[0];
    expect([d?.verdict, d?.stage, d?.ruleId]).toEqual(['failed', 'image-pull', 'image-pull/a']);
    expect(d?.notes).toEqual(['also (crash): crash/c crash']);
  });

  it('names the evidence kinds the chosen rule needs that were not collected', () => {
    const rules = [
      rule('image-pull/a', 'image-pull', ['pods', 'nodes', 'events'], () => [{ reason: 'PullBackOff' }]),
    ];
    const d = diagnose(snapshot({ pods: [pullBackOff], collected: ['pods'] }), { now: ms(60), rules })
      .diagnoses[0];
    expect(d?.notes).toEqual(['not in the evidence: nodes, events']);
    const all = diagnose(snapshot({ pods: [pullBackOff], collected: ['pods', 'nodes', 'events'] }), {
      now: ms(60),
      rules,
    }).diagnoses[0];
    expect(all?.notes).toEqual([]);
  });

  it('each resolved finding is noted once per rule and message', () => {
    const rules = [
      rule('scheduling/h', 'scheduling', ['pods'], (ctx) =>
        ctx.target === 'pod' && ctx.events.some((e) => e.reason === 'FailedScheduling')
          ? [{ basis: 'events' }, { basis: 'events' }, { basis: 'events', messageId: 'other' }]
          : [],
      ),
    ];
    const snap = snapshot({
      pods: [runningPod()],
      events: [
        event({
          reason: 'FailedScheduling',
          message: '0/3 nodes are available: 3 Insufficient cpu.',
          lastS: 0,
        }),
      ],
    });
    const d = diagnose(snap, { now: ms(60), rules }).diagnoses[0];
    expect(d?.verdict).toBe('healthy');
    expect(d?.notes).toEqual([
      'resolved earlier (scheduling): scheduling/h scheduling',
      'resolved earlier (scheduling): scheduling/h other scheduling',
    ]);
  });
});

describe('healthy and failed pods: restarts after success, init containers on the chain', () => {
  it('a Succeeded pod carries no restart note', () => {
    const p = pod({
      phase: 'Succeeded',
      containerStatuses: [
        cstatus('app', {
          state: state.terminated(0, 'Completed', { startedS: 20, finishedS: 30 }),
          restartCount: 1,
          lastState: state.terminated(1, 'Error', { startedS: 5, finishedS: 10 }),
        }),
      ],
    });
    const d = judge(p, 80);
    expect([d.verdict, d.summary, d.notes]).toEqual([
      'healthy',
      'Completed successfully (phase Succeeded).',
      [],
    ]);
    expect(d.evidence).toEqual([{ source: 'condition', text: 'phase: Succeeded' }]);
  });

  it.each([
    [true, 'passed'],
    [false, 'not-reached'],
  ] as const)(
    'after a failed pull, a pod with init containers (%s) shows init-containers %s',
    (hasInit, expected) => {
      const p = pod({
        nodeName: 'node-1',
        ...(hasInit ? { initContainers: [container('migrate')] } : {}),
        conditions: [
          cond('PodScheduled', 'True', undefined, undefined, 1),
          cond('Initialized', 'True', undefined, undefined, 4),
        ],
        ...(hasInit
          ? {
              initContainerStatuses: [
                cstatus('migrate', {
                  state: state.terminated(0, 'Completed', { startedS: 2, finishedS: 4 }),
                }),
              ],
            }
          : {}),
        containerStatuses: [cstatus('app', { state: state.waiting('ImagePullBackOff') })],
      });
      const rules = [rule('image-pull/a', 'image-pull', ['pods'], () => [{ reason: 'PullBackOff' }])];
      const d = diagnose(snapshot({ pods: [p], events: [] }), { now: ms(60), rules }).diagnoses[0];
      expect([d?.verdict, d?.stage]).toEqual(['failed', 'image-pull']);
      expect(d?.chain.find((e) => e.stage === 'init-containers')?.status).toBe(expected);
    },
  );
});
