import type { DiagnosisReport } from '../model/index.js';
import { stringify } from 'yaml';
import { reportDocument } from './document.js';

export function renderJson(report: DiagnosisReport): string {
  return `${JSON.stringify(reportDocument(report), null, 2)}\n`;
}

export function renderYaml(report: DiagnosisReport): string {
  return stringify(reportDocument(report), { lineWidth: 0 });
}
