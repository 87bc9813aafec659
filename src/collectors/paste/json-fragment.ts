/**
 * JSON cut out of a larger `kubectl get -o json`: members without the braces around them
 * (`"state": { ... },`, `"lastState": {...}`, `"terminated":{"exitCode":137}`), one after another
 * at one indent. They are read as the object they would be members of.
 */

/** The first line of a member: `"key": ` and the start of a value. */
export const JSON_MEMBER = /^\s*"[A-Za-z][\w.-]*"\s*:\s*(?:[{["\d-]|true\b|false\b|null\b)/;

const MAX_LINES = 5_000;

/** Bracket depth change of a line, brackets inside strings not counted. */
function depthChange(line: string): number {
  let d = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') d++;
    else if (ch === '}' || ch === ']') d--;
  }
  return d;
}

/** The end (exclusive) of the run of members starting at `start`. */
function membersEnd(lines: readonly string[], start: number): number {
  let depth = 0;
  let i = start;
  for (; i < lines.length && i - start < MAX_LINES; i++) {
    depth += depthChange(lines[i] ?? '');
    if (depth < 0) return i;
    if (depth === 0) {
      const next = lines[i + 1] ?? '';
      if (!(lines[i] ?? '').trimEnd().endsWith(',') || !JSON_MEMBER.test(next)) return i + 1;
    }
  }
  return i;
}

/** The members at `start` as one object, and where they end; undefined when they are not JSON. */
export function readJsonMembers(
  lines: readonly string[],
  start: number,
): { readonly value: Record<string, unknown>; readonly end: number } | undefined {
  if (!JSON_MEMBER.test(lines[start] ?? '')) return undefined;
  const end = membersEnd(lines, start);
  const body = lines.slice(start, end).join('\n').trim().replace(/,\s*$/, '');
  try {
    const value: unknown = JSON.parse(`{${body}}`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return { value: value as Record<string, unknown>, end };
  } catch {
    return undefined;
  }
}
