import type { Finding } from '../model/index.js';
import type { RuleMeta } from './types.js';

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Names of the {{placeholders}} a template uses. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

export function renderTemplate(template: string, data: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = data[name];
    return value === undefined ? whole : String(value);
  });
}

/** The human sentence for a finding, from its rule's message table. */
export function renderFinding(meta: RuleMeta, f: Finding): string {
  const template = meta.messages[f.messageId];
  return template === undefined ? f.messageId : renderTemplate(template, f.data);
}

/** The sentence for a finding, looking its rule up by id (the message id when the rule is unknown). */
export function renderWith(metas: ReadonlyMap<string, RuleMeta>, f: Finding): string {
  const meta = metas.get(f.ruleId);
  return meta === undefined ? f.messageId : renderFinding(meta, f);
}
