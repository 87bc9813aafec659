/** `handoff check` flags: parsed and validated before anything is collected. */
import path from 'node:path';
import { UsageError } from '../../errors/index.js';
import { checkOutputPath } from '../output-file.js';
import { parseDuration } from '../../k8s/index.js';
import { REPORT_FORMATS, reportFormat, type ReportFormat } from '../../report/index.js';

export interface CheckOptions {
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly selector?: string;
  readonly file?: string[];
  readonly sim?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly output?: string;
  readonly now?: string;
  readonly verbose?: boolean;
  readonly timeout?: string;
  readonly failFast?: boolean;
  readonly allowEmpty?: boolean;
  readonly force?: boolean;
  readonly report?: string[];
  readonly annotations?: string;
  readonly slo?: string[];
  readonly settle?: string;
}

export interface ReportSpec {
  readonly format: ReportFormat;
  readonly path: string;
  /** The flag as given, for messages (`--report junit=out.xml`). */
  readonly flag: string;
  /** `--force`: an existing file may be replaced. */
  readonly force: boolean;
}

export const CHECK_OUTPUTS = ['text', 'json'] as const;
export type CheckOutput = (typeof CHECK_OUTPUTS)[number];

export const DEFAULT_TIMEOUT = '5m';
export const DEFAULT_SETTLE = '10s';

function duration(flag: string, text: string, example: string): number {
  const ms = parseDuration(text);
  if (ms === undefined) throw new UsageError(`${flag}: "${text}" is not a duration`, `use e.g. ${example}`);
  return ms;
}

export function parseTimeout(text: string | undefined): number {
  const ms = duration('--timeout', text ?? DEFAULT_TIMEOUT, '--timeout 5m or --timeout 90s');
  if (ms <= 0) throw new UsageError('--timeout must be longer than 0s', 'use e.g. --timeout 5m');
  return ms;
}

/** How long every target must stay Ready before the check passes (catches a crash right after start). */
export function parseSettle(text: string | undefined): number {
  return duration(
    '--settle',
    text ?? DEFAULT_SETTLE,
    '--settle 10s, or --settle 0s to pass at the first Ready',
  );
}

/** `--slo startup=5s` (repeatable; startup is the one SLO so far). Returns the budget in ms. */
export function parseSlo(specs: readonly string[] | undefined): number | undefined {
  let budget: number | undefined;
  for (const spec of specs ?? []) {
    const m = /^([a-z-]+)=(.+)$/.exec(spec.trim());
    if (m?.[1] !== 'startup' || m[2] === undefined)
      throw new UsageError(
        `--slo: "${spec}" is not an SLO`,
        'use --slo startup=5s (pod startup, excluding image pulls and init containers)',
      );
    budget = duration('--slo startup', m[2], '--slo startup=5s');
  }
  return budget;
}

export function parseCheckOutput(text: string | undefined): CheckOutput {
  const value = text ?? 'text';
  if ((CHECK_OUTPUTS as readonly string[]).includes(value)) return value as CheckOutput;
  throw new UsageError(
    `-o/--output: check prints text or JSON lines, not "${value}"`,
    'use -o text or -o json; write JUnit and Markdown with --report junit=PATH or --report markdown=PATH',
  );
}

export function parseAnnotations(text: string | undefined): 'github' | undefined {
  if (text === undefined) return undefined;
  if (text === 'github') return 'github';
  throw new UsageError(`--annotations: unknown format "${text}"`, 'use --annotations github');
}

/**
 * `--report KIND=PATH` (repeatable). Refused before anything is collected: a path that is one of
 * the -f inputs or named twice, a directory, a symbolic link, a missing folder, or an existing
 * file without `--force` (output-file.ts): nothing the user gave is overwritten.
 */
export function parseReports(
  specs: readonly string[] | undefined,
  inputs: readonly string[],
  force = false,
): ReportSpec[] {
  const out: ReportSpec[] = [];
  const inputPaths = new Set(inputs.filter((f) => f !== '-').map((f) => path.resolve(f)));
  for (const spec of specs ?? []) {
    const eq = spec.indexOf('=');
    const kind = eq === -1 ? spec : spec.slice(0, eq);
    const file = eq === -1 ? '' : spec.slice(eq + 1);
    const format = reportFormat(kind);
    if (format === undefined || file.trim() === '')
      throw new UsageError(
        `--report: "${spec}" is not KIND=PATH`,
        `KIND is one of ${REPORT_FORMATS.map((f) => f.name).join(', ')}, e.g. --report junit=out/handoff.xml`,
      );
    const resolved = path.resolve(file);
    if (inputPaths.has(resolved))
      throw new UsageError(`--report ${spec}: ${file} is one of the -f inputs; it would be overwritten`);
    if (out.some((r) => path.resolve(r.path) === resolved))
      throw new UsageError(`--report ${spec}: ${file} is named by another --report`);
    const flag = `--report ${spec}`;
    checkOutputPath(file, { flag, force });
    out.push({ format, path: file, flag, force });
  }
  return out;
}
