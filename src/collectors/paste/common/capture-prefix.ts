import { parseTime } from '../../../k8s/index.js';
import { cleanLine } from './text.js';

/**
 * The time a capturing program wrote before every line it kept: a CI runner's raw log (GitHub
 * Actions `2024-05-01T10:00:00.1234567Z `, Jenkins' timestamper `[2024-05-01T10:00:00.123Z] `),
 * `kubectl logs --timestamps` (RFC 3339 with nanoseconds). Always with a fraction of a second (or
 * in brackets), so a table's own time column (`-o custom-columns=TIME:.lastTimestamp` prints
 * `2021-07-01T13:53:17Z`, older kubectl `2017-07-26 16:32:54 -0500 CDT`) is never taken for it.
 */
const PREFIX =
  /^(?:\[(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:?\d\d))\]|(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,9}(?:Z|[+-]\d\d:?\d\d)))(?: |$)/;

/** Share of the non-blank lines that must carry the prefix for it to be the capture's. */
const SHARE = 0.8;

export interface Unprefixed {
  readonly lines: string[];
  /** The newest prefix time (epoch ms): when the capture printed its last line. */
  readonly printedAt?: number;
}

/**
 * The lines without the capture's time prefix, when (nearly) every non-blank line carries one: the
 * output under it is kubectl's, read as if pasted from the terminal. Lines are left as they are
 * when fewer carry it (a log line or two quoted with its time).
 */
export function withoutCapturePrefix(lines: readonly string[]): Unprefixed {
  let filled = 0;
  let prefixed = 0;
  for (const line of lines) {
    if (line.trim() === '') continue;
    filled++;
    if (PREFIX.test(line)) prefixed++;
  }
  if (prefixed < 2 || prefixed < filled * SHARE) return { lines: [...lines] };
  let printedAt: number | undefined;
  const out = lines.map((line) => {
    const m = PREFIX.exec(line);
    if (m === null) return line;
    const t = parseTime(m[1] ?? m[2]);
    if (t !== undefined && (printedAt === undefined || t > printedAt)) printedAt = t;
    // What follows the time is cleaned as a line of its own (a quote marker, a fence glued to it).
    return cleanLine(line.slice(m[0].length));
  });
  return printedAt === undefined ? { lines: out } : { lines: out, printedAt };
}
