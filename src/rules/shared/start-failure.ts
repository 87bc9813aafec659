import type { ContainerStateTerminated, ContainerStatus, LogTail } from '../../model/index.js';
import { RUNC_EXEC_FAILURE } from '../../k8s/index.js';
import { normaliseMessage } from './text-scan.js';
import { effectiveExitCode, isKillExit, lastTermination } from './restarts.js';

/**
 * How a container's status and events show that the OCI runtime (runc/crun via containerd, CRI-O
 * or docker) could not start its process, as opposed to the process exiting. containerd reports
 * it as terminated `StartError` (exit 128) and waiting `RunContainerError`; dockershim as
 * terminated `ContainerCannotRun`; CRI-O runs `runc create` inside CreateContainer, so its errors
 * arrive as `CreateContainerError`. The container-start stage reports these; container-config,
 * init-containers and crash read them so that they never claim a process that never ran.
 */
export const START_TERMINATED_REASONS = ['StartError', 'ContainerCannotRun'] as const;
const TERMINATED_SET = new Set<string>(START_TERMINATED_REASONS);

/** The runtime's own wording when starting the process failed (as opposed to the app exiting). */
const PROCESS_START =
  /OCI runtime (?:create|start|exec)? ?failed|runc create failed|unable to start container process|starting container process caused|container init caused|error during container init|failed to create (?:containerd|shim) task|failed to start (?:containerd )?task|failed to start container|container create failed|cannot start container|executable file not found|exec format error|ContainerCannotRun/i;

export function isProcessStartFailure(message: string | undefined): boolean {
  return message !== undefined && PROCESS_START.test(normaliseMessage(message));
}

/** A terminated state that records a start failure rather than an exit of the process. */
export function isStartTermination(t: ContainerStateTerminated | undefined): boolean {
  if (t === undefined) return false;
  if (t.reason !== undefined && TERMINATED_SET.has(t.reason)) return true;
  const unnamed = t.reason === undefined || t.reason === '' || t.reason === 'Error';
  return unnamed && t.exitCode === 128 && isProcessStartFailure(t.message);
}

export interface StartFailure {
  /** Where the status records it. */
  readonly where: 'state.waiting' | 'state.terminated' | 'lastState.terminated';
  readonly reason: string;
  readonly message: string;
  readonly exitCode: number | undefined;
  readonly finishedAt: string | undefined;
}

/**
 * The start failure a container status shows now, or undefined. A CrashLoopBackOff whose last
 * termination is a start failure counts: the process never ran, so it is not a crash.
 */
export function startFailureOf(status: ContainerStatus | undefined): StartFailure | undefined {
  const s = status?.state;
  if (s === undefined || s.running !== undefined) return undefined;
  const last = status?.lastState?.terminated;
  const waiting = s.waiting;
  // A waiting state without a reason is a pasted fragment that lost its reason line; the runtime's
  // start-failure text only ever stands under RunContainerError or CreateContainerError.
  if (
    waiting !== undefined &&
    (waiting.reason === 'RunContainerError' ||
      ((waiting.reason === 'CreateContainerError' || !waiting.reason) &&
        isProcessStartFailure(waiting.message)))
  ) {
    const fromLast = isStartTermination(last) ? last : undefined;
    return {
      where: 'state.waiting',
      reason: waiting.reason ?? '',
      message: waiting.message || (fromLast?.message ?? ''),
      exitCode: fromLast?.exitCode,
      finishedAt: fromLast?.finishedAt,
    };
  }
  const term = s.terminated;
  if (term !== undefined) {
    if (!isStartTermination(term)) return undefined;
    return {
      where: 'state.terminated',
      reason: term.reason ?? '',
      message: term.message ?? '',
      exitCode: term.exitCode,
      finishedAt: term.finishedAt,
    };
  }
  if (waiting?.reason === 'CrashLoopBackOff' && last !== undefined && isStartTermination(last)) {
    return {
      where: 'lastState.terminated',
      reason: last.reason ?? '',
      message: last.message ?? '',
      exitCode: last.exitCode,
      finishedAt: last.finishedAt,
    };
  }
  return undefined;
}

/**
 * The runtime's exec failure when it is the last line a container printed (its log or termination
 * message), or the first with a blank line after it: a run whose exec failed printed nothing else,
 * so a pasted log whose block runs on into the reporter's next paragraph still starts with it (an
 * application that logs an exec error and goes on logging is not this).
 */
export function execFailureInOutput(lines: readonly string[]): string | undefined {
  const trimmed = lines.map((l) => l.trim());
  const printed = trimmed.filter((l) => l !== '');
  const last = printed.at(-1);
  if (last !== undefined && RUNC_EXEC_FAILURE.test(last)) return last;
  const at = trimmed.findIndex((l) => l !== '');
  const first = trimmed[at];
  return first !== undefined && RUNC_EXEC_FAILURE.test(first) && trimmed[at + 1] === '' ? first : undefined;
}

/** Names the paste reader gives a log whose container `kubectl logs` did not name. */
const UNNAMED_LOG = new Set(['', 'unnamed']);

/** The container's logs: by name, else the logs that name no container (`kubectl logs POD`). */
export function logsOf(logs: readonly LogTail[], name: string): LogTail[] {
  const mine = logs.filter((l) => l.container === name);
  return mine.length > 0 ? mine : logs.filter((l) => UNNAMED_LOG.has(l.container));
}

/**
 * A container whose entrypoint's execve failed after the runtime had started it: runc's init
 * printed the exec error as the container's last output and exited 1, so the status shows an
 * ordinary `Error` exit (or only CrashLoopBackOff, when a pasted table row leaves the termination
 * out). The termination message (FallbackToLogsOnError) or the log of that run carries the line.
 * A container running now got past it.
 */
export function execFailureAfterStart(
  status: ContainerStatus | undefined,
  logs: readonly LogTail[],
  name: string,
): { readonly failure: StartFailure; readonly line: string; readonly log?: LogTail } | undefined {
  if (status?.state === undefined || status.state.running !== undefined) return undefined;
  const term = lastTermination(status);
  const waiting = status.state.waiting;
  if (term === undefined && waiting?.reason !== 'CrashLoopBackOff') return undefined;
  if (term?.reason === 'OOMKilled') return undefined;
  // The exit code may be missing from the evidence; a known 0 or kill is not an exec failure.
  const code = term === undefined ? undefined : effectiveExitCode(term);
  if (code === 0 || isKillExit(code)) return undefined;
  const where =
    term === undefined
      ? 'state.waiting'
      : status.state.terminated === term
        ? 'state.terminated'
        : 'lastState.terminated';
  const failure = {
    where,
    // The state `where` names, not a mix: a termination without a message keeps none, rather than
    // wearing the back-off message of the waiting state beside it.
    reason: (term === undefined ? waiting?.reason : term.reason) ?? '',
    message: (term === undefined ? waiting?.message : term.message) ?? '',
    exitCode: term?.exitCode,
    finishedAt: term?.finishedAt,
  } as const;
  const fromMessage = execFailureInOutput((term?.message ?? '').split('\n'));
  if (fromMessage !== undefined) return { failure, line: fromMessage };
  const mine = logsOf(logs, name);
  // The log of the run that ended: the previous instance while the container waits to restart
  // (with no new instance yet, `kubectl logs` without --previous shows that run too).
  const log =
    where === 'state.terminated'
      ? mine.find((l) => !l.previous)
      : (mine.find((l) => l.previous) ?? mine.find((l) => !l.previous));
  const line = log === undefined ? undefined : execFailureInOutput(log.lines);
  return line === undefined || log === undefined ? undefined : { failure, line, log };
}
