import type { LabelSelector } from '../model/index.js';

type Labels = Readonly<Record<string, string>> | undefined;

/** A Service-style selector: every key must equal. An empty selector matches nothing here (as Services do). */
export function matchesServiceSelector(selector: Labels, labels: Labels): boolean {
  if (selector === undefined) return false;
  const keys = Object.keys(selector);
  if (keys.length === 0) return false;
  return keys.every((k) => labels?.[k] === selector[k]);
}

/** metav1.LabelSelector semantics: matchLabels AND matchExpressions; an empty selector matches everything. */
export function matchesLabelSelector(selector: LabelSelector | undefined, labels: Labels): boolean {
  if (selector === undefined) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) {
    if (labels?.[k] !== v) return false;
  }
  for (const req of selector.matchExpressions ?? []) {
    const value = labels?.[req.key];
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In':
        if (value === undefined || !values.includes(value)) return false;
        break;
      case 'NotIn':
        if (value !== undefined && values.includes(value)) return false;
        break;
      case 'Exists':
        if (value === undefined) return false;
        break;
      case 'DoesNotExist':
        if (value !== undefined) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** "app=web,tier=front" for messages and `-l` flags. */
export function formatSelector(selector: Labels): string {
  return Object.entries(selector ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

export interface SelectorRequirement {
  readonly key: string;
  readonly op: '=' | '!=' | 'in' | 'notin' | 'exists' | '!exists';
  readonly values: readonly string[];
}

const KEY = /^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/;

/**
 * Parses a label selector as `kubectl -l` takes it: `a=b`, `a==b`, `a!=b`, `a in (x,y)`,
 * `a notin (x)`, `a`, `!a`, joined by commas. Returns an error message instead of throwing.
 */
export function parseSelector(text: string): SelectorRequirement[] | string {
  const reqs: SelectorRequirement[] = [];
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '') return `empty requirement in selector "${text}"`;
    const set = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
    if (set) {
      const key = set[1] ?? '';
      if (!KEY.test(key)) return `invalid label key "${key}"`;
      reqs.push({
        key,
        op: set[2] === 'in' ? 'in' : 'notin',
        values: (set[3] ?? '')
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      });
      continue;
    }
    const eq = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(part);
    if (eq) {
      const key = eq[1] ?? '';
      if (!KEY.test(key)) return `invalid label key "${key}"`;
      reqs.push({ key, op: eq[2] === '!=' ? '!=' : '=', values: [eq[3] ?? ''] });
      continue;
    }
    const ex = /^(!?)\s*([^=!\s()]+)$/.exec(part);
    if (ex && KEY.test(ex[2] ?? '')) {
      reqs.push({ key: ex[2] ?? '', op: ex[1] === '!' ? '!exists' : 'exists', values: [] });
      continue;
    }
    return `cannot parse selector requirement "${part}"`;
  }
  return reqs;
}

export function matchesRequirements(reqs: readonly SelectorRequirement[], labels: Labels): boolean {
  return reqs.every((r) => {
    const v = labels?.[r.key];
    switch (r.op) {
      case '=':
        return v === r.values[0];
      case '!=':
        return v !== r.values[0];
      case 'in':
        return v !== undefined && r.values.includes(v);
      case 'notin':
        return v === undefined || !r.values.includes(v);
      case 'exists':
        return v !== undefined;
      case '!exists':
        return v === undefined;
    }
  });
}
