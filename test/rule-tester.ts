/**
 * A strict rule tester in the spirit of ESLint's RuleTester. Each rule gets a table of
 * `valid` cases (must report nothing at all) and `invalid` cases (must report exactly the
 * findings listed, in order). Every finding is also checked for sloppiness: its rule id and
 * stage match the meta, its reason and message id are declared, its template's placeholders
 * are all filled, and it carries evidence and next steps. Duplicate case names fail, and every
 * rule is run against degenerate input (stub objects with nothing filled in, frozen): it must be
 * given something to judge and report nothing, or only well-formed findings, the same each run.
 */
import { describe, expect, it } from 'vitest';
import type { ContainerRef, Finding, ReasonCode, Snapshot } from '../src/model/index.js';
import { buildContexts } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { placeholders } from '../src/rules/messages.js';
import type { PodContext, Rule, RuleContext, ServiceContext, WorkloadContext } from '../src/rules/types.js';
import { event, ms, snapshot } from './builders.js';

export interface ValidCase {
  readonly name: string;
  readonly snapshot: Snapshot;
  /** Reference time, epoch ms; default: the newest timestamp in the snapshot. */
  readonly now?: number;
}

export interface ExpectedFinding {
  readonly messageId: string;
  readonly reason?: ReasonCode;
  readonly status?: 'failed' | 'progressing';
  readonly basis?: 'state' | 'events';
  readonly container?: ContainerRef;
  /** Subset of Finding.data that must match. */
  readonly data?: Readonly<Record<string, string | number>>;
  /** Strings that must occur in the joined evidence text. */
  readonly evidenceIncludes?: readonly string[];
  /** The finding's own confidence (undefined: the engine's default for its basis). */
  readonly confidence?: Finding['confidence'] | 'default';
  /** Evidence sources that must occur, e.g. 'probe'. */
  readonly evidenceSources?: readonly string[];
}

export interface InvalidCase extends ValidCase {
  readonly expect: readonly ExpectedFinding[];
}

export interface RuleCases {
  readonly valid: readonly ValidCase[];
  readonly invalid: readonly InvalidCase[];
}

function contextsFor(rule: Rule, snap: Snapshot, now: number | undefined): RuleContext[] {
  const ctx = buildContexts(snap, now ?? referenceTimeOf(snap) ?? ms(0));
  switch (rule.meta.target) {
    case 'pod':
      return [...ctx.pods];
    case 'workload':
      return [...ctx.workloads];
    case 'service':
      return [...ctx.services];
  }
}

/** The workload contexts the engine builds from a snapshot (for tests of a stage's shared analysers). */
export function workloadContextsOf(snap: Snapshot, now?: number): WorkloadContext[] {
  return [...buildContexts(snap, now ?? referenceTimeOf(snap) ?? ms(0)).workloads];
}

/** The pod contexts the engine builds from a snapshot (for tests of a stage's shared analysers). */
export function podContextsOf(snap: Snapshot, now?: number): PodContext[] {
  return [...buildContexts(snap, now ?? referenceTimeOf(snap) ?? ms(0)).pods];
}

/** The Service contexts the engine builds from a snapshot (for tests of a stage's shared analysers). */
export function serviceContextsOf(snap: Snapshot, now?: number): ServiceContext[] {
  return [...buildContexts(snap, now ?? referenceTimeOf(snap) ?? ms(0)).services];
}

/** Runs a rule over every context of its target kind, as the engine does. */
export function runRule(rule: Rule, snap: Snapshot, now?: number): Finding[] {
  return contextsFor(rule, snap, now).flatMap((c) => [...rule.evaluate(c)]);
}

function checkWellFormed(rule: Rule, f: Finding): void {
  const meta = rule.meta;
  expect(f.ruleId, 'finding.ruleId').toBe(meta.id);
  expect(f.stage, 'finding.stage').toBe(meta.stage);
  expect(meta.reasons, `reason ${f.reason} is not declared in meta.reasons`).toContain(f.reason);
  const template = meta.messages[f.messageId];
  expect(template, `messageId ${f.messageId} is not in meta.messages`).toBeDefined();
  for (const name of placeholders(template ?? '')) {
    expect(f.data, `placeholder {{${name}}} of ${f.messageId} has no data`).toHaveProperty(name);
  }
  expect(f.evidence.length, 'a finding needs evidence').toBeGreaterThan(0);
  for (const e of f.evidence) expect(e.text.trim(), 'evidence text').not.toBe('');
  expect(f.nextSteps.length, 'a finding needs next steps').toBeGreaterThan(0);
}

/** An empty pod, Service and Deployment with nothing filled in, and no events at all. */
const EMPTY = snapshot({
  pods: [
    { kind: 'Pod', metadata: { name: 'empty', namespace: 'default' }, spec: { containers: [] }, status: {} },
  ],
  services: [{ kind: 'Service', metadata: { name: 'empty', namespace: 'default' }, spec: {} }],
  workloads: [
    { kind: 'Deployment', metadata: { name: 'empty', namespace: 'default' }, spec: {}, status: {} },
  ],
});

const DEGENERATE: readonly Snapshot[] = [
  snapshot({}),
  EMPTY,
  snapshot({
    pods: [{ kind: 'Pod', metadata: { name: 'bare' }, spec: { containers: [] }, status: {} }],
    events: [
      event({ reason: 'Failed', message: '', name: 'bare', namespace: undefined as unknown as string }),
      event({ reason: 'FailedCreate', message: '', kind: 'ReplicaSet', name: 'rs' }),
      event({ reason: 'FailedScheduling', message: '', name: 'ghost' }),
    ],
    services: [{ kind: 'Service', metadata: { name: 'bare' }, spec: {} }],
    workloads: [{ kind: 'Deployment', metadata: { name: 'bare' }, spec: {}, status: {} }],
  }),
];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A rule on degenerate input (nothing filled in): it is run on at least one context of its
 * target kind, reports only findings that pass the checks above, reports the same on a second
 * run, changes nothing in what it reads (the input is frozen), and, with no events at all,
 * claims no finding that only events prove.
 */
function checkDegenerate(rule: Rule): void {
  let judged = 0;
  for (const snap of DEGENERATE) {
    const frozen = deepFreeze(structuredClone(snap));
    const contexts = contextsFor(rule, frozen, ms(0));
    judged += contexts.length;
    const first = contexts.flatMap((c) => [...rule.evaluate(c)]);
    const again = contextsFor(rule, frozen, ms(0)).flatMap((c) => [...rule.evaluate(c)]);
    expect(again, 'the same input gives the same findings').toEqual(first);
    for (const f of first) checkWellFormed(rule, f);
    if (snap.events.length === 0)
      expect(
        first.filter((f) => f.basis === 'events').map((f) => f.messageId),
        'without events, no finding that only events prove',
      ).toEqual([]);
  }
  expect(judged, `no ${rule.meta.target} context was built from the degenerate input`).toBeGreaterThan(0);
}

export function testRule(rule: Rule, cases: RuleCases): void {
  describe(rule.meta.id, () => {
    it('has unique case names and at least one valid and one invalid case', () => {
      const names = [...cases.valid, ...cases.invalid].map((c) => c.name);
      expect(new Set(names).size, `duplicate case names in ${names.join(', ')}`).toBe(names.length);
      expect(cases.valid.length).toBeGreaterThan(0);
      expect(cases.invalid.length).toBeGreaterThan(0);
    });

    it('on degenerate input, judges it and reports only well-formed findings, the same each time', () => {
      checkDegenerate(rule);
    });

    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const findings = runRule(rule, c.snapshot, c.now);
        expect(
          findings.map((f) => `${f.messageId} ${f.status} ${JSON.stringify(f.data)}`),
          'a valid case must report nothing',
        ).toEqual([]);
      });
    }

    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        expect(c.expect.length, 'an invalid case must expect at least one finding').toBeGreaterThan(0);
        const findings = runRule(rule, c.snapshot, c.now);
        for (const f of findings) checkWellFormed(rule, f);
        expect(
          findings.map((f) => f.messageId),
          'findings reported',
        ).toEqual(c.expect.map((e) => e.messageId));
        c.expect.forEach((e, i) => {
          const f = findings[i] as Finding;
          if (e.reason !== undefined) expect(f.reason, 'reason').toBe(e.reason);
          expect(f.status, 'status').toBe(e.status ?? 'failed');
          if (e.basis !== undefined) expect(f.basis, 'basis').toBe(e.basis);
          if (e.container !== undefined) expect(f.container, 'container').toEqual(e.container);
          if (e.data !== undefined) expect(f.data).toMatchObject(e.data);
          const text = f.evidence.map((ev) => ev.text).join('\n');
          for (const s of e.evidenceIncludes ?? []) expect(text).toContain(s);
          if (e.confidence !== undefined)
            expect(f.confidence, 'confidence').toBe(e.confidence === 'default' ? undefined : e.confidence);
          const sources = f.evidence.map((ev) => ev.source);
          for (const s of e.evidenceSources ?? []) expect(sources, 'evidence sources').toContain(s);
        });
      });
    }
  });
}
