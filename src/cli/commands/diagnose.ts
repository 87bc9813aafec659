import { UsageError } from '../../errors/index.js';
import type { DiagnosisReport, Snapshot } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { diagnose, referenceTime } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';
import {
  colour,
  plain,
  renderJson,
  renderJunit,
  renderMarkdown,
  renderText,
  renderYaml,
} from '../../report/index.js';
import { collectEvidence, podsByService } from '../pipeline/collect.js';
import { EXIT, type CliIO } from '../io.js';
import { parseLabelSelector, parseTarget, selectDiagnoses } from '../pipeline/scope.js';

/** DESIGN.md §3 order. 'tui' is routed to the terminal UI on a TTY before runDiagnose; here it is text. */
export const OUTPUT_FORMATS = ['tui', 'text', 'json', 'yaml', 'junit', 'markdown'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface DiagnoseOptions {
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly selector?: string;
  readonly file?: string[];
  readonly sim?: string;
  readonly at?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly output?: string;
  readonly now?: string;
  readonly verbose?: boolean;
  /** `--probe`: active HTTP probes through pods/proxy (live clusters only). */
  readonly probe?: boolean;
}

export function parseNow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = parseTime(text);
  if (ms === undefined)
    throw new UsageError(`--now: "${text}" is not a time`, 'use RFC 3339, e.g. --now 2026-01-31T12:00:00Z');
  return ms;
}

export function outputFormat(text: string | undefined): OutputFormat {
  const value = text ?? 'text';
  if ((OUTPUT_FORMATS as readonly string[]).includes(value)) return value as OutputFormat;
  throw new UsageError(`-o/--output: unknown format "${value}"`, `use one of: ${OUTPUT_FORMATS.join(', ')}`);
}

export function sourceOf(snapshot: Snapshot, now: number): DiagnosisReport['source'] {
  const s = snapshot.source;
  const reference = new Date(now).toISOString();
  switch (s.type) {
    case 'file':
      return {
        type: 'file',
        paths: [...s.paths],
        ...(snapshot.capturedAt ? { capturedAt: snapshot.capturedAt } : {}),
        referenceTime: reference,
      };
    case 'live':
      return {
        type: 'live',
        ...(s.context ? { context: s.context } : {}),
        ...(s.server ? { server: s.server } : {}),
        referenceTime: reference,
      };
    case 'simulator':
      return { type: 'simulator', scenario: s.scenario, referenceTime: reference };
  }
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
  if (opts.namespace !== undefined && opts.allNamespaces === true) {
    throw new UsageError('-n/--namespace and -A/--all-namespaces cannot be used together');
  }
  const targets = targetArgs.map(parseTarget);
  const selector = opts.selector === undefined ? undefined : parseLabelSelector(opts.selector);
  const nowFlag = parseNow(opts.now);
  const snapshot = await collectEvidence(opts, { now: nowFlag }, io, {
    ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
    allNamespaces: opts.allNamespaces === true,
    targets: targets.map((t) => ({ kind: t.kind, name: t.name })),
    ...(opts.selector === undefined ? {} : { selector: opts.selector }),
  });
  const now = nowFlag ?? referenceTime(snapshot) ?? io.now();
  const result = diagnose(snapshot, { now, rules: RULES });
  const diagnoses = selectDiagnoses(result.diagnoses, {
    ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
    targets,
    ...(selector === undefined ? {} : { selector }),
    servicePods: podsByService(snapshot),
  });
  const report: DiagnosisReport = {
    generatedAt: new Date(io.now()).toISOString(),
    source: sourceOf(snapshot, now),
    diagnoses,
  };
  for (const f of result.ruleFailures) {
    io.stderr.write(
      `handoff: internal error in rule ${f.ruleId} on ${f.target}: ${f.error} (please report this)\n`,
    );
  }
  const notes = [
    ...snapshot.notes,
    ...snapshot.missing.map(
      (m) => `could not read ${m.kind}${m.namespace ? ` in ${m.namespace}` : ''}: ${m.why}`,
    ),
  ];
  switch (format) {
    case 'json':
      io.stdout.write(renderJson(report));
      break;
    case 'yaml':
      io.stdout.write(renderYaml(report));
      break;
    case 'junit':
      io.stdout.write(renderJunit(report));
      break;
    case 'markdown':
      io.stdout.write(renderMarkdown(report));
      break;
    case 'tui':
    case 'text':
      io.stdout.write(
        renderText(report, { style: useColour(io) ? colour : plain, notes, verbose: opts.verbose === true }),
      );
      break;
  }
  if (format !== 'text' && format !== 'tui') for (const n of notes) io.stderr.write(`handoff: note: ${n}\n`);
  return diagnoses.some((d) => d.verdict === 'failed') ? EXIT.failed : EXIT.ok;
}
