import { describe, expect, it } from 'vitest';
import type { Diagnosis, Finding, StageId } from '../../model/index.js';
import { cstatus, endpoints, ms, pod, snapshot, state, workload } from '../../../test/builders.js';
import { compareDiagnoses, diagnose } from './diagnose.js';
import type { Rule, RuleTarget } from '../types.js';
import { finding } from '../shared/finding.js';

function d(over: Partial<Diagnosis> & { name?: string; namespace?: string }): Diagnosis {
  const { name = 'web-1', namespace = 'default', ...rest } = over;
  return {
    target: { kind: 'Pod', namespace, name },
    verdict: 'failed',
    stage: 'crash',
    reason: 'CrashLoopBackOff',
    ruleId: 'crash/x',
    container: null,
    summary: '',
    confidence: 'high',
    evidence: [],
    nextSteps: [],
    chain: [],
    notes: [],
    ...rest,
  };
}

describe('compareDiagnoses', () => {
  it.each<[string, Diagnosis, Diagnosis]>([
    [
      'failed before progressing, whatever the stage',
      d({ stage: 'readiness', name: 'z' }),
      d({ verdict: 'progressing', stage: 'scheduling', name: 'a' }),
    ],
    [
      'progressing before unknown',
      d({ verdict: 'progressing', stage: 'readiness' }),
      d({ verdict: 'unknown', stage: 'scheduling' }),
    ],
    [
      'unknown before healthy',
      d({ verdict: 'unknown', stage: null }),
      d({ verdict: 'healthy', stage: null }),
    ],
    [
      'then chain order',
      d({ stage: 'scheduling', confidence: 'low', name: 'z' }),
      d({ stage: 'crash', confidence: 'high', name: 'a' }),
    ],
    ['a stage before none', d({ stage: 'termination' }), d({ stage: null })],
    [
      'then confidence',
      d({ confidence: 'medium', ruleId: 'crash/z' }),
      d({ confidence: 'low', ruleId: 'crash/a' }),
    ],
    ['then rule id', d({ ruleId: 'crash/a', name: 'z' }), d({ ruleId: 'crash/b', name: 'a' })],
    ['no rule id before one', d({ ruleId: null, name: 'z' }), d({ ruleId: 'crash/a', name: 'a' })],
    ['then namespace', d({ namespace: 'a', name: 'z' }), d({ namespace: 'b', name: 'a' })],
    ['then name', d({ name: 'a' }), d({ name: 'b' })],
  ])('%s', (_name, first, second) => {
    expect(compareDiagnoses(first, second)).toBeLessThan(0);
    expect(compareDiagnoses(second, first)).toBeGreaterThan(0);
  });

  it('is 0 for two diagnoses of the same target and outcome, with or without a rule id', () => {
    expect(compareDiagnoses(d({}), d({}))).toBe(0);
    expect(compareDiagnoses(d({ ruleId: null, stage: null }), d({ ruleId: null, stage: null }))).toBe(0);
  });
});

/** A rule of `id` that reports `findings` (reason, messageId, data) on every target of its kind. */
function rule(
  id: string,
  stage: StageId,
  target: RuleTarget,
  findings: Partial<Finding>[],
  when: (ctx: Parameters<Rule['evaluate']>[0]) => boolean = () => true,
): Rule {
  const meta = {
    id,
    stage,
    target,
    title: id,
    description: id,
    reasons: [],
    graceSeconds: 0,
    needs: [],
    messages: { m: 'first {{what}}', n: 'second {{what}}' },
    docs: '',
  } as const;
  return {
    meta,
    evaluate: (ctx) =>
      when(ctx)
        ? findings.map((f) => ({
            ...finding(meta, {
              reason: 'CrashLoopBackOff',
              messageId: 'm',
              data: { what: id },
              evidence: [{ source: 'status', text: 'x' }],
              nextSteps: [],
            }),
            ...f,
          }))
        : [],
  };
}

const crashing = (name: string) =>
  pod({
    name,
    nodeName: 'node-1',
    containerStatuses: [cstatus('app', { state: state.waiting('CrashLoopBackOff') })],
  });
const isCrashing = (ctx: Parameters<Rule['evaluate']>[0]) =>
  ctx.target === 'pod' &&
  ctx.pod.status.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff';

describe('diagnose: order of the diagnoses', () => {
  it('puts a failure at a late stage ahead of a young pod progressing at an early one', () => {
    const snap = snapshot({ pods: [pod({ name: 'a-young', createdS: 0 }), crashing('z-crash')], events: [] });
    const out = diagnose(snap, {
      now: ms(30),
      rules: [rule('crash/x', 'crash', 'pod', [{}], isCrashing)],
    }).diagnoses;
    expect(out.map((x) => [x.target.name, x.verdict, x.stage])).toEqual([
      ['z-crash', 'failed', 'crash'],
      ['a-young', 'progressing', 'scheduling'],
    ]);
  });

  it('puts a failure ahead of a verdict without a stage', () => {
    const snap = snapshot({ pods: [pod({ name: 'a-old', createdS: 0 }), crashing('z-crash')], events: [] });
    const out = diagnose(snap, {
      now: ms(3600),
      rules: [rule('crash/x', 'crash', 'pod', [{}], isCrashing)],
    }).diagnoses;
    expect(out.map((x) => [x.target.name, x.verdict, x.stage])).toEqual([
      ['z-crash', 'failed', 'crash'],
      ['a-old', 'unknown', null],
    ]);
  });

  it('within one rank orders by rule id, then by name, whatever the snapshot order', () => {
    const snap = snapshot({ pods: [crashing('b'), crashing('c'), crashing('a')], events: [] });
    const rules = [
      rule(
        'crash/zz',
        'crash',
        'pod',
        [{}],
        (ctx) => isCrashing(ctx) && ctx.target === 'pod' && ctx.pod.metadata.name === 'a',
      ),
      rule(
        'crash/aa',
        'crash',
        'pod',
        [{}],
        (ctx) => isCrashing(ctx) && ctx.target === 'pod' && ctx.pod.metadata.name !== 'a',
      ),
    ];
    const out = diagnose(snap, { now: ms(3600), rules }).diagnoses;
    expect(out.map((x) => [x.ruleId, x.target.name])).toEqual([
      ['crash/aa', 'b'],
      ['crash/aa', 'c'],
      ['crash/zz', 'a'],
    ]);
  });
});

describe('diagnose: a Service known only from its Endpoints', () => {
  const snap = snapshot({ endpoints: [endpoints({ service: 'api', namespace: 'shop' })] });

  it('is a target with a note that it is inferred, and the other findings as "also" notes', () => {
    const svcRule = rule('service-endpoints/x', 'service-endpoints', 'service', [
      { reason: 'NoReadyEndpoints', messageId: 'm' },
      // The same message again is not repeated as a note.
      { reason: 'NoReadyEndpoints', messageId: 'm' },
      { reason: 'NoReadyEndpoints', messageId: 'n', status: 'failed' },
    ]);
    const [x] = diagnose(snap, { now: ms(3600), rules: [svcRule] }).diagnoses;
    expect(x?.target).toEqual({ kind: 'Service', namespace: 'shop', name: 'api' });
    expect(x?.verdict).toBe('failed');
    expect(x?.summary).toBe('first service-endpoints/x');
    expect(x?.notes).toEqual([
      'Service api is not in the evidence; judged from what refers to it.',
      'also: service-endpoints: second service-endpoints/x',
    ]);
  });

  it('is no target when no rule reports on it', () => {
    expect(diagnose(snap, { now: ms(3600), rules: [] }).diagnoses).toEqual([]);
  });
});

describe('diagnose: a rule that throws', () => {
  const throwing = (target: RuleTarget): Rule => ({
    ...rule(`admission/${target}`, 'admission', target, []),
    evaluate: () => {
      throw new Error('boom');
    },
  });

  it('is reported against the target it was judging, and the run goes on', () => {
    const bare = { ...endpoints({ service: 'cart' }), metadata: { name: 'cart' } };
    const snap = snapshot({
      pods: [crashing('web-1')],
      workloads: [workload({ kind: 'Deployment', name: 'web', namespace: 'shop' })],
      endpoints: [endpoints({ service: 'api', namespace: 'shop' }), bare],
    });
    const out = diagnose(snap, {
      now: ms(3600),
      rules: [throwing('pod'), throwing('workload'), throwing('service')],
    });
    expect(out.ruleFailures).toEqual([
      { ruleId: 'admission/pod', target: 'pod/default/web-1', error: 'boom' },
      { ruleId: 'admission/workload', target: 'Deployment/shop/web', error: 'boom' },
      { ruleId: 'admission/service', target: 'Service/shop/api', error: 'boom' },
      { ruleId: 'admission/service', target: 'Service//cart', error: 'boom' },
    ]);
    expect(out.diagnoses.map((x) => x.target.name)).toEqual(['web-1']);
  });
});

describe('diagnose: a Service without a namespace', () => {
  it('is filed under the empty namespace', () => {
    const bare = { ...endpoints({ service: 'cart' }), metadata: { name: 'cart' } };
    const svcRule = rule('service-endpoints/x', 'service-endpoints', 'service', [
      { reason: 'NoReadyEndpoints' },
    ]);
    const [x] = diagnose(snapshot({ endpoints: [bare] }), { now: ms(3600), rules: [svcRule] }).diagnoses;
    expect(x?.target).toEqual({ kind: 'Service', namespace: '', name: 'cart' });
  });
});
