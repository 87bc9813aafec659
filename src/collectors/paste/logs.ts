/**
 * Pasted `kubectl logs` output: the command says whose log it is, and what follows it up to the
 * next prompt is the application's text, kept as a log tail and never parsed.
 */
import type { LogTail } from '../../model/index.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { isPromptLine, NS_FLAG } from './common/text.js';

/** Output of a pasted `kubectl logs` command; namespace and container are filled in later when the command leaves them out. */
export interface PastedLog {
  readonly pod: string;
  readonly namespace: string | undefined;
  readonly container: string | undefined;
  readonly previous: boolean;
  readonly lines: readonly string[];
}

const LOGS_COMMAND = /(?:^|\s)(?:kubectl|oc)\s+logs\s+(?:(?:pods?|po)\/)?([a-z0-9][-a-z0-9.]*)(?:\s|$)/;
const CONTAINER_FLAG = /\s(?:-c|--container)(?:\s+|=)([a-z0-9][-a-z0-9]*)/;

/** The pod, container and instance a `kubectl logs` command reads, or undefined for other commands. */
function logsCommand(line: string): Omit<PastedLog, 'lines'> | undefined {
  const pod = LOGS_COMMAND.exec(line)?.[1];
  if (pod === undefined || /\s(?:-l|--selector)[\s=]/.test(line)) return undefined;
  return {
    pod,
    namespace: NS_FLAG.exec(line)?.[1],
    container: CONTAINER_FLAG.exec(line)?.[1],
    previous: /\s(?:-p|--previous)(?:\s|=true|$)/.test(line),
  };
}

const KUBECTL_ERROR = /^(?:Error from server\b|error: )/;

/** Lines kept of one pasted log. */
const LOG_LINES = 200;

/**
 * When `command` is a `kubectl logs` command, the log printed after it from `lines[start]` to the
 * next prompt or fence: `end` is the first line after it, `log` undefined when it printed nothing.
 */
export function readLog(
  lines: readonly string[],
  start: number,
  command: string,
): { readonly end: number; readonly log: PastedLog | undefined } | undefined {
  const log = logsCommand(command);
  if (log === undefined) return undefined;
  let i = start;
  const body: string[] = [];
  while (
    i < lines.length &&
    !isPromptLine(lines[i] ?? '') &&
    !/^\s*(?:```|~~~)/.test(lines[i] ?? '') &&
    // kubectl's own complaint ("Error from server (BadRequest): container ... is waiting to start") is no log line.
    !KUBECTL_ERROR.test(lines[i] ?? '')
  ) {
    body.push(lines[i] ?? '');
    i++;
  }
  while (body.length > 0 && (body.at(-1) ?? '').trim() === '') body.pop();
  return { end: i, log: body.length > 0 ? { ...log, lines: body.slice(-LOG_LINES) } : undefined };
}

/**
 * The line runc's init prints as the container's own output when the entrypoint's execve fails
 * after the start (`exec /app/run: exec format error`, `standard_init_linux.go:228: exec user
 * process caused: exec format error`): pasted on its own, it is a line of the container's log.
 */
const RUNC_EXEC_FAILURE =
  /^\s*(?:standard_init_linux\.go:\d+: exec user process caused:? ?"?|exec \S+: )(?:exec format error|no such file or directory|permission denied)"?\s*$/;

/** A line pasted outside any block that is runc's exec failure, as the log of a pod to be found. */
export function strayExecFailure(line: string): PastedLog | undefined {
  return RUNC_EXEC_FAILURE.test(line)
    ? { pod: '', namespace: undefined, container: undefined, previous: true, lines: [line.trim()] }
    : undefined;
}

/** The words kubectl's STATUS column and the waiting/terminated reasons of a pasted pod show. */
function failingRun(pod: Raw): boolean {
  const column = str(rec(rec(pod.metadata).annotations)['handoff.dev/status-column']) ?? '';
  if (/^(?:CrashLoopBackOff|Error|Init:CrashLoopBackOff|Init:Error)$/.test(column)) return true;
  const status = rec(pod.status);
  return [status.containerStatuses, status.initContainerStatuses].some(
    (list) =>
      Array.isArray(list) &&
      (list as unknown[]).some((c) => {
        const st = rec(rec(c).state);
        return (
          str(rec(st.waiting).reason) === 'CrashLoopBackOff' || str(rec(st.terminated).reason) === 'Error'
        );
      }),
  );
}

/**
 * A pasted `kubectl logs` output as a log tail: the namespace the paste is about when the command
 * named none, and the pod's only container when it named no container (as kubectl itself picks).
 * A log that names no pod (a stray runc exec failure) is the one pasted pod whose container keeps
 * failing, when there is exactly one.
 */
export function resolveLog(given: PastedLog, namespace: string, objects: readonly Raw[]): LogTail {
  const failing = objects.filter((o) => o.kind === 'Pod' && failingRun(o));
  const only = failing.length === 1 ? failing[0] : undefined;
  const log: PastedLog =
    given.pod === '' && only !== undefined
      ? {
          ...given,
          pod: str(rec(only.metadata).name) ?? '',
          namespace: str(rec(only.metadata).namespace) ?? given.namespace,
        }
      : given;
  const ns = log.namespace ?? namespace;
  let container = log.container;
  if (container === undefined) {
    const pod = objects.find(
      (o) =>
        o.kind === 'Pod' &&
        str(rec(o.metadata).name) === log.pod &&
        (str(rec(o.metadata).namespace) ?? ns) === ns,
    );
    const listed = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
    const names = new Set(
      [...listed(rec(pod?.spec).containers), ...listed(rec(pod?.status).containerStatuses)]
        .map((c) => (isRecord(c) ? str(c.name) : undefined))
        .filter((n): n is string => n !== undefined),
    );
    container = names.size === 1 ? [...names][0] : undefined;
  }
  return {
    namespace: ns,
    pod: log.pod,
    container: container ?? '',
    previous: log.previous,
    lines: log.lines,
  };
}
