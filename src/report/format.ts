import type { DiagnosisReport } from '../model/index.js';
import type { Style } from './style.js';

/** What a renderer may use besides the report; each format reads what it needs. */
export interface RenderContext {
  readonly style: Style;
  /** Collector notes (unreadable lists, guessed names). */
  readonly notes: readonly string[];
  /** Show every healthy target in full. */
  readonly verbose: boolean;
  /** The heading of formats that have one (default "kube-handoff"); `check` says "handoff check". */
  readonly title?: string;
  /** One line under the heading: `check`'s result. */
  readonly headline?: string;
  /** How long the run took, ms (`check`). */
  readonly durationMs?: number;
  /** Per target (report/junit targetKey): ms from the start until its verdict settled (`check`). */
  readonly targetTimes?: ReadonlyMap<string, number>;
}

/** One output format: `-o NAME` and `check --report NAME=PATH`. */
export interface ReportFormat {
  readonly name: string;
  /** The file extension a report of this format gets (no dot). */
  readonly extension: string;
  /** One line for the help text. */
  readonly description: string;
  /** True when the rendering shows the collector notes itself; else the CLI prints them on stderr. */
  readonly showsNotes: boolean;
  render(report: DiagnosisReport, ctx: RenderContext): string;
  /**
   * The same rendering in pieces, produced as they are written (formats whose output grows with
   * the number of targets): joined, they are `render`'s string.
   */
  chunks?(report: DiagnosisReport, ctx: RenderContext): Iterable<string>;
}
