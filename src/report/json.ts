import type { DiagnosisReport } from '../model/index.js';
import { stringify } from 'yaml';
import { documentDiagnosis, documentHead, reportDocument } from './document.js';
import type { ReportFormat } from './format.js';

const YAML = { lineWidth: 0 } as const;

/**
 * The JSON document in pieces: the head (every field but the diagnoses), then one diagnosis at a
 * time, each rendered only when asked for, so 150,000 targets are never one string. Joined, the
 * pieces are `JSON.stringify(document, null, 2)` byte for byte (`diagnoses` is the last field).
 */
export function* jsonChunks(report: DiagnosisReport): Generator<string> {
  const head = JSON.stringify({ ...documentHead(report), diagnoses: [] }, null, 2);
  if (report.diagnoses.length === 0) {
    yield `${head}\n`;
    return;
  }
  yield `${head.slice(0, -'[]\n}'.length)}[`;
  let sep = '\n    ';
  for (const d of report.diagnoses) {
    // Nested two levels deep: every line of the element gains four spaces (a newline inside a
    // string is escaped, so each newline here is one of JSON.stringify's own).
    yield `${sep}${JSON.stringify(documentDiagnosis(d), null, 2).replaceAll('\n', '\n    ')}`;
    sep = ',\n    ';
  }
  yield '\n  ]\n}\n';
}

/**
 * The YAML document in pieces, as jsonChunks: the head, `diagnoses:`, then each diagnosis as one
 * item of that block sequence (indented as `stringify` indents a sequence under a key; empty lines
 * of block scalars stay empty).
 */
export function* yamlChunks(report: DiagnosisReport): Generator<string> {
  if (report.diagnoses.length === 0) {
    yield stringify(reportDocument(report), YAML);
    return;
  }
  const head = stringify({ ...documentHead(report), diagnoses: [] }, YAML);
  yield `${head.slice(0, -' []\n'.length)}\n`;
  for (const d of report.diagnoses) yield indented(stringify([documentDiagnosis(d)], YAML));
}

/**
 * Two more spaces before every non-empty line. Lines are split at "\n" only: a regex's multiline
 * `^` also matches after U+2028 and U+2029, which YAML keeps inside a quoted string.
 */
function indented(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}

export function renderJson(report: DiagnosisReport): string {
  return [...jsonChunks(report)].join('');
}

export function renderYaml(report: DiagnosisReport): string {
  return [...yamlChunks(report)].join('');
}

export const jsonFormat: ReportFormat = {
  name: 'json',
  extension: 'json',
  description: 'the handoff/v1 DiagnosisReport document',
  showsNotes: false,
  render: (report) => renderJson(report),
  chunks: (report) => jsonChunks(report),
};

export const yamlFormat: ReportFormat = {
  name: 'yaml',
  extension: 'yaml',
  description: 'the same document as YAML',
  showsNotes: false,
  render: (report) => renderYaml(report),
  chunks: (report) => yamlChunks(report),
};
