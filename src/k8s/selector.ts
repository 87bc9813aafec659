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

/** A label name: at most 63 alphanumerics, '-', '_' or '.', starting and ending alphanumeric. */
const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
/** A label key's optional prefix: a DNS subdomain of at most 253 characters. */
const PREFIX = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** A label value: empty, or as a name (apimachinery's validation.IsValidLabelValue). */
const VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

/** Why a label key is invalid (apimachinery's IsQualifiedName), or undefined when it is valid. */
function keyError(key: string): string | undefined {
  const slash = key.indexOf('/');
  const prefix = slash < 0 ? undefined : key.slice(0, slash);
  const name = slash < 0 ? key : key.slice(slash + 1);
  if (prefix !== undefined && (prefix.length > 253 || !PREFIX.test(prefix)))
    return `invalid label key "${key}": the prefix before "/" must be a lower-case DNS subdomain`;
  if (name.length > 63 || !NAME.test(name))
    return `invalid label key "${key}": a name must be at most 63 alphanumeric characters, '-', '_' or '.', starting and ending with an alphanumeric character`;
  return undefined;
}

/** Why a label value is invalid (apimachinery's IsValidLabelValue), or undefined when it is valid. */
function valueError(key: string, value: string): string | undefined {
  if (value.length <= 63 && VALUE.test(value)) return undefined;
  return `invalid label value "${value}" for key "${key}": a value must be empty or at most 63 alphanumeric characters, '-', '_' or '.', starting and ending with an alphanumeric character`;
}

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
      const values = (set[3] ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const bad = keyError(key) ?? values.map((v) => valueError(key, v)).find((e) => e !== undefined);
      if (bad !== undefined) return bad;
      reqs.push({ key, op: set[2] === 'in' ? 'in' : 'notin', values });
      continue;
    }
    const eq = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(part);
    if (eq) {
      const key = eq[1] ?? '';
      const value = eq[3] ?? '';
      const bad = keyError(key) ?? valueError(key, value);
      if (bad !== undefined) return bad;
      reqs.push({ key, op: eq[2] === '!=' ? '!=' : '=', values: [value] });
      continue;
    }
    const ex = /^(!?)\s*([^=!\s()]+)$/.exec(part);
    if (ex) {
      const bad = keyError(ex[2] ?? '');
      if (bad !== undefined) return bad;
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
