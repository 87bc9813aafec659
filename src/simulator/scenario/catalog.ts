/**
 * The built-in scenario library: `scenarios/<name>.yaml` and `scenarios/<stage>/<name>.yaml`
 * in the package. A name or a path resolves to one scenario file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, UsageError } from '../../errors/index.js';
import { parseScenario } from './load.js';
import type { Scenario } from './types.js';

/** The package's scenarios folder (works from src/ under vitest and from dist/ when built). */
export function scenariosDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'scenarios');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error('the scenarios folder is missing from this installation');
}

export interface ScenarioFile {
  readonly name: string;
  readonly group?: string;
  readonly path: string;
}

/** Every built-in scenario file, sorted by name. */
export function listScenarioFiles(dir = scenariosDir()): ScenarioFile[] {
  const out: ScenarioFile[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) {
      for (const inner of readdirSync(full).sort())
        if (inner.endsWith('.yaml'))
          out.push({ name: basename(inner, '.yaml'), group: entry, path: join(full, inner) });
    } else if (entry.endsWith('.yaml')) {
      out.push({ name: basename(entry, '.yaml'), path: full });
    }
  }
  out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // A name must resolve to one file: `sim run NAME` could not say which of two it meant.
  out.forEach((f, i) => {
    const before = out[i - 1];
    if (before?.name === f.name)
      throw new InputError(f.path, undefined, `scenario name "${f.name}" is also used by ${before.path}`);
  });
  return out;
}

/** Loads a scenario; a built-in one must be named like its file. */
export function loadScenarioFile(path: string, builtin?: { readonly group?: string }): Scenario {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new InputError(
      path,
      undefined,
      `cannot read the scenario: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  const scenario = parseScenario(text, path, builtin?.group);
  if (builtin !== undefined && scenario.name !== basename(path, '.yaml'))
    throw new InputError(
      path,
      lineOfName(text),
      `name "${scenario.name}" must match the file name "${basename(path, '.yaml')}"`,
    );
  return scenario;
}

/** The line of the top-level `name:` key (the one to fix when it does not match the file). */
function lineOfName(text: string): number {
  const index = text.split('\n').findIndex((l) => l.startsWith('name:'));
  return index === -1 ? 1 : index + 1;
}

/** A built-in scenario by name, or a scenario file by path. */
export function resolveScenario(nameOrPath: string): Scenario {
  if (nameOrPath.includes('/') || nameOrPath.endsWith('.yaml') || nameOrPath.endsWith('.yml')) {
    const path = resolve(nameOrPath);
    if (!existsSync(path)) throw new UsageError(`scenario file ${nameOrPath} does not exist`);
    return loadScenarioFile(path);
  }
  const file = listScenarioFiles().find((f) => f.name === nameOrPath);
  if (file === undefined)
    throw new UsageError(
      `no scenario named "${nameOrPath}"`,
      'run `handoff sim list` for the built-in scenarios, or pass a path to a scenario file',
    );
  return loadScenarioFile(file.path, file.group === undefined ? {} : { group: file.group });
}
