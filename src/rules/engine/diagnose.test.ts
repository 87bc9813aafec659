import { describe, expect, it } from 'vitest';
import type { Finding, StageId } from '../../model/index.js';
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
  workload,
} from '../../../test/builders.js';
import { diagnose } from './diagnose.js';
import type { Rule, RuleTarget } from '../types.js';
import { finding } from '../shared/finding.js';

/** A rule that reports whatever `report` returns for each context. */
function fakeRule(
  stage: StageId,
  target: RuleTarget,
  report: (ctx: Parameters<Rule['evaluate']>[0]) => Partial<Finding> | undefined,
): Rule {
  const meta = {
    id: `${stage}/fake`,
    stage,
    target,
    title: 'fake',
    description: 'fake',
    reasons: [],
    graceSeconds: 0,
    needs: ['pods'],
    messages: { m: 'fake {{what}}' },
    docs: '',
  } as const;
  return {
    meta: meta,
    evaluate(ctx) {
      const r = report(ctx);
      if (r === undefined) return [];
      return [
        {
          ...finding(meta, {
            reason: 'Unschedulable',
            messageId: 'm',
            data: { what: stage },
            evidence: [{ source: 'status', text: 'x' }],
            nextSteps: ['kubectl x'],
          }),
          ...r,
        },
      ];
    },
  };
}

const schedulingFromEvents = fakeRule('scheduling', 'pod', (ctx) =>
  ctx.target === 'pod' && ctx.events.some((e) => e.reason === 'FailedScheduling')
    ? { basis: 'events', reason: 'InsufficientResources' }
    : undefined,
);
const crashFromState = fakeRule('crash', 'pod', (ctx) =>
  ctx.target === 'pod' &&
  ctx.pod.status.containerStatuses?.some((c) => c.state?.waiting?.reason === 'CrashLoopBackOff')
    ? { reason: 'CrashLoopBackOff' }
    : undefined,
);
const imagePullEvents = fakeRule('image-pull', 'pod', (ctx) =>
  ctx.target === 'pod' && ctx.events.some((e) => e.reason === 'Failed')
    ? { basis: 'events', reason: 'ImageNotFound', container: { name: 'app', type: 'app' } }
    : undefined,
);

describe('diagnose', () => {
  it('turns an events-only failure into history once a later stage passed', () => {
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
    const [d] = diagnose(snap, { now: ms(60), rules: [schedulingFromEvents] }).diagnoses;
    expect(d?.verdict).toBe('healthy');
    expect(d?.notes.join('\n')).toContain('resolved earlier (scheduling)');
  });

  it('keeps an events-only failure while the stage has not passed', () => {
    const snap = snapshot({ pods: [pod()], events: [event({ reason: 'FailedScheduling', lastS: 5 })] });
    const [d] = diagnose(snap, { now: ms(60), rules: [schedulingFromEvents] }).diagnoses;
    expect(d).toMatchObject({
      verdict: 'failed',
      stage: 'scheduling',
      reason: 'InsufficientResources',
      ruleId: 'scheduling/fake',
      confidence: 'medium',
    });
    expect(d?.chain.slice(0, 3)).toEqual([
      { stage: 'admission', status: 'passed', at: at(0) },
      // The failed stage is dated when the evidence first shows it failing.
      { stage: 'scheduling', status: 'failed', at: at(0) },
      { stage: 'node', status: 'not-reached' },
    ]);
  });

  it('judges container stages per container: a pull failure of one container stands while another runs', () => {
    const p = pod({
      phase: 'Pending',
      nodeName: 'node-1',
      containers: [container('app'), container('sidecar')],
      containerStatuses: [
        cstatus('app', { state: state.waiting('ImagePullBackOff') }),
        cstatus('sidecar', { state: state.running(3), ready: true }),
      ],
    });
    const snap = snapshot({
      pods: [p],
      events: [event({ reason: 'Failed', fieldPath: 'spec.containers{app}', lastS: 5 })],
    });
    const [d] = diagnose(snap, { now: ms(60), rules: [imagePullEvents] }).diagnoses;
    expect(d).toMatchObject({
      verdict: 'failed',
      stage: 'image-pull',
      container: { name: 'app', type: 'app' },
    });
  });

  it('picks the first failed stage in chain order and notes the later ones', () => {
    const p = pod({ containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff') })] });
    const snap = snapshot({ pods: [p], events: [event({ reason: 'FailedScheduling', lastS: 5 })] });
    const [d] = diagnose(snap, { now: ms(60), rules: [crashFromState, schedulingFromEvents] }).diagnoses;
    expect(d?.stage).toBe('scheduling');
    expect(d?.notes.some((n) => n.startsWith('also (crash)'))).toBe(true);
  });

  it('reports a Ready pod with past restarts as healthy, with a note', () => {
    const p = runningPod({
      containerStatuses: [
        cstatus('app', {
          state: state.running(100),
          ready: true,
          restartCount: 2,
          lastState: state.terminated(137, 'OOMKilled', { finishedS: 99 }),
        }),
      ],
    });
    const [d] = diagnose(snapshot({ pods: [p], events: [], services: [] }), {
      now: ms(4000),
      rules: [crashFromState],
    }).diagnoses;
    expect(d?.verdict).toBe('healthy');
    expect(d?.summary).toContain('Restarted 2 time(s) earlier');
    expect(d?.summary).toContain('OOMKilled');
    expect(d?.chain.every((c) => c.status === 'passed')).toBe(true);
    // Without Services in the evidence, whether one sends the pod traffic is unknown.
    const [partial] = diagnose(snapshot({ pods: [p], events: [] }), {
      now: ms(4000),
      rules: [crashFromState],
    }).diagnoses;
    expect(partial?.chain.at(-1)).toEqual({ stage: 'service-endpoints', status: 'unknown' });
  });

  it('says progressing for a young pod with no failure, unknown for an old one', () => {
    const snap = snapshot({ pods: [pod({ createdS: 0 })], events: [] });
    expect(diagnose(snap, { now: ms(30), rules: [] }).diagnoses[0]).toMatchObject({
      verdict: 'progressing',
      stage: 'scheduling',
    });
    const old = diagnose(snap, { now: ms(3600), rules: [] }).diagnoses[0];
    expect(old).toMatchObject({ verdict: 'unknown', stage: null, confidence: 'low' });
  });

  it('says what is missing when a pod without events is not Ready', () => {
    const [d] = diagnose(snapshot({ pods: [pod({ createdS: 0 })] }), { now: ms(3600), rules: [] }).diagnoses;
    expect(d?.verdict).toBe('unknown');
    expect(d?.summary).toContain('events were not provided');
  });

  it('rebuilds a pod known only from its events and says so', () => {
    const snap = snapshot({ events: [event({ reason: 'FailedScheduling', name: 'ghost', lastS: 5 })] });
    const [d] = diagnose(snap, { now: ms(60), rules: [schedulingFromEvents] }).diagnoses;
    expect(d?.target).toEqual({ kind: 'Pod', namespace: 'default', name: 'ghost' });
    expect(d?.verdict).toBe('failed');
    expect(d?.notes[0]).toContain('judged from its events only');
    expect(d?.confidence).toBe('low');
  });

  it('reports a workload only where a rule finds its failure, at its top-level owner', () => {
    const denied = fakeRule('admission', 'workload', (ctx) =>
      ctx.target === 'workload' && ctx.events.some((e) => e.reason === 'FailedCreate')
        ? { reason: 'QuotaExceeded' }
        : undefined,
    );
    const snap = snapshot({
      workloads: [
        workload({ kind: 'ReplicaSet', name: 'web-7d4', owner: { kind: 'Deployment', name: 'web' } }),
        workload({ kind: 'Deployment', name: 'quiet' }),
      ],
      events: [event({ reason: 'FailedCreate', kind: 'ReplicaSet', name: 'web-7d4', lastS: 1 })],
    });
    const ds = diagnose(snap, { now: ms(60), rules: [denied] }).diagnoses;
    expect(ds.map((d) => `${d.target.kind}/${d.target.name} ${d.verdict} ${d.stage}`)).toEqual([
      'Deployment/web failed admission',
    ]);
  });

  it('keeps going when a rule throws, and reports the rule', () => {
    const broken: Rule = {
      ...crashFromState,
      meta: { ...crashFromState.meta, id: 'crash/broken' },
      evaluate: () => {
        throw new Error('boom');
      },
    };
    // The fast path would skip the rule on this quiet pod: run every rule.
    const r = diagnose(snapshot({ pods: [runningPod()] }), {
      now: ms(60),
      rules: [broken],
      quietFastPath: false,
    });
    expect(r.diagnoses[0]?.verdict).toBe('healthy');
    expect(r.ruleFailures).toEqual([{ ruleId: 'crash/broken', target: 'pod/default/web-1', error: 'boom' }]);
  });

  it('orders failed first, then by chain order, then by name', () => {
    const snap = snapshot({
      pods: [
        runningPod({ name: 'a-ok' }),
        pod({
          name: 'b-crash',
          containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff') })],
          conditions: [cond('PodScheduled', 'True')],
          nodeName: 'n',
        }),
        pod({ name: 'c-pending' }),
      ],
      events: [event({ reason: 'FailedScheduling', name: 'c-pending', lastS: 1 })],
    });
    const ds = diagnose(snap, { now: ms(60), rules: [crashFromState, schedulingFromEvents] }).diagnoses;
    expect(ds.map((d) => d.target.name)).toEqual(['c-pending', 'b-crash', 'a-ok']);
  });

  it.each([
    [
      ['low', 'high'],
      ['b', 'a'],
    ],
    [
      ['high', 'low'],
      ['a', 'b'],
    ],
    [
      ['medium', 'high'],
      ['b', 'a'],
    ],
    [
      ['high', 'high'],
      ['a', 'b'],
    ],
  ] as const)('within one stage, the surer diagnosis first: confidences %j -> %j', (confidence, order) => {
    const sure = fakeRule('readiness', 'pod', (ctx) =>
      ctx.target === 'pod'
        ? { confidence: ctx.pod.metadata.name === 'a' ? confidence[0] : confidence[1] }
        : undefined,
    );
    const snap = snapshot({
      pods: [
        pod({ name: 'a', phase: 'Running', nodeName: 'n' }),
        pod({ name: 'b', phase: 'Running', nodeName: 'n' }),
      ],
    });
    const ds = diagnose(snap, { now: ms(60), rules: [sure] }).diagnoses;
    expect(ds.map((d) => [d.target.name, d.confidence])).toEqual(
      order.map((n) => [n, n === 'a' ? confidence[0] : confidence[1]]),
    );
  });
});

describe('owners without owner references', () => {
  it('links a ReplicaSet to the Deployment whose controller scaled it, as pasted events show', () => {
    const denied = fakeRule('admission', 'workload', (ctx) =>
      ctx.target === 'workload' && ctx.events.some((e) => e.reason === 'FailedCreate')
        ? { reason: 'QuotaExceeded' }
        : undefined,
    );
    const snap = snapshot({
      events: [
        event({
          reason: 'ScalingReplicaSet',
          type: 'Normal',
          kind: 'Deployment',
          name: 'web',
          message: 'Scaled up replica set web-7d9f8b6c4 to 3',
          lastS: 1,
        }),
        event({
          reason: 'FailedCreate',
          kind: 'ReplicaSet',
          name: 'web-7d9f8b6c4',
          message: 'Error creating: ...',
          lastS: 2,
        }),
      ],
    });
    const ds = diagnose(snap, { now: ms(60), rules: [denied] }).diagnoses;
    expect(ds.map((d) => `${d.target.kind}/${d.target.name}`)).toEqual(['Deployment/web']);
  });
});
