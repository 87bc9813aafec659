/**
 * Rows of a `kubectl get` table whose header a pipe cut off (`kubectl get ep | grep web`): the
 * command says which table it is, so the rows are read under the header kubectl prints for it
 * (pkg/printers/internalversion/printers.go column definitions), placed over the first row's
 * cells. Pods and events are not here: their rows are recognised without a header.
 */
import { knownKind } from './common/kind-names.js';
import { endsTable, firstCommand } from './common/text.js';
import type { BlockParse, BlockParser, PastedObject } from './common/types.js';

/** Default columns per kind, newest layout first; wide columns after a `|`. */
const HEADERS: Readonly<Record<string, readonly string[]>> = {
  Endpoints: ['NAME|ENDPOINTS|AGE'],
  Service: ['NAME|TYPE|CLUSTER-IP|EXTERNAL-IP|PORT(S)|AGE|SELECTOR'],
  PersistentVolumeClaim: [
    'NAME|STATUS|VOLUME|CAPACITY|ACCESS MODES|STORAGECLASS|VOLUMEATTRIBUTESCLASS|AGE|VOLUMEMODE',
    'NAME|STATUS|VOLUME|CAPACITY|ACCESS MODES|STORAGECLASS|AGE|VOLUMEMODE',
  ],
  PersistentVolume: [
    'NAME|CAPACITY|ACCESS MODES|RECLAIM POLICY|STATUS|CLAIM|STORAGECLASS|VOLUMEATTRIBUTESCLASS|REASON|AGE|VOLUMEMODE',
    'NAME|CAPACITY|ACCESS MODES|RECLAIM POLICY|STATUS|CLAIM|STORAGECLASS|REASON|AGE|VOLUMEMODE',
  ],
  Node: ['NAME|STATUS|ROLES|AGE|VERSION|INTERNAL-IP|EXTERNAL-IP|OS-IMAGE|KERNEL-VERSION|CONTAINER-RUNTIME'],
  Deployment: ['NAME|READY|UP-TO-DATE|AVAILABLE|AGE|CONTAINERS|IMAGES|SELECTOR'],
  ReplicaSet: ['NAME|DESIRED|CURRENT|READY|AGE|CONTAINERS|IMAGES|SELECTOR'],
  StatefulSet: ['NAME|READY|AGE|CONTAINERS|IMAGES'],
  DaemonSet: ['NAME|DESIRED|CURRENT|READY|UP-TO-DATE|AVAILABLE|NODE SELECTOR|AGE|CONTAINERS|IMAGES|SELECTOR'],
  Job: ['NAME|STATUS|COMPLETIONS|DURATION|AGE|CONTAINERS|IMAGES|SELECTOR', 'NAME|COMPLETIONS|DURATION|AGE'],
};

const MAX_ROWS = 20_000;

/** The kind of table a `kubectl get KIND ...` command prints, when this module knows its header. */
export function tableKind(command: string): string | undefined {
  const words = firstCommand(command).trim().split(/\s+/);
  const at = words.indexOf('get');
  // kubectl's global flags may come before the verb (`kubectl -n shop get svc`)
  if (at < 1 || !words.slice(0, at).some((w) => /^(?:kubectl|oc|k|\S*\/kubectl(?:\.sh)?)$/.test(w)))
    return undefined;
  const output = words.findIndex((w) => /^(?:-o|--output)(?:=|$)/.test(w));
  const format = output < 0 ? undefined : (words[output]?.split('=')[1] ?? words[output + 1]);
  if (format !== undefined && format !== 'wide') return undefined;
  const resource = words.slice(at + 1).find((w) => !w.startsWith('-'));
  const kind = resource === undefined ? undefined : knownKind(resource.split('/')[0] ?? '');
  return kind !== undefined && kind in HEADERS ? kind : undefined;
}

/** A header line whose column names start where the row's cells start. */
export function headerOver(row: string, names: readonly string[]): string | undefined {
  const starts: number[] = [];
  for (const m of row.matchAll(/\S+(?: \S+)*/g)) starts.push(m.index);
  if (starts.length !== names.length) return undefined;
  let out = '';
  names.forEach((name, i) => {
    const at = starts[i] ?? 0;
    // Two spaces at least between names, as the tabwriter pads; a name longer than its cell pushes the rest right.
    out = i === 0 || out.length + 2 <= at ? out.padEnd(at) : `${out}  `;
    out += name;
  });
  return out;
}

/**
 * Reads the rows at `start` under the header the command above them would have printed, with
 * `blocks`; undefined when the command prints no table known here or no header fits the rows.
 */
export function readUnderCutHeader(
  lines: readonly string[],
  start: number,
  command: string,
  blocks: readonly BlockParser[],
): BlockParse | undefined {
  const kind = tableKind(command);
  const first = lines[start];
  if (kind === undefined || first === undefined) return undefined;
  let end = start;
  while (end < lines.length && end - start < MAX_ROWS && !endsTable(lines[end])) end++;
  const rows = lines.slice(start, end);
  const allNamespaces = /\s(?:-A|--all-namespaces)(?:\s|=true|$)/.test(firstCommand(command));
  const cells = [...first.matchAll(/\S+(?: \S+)*/g)].length;
  for (const layout of HEADERS[kind] ?? []) {
    const names = [...(allNamespaces ? ['NAMESPACE'] : []), ...layout.split('|')];
    const header = cells >= 2 && cells <= names.length ? headerOver(first, names.slice(0, cells)) : undefined;
    if (header === undefined) continue;
    const virtual = [header, ...rows];
    for (const parse of blocks) {
      const r = parse(virtual, 0);
      if (r === undefined || r.end <= 1 || r.objects.length === 0) continue;
      const objects: PastedObject[] = r.objects.map((o) => ({ ...o, line: start + o.line - 1 }));
      return { end: start + r.end - 1, objects };
    }
  }
  return undefined;
}
