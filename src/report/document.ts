import type { Diagnosis, DiagnosisReport, StageId } from '../model/index.js';
import { sanitizeDeep } from './sanitize.js';

/** The public JSON/YAML shape (docs/architecture.md §4, `handoff/v1` DiagnosisReport). */
export interface ReportDocument {
  readonly apiVersion: 'handoff/v1';
  readonly kind: 'DiagnosisReport' | 'PreflightReport';
  readonly generatedAt: string;
  readonly source: DiagnosisReport['source'];
  readonly summary: {
    readonly targets: number;
    readonly healthy: number;
    readonly progressing: number;
    readonly failed: number;
    readonly unknown: number;
    readonly byStage: Partial<Record<StageId, number>>;
  };
  readonly diagnoses: readonly unknown[];
}

/** One diagnosis in contract form: exactly the documented fields, in the documented order. */
export function contractDiagnosis(d: Diagnosis): Record<string, unknown> {
  return {
    target: {
      kind: d.target.kind,
      namespace: d.target.namespace,
      name: d.target.name,
      ...(d.target.uid ? { uid: d.target.uid } : {}),
    },
    verdict: d.verdict,
    stage: d.stage,
    reason: d.reason,
    ruleId: d.ruleId,
    container: d.container === null ? null : { name: d.container.name, type: d.container.type },
    summary: d.summary,
    confidence: d.confidence,
    evidence: d.evidence.map((e) => ({ source: e.source, text: e.text, ...(e.at ? { at: e.at } : {}) })),
    nextSteps: [...d.nextSteps],
    chain: d.chain.map((c) => ({
      stage: c.stage,
      status: c.status,
      ...(c.at ? { at: c.at } : {}),
      ...(c.durationMs === undefined ? {} : { durationMs: c.durationMs }),
    })),
    ...(d.preflight === undefined
      ? {}
      : {
          preflight: {
            verdict: d.preflight.verdict,
            unknown: [...d.preflight.unknown],
            warnings: [...d.preflight.warnings],
            ...(d.preflight.file === undefined ? {} : { file: d.preflight.file }),
            ...(d.preflight.line === undefined ? {} : { line: d.preflight.line }),
          },
        }),
  };
}

/** The document without its diagnoses: what a streamed rendering writes before the first one. */
export type DocumentHead = Omit<ReportDocument, 'diagnoses'>;

export function documentHead(report: DiagnosisReport): DocumentHead {
  const count = (v: Diagnosis['verdict']): number => report.diagnoses.filter((d) => d.verdict === v).length;
  const byStage: Partial<Record<StageId, number>> = {};
  for (const d of report.diagnoses) {
    if (d.verdict === 'failed' && d.stage !== null) byStage[d.stage] = (byStage[d.stage] ?? 0) + 1;
  }
  return sanitizeDeep({
    apiVersion: 'handoff/v1',
    kind: report.kind ?? 'DiagnosisReport',
    generatedAt: report.generatedAt,
    source: report.source,
    summary: {
      targets: report.diagnoses.length,
      healthy: count('healthy'),
      progressing: count('progressing'),
      failed: count('failed'),
      unknown: count('unknown'),
      byStage,
    },
  });
}

/** One diagnosis of the document, as `diagnoses` holds it. */
export function documentDiagnosis(d: Diagnosis): Record<string, unknown> {
  return sanitizeDeep(contractDiagnosis(d));
}

export function reportDocument(report: DiagnosisReport): ReportDocument {
  return { ...documentHead(report), diagnoses: report.diagnoses.map(documentDiagnosis) };
}
