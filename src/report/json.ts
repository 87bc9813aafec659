import type { DiagnosisReport } from '../model/index.js';
import { stringify } from 'yaml';
import { reportDocument } from './document.js';
import type { ReportFormat } from './format.js';

export function renderJson(report: DiagnosisReport): string {
  return `${JSON.stringify(reportDocument(report), null, 2)}\n`;
}

export function renderYaml(report: DiagnosisReport): string {
  return stringify(reportDocument(report), { lineWidth: 0 });
}

export const jsonFormat: ReportFormat = {
  name: 'json',
  extension: 'json',
  description: 'the handoff/v1 DiagnosisReport document',
  showsNotes: false,
  render: (report) => renderJson(report),
};

export const yamlFormat: ReportFormat = {
  name: 'yaml',
  extension: 'yaml',
  description: 'the same document as YAML',
  showsNotes: false,
  render: (report) => renderYaml(report),
};
