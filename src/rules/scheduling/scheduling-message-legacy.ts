/**
 * Scheduler messages of Kubernetes 1.0-1.7, before the "0/N nodes are available" FitError:
 * - 1.5-1.7: `No nodes are available that match all of the (following) predicates:: Insufficient cpu (3), MatchNodeSelector (2).`
 * - 1.2-1.4: `pod (x) failed to fit in any node\nfit failure on node (n): Insufficient cpu` (one line per node;
 *   1.2-1.3 say `Node didn't have enough resource: CPU, requested: 1000, used: 1420, capacity: 2000`)
 *   and `fit failure summary on nodes : Insufficient cpu (2)`.
 */
import { toReason, type SchedulingMessage, type SchedulingReason } from './scheduling-reasons.js';
import { isDigit, trimEnd } from '../shared/text-scan.js';

export const PREDICATES_INTRO = 'No nodes are available that match all of';
export const FIT_FAILURE_NODE = 'fit failure on node (';
export const FIT_FAILURE_SUMMARY = 'fit failure summary on nodes';
const NOT_ENOUGH = "Node didn't have enough resource: ";
const RESOURCE_DETAIL = ['requested:', 'used:', 'capacity:'] as const;

/** "Insufficient cpu (3)" -> [3, "Insufficient cpu"]. */
function trailingCount(chunk: string): [number, string] | undefined {
  if (!chunk.endsWith(')')) return undefined;
  const open = chunk.lastIndexOf(' (');
  if (open < 0) return undefined;
  const digits = chunk.slice(open + 2, -1);
  if (digits === '') return undefined;
  for (let i = 0; i < digits.length; i++) if (!isDigit(digits[i])) return undefined;
  return [Number(digits), chunk.slice(0, open)];
}

/** "Insufficient cpu (3), MatchNodeSelector (2)." */
function countedList(text: string): SchedulingReason[] {
  return trimEnd(text)
    .split(', ')
    .map((c) => trimEnd(c))
    .filter((c) => c !== '')
    .map((c) => {
      const t = trailingCount(c);
      return t === undefined ? toReason(c, undefined) : toReason(t[1], t[0]);
    });
}

/** The list after "predicates:" (one or two colons). */
export function parsePredicates(message: string, intro: number): SchedulingMessage {
  const colon = message.indexOf(':', intro);
  let start = colon < 0 ? message.length : colon;
  while (message[start] === ':') start++;
  return { form: 'predicates', reasons: countedList(message.slice(start)), preemption: [], notes: [] };
}

/** 1.2-1.4: one line per node, or a summary line with counts. */
export function parseFitFailure(message: string): SchedulingMessage {
  const summary = message.indexOf(FIT_FAILURE_SUMMARY);
  if (summary >= 0) {
    const colon = message.indexOf(':', summary);
    const line = colon < 0 ? '' : (message.slice(colon + 1).split('\n')[0] ?? '');
    return { form: 'fit-failure', reasons: countedList(line), preemption: [], notes: [] };
  }
  const counts = new Map<string, number>();
  let nodes = 0;
  // Each step starts after the previous "): ", so the scan stays linear.
  for (let at = message.indexOf(FIT_FAILURE_NODE); at >= 0;) {
    const close = message.indexOf('): ', at);
    if (close < 0) break;
    nodes++;
    const next = message.indexOf(FIT_FAILURE_NODE, close);
    let line = message.slice(close + 3, next < 0 ? undefined : next);
    const nl = line.indexOf('\n');
    if (nl >= 0) line = line.slice(0, nl);
    for (const raw of line.split(', ')) {
      let chunk = trimEnd(raw);
      if (chunk === '' || RESOURCE_DETAIL.some((d) => chunk.startsWith(d))) continue;
      if (chunk.startsWith(NOT_ENOUGH))
        chunk = `${NOT_ENOUGH}${chunk.slice(NOT_ENOUGH.length).split(',')[0] ?? ''}`;
      counts.set(chunk, (counts.get(chunk) ?? 0) + 1);
    }
    at = next;
  }
  const reasons = [...counts].map(([text, count]) => toReason(text, count));
  return {
    form: 'fit-failure',
    ...(nodes > 0 ? { totalNodes: nodes } : {}),
    reasons,
    preemption: [],
    notes: [],
  };
}

/** Resource name of "Node didn't have enough resource: CPU" (lower case), else undefined. */
export function notEnoughResource(text: string): string | undefined {
  return text.startsWith(NOT_ENOUGH)
    ? (text.slice(NOT_ENOUGH.length).split(',')[0]?.trim().toLowerCase() ?? '')
    : undefined;
}
