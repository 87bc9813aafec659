/** Loose reads of served JSON (printers look at many optional fields of many kinds). */
export function pick(o: unknown, path: string): unknown {
  let cur = o;
  for (const p of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

export const text = (o: unknown, path: string): string => {
  const v = pick(o, path);
  return typeof v === 'string' ? v : '';
};

export const num = (o: unknown, path: string): number => {
  const v = pick(o, path);
  return typeof v === 'number' ? v : 0;
};

export const list = (o: unknown, path: string): unknown[] => {
  const v = pick(o, path);
  return Array.isArray(v) ? (v as unknown[]) : [];
};

export const record = (o: unknown, path: string): Record<string, unknown> => {
  const v = pick(o, path);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

/** labels.FormatLabels / SelectorFromSet(...).String(): sorted `k=v` pairs, `<none>` when empty. */
export function formatLabels(labels: Record<string, unknown>): string {
  const keys = Object.keys(labels).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${String(labels[k])}`).join(',');
}

/** metav1.FormatLabelSelector: matchLabels then matchExpressions. */
export function formatLabelSelector(selector: unknown): string {
  if (selector === undefined || selector === null) return '<none>';
  const parts: string[] = [];
  const ml = record(selector, 'matchLabels');
  for (const k of Object.keys(ml).sort()) parts.push(`${k}=${String(ml[k])}`);
  for (const e of list(selector, 'matchExpressions')) {
    const key = text(e, 'key');
    const op = text(e, 'operator');
    const values = list(e, 'values').map(String).join(',');
    if (op === 'In') parts.push(`${key} in (${values})`);
    else if (op === 'NotIn') parts.push(`${key} notin (${values})`);
    else if (op === 'Exists') parts.push(key);
    else if (op === 'DoesNotExist') parts.push(`!${key}`);
  }
  if (parts.length === 0) return '<none>';
  return parts.join(',');
}
