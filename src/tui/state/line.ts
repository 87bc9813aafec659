import type { Tone } from '../glyphs.js';
import { oneLine } from '../format.js';

/** A run of text in one style. Built with `seg`, so cluster text is always sanitised. */
export interface Segment {
  readonly text: string;
  readonly tone?: Tone;
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly inverse?: boolean;
}

export type Line = readonly Segment[];

export function seg(text: string, style: Omit<Segment, 'text'> = {}): Segment {
  return { text: oneLine(text), ...style };
}

export const BLANK: Line = [];

/** Hard-wraps text to `width` columns, breaking at spaces when it can; continuation lines get `indent`. */
export function wrap(text: string, width: number, indent = ''): string[] {
  const clean = oneLine(text);
  const out: string[] = [];
  let rest = clean;
  let room = Math.max(1, width);
  while (rest.length > room) {
    let cut = rest.lastIndexOf(' ', room);
    if (cut <= 0) cut = room;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
    room = Math.max(1, width - indent.length);
  }
  out.push(rest);
  return out.map((l, i) => (i === 0 ? l : `${indent}${l}`));
}

/** Plain text of a line (tests, benches). */
export function lineText(line: Line): string {
  return line.map((s) => s.text).join('');
}
