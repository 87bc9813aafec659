/**
 * Building a YAML document costs time and memory in proportion to its size: a ConfigMap of 10^6
 * keys took 20 s and 1.5 GB only to be thrown away. Before parsing, documents and List items of
 * kinds kube-handoff does not read are found from their `kind:` line and cut out (even blank, a
 * million lines take the YAML parser seconds); `lineOf` maps lines of what is left back to the
 * original. Only what can be judged from the layout kubectl and editors write is skipped: anything
 * unclear (no kind, two kinds, flow style, content on a `---` line) is kept and parsed as before.
 */

const MARKER = /^---(?:[ \t]|$)/;
const MARKER_ONLY = /^---[ \t]*(?:#.*)?\r?$/;
const TOP_KIND = /^kind:[ \t]*(["']?)([A-Za-z][\w.-]*)\1[ \t]*(?:#.*)?\r?$/;
const ITEMS = /^items:[ \t]*(?:#.*)?\r?$/;

export interface Skimmed {
  readonly text: string;
  /** The 1-based line of the original text that line `line` of `text` was. */
  readonly lineOf: (line: number) => number;
}

/** A line that is cut out; `null` marks it (lines are strings, so no real line is null). */
type Line = string | null;

/** Documents (between `---` lines) and List items whose kind `keep` refuses are cut out. */
export function skipUnreadKinds(
  text: string,
  keep: (kind: string) => boolean,
  skipped: Map<string, number>,
): Skimmed {
  const lines: Line[] = text.split('\n');
  let changed = false;
  let start = 0;
  for (let i = 0; i <= lines.length; i++) {
    const line = lines[i];
    if (line !== undefined && !MARKER.test(line ?? '')) continue;
    // A document runs from `start` to the marker at `i` (or the end of the text).
    const openedBy = start > 0 ? lines[start - 1] : undefined;
    if (openedBy === undefined || MARKER_ONLY.test(openedBy ?? '')) {
      changed = skipDocument(lines, start, i, keep, skipped) || changed;
    }
    start = i + 1;
  }
  return changed ? cut(lines) : { text, lineOf: (line) => line };
}

/** Joins the lines left; each run of cut lines is remembered as (kept lines before it, lines cut so far). */
function cut(lines: readonly Line[]): Skimmed {
  const kept: string[] = [];
  const runs: { at: number; total: number }[] = [];
  let total = 0;
  for (const line of lines) {
    if (line !== null) {
      kept.push(line);
      continue;
    }
    total++;
    const last = runs.at(-1);
    if (last !== undefined && last.at === kept.length) last.total = total;
    else runs.push({ at: kept.length, total });
  }
  return {
    text: kept.join('\n'),
    lineOf: (line) => {
      // Lines cut before (0-based) index line-1: the total of the last run at or before it.
      let lo = 0;
      let hi = runs.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((runs[mid]?.at ?? 0) <= line - 1) lo = mid + 1;
        else hi = mid;
      }
      return line + (lo === 0 ? 0 : (runs[lo - 1]?.total ?? 0));
    },
  };
}

function count(skipped: Map<string, number>, kind: string): void {
  skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
}

function drop(lines: Line[], from: number, to: number): void {
  for (let i = from; i < to; i++) lines[i] = null;
}

/** The kinds `pattern` matches in lines [from, to); it stops at two, which is already too many. */
function kindsAt(lines: readonly Line[], from: number, to: number, pattern: RegExp): string[] {
  const kinds: string[] = [];
  for (let i = from; i < to && kinds.length < 2; i++) {
    const line = lines[i] ?? '';
    if (!line.includes('kind:')) continue;
    const kind = pattern.exec(line)?.[2];
    if (kind !== undefined) kinds.push(kind);
  }
  return kinds;
}

/** The kind when exactly one is found, else undefined. */
function single(kinds: readonly string[]): string | undefined {
  return kinds.length === 1 ? kinds[0] : undefined;
}

function skipDocument(
  lines: Line[],
  from: number,
  to: number,
  keep: (kind: string) => boolean,
  skipped: Map<string, number>,
): boolean {
  const kind = single(kindsAt(lines, from, to, TOP_KIND));
  if (kind === undefined) return false;
  if (kind === 'List' || kind.endsWith('List')) return skipItems(lines, from, to, keep, skipped);
  if (keep(kind)) return false;
  drop(lines, from, to);
  count(skipped, kind);
  return true;
}

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 0x20) n++;
  return n;
}

/** Blank lines and comments belong to whatever block is open. */
function isFiller(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}

function isDash(line: string, indent: number): boolean {
  if (indentOf(line) !== indent || line[indent] !== '-') return false;
  const next = line[indent + 1];
  return next === undefined || next === ' ' || next === '\r';
}

/** The items of a List, each judged by its own `kind:` at its key indentation. */
function skipItems(
  lines: Line[],
  from: number,
  to: number,
  keep: (kind: string) => boolean,
  skipped: Map<string, number>,
): boolean {
  let header = -1;
  for (let i = from; i < to; i++) if (ITEMS.test(lines[i] ?? '')) header = i;
  if (header === -1) return false;
  let first = header + 1;
  while (first < to && isFiller(lines[first] ?? '')) first++;
  const dashIndent = indentOf(lines[first] ?? '');
  if (first === to || !isDash(lines[first] ?? '', dashIndent)) return false;

  let end = first;
  const starts: number[] = [];
  for (; end < to; end++) {
    const line = lines[end] ?? '';
    if (isFiller(line)) continue;
    const indent = indentOf(line);
    if (indent < dashIndent || (indent === dashIndent && !isDash(line, dashIndent))) break;
    if (indent === dashIndent) starts.push(end);
  }
  let kept = 0;
  let changed = false;
  starts.forEach((itemStart, n) => {
    const itemEnd = starts[n + 1] ?? end;
    const kind = itemKind(lines, itemStart, itemEnd, dashIndent);
    if (kind === undefined || keep(kind) || kind.endsWith('List')) {
      kept++;
      return;
    }
    drop(lines, itemStart, itemEnd);
    count(skipped, kind);
    changed = true;
  });
  // With every item gone, `items:` would read as null: keep it an empty list.
  if (changed && kept === 0) lines[header] = 'items: []';
  return changed;
}

function itemKind(lines: readonly Line[], from: number, to: number, dashIndent: number): string | undefined {
  const dash = lines[from] ?? '';
  const afterDash = dash.slice(dashIndent + 1);
  const inline = afterDash.trim() !== '' && !afterDash.trimStart().startsWith('#');
  let keyIndent: number;
  if (inline) {
    keyIndent = dashIndent + 1 + indentOf(afterDash);
  } else {
    let next = from + 1;
    while (next < to && isFiller(lines[next] ?? '')) next++;
    if (next === to) return undefined;
    keyIndent = indentOf(lines[next] ?? '');
  }
  const pattern = new RegExp(`^ {${keyIndent}}kind:[ \\t]*(["']?)([A-Za-z][\\w.-]*)\\1[ \\t]*(?:#.*)?\\r?$`);
  const dashPattern = new RegExp(
    `^ {${dashIndent}}-[ ]+kind:[ \\t]*(["']?)([A-Za-z][\\w.-]*)\\1[ \\t]*(?:#.*)?\\r?$`,
  );
  const onDash = inline ? dashPattern.exec(dash)?.[2] : undefined;
  return single([...(onDash === undefined ? [] : [onDash]), ...kindsAt(lines, from + 1, to, pattern)]);
}
