/**
 * Pasted `kubectl logs` output: the command says whose log it is, and what follows it up to the
 * next prompt is the application's text, kept as a log tail and never parsed.
 */
import { POD_TEMPLATE_KINDS, type LogTail } from '../../model/index.js';
import { isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { commandTarget } from './common/command.js';
import { firstCommand, isPromptLine, NS_FLAG, withoutFrameEnd } from './common/text.js';
import { UNNAMED_CONTAINER, UNNAMED_POD, type PastedObject } from './common/types.js';
import { STATUS_COLUMN } from '../../model/index.js';
import { RUNC_EXEC_FAILURE, RUNC_EXEC_FAILURE_SOURCE } from '../../k8s/index.js';
import { defaultedContainers, defaultedPod } from './lines/status-objects.js';

/** Output of a pasted `kubectl logs` command; namespace and container are filled in later when the command leaves them out. */
export interface PastedLog {
  /** The pod, or '' when the command left it to kubectl or the shell to pick. */
  readonly pod: string;
  /** The workload `kubectl logs deploy/web` named: kubectl read one of its pods, which it does not print. */
  readonly owner?: { readonly kind: string; readonly name: string };
  readonly namespace: string | undefined;
  readonly container: string | undefined;
  readonly previous: boolean;
  readonly lines: readonly string[];
}

const LOGS_COMMAND = /(?:^|\s)(?:kubectl|oc)\s+logs\s+(?:(?:pods?|po)\/)?([a-z0-9][-a-z0-9.]*)(?:\s|$)/;
const CONTAINER_FLAG = /\s(?:-c|--container)(?:\s+|=)(['"]?)([a-z0-9][-a-z0-9]*)\1(?=\s|$)/;

/** A shell substitution: `$(kubectl get pod -l app=x -o name)`, `` `...` `` (one level of nested parentheses). */
const SUBSHELL = /\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`/g;
/** Flags of `kubectl logs` that take the next word as their value. */
const LOGS_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '-c',
  '--container',
  '-n',
  '--namespace',
  '--tail',
  '--since',
  '--since-time',
  '--context',
  '--kubeconfig',
  '--max-log-requests',
]);
/** A pod name the shell computes or the reader fills in: a substitution, `$POD`, `${POD}`, `<pod-name>`. */
const LEFT_OPEN = /^(?:pods?\/|po\/)?(?:\$SUBSHELL|\$\{?[A-Za-z_]\w*\}?|<[^<>\s]+>)$/;

/** The positional words after `logs`, its flags and their values passed over. */
function logsArguments(line: string): string[] {
  const words = line.trim().split(/\s+/);
  const at = words.indexOf('logs');
  const args: string[] = [];
  if (at < 0) return args;
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (LOGS_VALUE_FLAGS.has(w)) i++;
    else if (!w.startsWith('-')) args.push(w);
  }
  return args;
}

/** Whether the first word after `logs` and its flags is a pod the command leaves open (word by word: no backtracking). */
function leavesPodOpen(line: string): boolean {
  const [pod] = logsArguments(line);
  return pod !== undefined && LEFT_OPEN.test(pod);
}

/** A container named as `kubectl logs POD CONTAINER` names it, the form before `-c` (kubectl still reads it). */
function positionalContainer(line: string): string | undefined {
  const [, container, extra] = logsArguments(line);
  return extra === undefined && container !== undefined && /^[a-z0-9][-a-z0-9]*$/.test(container)
    ? container
    : undefined;
}

/** The pod, container and instance a `kubectl logs` command reads, or undefined for other commands. */
function logsCommand(pasted: string): Omit<PastedLog, 'lines'> | undefined {
  // Flags after a pipe belong to the next command (`| grep -c error` names no container); those
  // inside a substitution belong to the command that computes the pod's name.
  const line = firstCommand(pasted).replace(SUBSHELL, '$SUBSHELL');
  if (/\s(?:-l|--selector)[\s=]/.test(line)) return undefined;
  // The pod right after `logs`, else wherever its flags leave it (`kubectl logs -p -n ns web-1`);
  // a pod the shell computes is one the text does not name.
  const target = commandTarget(line, ['logs', 'log']);
  const owner = target !== undefined && POD_TEMPLATE_KINDS.has(target.kind) ? target : undefined;
  const pod =
    LOGS_COMMAND.exec(line)?.[1] ??
    (target?.kind === 'Pod' ? target.name : undefined) ??
    (leavesPodOpen(line) || owner !== undefined ? '' : undefined);
  if (pod === undefined) return undefined;
  return {
    pod,
    ...(owner === undefined ? {} : { owner: { kind: owner.kind, name: owner.name } }),
    namespace: NS_FLAG.exec(line)?.[1] ?? target?.namespace,
    container: CONTAINER_FLAG.exec(line)?.[2] ?? positionalContainer(line),
    previous: /\s(?:-p|--previous)(?:\s|=true|$)/.test(line),
  };
}

/**
 * kubectl's own complaint about the log it was asked for: `error: ...`, or the server's answer
 * about the pod or its container (`container "web" in pod "web-1" is waiting to start`, `pods
 * "web-1" not found`, the kubelet's `Get .../containerLogs/...` failing). A program in the pod
 * that runs kubectl itself prints the server's answers about other objects (`jobs.batch "migrate"
 * is forbidden`) into its log: those are log lines.
 */
function kubectlComplaint(pasted: string): boolean {
  // Indented as the rest of the paste is (a markdown code block by indentation, a list item).
  const line = pasted.trimStart();
  if (line.startsWith('error: ')) return true;
  return /^Error from server\b/.test(line) && /^Error from server: |\bpods?\b|containerLogs/.test(line);
}

/** A YAML key that opens a pod's status or a container's state, alone on its line. */
const STATUS_KEY = /^\s*(?:-\s+)?(?:status|containerStatuses|initContainerStatuses|state|lastState):\s*$/;
/** What such a block holds on its next line: a state kind or a field of a container status. */
const STATUS_FIELD =
  /^\s*(?:-\s+)?(?:waiting|running|terminated|containerID|image|imageID|lastState|state|ready|restartCount|started|conditions|phase|name):/;

/**
 * Whether the lines at `i` are a pod's status cut out of `-o yaml` rather than the log: people
 * paste `kubectl get pod -o yaml` output under the logs command they ran before it. A log line
 * `state:` alone, followed by `waiting:` or `restartCount:`, is Kubernetes' YAML, not an app's.
 */
function statusBlockStarts(lines: readonly string[], i: number): boolean {
  return STATUS_KEY.test(lines[i] ?? '') && STATUS_FIELD.test(lines[i + 1] ?? '');
}

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
): { readonly end: number; readonly log: PastedLog | undefined; readonly pod?: PastedObject } | undefined {
  const log = logsCommand(command);
  if (log === undefined) return undefined;
  let i = start;
  const body: string[] = [];
  let pod: PastedObject | undefined;
  while (
    i < lines.length &&
    !isPromptLine(lines[i] ?? '') &&
    !/^\s*(?:```|~~~)/.test(lines[i] ?? '') &&
    // kubectl's own complaint ("Error from server (BadRequest): container ... is waiting to start") is no log line.
    !kubectlComplaint(lines[i] ?? '') &&
    !statusBlockStarts(lines, i)
  ) {
    // kubectl's note on the container it picked (stderr, before the log) lists the pod's containers.
    // (A pod the command leaves open stays the stray log's: its note names no pod either.)
    if (defaultedContainers(lines[i] ?? '') === undefined) body.push(lines[i] ?? '');
    else if (log.pod !== '') pod ??= defaultedPod(lines, i, log.pod);
    i++;
  }
  while (body.length > 0 && (body.at(-1) ?? '').trim() === '') body.pop();
  return {
    end: i,
    log: body.length > 0 ? { ...log, lines: body.slice(-LOG_LINES) } : undefined,
    ...(pod === undefined ? {} : { pod }),
  };
}

/** `kubectl logs --prefix` puts `[pod/NAME/CONTAINER] ` before every line. */
const LOGS_PREFIX = /^\[pod\/([a-z0-9][-a-z0-9.]*)\/([a-z0-9][-a-z0-9]*)\]\s+(.*)$/;
const NAME = '[a-z0-9][-a-z0-9.]*';
/**
 * A log viewer's columns before the line: a frame (`│`, `|`), then the container (k9s's log view
 * of several containers), or the pod and the container (stern).
 */
const VIEWER_PREFIX = new RegExp(
  `^(?:[│┃|]\\s*)?(?:(${NAME})\\s+)?(?:(${NAME})\\s+)?(${RUNC_EXEC_FAILURE_SOURCE})$`,
);

/** The runc failure in one span of text, with the pod and container a prefix names. */
function execFailureIn(span: string): PastedLog | undefined {
  const text = withoutFrameEnd(span.trim());
  const prefixed = LOGS_PREFIX.exec(text);
  if (prefixed !== null) return execFailureLog(prefixed[3] ?? '', prefixed[1], prefixed[2]);
  const viewer = VIEWER_PREFIX.exec(text);
  if (viewer === null) return undefined;
  const [, first, second, line = ''] = viewer;
  // One column is the container (k9s); two are the pod and the container (stern).
  return second === undefined ? execFailureLog(line, undefined, first) : execFailureLog(line, first, second);
}

function execFailureLog(
  line: string,
  pod: string | undefined,
  container: string | undefined,
): PastedLog | undefined {
  if (!RUNC_EXEC_FAILURE.test(line)) return undefined;
  return { pod: pod ?? '', namespace: undefined, container, previous: true, lines: [line] };
}

/**
 * The names charts give init containers, read as such when nothing else in the text lists the
 * pod's containers: an `init` word (init, istio-init, init-chown-data), a wait (wait-for-db), a
 * check before the start (check-db-ready), a volume made ready (volume-permissions, change-perms,
 * fix-chown, sysctl).
 */
const INIT_NAMING =
  /(?:^|-)init(?:-|$)|^wait(?:-|$)|^check-|(?:^|-)(?:permissions|perms|chown|chmod|sysctl)(?:-|$)/;

/**
 * The pods pasted logs are of, when the paste holds no pod at all (`kubectl logs` output, stray
 * runc exec failures): each pod a command or prefix names, or unnamed-pod, in the namespace the
 * command names, with the containers the logs name (a log naming none is the pod's one unnamed
 * container; one named as init containers are, an init container), and the logs given to them. Without them the logs would be of nobody and the
 * paste refused.
 */
export function podsForStrayLogs(
  strays: readonly PastedLog[],
  line: number,
): { readonly pods: PastedObject[]; readonly logs: PastedLog[] } {
  const logs = strays.map((l) => (l.pod === '' ? { ...l, pod: UNNAMED_POD } : l));
  const containers = new Map<
    string,
    { pod: string; namespace: string | undefined; owner: PastedLog['owner']; names: Set<string> }
  >();
  for (const l of logs) {
    const key = `${l.namespace ?? ''}/${l.pod}`;
    const entry = containers.get(key) ?? {
      pod: l.pod,
      namespace: l.namespace,
      owner: l.owner,
      names: new Set<string>(),
    };
    entry.names.add(l.container ?? UNNAMED_CONTAINER);
    containers.set(key, entry);
  }
  const pods = [...containers.values()].map(({ pod, namespace, owner, names }) => {
    const init = [...names].filter((n) => INIT_NAMING.test(n));
    const app = [...names].filter((n) => !INIT_NAMING.test(n));
    const ownerReferences =
      owner === undefined || pod !== UNNAMED_POD
        ? undefined
        : [{ kind: owner.kind, name: owner.name, controller: true }];
    return {
      raw: {
        kind: 'Pod',
        metadata: {
          name: pod,
          ...(namespace === undefined ? {} : { namespace }),
          ...(ownerReferences === undefined ? {} : { ownerReferences }),
        },
        spec: {
          containers: app.map((name) => ({ name })),
          ...(init.length > 0 ? { initContainers: init.map((name) => ({ name })) } : {}),
        },
      },
      line,
      ...(ownerReferences !== undefined && owner !== undefined
        ? { inferredName: `kubectl logs read one pod of ${owner.kind} ${owner.name} and did not print which` }
        : strays.some((l) => l.pod === '') && pod === UNNAMED_POD
          ? { inferredName: 'the log names no pod' }
          : {}),
    };
  });
  return { pods, logs };
}

/**
 * A line pasted outside any block that is runc's exec failure, as the log of a pod to be found:
 * the whole line (after a log viewer's frame and name columns), or a span of it in backticks (a
 * log line quoted in prose), with or without `kubectl logs --prefix`'s `[pod/NAME/CONTAINER]`.
 * Prose that only mentions the error is not one.
 */
export function strayExecFailure(line: string): PastedLog | undefined {
  const whole = execFailureIn(line);
  if (whole !== undefined) return whole;
  for (const m of line.matchAll(/`([^`]+)`/g)) {
    const quoted = execFailureIn(m[1] ?? '');
    if (quoted !== undefined) return quoted;
  }
  // Ending a sentence or a logger's line: "the pod only says: exec /app: exec format error", or a
  // klog line quoting it. From its first word to the line's end, closing quote and stop allowed.
  const at = EXEC_FAILURE_START.exec(line)?.index;
  if (at === undefined || at === 0) return undefined;
  const tail = line
    .slice(at)
    .trimEnd()
    .replace(/["'.]+$/, '');
  return RUNC_EXEC_FAILURE.test(tail) ? execFailureLog(tail, undefined, undefined) : undefined;
}

/** Where runc's exec failure starts inside a longer line. */
const EXEC_FAILURE_START = /(?<=[\s"'`:(])(?:standard_init_linux\.go:\d+: |exec \/)/;

/** `web-7d9c8-abcde` → `web-7d9c8-`: pods of one ReplicaSet (one template) share it. */
function siblingPrefix(pod: string): string | undefined {
  const m = /^(.+-)[a-z0-9]{5}$/.exec(pod);
  return m?.[1];
}

/** The words kubectl's STATUS column and the waiting/terminated reasons of a pasted pod show. */
function failingRun(pod: Raw): boolean {
  const column = str(rec(rec(pod.metadata).annotations)[STATUS_COLUMN]) ?? '';
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
  const pods = objects.filter((o) => o.kind === 'Pod');
  const failing = pods.filter(failingRun);
  const only = failing.length === 1 ? failing[0] : undefined;
  const nameOf = (o: Raw): string => str(rec(o.metadata).name) ?? '';
  // A --prefix line of a pod not pasted (replaced since) is its ReplicaSet sibling's: one template, one image.
  const prefix = siblingPrefix(given.pod);
  const sibling =
    given.lines.length === 1 &&
    only !== undefined &&
    prefix !== undefined &&
    !pods.some((o) => nameOf(o) === given.pod) &&
    nameOf(only).startsWith(prefix) &&
    siblingPrefix(nameOf(only)) === prefix;
  const log: PastedLog =
    (given.pod === '' || sibling) && only !== undefined
      ? {
          ...given,
          pod: str(rec(only.metadata).name) ?? '',
          namespace: str(rec(only.metadata).namespace) ?? given.namespace,
        }
      : given;
  const ns = log.namespace ?? namespace;
  let container = log.container;
  const pod = objects.find(
    (o) => o.kind === 'Pod' && nameOf(o) === log.pod && (str(rec(o.metadata).namespace) ?? ns) === ns,
  );
  const listed = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
  const names = new Set(
    [...listed(rec(pod?.spec).containers), ...listed(rec(pod?.status).containerStatuses)]
      .map((c) => (isRecord(c) ? str(c.name) : undefined))
      .filter((n): n is string => n !== undefined),
  );
  // The pod's only container, when the command named none, or when a prefix named one the pasted
  // pod does not list because its text showed no container names (a `get pods` row).
  const unnamed = names.size === 1 && names.has(UNNAMED_CONTAINER);
  if (container === undefined || ((sibling || unnamed) && !names.has(container)))
    container = names.size === 1 ? [...names][0] : undefined;
  return {
    namespace: ns,
    pod: log.pod,
    container: container ?? '',
    previous: log.previous,
    lines: log.lines,
  };
}
