/**
 * What the STATUS column of `kubectl get pods` says about the pod, by inverting kubectl's
 * printPod (kubernetes-facts.md §9; src/k8s/pod-status.ts is the forward direction): the
 * column shows status.reason or the phase, overridden by an init container's `Init:<reason>`
 * or `Init:N/M`, then by an app container's waiting or terminated reason. Only what the word
 * implies is kept; container names are unknown, so the container is "unnamed".
 */
import { isPodReason } from '../lines/messages.js';
import { UNNAMED_CONTAINER } from '../common/types.js';
import { TERMINATED_REASONS, WAITING_REASONS } from '../common/container-reasons.js';

export const PHASES: ReadonlySet<string> = new Set(['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']);

export { WAITING_REASONS, TERMINATED_REASONS } from '../common/container-reasons.js';

export interface ColumnFacts {
  readonly ready?: { readonly ready: number; readonly total: number } | undefined;
  readonly restarts?: number | undefined;
}

type Raw = Record<string, unknown>;

const EXIT = /^(?:ExitCode:(-?\d+)|Signal:(\d+))$/;

/** A container status for one word of the column ("CrashLoopBackOff", "OOMKilled", "ExitCode:2"). */
function containerFor(word: string, restarts: number | undefined): Raw | undefined {
  const base = {
    name: UNNAMED_CONTAINER,
    ready: false,
    ...(restarts === undefined ? {} : { restartCount: restarts }),
  };
  if (WAITING_REASONS.has(word)) return { ...base, state: { waiting: { reason: word } } };
  if (TERMINATED_REASONS.has(word)) {
    // Completed is the runtime's reason for exit code 0; other codes are not shown.
    return {
      ...base,
      state: { terminated: { reason: word, ...(word === 'Completed' ? { exitCode: 0 } : {}) } },
    };
  }
  const exit = EXIT.exec(word);
  if (exit !== null) {
    const terminated = exit[1] !== undefined ? { exitCode: Number(exit[1]) } : { signal: Number(exit[2]) };
    return { ...base, state: { terminated } };
  }
  return undefined;
}

const notInitialized = { type: 'Initialized', status: 'False' };

/** The init-container part of `Init:<reason>`, `Init:N/M`, `Init:ExitCode:N`. */
function initStatus(rest: string, restarts: number | undefined): Raw | undefined {
  const base = {
    name: UNNAMED_CONTAINER,
    ready: false,
    ...(restarts === undefined ? {} : { restartCount: restarts }),
  };
  if (/^\d+\/\d+$/.test(rest)) {
    return {
      phase: 'Pending',
      conditions: [notInitialized],
      initContainerStatuses: [{ ...base, state: { running: {} } }],
    };
  }
  const known = containerFor(rest, restarts);
  const status =
    known ?? (/^[A-Z][A-Za-z]*$/.test(rest) ? { ...base, state: { waiting: { reason: rest } } } : undefined);
  return status === undefined ? undefined : { conditions: [notInitialized], initContainerStatuses: [status] };
}

function readyCondition(facts: ColumnFacts): Raw[] | undefined {
  const r = facts.ready;
  if (r === undefined || r.total === 0) return undefined;
  return [{ type: 'Ready', status: r.ready === r.total ? 'True' : 'False' }];
}

/**
 * The pod.status fields the STATUS column implies, or undefined when the word is not one
 * kubectl prints for pods (the caller keeps the raw word in an annotation either way).
 */
export function statusFromColumn(column: string, facts: ColumnFacts): Raw | undefined {
  const word = column.trim();
  if (word.startsWith('Init:')) return initStatus(word.slice(5), facts.restarts);
  if (word === 'Running' || word === 'NotReady') {
    const conditions = readyCondition(word === 'NotReady' ? { ready: { ready: 0, total: 1 } } : facts);
    return { phase: 'Running', ...(conditions === undefined ? {} : { conditions }) };
  }
  if (word === 'NodeLost') return { reason: 'NodeLost' };
  if (PHASES.has(word)) return { phase: word };
  if (word === 'SchedulingGated') {
    return {
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }],
    };
  }
  if (isPodReason(word)) return { phase: 'Failed', reason: word };
  const container = containerFor(word, facts.restarts);
  if (container === undefined) return undefined;
  const phase =
    word === 'Completed'
      ? 'Succeeded'
      : word === 'ContainerCreating' || word === 'PodInitializing'
        ? 'Pending'
        : undefined;
  return { ...(phase === undefined ? {} : { phase }), containerStatuses: [container] };
}

/** Whether a word is one kubectl prints in the STATUS column of pods. */
export function isPodStatusWord(word: string): boolean {
  return word === 'Terminating' || statusFromColumn(word, {}) !== undefined;
}
