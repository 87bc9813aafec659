/**
 * Output pasted under a command that names one object (`kubectl get pod web-1 -o yaml | yq
 * .status`, `kubectl describe rs web-7d4`, `kubectl logs web-1`, `kubectl events --for pod/web-1`)
 * is about that object when the output itself does not say: a pod fragment without a name, an
 * event row that shows only a kind, a FailedCreate whose owner was guessed from its pods' names.
 */
import { isRecord, rec, str } from '../normalize/coerce.js';
import { commandTarget, type CommandTarget } from './common/command.js';
import type { PastedObject } from './common/types.js';
import { DELETION_DENIED, isUnnamed, WORKLOAD_KINDS } from '../../model/index.js';

const VERBS = ['get', 'describe', 'logs', 'log', 'events', 'port-forward'] as const;
const OWNERS: ReadonlySet<string> = new Set(WORKLOAD_KINDS);

/** A name the readers made up, or took from a container, rather than read. */
function isGuess(name: string | undefined, inferred: string): boolean {
  return name === undefined || isUnnamed(name) || inferred.startsWith('named after its container');
}

function named(o: PastedObject, raw: Record<string, unknown>, command: string): PastedObject {
  return { ...o, raw, inferredName: `named by the command above it (${command.trim()})` };
}

function renamePod(o: PastedObject, t: CommandTarget, command: string): PastedObject {
  const metadata = {
    ...(isRecord(o.raw.metadata) ? o.raw.metadata : {}),
    name: t.name,
    ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
  };
  return named(o, { ...o.raw, metadata }, command);
}

/** An event about a guessed object gets the commanded one, when the kinds agree (any owner for a FailedCreate). */
function renameEventObject(o: PastedObject, t: CommandTarget, command: string): PastedObject {
  const involved = rec(o.raw.involvedObject);
  const kind = str(involved.kind) ?? '';
  const owner = o.raw.reason === 'FailedCreate' && OWNERS.has(kind) && OWNERS.has(t.kind);
  if (kind !== t.kind && !owner) return o;
  const involvedObject = {
    ...involved,
    kind: t.kind,
    name: t.name,
    ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
  };
  return named(o, { ...o.raw, involvedObject }, command);
}

/** The object as the command above it names it, when its own name was guessed. */
export function namedByCommand(o: PastedObject, command: string | undefined): PastedObject {
  if (o.inferredName === undefined || command === undefined) return o;
  const t = commandTarget(command, VERBS);
  if (t === undefined) return o;
  if (o.raw.kind === 'Pod') {
    const name = str(rec(o.raw.metadata).name);
    return t.kind === 'Pod' && isGuess(name, o.inferredName) ? renamePod(o, t, command) : o;
  }
  if (o.raw.kind === 'Event') {
    const name = str(rec(o.raw.involvedObject).name);
    return isGuess(name, o.inferredName) || o.raw.reason === 'FailedCreate'
      ? renameEventObject(o, t, command)
      : o;
  }
  return o;
}

/**
 * An API server denial pasted under `kubectl delete pod NAME` is not a failure to create pods (as
 * a denial with no object named is read elsewhere): the pod exists, and deleting it is refused.
 * The denial becomes that pod, marked with the message.
 */
export function deniedDeletion(o: PastedObject, command: string | undefined): PastedObject {
  if (command === undefined || o.raw.kind !== 'Event' || o.raw.reason !== 'FailedCreate') return o;
  if (!isGuess(str(rec(o.raw.involvedObject).name), o.inferredName ?? '')) return o;
  const t = commandTarget(command, ['delete']);
  if (t?.kind !== 'Pod') return o;
  const message = str(o.raw.message) ?? '';
  return {
    raw: {
      kind: 'Pod',
      metadata: {
        name: t.name,
        ...(t.namespace === undefined ? {} : { namespace: t.namespace }),
        annotations: { [DELETION_DENIED]: message },
      },
    },
    line: o.line,
    inferredName: `named by the command above it (${command.trim()})`,
  };
}

/** Verbs that write the object they name (`kubectl create namespace check`, `kubectl label ns x a=b`). */
const WRITES = ['create', 'apply', 'replace', 'patch', 'edit', 'label', 'annotate', 'set'];

/**
 * An API server refusal pasted under a command that writes an object no pod comes from (`kubectl
 * create namespace check` refused by an unreachable webhook): no pod's handoff failed, so it is no
 * owner that creates pods; a note says what was refused. Undefined for every other object.
 */
export function refusedOtherKind(o: PastedObject, command: string | undefined): string | undefined {
  if (command === undefined || o.raw.kind !== 'Event' || o.raw.reason !== 'FailedCreate') return undefined;
  if (!isGuess(str(rec(o.raw.involvedObject).name), o.inferredName ?? '')) return undefined;
  const t = commandTarget(command, WRITES);
  if (t === undefined || t.kind === 'Pod' || OWNERS.has(t.kind)) return undefined;
  return `line ${o.line}: the API server refused the command's ${t.kind} ${t.name}, which runs no pod: ${str(o.raw.message) ?? ''}`;
}
