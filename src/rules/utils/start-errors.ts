import type { ContainerStateTerminated, ContainerStatus, ReasonOf } from '../../model/index.js';
import { normaliseMessage } from './image-errors.js';

/**
 * Classifies failures of the OCI runtime (runc/crun via containerd, CRI-O or docker) to start
 * a container's process. containerd reports them as terminated `StartError` (exit 128) and
 * waiting `RunContainerError`; dockershim as terminated `ContainerCannotRun`; CRI-O runs
 * `runc create` inside CreateContainer, so its errors arrive as `CreateContainerError`.
 */
export type StartErrorCode = ReasonOf<'container-start'>;

export const START_TERMINATED_REASONS = ['StartError', 'ContainerCannotRun'] as const;
const TERMINATED_SET = new Set<string>(START_TERMINATED_REASONS);

/** The runtime's own wording when starting the process failed (as opposed to the app exiting). */
const PROCESS_START =
  /OCI runtime (?:create|start|exec)? ?failed|runc create failed|unable to start container process|starting container process caused|container init caused|error during container init|failed to create (?:containerd|shim) task|failed to start (?:containerd )?task|failed to start container|container create failed|cannot start container|executable file not found|exec format error|ContainerCannotRun/i;

export function isProcessStartFailure(message: string | undefined): boolean {
  return message !== undefined && PROCESS_START.test(normaliseMessage(message));
}

/** A bind mount or rootfs step failed: "no such file or directory" there is about a mount source, not the executable. */
const MOUNT =
  /rootfs_linux\.go|error mounting|mounting \\*"|\bmount(?:ing)? .* to rootfs|volume-subpaths|trying to mount a directory onto a file|mount (?:source|target)/i;
const EXEC_FORMAT = /exec format error/i;
const EXEC_NOT_FOUND = /executable file not found(?: in \$PATH)?|no such file or directory/i;
const EXEC_CONTEXT = /\bexec(?:ve)?\b/i;
const PERMISSION = /permission denied|operation not permitted/i;

/** The executable the runtime tried: exec: "x": … (quotes may be escaped several times in old docker messages). */
const EXECUTABLE = [
  /exec: \\*"(.*?)\\*": (?:stat |executable|no such|permission|exec format)/i,
  /\bexec (\/\S+?):? /i,
];

/** The mount destination named in a rootfs/mount error, when stated. */
const MOUNT_TARGET = [/ at \\*"([^"\\]+)\\*"/i, /mounting \\*"([^"\\]+)\\*"/i];

export interface StartErrorClass {
  readonly code: StartErrorCode;
  /** True when the failure is a volume or subPath mount inside the runtime (code StartError). */
  readonly mount: boolean;
  /** The executable (exec errors) or mount destination (mount errors), '' when not stated. */
  readonly subject: string;
  /** The fragment that decided it. */
  readonly matched: string;
}

function firstGroup(patterns: readonly RegExp[], text: string): string {
  for (const p of patterns) {
    const m = p.exec(text);
    // Docker reports host paths: keep the part inside the container's rootfs.
    if (m?.[1] !== undefined) return m[1].replace(/\\+"/g, '"').replace(/^.*\/merged(?=\/)/, '');
  }
  return '';
}

/** Classifies a runtime start error; anything unrecognised is StartError. */
export function classifyStartError(message: string): StartErrorClass {
  const text = normaliseMessage(message);
  const mount = MOUNT.exec(text);
  if (mount !== null) {
    return { code: 'StartError', mount: true, subject: firstGroup(MOUNT_TARGET, text), matched: mount[0] };
  }
  const format = EXEC_FORMAT.exec(text);
  if (format !== null)
    return {
      code: 'ExecFormatError',
      mount: false,
      subject: firstGroup(EXECUTABLE, text),
      matched: format[0],
    };
  const notFound = EXEC_NOT_FOUND.exec(text);
  if (notFound !== null && EXEC_CONTEXT.test(text)) {
    return {
      code: 'ExecutableNotFound',
      mount: false,
      subject: firstGroup(EXECUTABLE, text),
      matched: notFound[0],
    };
  }
  const permission = PERMISSION.exec(text);
  if (permission !== null) {
    return {
      code: 'PermissionDenied',
      mount: false,
      subject: firstGroup(EXECUTABLE, text),
      matched: permission[0],
    };
  }
  return { code: 'StartError', mount: false, subject: '', matched: '' };
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
 * The line runc's init process prints to the container's own output when the final execve of the
 * entrypoint fails after the container was started, so the runtime reports an ordinary exit (code 1)
 * instead of StartError: `exec /entrypoint.sh: exec format error` (runc >= 1.1),
 * `standard_init_linux.go:228: exec user process caused: exec format error` (runc 1.0),
 * `standard_init_linux.go:190: exec user process caused "no such file or directory"` (older).
 * The process never ran: it is the image's entrypoint (wrong CPU architecture, a script with CRLF
 * line endings or a missing interpreter), not the application.
 */
const EXEC_IN_OUTPUT =
  /^(?:standard_init_linux\.go:\d+: exec user process caused:? ?"?|exec \S+: )(exec format error|no such file or directory|permission denied)"?$/;

/** The runtime's exec failure when it is the last line a container printed (its log or termination message). */
export function execFailureInOutput(lines: readonly string[]): string | undefined {
  const last = [...lines]
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .at(-1);
  return last !== undefined && EXEC_IN_OUTPUT.test(last) ? last : undefined;
}
