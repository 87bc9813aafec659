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
 * A pasted `kubectl logs` output as a log tail: the namespace the paste is about when the command
 * named none, and the pod's only container when it named no container (as kubectl itself picks).
 */
export function resolveLog(log: PastedLog, namespace: string, objects: readonly Raw[]): LogTail {
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
