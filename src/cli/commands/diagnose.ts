/** `handoff [diagnose] [TARGET...]`: one diagnosis of the evidence, printed in the chosen format. */
import { UsageError } from '../../errors/index.js';
import { parseTime } from '../../k8s/index.js';
import { colour, plain, reportFormat, REPORT_FORMATS, type ReportFormat } from '../../report/index.js';
import { collectorFor, type EvidenceOptions } from '../pipeline/collect.js';
import { ruleFailureLines, runDiagnosis } from '../pipeline/run-diagnosis.js';
import { parseScope, type ScopeFlags } from '../pipeline/scope.js';
import { EXIT, writeChunks, type CliIO } from '../io.js';

/** `-o` values: the terminal UI, then every report format. */
export const OUTPUT_FORMATS = ['tui', ...REPORT_FORMATS.map((f) => f.name)] as const;

export interface DiagnoseOptions extends ScopeFlags, EvidenceOptions {
  readonly output?: string;
  readonly now?: string;
  readonly verbose?: boolean;
}

export function parseNow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseTime(text);
  if (ms === undefined)
    throw new UsageError(`--now: "${text}" is not a time`, 'use RFC 3339, e.g. --now 2026-01-31T12:00:00Z');
  return ms;
}

/** The report format `-o` names; `tui` off a terminal prints text. */
export function outputFormat(text: string | undefined): ReportFormat {
  const value = text ?? 'text';
  const format = reportFormat(value === 'tui' ? 'text' : value);
  if (format !== undefined) return format;
  throw new UsageError(`-o/--output: unknown format "${value}"`, `use one of: ${OUTPUT_FORMATS.join(', ')}`);
}

export function useColour(io: CliIO): boolean {
  return io.stdout.isTTY === true && io.env.NO_COLOR === undefined && io.env.TERM !== 'dumb';
}

/** `handoff [diagnose] [TARGET...]`: returns the exit code. */
export async function runDiagnose(
  targetArgs: readonly string[],
  opts: DiagnoseOptions,
  io: CliIO,
): Promise<number> {
  const format = outputFormat(opts.output);
  const scope = parseScope(targetArgs, opts);
  const nowFlag = parseNow(opts.now);
  const collected = await collectorFor(opts, { io, scope, nowFlag }).collect();
  const run = runDiagnosis(collected, scope, io.now, { nowFlag });
  for (const line of ruleFailureLines(run.ruleFailures)) io.stderr.write(line);
  const ctx = {
    style: format.name === 'text' && useColour(io) ? colour : plain,
    notes: run.notes,
    verbose: opts.verbose === true,
  };
  await writeChunks(io.stdout, format.chunks?.(run.report, ctx) ?? [format.render(run.report, ctx)]);
  if (!format.showsNotes) for (const n of run.notes) io.stderr.write(`handoff: note: ${n}\n`);
  return run.report.diagnoses.some((d) => d.verdict === 'failed') ? EXIT.failed : EXIT.ok;
}
