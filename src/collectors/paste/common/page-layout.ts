/**
 * What a web page's code block does to pasted text besides its characters (common/text.ts): a
 * gutter of line numbers copied with the lines, and every line set as a paragraph of its own, so
 * that an empty line stands between any two.
 */

/** A line number at the start of a line, and the gutter's separator after it. */
const NUMBERED = /^ *(\d{1,5})(?: ?\| ?| |\t|$)/;

/** Lines numbered 1, 2, 3 ... in a row at least this long are a gutter, not the text's own numbers. */
const GUTTER_RUN = 3;

/**
 * The lines without a gutter of line numbers: a run of at least three lines that start with
 * consecutive numbers (each followed by a space, a tab or a bar, as code-block themes print them)
 * loses the numbers. Other lines, and numbers that do not count up by one, stay as they are.
 */
export function withoutLineNumbers(lines: readonly string[]): string[] {
  const out = [...lines];
  let i = 0;
  while (i < lines.length) {
    const first = NUMBERED.exec(lines[i] ?? '');
    if (first === null) {
      i++;
      continue;
    }
    let j = i + 1;
    let expect = Number(first[1]) + 1;
    for (; j < lines.length; j++, expect++) {
      const m = NUMBERED.exec(lines[j] ?? '');
      if (m === null || Number(m[1]) !== expect) break;
    }
    if (j - i >= GUTTER_RUN) {
      for (let k = i; k < j; k++) out[k] = (lines[k] ?? '').replace(NUMBERED, '');
    }
    i = j;
  }
  return out;
}

/** Lines with text that alternate with empty ones at least this often make a double-spaced run. */
const DOUBLE_RUN = 4;

/**
 * The lines with the empty line between each two of a double-spaced run removed (at least four
 * lines of text, each followed by exactly one empty line, as a page that sets every line as a
 * paragraph gives them), with `origin[j]`, the given line of line j; undefined when there is none.
 */
export function singleSpaced(
  lines: readonly string[],
): { readonly lines: string[]; readonly origin: number[] } | undefined {
  const blank = (k: number): boolean => (lines[k] ?? '').trim() === '';
  const drop = new Set<number>();
  let i = 0;
  while (i < lines.length) {
    // A run: text, empty, text, empty, ... each text line followed by exactly one empty line.
    let j = i;
    while (j + 1 < lines.length && !blank(j) && blank(j + 1) && (j + 2 >= lines.length || !blank(j + 2)))
      j += 2;
    const texts = (j - i) / 2 + (j < lines.length && !blank(j) ? 1 : 0);
    if (texts >= DOUBLE_RUN) for (let k = i + 1; k < j; k += 2) drop.add(k);
    i = j > i ? j : i + 1;
  }
  if (drop.size === 0) return undefined;
  const kept: string[] = [];
  const origin: number[] = [];
  lines.forEach((l, k) => {
    if (drop.has(k)) return;
    kept.push(l);
    origin.push(k);
  });
  return { lines: kept, origin };
}
