/**
 * The reader for `kubectl rollout status` output, for text that holds nothing else kube-handoff
 * reads (a CI job's log of a failed rollout). kubectl prints one line per change it sees
 * (kubectl's polymorphichelpers/rollout_status.go):
 *
 *   Waiting for deployment "web" rollout to finish: 0 of 1 updated replicas are available...
 *   Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...
 *   Waiting for deployment "web" rollout to finish: 1 old replicas are pending termination...
 *   Waiting for deployment spec update to be observed...
 *   deployment "web" successfully rolled out
 *   error: deployment "web" exceeded its progress deadline
 *   Waiting for daemon set "agent" rollout to finish: 2 of 3 updated pods are available...
 *   Waiting for 2 pods to be ready...            (a StatefulSet: the command names it)
 *   error: timed out waiting for the condition   (--timeout ran out)
 *
 * `kubectl wait` says `error: timed out waiting for the condition on pods/web-0`: a pod that did
 * not reach the condition, whose state the text does not tell either.
 *
 * Old kubectl wrote `Waiting for rollout to finish: ...` without the name; newer kubectl appends
 * `(Warning: <reason> - <message>)` from a pod, which the message floor reads on its own. The last
 * line about a workload is where its rollout stood. A workload that had not finished gets a pod
 * whose state the text does not tell: the report says the rollout stopped and that the next step
 * is to look at its pods. A rollout that finished is a workload with nothing to report.
 */
import { UNNAMED_POD, type PastedObject } from './common/types.js';
import { unnamedName } from '../../model/index.js';
import { commandTarget } from './common/command.js';
import { firstCommand, isPromptLine, NS_FLAG } from './common/text.js';

type Kind = 'Deployment' | 'DaemonSet' | 'StatefulSet';

interface Shape {
  /** The line's shape; the group `name` is the workload's name where the line gives it. */
  readonly re: RegExp;
  readonly kind: Kind;
  readonly state: 'waiting' | 'done' | 'deadline';
  /**
   * Set on a line too plain to be kubectl's unless a `rollout status` command stands above it
   * (`Waiting for 2 pods to be ready...`); any other line without a name is an unnamed workload's.
   */
  readonly needsCommand?: true;
}

const NAME = '"(?<name>[^"]+)"';
/**
 * kubectl's lines, and the copies of them tools print (Argo CD's health messages, `Deployment
 * "web" exceeded its progress deadline` and `Waiting for rollout to finish: ...` without the
 * name; Argo Rollouts' `Waiting for Deployment rollout to finish: ...`; lower-case `waiting`).
 */
const SHAPES: readonly Shape[] = [
  {
    re: new RegExp(
      `[Ww]aiting for (?:[Dd]eployment (?:${NAME} )?)?rollout to finish: \\d+ (?:out of \\d+ new replicas have been updated|old replicas are pending termination|of \\d+ updated replicas are available)`,
    ),
    kind: 'Deployment',
    state: 'waiting',
  },
  {
    re: new RegExp(`[Ww]aiting for deployment (?:${NAME} )?spec update to be observed`),
    kind: 'Deployment',
    state: 'waiting',
  },
  { re: new RegExp(`\\b[Dd]eployment ${NAME} successfully rolled out`), kind: 'Deployment', state: 'done' },
  {
    re: new RegExp(`\\b[Dd]eployment ${NAME} exceeded its progress deadline`),
    kind: 'Deployment',
    state: 'deadline',
  },
  {
    re: new RegExp(
      `[Ww]aiting for daemon set ${NAME} rollout to finish: \\d+ (?:out of \\d+ new pods have been updated|of \\d+ updated pods are available)`,
    ),
    kind: 'DaemonSet',
    state: 'waiting',
  },
  { re: /[Ww]aiting for daemon set spec update to be observed/, kind: 'DaemonSet', state: 'waiting' },
  { re: new RegExp(`\\bdaemon set ${NAME} successfully rolled out`), kind: 'DaemonSet', state: 'done' },
  {
    re: /^Waiting for \d+ pods to be ready\.\.\./,
    kind: 'StatefulSet',
    state: 'waiting',
    needsCommand: true,
  },
  {
    re: /[Ww]aiting for (?:partitioned roll out to finish: \d+ out of \d+ new pods have been updated|statefulset rolling update to complete \d+ pods at revision|statefulset spec update to be observed)/,
    kind: 'StatefulSet',
    state: 'waiting',
  },
  {
    re: /partitioned roll out complete: \d+ new pods|statefulset rolling update complete \d+ pods/,
    kind: 'StatefulSet',
    state: 'done',
  },
];

/** kubectl's wait timing out (`--timeout`), under a `rollout status` command. */
const TIMED_OUT = /^(?:error: )?timed out waiting for the condition/;
/** `kubectl wait` timing out on one object: `timed out waiting for the condition on pods/web-0`. */
const WAIT_TIMED_OUT =
  /timed out waiting for the condition on pods?(?:\.v1)?\/([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)/;

interface Rollout {
  readonly kind: Kind;
  readonly name: string;
  readonly namespace: string | undefined;
  readonly state: 'waiting' | 'done' | 'deadline' | 'timeout';
  /** The line, as printed, that says where the rollout stood. */
  readonly said: string;
  readonly line: number;
}

const WORKLOAD_KINDS: ReadonlySet<string> = new Set<Kind>(['Deployment', 'DaemonSet', 'StatefulSet']);
const isWorkloadKind = (kind: string): kind is Kind => WORKLOAD_KINDS.has(kind);

/** The workload a `kubectl rollout status` command names, and its namespace. */
function commandWorkload(command: string | undefined): { kind: Kind; name: string; ns?: string } | undefined {
  if (command === undefined || !/\brollout\s+status\b/.test(firstCommand(command))) return undefined;
  const t = commandTarget(command, ['status']);
  if (t === undefined || !isWorkloadKind(t.kind)) return undefined;
  const ns = NS_FLAG.exec(firstCommand(command))?.[1];
  return { kind: t.kind, name: t.name, ...(ns === undefined ? {} : { ns }) };
}

/** The workload one line is about and where its rollout stood, or undefined when the line is none of kubectl's. */
function readLine(
  text: string,
  named: ReturnType<typeof commandWorkload>,
): Pick<Rollout, 'kind' | 'name' | 'state'> | undefined {
  const shape = SHAPES.find((s) => s.re.test(text));
  if (shape === undefined) {
    // kubectl's own --timeout running out, about the workload the command names.
    return TIMED_OUT.test(text) && named !== undefined
      ? { kind: named.kind, name: named.name, state: 'timeout' }
      : undefined;
  }
  // A line that does not name its workload is about the one the command names, of its kind; else
  // about an unnamed one, unless only the command could say the line is kubectl's.
  const name =
    shape.re.exec(text)?.groups?.name ??
    (named?.kind === shape.kind
      ? named.name
      : shape.needsCommand === true
        ? undefined
        : unnamedName(shape.kind));
  return name === undefined ? undefined : { kind: shape.kind, name, state: shape.state };
}

/** Where each workload's rollout stood at its last line, in the order they first appear. */
export function rolloutsOf(lines: readonly string[]): Rollout[] {
  const byKey = new Map<string, Rollout>();
  let command: string | undefined;
  lines.forEach((line, i) => {
    if (isPromptLine(line)) {
      command = line;
      return;
    }
    const named = commandWorkload(command);
    const text = line.trim();
    const read = readLine(text, named);
    if (read === undefined) return;
    const namespace = named?.name === read.name ? named.ns : undefined;
    byKey.set(`${read.kind}/${read.name}`, { ...read, namespace, said: text, line: i + 1 });
  });
  return [...byKey.values()];
}

/**
 * The objects `kubectl rollout status` and `kubectl wait` output stands for: each workload, and
 * for each whose rollout had not finished, a pod of it whose state the text does not tell; each
 * pod a wait timed out on. Undefined when the text holds no such output.
 */
export function rolloutStatusObjects(lines: readonly string[]): PastedObject[] | undefined {
  const rollouts = rolloutsOf(lines);
  const waited = waitedPods(lines);
  if (rollouts.length === 0 && waited.length === 0) return undefined;
  // Several unfinished rollouts each get a pod of their own, told apart by the workload's name.
  const several = rollouts.filter((r) => r.state !== 'done').length > 1;
  return [...waited, ...rollouts.flatMap((r) => rolloutObjects(r, several))];
}

/** Pods `kubectl wait` timed out on, each once, whose state the text does not tell. */
function waitedPods(lines: readonly string[]): PastedObject[] {
  const seen = new Map<string, PastedObject>();
  let namespace: string | undefined;
  lines.forEach((line, i) => {
    if (isPromptLine(line)) namespace = NS_FLAG.exec(firstCommand(line))?.[1];
    const name = WAIT_TIMED_OUT.exec(line)?.[1];
    if (name === undefined || seen.has(name)) return;
    seen.set(name, {
      raw: { kind: 'Pod', metadata: { name, ...(namespace === undefined ? {} : { namespace }) } },
      line: i + 1,
    });
  });
  return [...seen.values()];
}

function rolloutObjects(r: Rollout, several: boolean): PastedObject[] {
  const metadata = { name: r.name, ...(r.namespace === undefined ? {} : { namespace: r.namespace }) };
  const workload: PastedObject = {
    raw: {
      kind: r.kind,
      metadata,
      ...(r.state === 'deadline'
        ? {
            status: {
              conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
            },
          }
        : {}),
    },
    line: r.line,
  };
  if (r.state === 'done') return [workload];
  const pod: PastedObject = {
    raw: {
      kind: 'Pod',
      metadata: {
        name: several ? `${UNNAMED_POD}-of-${r.name}` : UNNAMED_POD,
        ...(r.namespace === undefined ? {} : { namespace: r.namespace }),
        ownerReferences: [{ kind: r.kind, name: r.name, controller: true }],
      },
    },
    line: r.line,
    inferredName: `the text holds only \`kubectl rollout status\` output, whose last line on ${r.kind} ${r.name} says its rollout had not finished ("${r.said}"), and no pod's status`,
  };
  return [workload, pod];
}
