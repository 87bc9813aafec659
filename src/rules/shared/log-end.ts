/**
 * How a container's log ends, read alone: an error, a wait that repeats, or work done. The
 * evidence of a run whose state is not known (an init container's `kubectl logs -c init`, an app
 * container's `kubectl logs --previous`).
 */
export type LogEnd = 'error' | 'waiting' | 'done';

/** A line that waits on something: polling a port, a name, a Job (`waiting for db`, `postgres:5432 - no response`). */
const WAITING =
  /\b(?:wait(?:ing)?\b|no response\b|not (?:yet )?(?:ready|available|up|reachable)\b|retry(?:ing)?\b|sleep(?:ing)?\b)/i;
/** A line that reports a failure in the words programs and shells use. */
const ERROR =
  /\b(?:errors?\b|fatal\b|panic\b|fail(?:ed|ure|s)?\b|denied\b|not permitted\b|forbidden\b|cannot\b|can't\b|could not\b|couldn't\b|unable to\b|no such file or directory\b|read-only file system\b|exit status [1-9]|abort(?:ing|ed)?\b|invalid\b|command not found\b|not found\b|exception\b|traceback\b)/i;
/** A line that says the awaited thing came: the last word of a wait that ended. */
const DONE =
  /\b(?:accepting connections|is (?:up|ready|available)|(?:now )?ready\b|done\b|complete(?:d)?\b|success(?:ful(?:ly)?)?\b|succeeded\b|finished\b)/i;
const NEGATED = /\b(?:not|no|never|un)\b[^.]{0,20}$/i;

/** `postgres:5432 - no response` and `postgres:5432 - no response` again, with counters and times stripped. */
function shape(line: string): string {
  return line.trim().replace(/\d+/g, '#');
}

function says(re: RegExp, line: string): boolean {
  const m = re.exec(line);
  return m !== null && !NEGATED.test(line.slice(0, m.index));
}

/**
 * How the log ends: `waiting` when a waiting line comes round again (a loop that polls) and the
 * last line is no arrival; `error` when one of the last three lines reports a failure; else the
 * last line alone: a wait, an arrival, or nothing known.
 */
export function logEnd(lines: readonly string[]): LogEnd | undefined {
  const kept = lines.filter((l) => l.trim() !== '');
  const last = kept.at(-1);
  if (last === undefined) return undefined;
  const arrived = says(DONE, last) && !WAITING.test(last) && !ERROR.test(last);
  const seen = new Map<string, number>();
  for (const l of kept) if (WAITING.test(l)) seen.set(shape(l), (seen.get(shape(l)) ?? 0) + 1);
  if ([...seen.values()].some((n) => n >= 2)) return arrived ? 'done' : 'waiting';
  if (kept.slice(-3).some((l) => ERROR.test(l))) return 'error';
  if (WAITING.test(last)) return 'waiting';
  return arrived ? 'done' : undefined;
}
