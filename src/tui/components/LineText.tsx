import { Box, Text } from 'ink';
import type { Line, Segment } from '../state/line.js';

export interface LineTextProps {
  readonly line: Line;
  /** False under NO_COLOR (or off a colour terminal): tones are dropped, glyphs stay. */
  readonly colour: boolean;
}

const sameStyle = (a: Segment, b: Segment, colour: boolean): boolean =>
  (!colour || a.tone === b.tone) && a.bold === b.bold && a.dim === b.dim && a.inverse === b.inverse;

/** Joins neighbours of one style: fewer Ink text nodes to measure on every frame. */
export function mergeSegments(line: Line, colour: boolean): Segment[] {
  const out: Segment[] = [];
  for (const s of line) {
    const last = out[out.length - 1];
    if (last !== undefined && sameStyle(last, s, colour))
      out[out.length - 1] = { ...last, text: last.text + s.text };
    else out.push(s);
  }
  return out;
}

/** One screen line: styled segments, cut at the right edge, never wrapped, exactly one row high. */
export function LineText({ line, colour }: LineTextProps): React.JSX.Element {
  // A fixed-height box per line: Ink gives whitespace-only text no height, and a column that
  // is full would otherwise shrink some lines away.
  return (
    <Box height={1} flexShrink={0}>
      {line.length === 0 ? null : (
        <Text wrap="truncate-end">
          {mergeSegments(line, colour).map((s, i) => (
            <Text
              key={i}
              {...(colour && s.tone !== undefined ? { color: s.tone } : {})}
              bold={s.bold === true}
              dimColor={s.dim === true}
              inverse={s.inverse === true}
            >
              {s.text}
            </Text>
          ))}
        </Text>
      )}
    </Box>
  );
}
