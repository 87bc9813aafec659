import { Box } from 'ink';
import type { Line } from '../state/line.js';
import { LineText } from './LineText.js';

export interface LineWindowProps {
  readonly lines: readonly Line[];
  /** First line shown. */
  readonly top: number;
  readonly height: number;
  readonly colour: boolean;
}

/** Draws only `height` lines from `top`: the screen never holds more than fits (virtual window). */
export function LineWindow({ lines, top, height, colour }: LineWindowProps): React.JSX.Element {
  const start = Math.max(0, Math.min(top, lines.length - height));
  const shown = lines.slice(start, start + height);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      {shown.map((line, i) => (
        <LineText key={i} line={line} colour={colour} />
      ))}
    </Box>
  );
}
