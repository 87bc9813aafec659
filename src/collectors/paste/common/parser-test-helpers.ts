/**
 * Test helpers for the `kubectl get` and single-line parsers: run parsers over pasted text the
 * way the driver does (skipping blank and prompt lines), and read fields of the results.
 */
import { cleanLines, isPromptLine } from './text.js';
import type { BlockParser, PastedObject } from './types.js';

/** Objects the parsers find in a paste, trying them in order at each line. */
export function readWith(text: string, ...parsers: BlockParser[]): PastedObject[] {
  const lines = cleanLines(text);
  const out: PastedObject[] = [];
  let i = 0;
  outer: while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || isPromptLine(line)) {
      i++;
      continue;
    }
    for (const parse of parsers) {
      const r = parse(lines, i);
      if (r !== undefined && r.end > i) {
        out.push(...r.objects);
        i = r.end;
        continue outer;
      }
    }
    i++;
  }
  return out;
}

/** Strips the common indentation of a template literal so tables read as kubectl prints them. */
export function text(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ''), '');
  const lines = raw
    .replace(/^\n/, '')
    .replace(/\n\s*$/, '')
    .split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0));
  return lines.map((l) => l.slice(indent)).join('\n');
}
