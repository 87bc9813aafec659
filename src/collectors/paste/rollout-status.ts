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
import { commandTarget } from './common/command.js';
import { knownKind } from './common/kind-names.js';
import { firstCommand, isPromptLine, NS_FLAG } from './common/text.js';

type Kind = 'Deployment' | 'DaemonSet' | 'StatefulSet';

interface Shape {
  readonly re: RegExp;
  /** The workload kind the line is about; a line without a name takes it from the command. */
  readonly kind: Kind;
  readonly state: 'waiting' | 'done' | 'deadline';
}

const N = '(\\d+)';
const SHAPES: readonly Shape[] = [
  {
    re: new RegExp(
      `Waiting for (?:deployment "([^"]+)" )?rollout to finish: (?:${N} out of ${N} new replicas have been updated|${N} old replicas are pending termination|${N} of ${N} updated replicas are available)`,
    ),
    kind: 'Deployment',
    state: 'waiting',
  },
  { re: /Waiting for deployment spec update to be observed/, kind: 'Deployment', state: 'waiting' },
  { re: /\bdeployment "([^"]+)" successfully rolled out/, kind: 'Deployment', state: 'done' },
  { re: /\bdeployment "([^"]+)" exceeded its progress deadline/, kind: 'Deployment', state: 'deadline' },
  {
    re: new RegExp(
      `Waiting for daemon set "([^"]+)" rollout to finish: (?:${N} out of ${N} new pods have been updated|${N} of ${N} updated pods are available)`,
    ),
    kind: 'DaemonSet',
    state: 'waiting',
  },
  { re: /Waiting for daemon set spec update to be observed/, kind: 'DaemonSet', state: 'waiting' },
  { re: /\bdaemon set "([^"]+)" successfully rolled out/, kind: 'DaemonSet', state: 'done' },
  {
    re: new RegExp(
      `Waiting for (?:${N} pods to be ready|partitioned roll out to finish: ${N} out of ${N} new pods have been updated|statefulset rolling update to complete ${N} pods at revision)|Waiting for statefulset spec update to be observed`,
      'i',
    ),
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
  /timed out waiting for the condition on (pods?)(?:\.v1)?\/([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)/;

interface Rollout {
  readonly kind: Kind;
  readonly name: string;
  readonly namespace: string | undefined;
  state: 'waiting' | 'done' | 'deadline' | 'timeout';
  /** The line, as printed, that says where the rollout stood. */
  said: string;
  line: number;
}

/** The workload a `kubectl rollout status` command names, and its namespace. */
function commandWorkload(
  command: string | undefined,
): { kind: string; name: string; ns?: string } | undefined {
  if (command === undefined || !/\brollout\s+status\b/.test(firstCommand(command))) return undefined;
  const t = commandTarget(command, ['status']);
  const ns = NS_FLAG.exec(firstCommand(command))?.[1];
  return t === undefined ? undefined : { kind: t.kind, name: t.name, ...(ns === undefined ? {} : { ns }) };
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
    const shape = SHAPES.find((s) => s.re.test(line));
    let kind: Kind | undefined = shape?.kind;
    let state: Rollout['state'] | undefined = shape?.state;
    let name = shape === undefined ? undefined : shape.re.exec(line)?.[1];
    if (shape === undefined && TIMED_OUT.test(line.trim()) && named !== undefined) state = 'timeout';
    if (state === undefined) return;
    if (name === undefined || /^\d+$/.test(name)) {
      // The line does not name its workload: the command does, of the same kind.
      if (named === undefined || (kind !== undefined && named.kind !== kind)) return;
      name = named.name;
    }
    kind ??= named?.kind as Kind | undefined;
    if (kind !== 'Deployment' && kind !== 'DaemonSet' && kind !== 'StatefulSet') return;
    const namespace = named?.name === name ? named.ns : undefined;
    const key = `${kind}/${name}`;
    const said = line.trim();
    const known = byKey.get(key);
    if (known === undefined) byKey.set(key, { kind, name, namespace, state, said, line: i + 1 });
    else Object.assign(known, { state, said, line: i + 1 });
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
  return [...waited, ...rollouts.flatMap(rolloutObjects)];
}

/** Pods `kubectl wait` timed out on, each once, whose state the text does not tell. */
function waitedPods(lines: readonly string[]): PastedObject[] {
  const seen = new Map<string, PastedObject>();
  let namespace: string | undefined;
  lines.forEach((line, i) => {
    if (isPromptLine(line)) namespace = NS_FLAG.exec(firstCommand(line))?.[1];
    const m = WAIT_TIMED_OUT.exec(line);
    const name = m?.[2];
    if (name === undefined || knownKind(m?.[1] ?? '') !== 'Pod' || seen.has(name)) return;
    seen.set(name, {
      raw: { kind: 'Pod', metadata: { name, ...(namespace === undefined ? {} : { namespace }) } },
      line: i + 1,
    });
  });
  return [...seen.values()];
}

function rolloutObjects(r: Rollout): PastedObject[] {
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
        name: UNNAMED_POD,
        ...(r.namespace === undefined ? {} : { namespace: r.namespace }),
        ownerReferences: [{ kind: r.kind, name: r.name, controller: true }],
      },
    },
    line: r.line,
    inferredName: `the text holds only \`kubectl rollout status\` output, whose last line on ${r.kind} ${r.name} says its rollout had not finished ("${r.said}"), and no pod's status`,
  };
  return [workload, pod];
}
