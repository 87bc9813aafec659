/** Diagnoses built for TUI tests: each case states only what matters. */
import type { ChainEntry, Diagnosis, Pod, ReasonCode, StageId, Verdict } from '../../src/model/index.js';
import { emptySnapshot, STAGE_IDS } from '../../src/model/index.js';
import type { TuiData } from '../../src/tui/index.js';

export interface DiagOpts {
  readonly ns?: string;
  readonly name: string;
  readonly verdict?: Verdict;
  readonly stage?: StageId | null;
  readonly reason?: ReasonCode | null;
  readonly group?: string;
  readonly summary?: string;
  readonly evidence?: Diagnosis['evidence'];
  readonly nextSteps?: readonly string[];
}

/** A pod diagnosis whose chain passes every stage before `stage` and fails (or progresses) there. */
export function diag(o: DiagOpts): Diagnosis {
  const verdict = o.verdict ?? (o.stage === undefined || o.stage === null ? 'healthy' : 'failed');
  const stage = o.stage ?? null;
  const stop = stage === null ? STAGE_IDS.length : STAGE_IDS.indexOf(stage);
  const chain: ChainEntry[] = STAGE_IDS.filter((s) => s !== 'termination').map((s, i) => ({
    stage: s,
    status:
      i < stop
        ? 'passed'
        : i === stop
          ? verdict === 'progressing'
            ? 'progressing'
            : 'failed'
          : 'not-reached',
  }));
  return {
    target: { kind: 'Pod', namespace: o.ns ?? 'shop', name: o.name },
    verdict,
    stage,
    reason: o.reason ?? null,
    ruleId: stage === null ? null : `${stage}/rule`,
    container: null,
    summary: o.summary ?? (stage === null ? 'Running and Ready.' : `${stage} broke`),
    confidence: 'high',
    evidence: o.evidence ?? [],
    nextSteps: o.nextSteps ?? [],
    chain,
    ...(o.group === undefined ? {} : { group: { kind: 'Deployment', name: o.group } }),
    notes: [],
  };
}

/** A pod created `ageS` seconds before 2026-01-01T01:00:00Z, for sorting by age. */
export function podCreated(ns: string, name: string, ageS: number): Pod {
  return {
    kind: 'Pod',
    metadata: {
      name,
      namespace: ns,
      creationTimestamp: new Date(Date.parse('2026-01-01T01:00:00Z') - ageS * 1000).toISOString(),
    },
    spec: { containers: [{ name: 'app' }] },
    status: {},
  };
}

export function dataOf(diagnoses: readonly Diagnosis[], pods: readonly Pod[] = []): TuiData {
  return {
    report: {
      generatedAt: '2026-01-01T01:00:00Z',
      referenceTime: Date.parse('2026-01-01T01:00:00Z'),
      source: { type: 'file', paths: ['x.yaml'], referenceTime: '2026-01-01T01:00:00Z' },
      diagnoses,
    },
    snapshot: { ...emptySnapshot({ type: 'file', paths: ['x.yaml'] }), pods },
    notes: [],
  };
}

/** `n` pods: every tenth failed at image-pull (distinct workloads, so nothing folds), the rest healthy. */
export function manyTargets(n: number): TuiData {
  const list: Diagnosis[] = [];
  for (let i = 0; i < n; i++)
    list.push(
      i % 10 === 0
        ? diag({
            ns: `ns-${i % 7}`,
            name: `pod-${i}`,
            stage: 'image-pull',
            reason: 'ImageNotFound',
            group: `app-${i}`,
          })
        : diag({ ns: `ns-${i % 7}`, name: `pod-${i}`, group: `app-${i}` }),
    );
  return dataOf(list);
}
