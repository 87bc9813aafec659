/**
 * The one object a pasted kubectl command is about: `kubectl|oc [flags] VERB KIND NAME [flags]`,
 * `VERB KIND/NAME`, `logs NAME`, `events --for KIND/NAME`, `port-forward svc/NAME 8080:80`. Output pasted under the command that
 * does not name its object itself is about that one.
 */
import { knownKind } from './kind-names.js';
import { firstCommand } from './text.js';

export interface CommandTarget {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

/** kubectl flags that take the next word as their value (so it is not an object name). */
const VALUE_FLAGS: ReadonlySet<string> = new Set(
  '-n --namespace -l --selector --context --kubeconfig --cluster --user -f --filename --chunk-size -s --server --token --as --request-timeout -o --output -c --container --tail --since --field-selector --for --sort-by --types'.split(
    ' ',
  ),
);
/** Flags that make the command about many objects, or about a file. */
const MANY = new Set(['-l', '--selector', '-f', '--filename', '-A', '--all-namespaces', '--all-containers']);
/** A name as people paste it: DNS-1123, or redacted with capitals and underscores. */
const NAME = /^[A-Za-z0-9](?:[\w.-]*[A-Za-z0-9])?$/;
const NAMESPACE = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?$/;

function kindAndNames(verb: string, args: readonly string[]): { kind: string; names: string[] } | undefined {
  const [first = '', ...more] = args;
  const slash = first.indexOf('/');
  if (verb === 'logs' || verb === 'log' || verb === 'port-forward' || verb === 'exec') {
    if (slash < 0) return { kind: 'Pod', names: [first] };
    const kind = knownKind(first.slice(0, slash));
    return kind === undefined ? undefined : { kind, names: [first.slice(slash + 1)] };
  }
  const kind = knownKind(slash < 0 ? first : first.slice(0, slash));
  if (kind === undefined) return undefined;
  return { kind, names: slash < 0 ? more : [first.slice(slash + 1), ...more] };
}

/**
 * The object `line` names when it runs one of `verbs` (`get`, `describe`, `logs`, `events`) on
 * exactly one object; undefined when it names none or several, or selects by label or file.
 */
export function commandTarget(line: string, verbs: readonly string[]): CommandTarget | undefined {
  const command = firstCommand(line);
  const words = command.trim().split(/\s+/);
  const at = words.findIndex((w) => verbs.includes(w));
  const verb = words[at];
  if (
    verb === undefined ||
    !words.slice(0, at).some((w) => /^(?:kubectl|oc|k|\S*\/kubectl(?:\.sh)?)$/.test(w))
  )
    return undefined;
  let namespace: string | undefined;
  let forTarget: string | undefined;
  const args: string[] = [];
  // `kubectl logs -f` is --follow, not --filename: it takes no value and names no file.
  const follows = verb === 'logs' || verb === 'log';
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (follows && w === '-f') continue;
    const [flag = '', value] = w.split('=', 2);
    if (MANY.has(flag)) return undefined;
    if (flag === '-n' || flag === '--namespace') namespace = value ?? words[i + 1];
    else if (/^-n[a-z0-9]/.test(w)) namespace = w.slice(2);
    if (flag === '--for') forTarget = value ?? words[i + 1];
    if (VALUE_FLAGS.has(w)) i++;
    else if (i > at && !w.startsWith('-')) args.push(w);
  }
  // port-forward and exec take one object; the words after it are ports or the command to run.
  const oneObject = verb === 'port-forward' || verb === 'exec' ? args.slice(0, 1) : args;
  const read = kindAndNames(verb, forTarget === undefined ? oneObject : [forTarget]);
  const [name] = read?.names ?? [];
  if (read === undefined || read.names.length !== 1 || name === undefined || !NAME.test(name))
    return undefined;
  return {
    kind: read.kind,
    name,
    ...(namespace !== undefined && NAMESPACE.test(namespace) ? { namespace } : {}),
  };
}
