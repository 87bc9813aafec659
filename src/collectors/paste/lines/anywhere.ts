/**
 * Kubernetes messages found anywhere in a line, not only at its start: after a logger's time
 * stamp, after an event row's cells (type, reason, age, source, object), after prose on the same
 * line ("kubectl events says: ..."), inside the quotes of a JSON or YAML fragment. The message
 * shapes are those of messages.ts (kubelet, scheduler, controllers, apiserver); a shape counts
 * only where a word starts, so "PreBackOff" is no "BackOff".
 */
import {
  DETAIL_SHAPES,
  detailShapeOf,
  MESSAGE_SHAPES,
  POD_STATUS_STARTS,
  podReasonOf,
  shapeOf,
  type MessageShape,
} from './messages.js';

export interface FoundMessage {
  /** Where the message starts in the line (its "(combined from similar events): " included). */
  readonly at: number;
  /** Where it ends: its closing quote when it was quoted, else the end of the line. */
  readonly end: number;
  /** The event message shape, when it is an event's message. */
  readonly shape?: MessageShape;
  /** The pod status.reason, when it is a pod status message. */
  readonly podReason?: string;
}

const COMBINED = '(combined from similar events): ';

/** Starts as one search: the earliest match in a line is found in one pass. */
const anyOf = (starts: readonly RegExp[]): RegExp =>
  new RegExp(
    // A markdown emphasis (`_..._`, `__..__`) opens at a word start too.
    `(?:(?<![\\w./-])|(?<=(?:^|[\\s(*])_{1,2}))(?:${starts
      // A quote may be escaped, as in a JSON string or a Go %q: `plugin \"VolumeBinding\"`.
      .map((r) => `(?:${r.source.replace(/^\^/, '').replaceAll('"', '\\\\?"')})`)
      .join('|')})`,
  );
const ANY_START = anyOf([...MESSAGE_SHAPES.map((s) => s.start), ...POD_STATUS_STARTS]);
/** The same with the inner parts of messages (messages.ts DETAIL_SHAPES). */
const ANY_START_OR_DETAIL = anyOf([
  ...MESSAGE_SHAPES.map((s) => s.start),
  ...DETAIL_SHAPES.map((s) => s.start),
  ...POD_STATUS_STARTS,
]);

/** The end of a quoted message starting at `from` (after its opening quote `q`): the next unescaped `q`. */
function closingQuote(line: string, from: number, q: string): number {
  for (let i = from; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\') i++;
    else if (ch === q) return i;
  }
  return line.length;
}

/**
 * The end of a message set in markdown emphasis (`_..._`, `**...**`): its closing marker, the
 * first that ends a word (a space, punctuation or the line's end after it; `web-0_shop` has none).
 */
function emphasisEnd(line: string, from: number, marker: string): number {
  for (let i = line.indexOf(marker, from); i !== -1; i = line.indexOf(marker, i + 1)) {
    const after = line[i + marker.length];
    if (after === undefined || /[\s).,;:!?]/.test(after)) return i;
  }
  return line.length;
}

/**
 * The first Kubernetes message in `line`, or undefined. Linear in the line's length. With
 * `details`, also an inner part of a message on its own (a kubelet error without its "Error: "):
 * no new message where a wrapped one may go on, but one where a line is read for itself.
 */
export function findMessage(line: string, details = true): FoundMessage | undefined {
  const m = (details ? ANY_START_OR_DETAIL : ANY_START).exec(line);
  if (m === null) return undefined;
  const text = unquote(line.slice(m.index), true);
  const shape = shapeOf(text) ?? (details ? detailShapeOf(text) : undefined);
  const podReason = shape === undefined ? podReasonOf(text) : undefined;
  if (shape === undefined && podReason === undefined) return undefined;
  let at = m.index;
  if (line.slice(0, at).endsWith(COMBINED)) at -= COMBINED.length;
  const q = line[at - 1];
  const end =
    q === '"' || q === "'" || q === '`'
      ? closingQuote(line, m.index, q)
      : q === '_' || q === '*'
        ? emphasisEnd(line, m.index, line.slice(0, at).match(/[_*]+$/)?.[0] ?? q)
        : line.length;
  return {
    at,
    end,
    ...(shape === undefined ? {} : { shape }),
    ...(podReason === undefined ? {} : { podReason }),
  };
}

/** A quoted message with its escapes undone (`\"` -> `"`), as JSON and Go's %q print it. */
export function unquote(text: string, quoted: boolean): string {
  return quoted ? text.replace(/\\(["'\\])/g, '$1') : text;
}
