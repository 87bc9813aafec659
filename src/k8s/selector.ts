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
