import type { LogTail, Pod } from '../../model/index.js';
import { initContainerEntries } from '../shared/containers.js';
import { hasState } from '../shared/container-evidence.js';

/**
 * An init container known only by its log: the pod is in the evidence without the init
 * container's state (a pasted `kubectl logs POD -c init` and no describe), so what its log ends
 * with is all there is of its run.
 */

/** How an init container's log ends, read alone: an error, a wait that repeats, or work done. */
export type InitLogEnd = 'error' | 'waiting' | 'done';

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
export function initLogEnd(lines: readonly string[]): InitLogEnd | undefined {
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

/**
 * The logs of init containers whose state the evidence lacks, by container: a listed init
 * container without a status, or a log the pod's containers cannot have printed (no container
 * named, or an app container still waiting on PodInitializing: it never ran). Only while no init
 * container's state is known at all: a known state decides instead.
 */
export function statelessInitLogs(pod: Pod, logs: readonly LogTail[]): readonly LogTail[] {
  const inits = initContainerEntries(pod);
  if (inits.some((e) => hasState(e.status))) return [];
  const initNames = new Set(inits.map((e) => e.ref.name));
  const neverRan = new Set(
    (pod.status.containerStatuses ?? [])
      .filter((s) => s.state?.waiting?.reason === 'PodInitializing')
      .map((s) => s.name),
  );
  const waitsOnInit = neverRan.size > 0 || initNames.size > 0;
  return logs.filter(
    (l) =>
      l.lines.length > 0 &&
      (initNames.has(l.container) || (waitsOnInit && (l.container === '' || neverRan.has(l.container)))),
  );
}
