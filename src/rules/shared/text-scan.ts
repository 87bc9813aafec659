/**
 * Small linear string scanners for parsing Kubernetes messages without backtracking regexes,
 * and the whitespace folding every message classifier starts from.
 */

/** Collapses wrapped lines (pasted events) so phrases split across lines still match. */
export function normaliseMessage(message: string): string {
  return message.replace(/\s+/g, ' ').trim();
}

export function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** Drops trailing spaces, periods, commas and colons ("cpu..", "x, "). */
export function trimEnd(s: string): string {
  let end = s.length;
  while (end > 0 && ' .,:\n\r\t'.includes(s[end - 1] ?? '')) end--;
  return s.slice(0, end).trim();
}

/** Text between the first pair of double quotes at or after `from`, or ''. */
export function quoted(text: string, from = 0): string {
  const open = text.indexOf('"', Math.max(0, from));
  if (open < 0) return '';
  const close = text.indexOf('"', open + 1);
  return close < 0 ? '' : text.slice(open + 1, close);
}

/** Text up to the first of `ends` (or the whole text), trimmed. */
export function until(text: string, ...ends: readonly string[]): string {
  let stop = text.length;
  for (const end of ends) {
    const e = text.indexOf(end);
    if (e >= 0 && e < stop) stop = e;
  }
  return text.slice(0, stop).trim();
}

/** Text after `marker` up to the first of `ends` (or the end), trimmed; '' when `marker` is absent. */
export function between(text: string, marker: string, ...ends: readonly string[]): string {
  const at = text.indexOf(marker);
  return at < 0 ? '' : until(text.slice(at + marker.length), ...ends);
}
