/**
 * A scenario file as plain values, with the way back from a value's path to its line: YAML
 * parsed with the JSON-lines fast path (json-lines.ts), aliases refused, every error an
 * `InputError` naming the file and line.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, visit, type Document } from 'yaml';
import { InputError } from '../../errors/index.js';
import { inlineJsonLines } from './json-lines.js';

export type Path = readonly (string | number)[];

export interface YamlSource {
  /** The document as plain values (JSON types). */
  readonly value: unknown;
  /** 1-based line of the value at a path, or of its nearest written ancestor. */
  lineOf(path: Path): number;
}

export function readYaml(text: string, file: string): YamlSource {
  const lines = new LineCounter();
  const inlined = inlineJsonLines(text);
  const doc = parseDocument(inlined.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  if (err !== undefined)
    // linePos is only filled in with prettyErrors (which also rewrites the message), so the
    // line comes from the error's offset.
    throw new InputError(
      file,
      lines.linePos(err.pos[0]).line,
      `invalid YAML: ${err.message.split('\n')[0] ?? ''}`,
    );
  // An alias would read as a copy of its anchor, and an error inside it would name the anchor's
  // line: refuse them plainly.
  let alias: number | undefined;
  visit(doc, {
    Alias(_key, node) {
      alias = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  if (alias !== undefined)
    throw new InputError(
      file,
      lines.linePos(alias).line,
      'YAML aliases (*name) are not supported in scenarios; repeat the value instead',
    );
  const lineOf = (path: Path): number => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range !== undefined) return lines.linePos(node.range[0]).line;
    }
    return 1;
  };
  return { value: withInlined(doc, doc.toJSON(), lines, inlined.inline), lineOf };
}

/** Puts the values read by the JSON fast path in place of their empty placeholders `{}`. */
function withInlined(
  doc: Document,
  value: unknown,
  lines: LineCounter,
  inline: ReadonlyMap<number, Record<string, unknown>>,
): unknown {
  if (inline.size === 0 || !isMap(doc.contents)) return value;
  const top = value as Record<string, unknown[]>;
  for (const pair of doc.contents.items) {
    if (!isSeq(pair.value)) continue;
    const list = top[isScalar(pair.key) ? String(pair.key.value) : String(pair.key)];
    pair.value.items.forEach((item, i) => {
      if (list === undefined || !isMap(item) || item.items.length > 0 || item.range == null) return;
      const inlinedItem = inline.get(lines.linePos(item.range[0]).line);
      if (inlinedItem !== undefined) list[i] = inlinedItem;
    });
  }
  return value;
}
