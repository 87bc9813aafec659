/**
 * Parses kube-scheduler failure messages (FailedScheduling events, PodScheduled=False condition
 * messages) of every era into a per-reason histogram, and picks the reason a fix must address.
 * Pure and linear in the message length: plain string scans, no backtracking regex.
 *
 * Eras handled:
 * - FitError (1.8+): `0/3 nodes are available: 1 node(s) had untolerated taint {k: v}, 2 Insufficient cpu.`
 *   with PreFilter text (`0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.`),
 *   PostFilter text (`preemption: 0/3 nodes are available: ...`, DRA `no new claims to deallocate, `), `..`.
 * - predicates (1.5-1.7): `No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector (2).`
 * - fit failure (1.2-1.4): `pod (x) failed to fit in any node\nfit failure on node (n): Insufficient cpu`
 *   and `fit failure summary on nodes : Insufficient cpu (2)`.
 * - v1.0/1.1: `Failed for reason PodFitsResources and possibly others`.
 */
import {
  FIT_FAILURE_NODE,
  FIT_FAILURE_SUMMARY,
  notEnoughResource,
  parseFitFailure,
  parsePredicates,
  PREDICATES_INTRO,
} from './scheduling-message-legacy.js';
import {
  classifySchedulingReason,
  toReason,
  type MessageForm,
  type SchedulingCode,
  type SchedulingMessage,
  type SchedulingReason,
} from './scheduling-reasons.js';
import { isDigit, trimEnd } from '../shared/text-scan.js';

export {
  chooseSchedulingReason,
  classifySchedulingReason,
  type MessageForm,
  type SchedulingCode,
  type SchedulingMessage,
  type SchedulingReason,
} from './scheduling-reasons.js';

/** "12 rest" -> [12, "rest"]; undefined when the chunk does not start with a count. */
function leadingCount(chunk: string): [number, string] | undefined {
  let i = 0;
  while (isDigit(chunk[i])) i++;
  if (i === 0 || chunk[i] !== ' ') return undefined;
  return [Number(chunk.slice(0, i)), chunk.slice(i + 1)];
}

/** Splits on a period followed by whitespace or the end; "cpu.." and ". ." leave no empty sentences. */
function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '.') continue;
    const next = text[i + 1];
    if (next === undefined || next === ' ' || next === '\n' || next === '\r' || next === '\t') {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map(trimEnd).filter((s) => s !== '');
}

/** "<n> <reason>, <n> <reason>. <sentence without counts>" as the FitError prints it. */
function histogram(text: string): { reasons: SchedulingReason[]; notes: string[] } {
  const reasons: SchedulingReason[] = [];
  const notes: string[] = [];
  sentences(text).forEach((sentence, index) => {
    const counted: { text: string; count: number }[] = [];
    const loose: string[] = [];
    for (const raw of sentence.split(', ')) {
      const chunk = trimEnd(raw);
      if (chunk === '') continue;
      const lead = leadingCount(chunk);
      const last = counted.at(-1);
      if (lead !== undefined) counted.push({ count: lead[0], text: lead[1] });
      else if (last !== undefined)
        last.text += `, ${chunk}`; // "had taint {k: v}, that the pod didn't tolerate"
      else loose.push(chunk);
    }
    if (loose.length > 0) {
      const free = loose.join(', ');
      // A sentence without counts is a PreFilter reason when it comes first or names a known reason.
      if (index === 0 || classifySchedulingReason(free) !== 'Unschedulable')
        reasons.push(toReason(free, undefined));
      else notes.push(free);
    }
    reasons.push(...counted.map((d) => toReason(d.text, d.count)));
  });
  return { reasons, notes };
}

const AVAILABLE = [' nodes are available', ' nodes are unavailable'] as const;

/** Finds "0/N nodes are available:" and returns N and the index after the colon. */
function findAvailable(message: string, from = 0): { total: number | undefined; after: number } | undefined {
  for (const phrase of AVAILABLE) {
    const at = message.indexOf(`${phrase}:`, from);
    if (at < 0) continue;
    let i = at;
    while (i > 0 && isDigit(message[i - 1])) i--;
    const total = i < at && message[i - 1] === '/' ? Number(message.slice(i, at)) : undefined;
    let after = at + phrase.length;
    while (message[after] === ':') after++;
    return { total, after };
  }
  return undefined;
}

function fitError(message: string, found: { total: number | undefined; after: number }): SchedulingMessage {
  const body = message.slice(found.after);
  const p = body.indexOf('preemption:');
  const main = histogram(p < 0 ? body : body.slice(0, p));
  let preemption: SchedulingReason[] = [];
  if (p >= 0) {
    const tail = body.slice(p + 'preemption:'.length);
    const inner = findAvailable(tail);
    preemption = histogram(inner === undefined ? tail : tail.slice(inner.after)).reasons;
  }
  return {
    form: 'fit-error',
    ...(found.total === undefined ? {} : { totalNodes: found.total }),
    reasons: main.reasons,
    preemption,
    notes: main.notes,
  };
}

const LEGACY_REASON = 'Failed for reason ';
/** Scheduler failures that are not about fit (binding, plugin errors, cache), checked on lower case. */
/** Karpenter's FailedScheduling event and its log line ("Failed to schedule pod, %s"). */
const KARPENTER = /^(?:Failed to|[Cc]ould not) schedule pod, /;

const SCHEDULER_ERRORS = [
  'binding rejected',
  'running prebind plugin',
  'running bind plugin',
  'running permit plugin',
  'running reserve plugin',
  'nodeinfo not found',
  'operation cannot be fulfilled',
  'is already assigned to node',
  'failed to bind',
  'error selecting node',
  "is in the cache, so can't be assumed",
] as const;
const WRAPPED_ERRORS = ['error while running', 'running "'] as const;
const GENERIC_ERRORS = ['error', 'failed', 'timed out', 'timeout', 'rpc '] as const;

function only(form: MessageForm, text: string, code?: SchedulingCode): SchedulingMessage {
  const reasons = text === '' ? [] : [{ text, code: code ?? classifySchedulingReason(text) }];
  return { form, reasons, preemption: [], notes: [] };
}

/** Parses one scheduling failure message. Never throws; unknown text gives form 'unknown'. */
export function parseSchedulingMessage(input: string): SchedulingMessage {
  let message = typeof input === 'string' ? input.trim() : '';
  const combined = '(combined from similar events):';
  if (message.startsWith(combined)) message = message.slice(combined.length).trim();
  if (message === '') return { form: 'empty', reasons: [], preemption: [], notes: [] };

  const available = findAvailable(message);
  if (available !== undefined) return fitError(message, available);
  const intro = message.indexOf(PREDICATES_INTRO);
  if (intro >= 0) return parsePredicates(message, intro);
  if (message.includes(FIT_FAILURE_NODE) || message.includes(FIT_FAILURE_SUMMARY))
    return parseFitFailure(message);
  const legacy = message.indexOf(LEGACY_REASON);
  if (legacy >= 0) {
    // The predicate's name is the first word; nothing after "reason" names none.
    const name =
      message
        .slice(legacy + LEGACY_REASON.length)
        .trim()
        .split(/\s/)[0] ?? '';
    return only('legacy', name);
  }
  if (message.includes('no nodes available to schedule pods'))
    return only('no-nodes', message, 'Unschedulable');

  const lower = message.toLowerCase();
  if (lower.startsWith('skip schedule deleting pod')) return only('ignored', message, 'Unschedulable');
  if (SCHEDULER_ERRORS.some((e) => lower.includes(e))) return only('error', message, 'SchedulerError');
  if (WRAPPED_ERRORS.some((e) => lower.includes(e))) {
    // `error while running "VolumeBinding" filter plugin for pod "x": pod has unbound immediate PersistentVolumeClaims`
    const tail = message.slice(message.lastIndexOf(': ') + 2);
    const code = classifySchedulingReason(tail);
    return code === 'Unschedulable' ? only('error', message, 'SchedulerError') : only('wrapped', tail, code);
  }
  const code = classifySchedulingReason(message);
  if (code !== 'Unschedulable') return only('keyword', message, code);
  // Karpenter found no node pool for the pod: not an error of the scheduler, whatever its words.
  if (KARPENTER.test(message)) return only('unknown', message, 'Unschedulable');
  if (lower.includes('failed to fit in any node'))
    return { form: 'legacy', reasons: [], preemption: [], notes: [] };
  if (GENERIC_ERRORS.some((e) => lower.includes(e))) return only('error', message, 'SchedulerError');
  return only('unknown', message, 'Unschedulable');
}

/** Resource names of "Insufficient cpu", "Node didn't have enough resource: CPU", "PodExceedsFreeMemory". */
export function insufficientResources(reasons: readonly SchedulingReason[]): string[] {
  const out = new Set<string>();
  for (const r of reasons) {
    if (r.code !== 'InsufficientResources') continue;
    const t = r.text;
    const lower = t.toLowerCase();
    const notEnough = notEnoughResource(t);
    if (lower.startsWith('insufficient ')) out.add(t.slice('insufficient '.length).trim());
    else if (notEnough !== undefined) out.add(notEnough);
    else if (lower.includes('podexceedsfreecpu')) out.add('cpu');
    else if (lower.includes('podexceedsfreememory')) out.add('memory');
  }
  out.delete('');
  return [...out];
}

/** "key=value" (or "key") of every `{key: value}` taint the reasons quote. */
export function untoleratedTaints(reasons: readonly SchedulingReason[]): string[] {
  const out = new Set<string>();
  for (const r of reasons) {
    if (r.code !== 'UntoleratedTaint') continue;
    const open = r.text.indexOf('{');
    const close = r.text.indexOf('}', open);
    if (open < 0 || close < 0) continue;
    const inner = r.text.slice(open + 1, close);
    const sep = inner.indexOf(':');
    const key = (sep < 0 ? inner : inner.slice(0, sep)).trim();
    const value = sep < 0 ? '' : inner.slice(sep + 1).trim();
    if (key !== '') out.add(value === '' ? key : `${key}=${value}`);
  }
  return [...out];
}

/** "1 node(s) had untolerated taint {...}, 2 Insufficient cpu" in the scheduler's own shape. */
export function formatHistogram(reasons: readonly SchedulingReason[]): string {
  return reasons.map((r) => (r.count === undefined ? r.text : `${r.count} ${r.text}`)).join(', ');
}
