/**
 * `handoff sim generate --nodes N --pods M [--seed S] --out PATH [--force]`: writes a synthetic
 * cluster scenario for scale tests and benchmarks. It never overwrites a file unless told to,
 * since a scenario someone edited by hand looks just like a generated one.
 */
import { writeFileSync } from 'node:fs';
import { UsageError } from '../../errors/index.js';
import { generateScenarioDetailed, validateGenerateOptions } from '../../simulator/generate/generate.js';
import { EXIT, type CliIO } from '../io.js';

export interface SimGenerateOptions {
  readonly nodes: string;
  readonly pods: string;
  readonly seed?: string;
  readonly out: string;
  readonly force?: boolean;
}

/** A flag's whole-number value; anything else (12abc, 1e3, 2.5) is a usage error. */
function wholeNumber(flag: string, text: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new UsageError(`${flag}: "${text}" is not a whole number`, `e.g. ${flag} 100`);
  return Number(text);
}

export function runSimGenerate(opts: SimGenerateOptions, io: CliIO): number {
  const options = {
    nodes: wholeNumber('--nodes', opts.nodes),
    pods: wholeNumber('--pods', opts.pods),
    seed: opts.seed === undefined ? 1 : wholeNumber('--seed', opts.seed),
  };
  const problem = validateGenerateOptions(options);
  if (problem !== undefined) throw new UsageError(problem);
  if (opts.out.trim() === '') throw new UsageError('--out needs a file path');
  const generated = generateScenarioDetailed(options);
  try {
    // 'wx' fails if the file exists, with no window between checking and writing.
    writeFileSync(opts.out, generated.text, { flag: opts.force === true ? 'w' : 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    if (code === 'EEXIST')
      throw new UsageError(
        `${opts.out} already exists`,
        'pass --force to overwrite it, or choose another --out',
      );
    throw new UsageError(`cannot write ${opts.out}: ${code}`);
  }
  io.stdout.write(
    `wrote ${opts.out}: ${options.nodes} nodes, ${generated.pods} pods in ${generated.workloads} workloads ` +
      `(${generated.failingPods} pods failing), ${generated.objects} objects, seed ${options.seed}\n`,
  );
  return EXIT.ok;
}
