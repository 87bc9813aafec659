import { LineCounter, parseAllDocuments } from 'yaml';
import { InputError } from '../../errors/index.js';
import type { LogTail } from '../../model/index.js';
import { skipUnreadKinds } from './skip-kinds.js';

export interface Document {
  readonly value: unknown;
  /** 1-based line where the document starts. */
  readonly line: number;
}

export interface Parsed {
  readonly documents: readonly Document[];
  readonly logs: readonly LogTail[];
  /** Objects of kinds `keepKind` refused, by kind: counted, never built. */
  readonly skipped: ReadonlyMap<string, number>;
}

export interface ParseOptions {
  /** Kinds worth building; YAML documents and List items of other kinds are skipped unparsed. */
  readonly keepKind?: (kind: string) => boolean;
}

/** Lines kept of each log section (`kubectl cluster-info dump` prints whole logs). */
export const LOG_TAIL_LINES = 200;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** End index (exclusive) of the JSON object or array starting at `start`, or -1. Linear in its length. */
function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function jsonError(name: string, text: string, offset: number, err: unknown): InputError {
  const msg = err instanceof Error ? err.message : String(err);
  const lc = /line (\d+) column (\d+)/.exec(msg);
  const pos = /position (\d+)/.exec(msg);
  const line = lc
    ? lineAt(text, offset) + Number(lc[1]) - 1
    : pos
      ? lineAt(text, offset + Number(pos[1]))
      : lineAt(text, offset);
  // No leading `\s*` in the pattern: tried at every space of a long run, it would be quadratic.
  const reason = msg
    .replace(/(?:in JSON )?at position \d+.*$/s, '')
    .trimEnd()
    .replace(/, ".*" is not valid JSON$/s, ' (not valid JSON)');
  return new InputError(name, line, `invalid JSON: ${reason}`);
}

const LOG_START = /^==== START logs for container (\S+) of pod ([^/\s]+)\/(\S+) ====$/;

/**
 * Concatenated JSON values with log sections between them, as `kubectl cluster-info dump`
 * prints: each `==== START logs for container C of pod NS/NAME ====` section becomes a log tail.
 */
function parseJsonStream(name: string, text: string): Omit<Parsed, 'skipped'> {
  const documents: Document[] = [];
  const logs: LogTail[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      i++;
      continue;
    }
    if (c === '{' || c === '[') {
      const end = jsonValueEnd(text, i);
      if (end === -1)
        throw new InputError(name, lineAt(text, i), 'invalid JSON: the value starting here is never closed');
      try {
        documents.push({ value: JSON.parse(text.slice(i, end)), line: lineAt(text, i) });
      } catch (err) {
        throw jsonError(name, text, i, err);
      }
      i = end;
      continue;
    }
    const eol = text.indexOf('\n', i);
    const lineEnd = eol === -1 ? text.length : eol;
    const header = LOG_START.exec(text.slice(i, lineEnd).trimEnd());
    if (header === null)
      throw new InputError(name, lineAt(text, i), 'invalid JSON: expected an object or array here');
    const [, container = '', namespace = '', pod = ''] = header;
    const endMarker = `==== END logs for container ${container} of pod ${namespace}/${pod} ====`;
    const bodyStart = lineEnd + 1;
    const endAt = text.indexOf(endMarker, bodyStart);
    const body = text.slice(Math.min(bodyStart, text.length), endAt === -1 ? text.length : endAt);
    const lines = body.split('\n');
    if (lines.at(-1) === '') lines.pop();
    logs.push({
      namespace,
      pod,
      container,
      previous: false,
      lines: lines.slice(-LOG_TAIL_LINES),
      ...(lines.length > LOG_TAIL_LINES ? { truncated: true } : {}),
    });
    i = endAt === -1 ? text.length : endAt + endMarker.length;
  }
  return { documents, logs };
}

/**
 * Lines that are paste noise, never YAML: elisions (`...`, `…`, `[…]`, `(...)`, `<snip>`), markdown
 * fences, shell prompts. Blanked to keep line numbers.
 */
const NOISE =
  /^\s*(?:\.\.\.|…|[[(<](?:\.\.\.|…|snip(?:ped)?)[\])>]|<snip(?:ped)?>|```\w*|~~~\w*|\$ .*|[\w.-]+@[\w.-]+[^$#\s]*[$#] .*)\s*$/;

function blankNoise(text: string): string {
  return text
    .split('\n')
    .map((l) => (NOISE.test(l) ? '' : l))
    .join('\n');
}

/** A YAML key line (`reason: X`, `- name: y`). */
const KEY_LINE = /^\s*(?:- )?[A-Za-z][\w./-]*:(?:\s|$)/;

/**
 * A fragment copied from the middle of a YAML document often loses the indentation of its
 * first line ("phase: Failed\n  containerStatuses: ...", " message: 'a long\n    text'\n  reason: X").
 * Indent that line like the shallowest key below it (its siblings; deeper lines may continue its
 * value), or like the next line when no key follows.
 */
function reindentFirstLine(text: string): string | undefined {
  const lines = text.split('\n');
  const content = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const [first, ...rest] = content;
  if (first === undefined || rest[0] === undefined) return undefined;
  const indent = (s: string): number => s.length - s.trimStart().length;
  const keys = rest.filter(({ l }) => KEY_LINE.test(l)).map(({ l }) => indent(l));
  const target = keys.length > 0 ? Math.min(...keys) : indent(rest[0].l);
  // A list item's keys stand two columns right of its dash: `- a: 1` over `    b: 2` was `  - a: 1`.
  const at = first.l.trimStart().startsWith('- ') ? target - 2 : target;
  if (rest.some(({ l }) => indent(l) <= indent(first.l)) || at <= indent(first.l)) return undefined;
  lines[first.i] = ' '.repeat(at) + first.l.trimStart();
  return lines.join('\n');
}

/** `lineOf` maps a line of `text` to the line of the file it came from (lines may have been cut). */
function parseYaml(
  name: string,
  text: string,
  lineOf: (line: number) => number = (l) => l,
): Document[] | InputError {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const out: Document[] = [];
  for (const doc of list) {
    const err = doc.errors[0];
    if (err !== undefined) {
      const at = err.linePos?.[0].line;
      const line = at === undefined ? undefined : lineOf(at);
      const first = err.message.split('\n')[0] ?? err.message;
      return new InputError(name, line, `invalid YAML: ${first.replace(/ at line \d+, column \d+:?$/, '')}`);
    }
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      const line = lineOf(lineCounter.linePos(doc.range[0]).line);
      return new InputError(name, line, `invalid YAML: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (value === null || value === undefined) continue;
    out.push({ value, line: lineOf(lineCounter.linePos(doc.contents?.range[0] ?? doc.range[0]).line) });
  }
  return out;
}

/** Parses JSON, a JSON stream with log sections, or (multi-document) YAML. */
export function parseDocuments(name: string, text: string, options: ParseOptions = {}): Parsed {
  const trimmed = text.trimStart();
  const skipped = new Map<string, number>();
  // `cluster-info dump --output-directory` writes <ns>/<pod>/logs.txt: log sections only.
  if (trimmed.startsWith('==== START logs for container '))
    return { ...parseJsonStream(name, text), skipped };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return {
        documents: [{ value: JSON.parse(text), line: lineAt(text, text.length - trimmed.length) }],
        logs: [],
        skipped,
      };
    } catch {
      return { ...parseJsonStream(name, text), skipped };
    }
  }
  // Kinds not read are cut first, so that nothing else walks their lines.
  const skimmed =
    options.keepKind === undefined
      ? { text, lineOf: (line: number) => line }
      : skipUnreadKinds(text, options.keepKind, skipped);
  const cleaned = blankNoise(skimmed.text);
  const { lineOf } = skimmed;
  const result = parseYaml(name, cleaned, lineOf);
  if (!(result instanceof InputError)) return { documents: result, logs: [], skipped };
  const repaired = reindentFirstLine(cleaned);
  if (repaired !== undefined) {
    const second = parseYaml(name, repaired, lineOf);
    if (!(second instanceof InputError)) return { documents: second, logs: [], skipped };
  }
  throw result;
}
