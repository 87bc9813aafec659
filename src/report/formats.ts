/**
 * The report formats, in the order help lists them. A new format is one file exporting a
 * ReportFormat, plus one line here: `-o`, `check --report` and the help text read this list.
 */
import type { ReportFormat } from './format.js';
import { jsonFormat, yamlFormat } from './json.js';
import { junitFormat } from './junit.js';
import { markdownFormat } from './markdown.js';
import { textFormat } from './text.js';

export const REPORT_FORMATS: readonly ReportFormat[] = [
  textFormat,
  jsonFormat,
  yamlFormat,
  junitFormat,
  markdownFormat,
];

export function reportFormat(name: string): ReportFormat | undefined {
  return REPORT_FORMATS.find((f) => f.name === name);
}
