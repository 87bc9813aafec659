/**
 * Reads a scenario file: YAML in the format of docs/scenarios.md, checked against the schema
 * (schema/scenario.ts) with every default filled in. An error names the file and the line of
 * the offending value, as `InputError` (exit 2).
 */
import * as v from 'valibot';
import { InputError } from '../../errors/index.js';
import { issueKeys } from './schema/fields.js';
import { isPlaced, scenario } from './schema/scenario.js';
import type { Scenario } from './types.js';
import { readYaml, type Path, type YamlSource } from './yaml-source.js';

export function parseScenario(text: string, file: string, group?: string): Scenario {
  const source = readYaml(text, file);
  const read = v.safeParse(scenario, source.value, { abortEarly: true });
  if (!read.success) throw inputError(file, source, read.issues[0]);
  const s = read.output;
  const items = (source.value as { objects?: unknown }).objects;
  return {
    name: s.name,
    description: s.description,
    ...(group === undefined ? {} : { group }),
    path: file,
    seed: s.seed,
    start: s.start,
    duration: s.duration,
    cluster: s.cluster,
    objects: s.objects.map((o, i) => {
      const item: Path = ['objects', i];
      const placed = Array.isArray(items) && isPlaced(items[i]);
      return { ...o, line: source.lineOf(placed ? [...item, 'manifest'] : item) };
    }),
    expect: s.expect,
  };
}

function inputError(file: string, source: YamlSource, issue: v.BaseIssue<unknown>): InputError {
  const path = issueKeys(issue);
  // Schema messages name their field as {key}: the last key of the path.
  const field = String(path[path.length - 1] ?? '') || 'the document';
  const message = issue.message.startsWith('{key} ') ? field + issue.message.slice(5) : issue.message;
  const where = path.length === 0 ? '' : ` (${formatPath(path)})`;
  return new InputError(
    file,
    source.lineOf(path),
    `${message}${where}`,
    'see docs/scenarios.md for the scenario format',
  );
}

const formatPath = (path: Path): string =>
  path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
