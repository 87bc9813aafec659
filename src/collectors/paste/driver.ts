import { InputError } from '../../errors/index.js';
import { appendAll, isRecord, rec, str } from '../normalize/coerce.js';
import { parseDocuments } from '../normalize/documents.js';
import { rebuildPod } from '../normalize/pod-fragments.js';
import { withoutCapturePrefix } from './common/capture-prefix.js';
import { cutWidth, rejoinCut } from './common/cut-lines.js';
import { singleSpaced, withoutLineNumbers } from './common/page-layout.js';
import { unsqueezeTables } from './get/squeezed.js';
import { cleanLine, firstCommand, indentOf, isNoise, isPromptLine, NS_FLAG } from './common/text.js';
import { UNNAMED_POD, type BlockParser, type PastedObject } from './common/types.js';
import { deniedDeletion, namedByCommand, refusedOtherKind } from './command-naming.js';
import { commandTarget } from './common/command.js';
import { readUnderCutHeader } from './cut-header.js';
import { readJsonMembers } from './json-fragment.js';
import { kindlessObjects } from './kindless.js';
import { podsForStrayLogs, readLog, strayExecFailure, type PastedLog } from './logs.js';
import { unnamedName } from '../../model/index.js';
import { deletionConfirmed, markStillListed, type Deletion } from './deletions.js';
import { proseStatusPod } from './prose-status.js';
import { componentLogPod } from './component-log.js';
import { rolloutStatusObjects } from './rollout-status.js';

/** The first line of a YAML mapping as kubectl -o yaml prints it: lowerCamel keys, unlike describe's "Restart Count:". */
const YAML_START = /^\s*(?:- )?[a-z][A-Za-z0-9]*:(?:\s|$)/;
const YAML_SIBLING = /^(?:- |-$|[a-z][A-Za-z0-9]*\s*:|---|\.\.\.)/;

/** The first line of JSON: an object, or an array of objects or strings (a jsonpath of a list). */
const JSON_START = /^\s*(?:\{\s*(?:"|$)|\[\s*(?:\{|"|$))/;

/** The end (exclusive) of a YAML or JSON block starting at `start`. */
function structuredBlockEnd(lines: readonly string[], start: number): number {
  const first = lines[start] ?? '';
  if (/^\s*[{[]/.test(first)) {
    let depth = 0;
    for (let i = start; i < lines.length; i++) {
      for (const ch of lines[i] ?? '') {
        if (ch === '{' || ch === '[') depth++;
        else if (ch === '}' || ch === ']') depth--;
      }
      if (depth <= 0) return i + 1;
    }
    return lines.length;
  }
  // YAML: deeper lines belong to the block; lines at its own indent must look like YAML keys or items.
  const base = indentOf(first);
  let end = start + 1;
  for (let i = start + 1; i < lines.length; i++) {
    const l = lines[i] ?? '';
    if (l.trim() === '') continue;
    if (isPromptLine(l)) break;
    const indent = indentOf(l);
    if (indent < base) break;
    if (indent === base && !YAML_SIBLING.test(l.trimStart())) break;
    end = i + 1;
  }
  return end;
}

/** An object pasted without metadata.name (trimmed from `-o yaml`) gets a placeholder the command above may replace. */
function withName(raw: Record<string, unknown>, line: number): PastedObject {
  const meta = isRecord(raw.metadata) ? raw.metadata : {};
  if (str(meta.name) !== undefined || typeof raw.kind !== 'string' || raw.kind === 'Event')
    return { raw, line };
  const name = raw.kind === 'Pod' ? UNNAMED_POD : unnamedName(raw.kind);
  return {
    raw: { ...raw, metadata: { ...meta, name } },
    line,
    inferredName: `the ${raw.kind} was pasted without its name`,
  };
}

/**
 * `-o jsonpath='{.metadata.labels}'` (also `-o=jsonpath=`, `-ojsonpath=`, `--output jsonpath=`, with
 * or without quotes) of a plain path of fields: the path, or undefined when there is none (ranges,
 * filters, several expressions, indexes).
 */
const JSONPATH =
  /(?:^|\s)(?:-o|--output)(?:=|\s+)?jsonpath=(['"]?)\{\.([A-Za-z]\w*(?:\.[A-Za-z]\w*)*)\}\1(?=\s|$)/;

/**
 * A value printed by `kubectl get KIND NAME -o jsonpath='{.a.b}'` put back where it came from: the
 * object the command names, with the value at a.b. Undefined when the command prints no such path
 * of one named object.
 */
export function jsonPathObject(
  value: unknown,
  command: string | undefined,
): Record<string, unknown> | undefined {
  if (command === undefined || value === undefined || value === null) return undefined;
  const path = JSONPATH.exec(firstCommand(command))?.[2]?.split('.');
  const target = path === undefined ? undefined : commandTarget(command, ['get']);
  if (path === undefined || target === undefined || path[0] === 'kind' || path[0] === 'apiVersion')
    return undefined;
  let inner: unknown = value;
  for (const key of [...path].reverse()) inner = { [key]: inner };
  const raw = inner as Record<string, unknown>;
  const meta = isRecord(raw.metadata) ? raw.metadata : {};
  return {
    ...raw,
    kind: target.kind,
    metadata: {
      ...meta,
      name: target.name,
      ...(target.namespace === undefined ? {} : { namespace: target.namespace }),
    },
  };
}

/** The Kubernetes objects (items of a List), or the pod a kindless fragment is part of, in one parsed value. */
function objectsOfValue(value: unknown, line: number, command?: string): PastedObject[] {
  if (!(isRecord(value) && typeof value.kind === 'string')) {
    const placed = jsonPathObject(value, command);
    if (placed !== undefined) return [{ raw: placed, line }];
  }
  if (isRecord(value) && typeof value.kind === 'string') {
    const items = Array.isArray(value.items) ? (value.items as unknown[]) : [value];
    const itemKind = str(value.kind)?.endsWith('List') === true ? str(value.kind)?.slice(0, -4) : undefined;
    return items
      .filter(isRecord)
      .map((item) =>
        withName(
          { ...(itemKind && itemKind !== '' && item.kind === undefined ? { kind: itemKind } : {}), ...item },
          line,
        ),
      );
  }
  const rebuilt = rebuildPod(value);
  if (rebuilt === undefined) return kindlessObjects(value, command).map((o) => ({ ...o, line }));
  return [
    {
      raw: { ...rebuilt.raw },
      line,
      ...(rebuilt.inferredName === undefined ? {} : { inferredName: rebuilt.inferredName }),
    },
  ];
}

/** Kubernetes objects, or pod fragments, in a YAML or JSON block inside a paste. */
function structuredObjects(
  lines: readonly string[],
  start: number,
  end: number,
  command: string | undefined,
): PastedObject[] {
  let docs: ReturnType<typeof parseDocuments>['documents'];
  try {
    docs = parseDocuments('paste', lines.slice(start, end).join('\n')).documents;
  } catch (err) {
    if (err instanceof InputError) return [];
    throw err;
  }
  return docs.flatMap((d) => objectsOfValue(d.value, start + d.line, command));
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

/**
 * The pod a log names, in the state a sentence says in kubectl's word (prose-status.ts); its one
 * container is the one the state is of (an `Init:` state makes it an init container, as the
 * state says the pod has one).
 */
function statedBy(said: PastedObject, pod: PastedObject): PastedObject {
  const spec = rec(pod.raw.spec);
  const status = rec(said.raw.status);
  const named = [...list(spec.containers), ...list(spec.initContainers)].map((c) => str(rec(c).name));
  const [container] = named;
  const key = 'initContainerStatuses' in status ? 'initContainerStatuses' : 'containerStatuses';
  const statuses = list(status[key]);
  const one = named.length === 1 && container !== undefined && statuses.length === 1;
  const annotations = rec(rec(said.raw.metadata).annotations);
  return {
    ...pod,
    raw: {
      ...pod.raw,
      metadata: { ...rec(pod.raw.metadata), annotations },
      spec: one
        ? { [key === 'initContainerStatuses' ? 'initContainers' : 'containers']: [{ name: container }] }
        : spec,
      status: one ? { ...status, [key]: [{ ...rec(statuses[0]), name: container }] } : status,
    },
  };
}

export interface PasteParsers {
  /** Block parsers tried in order at each line. */
  readonly blocks: readonly BlockParser[];
  /** Tried on a command line, for an event row pasted on the same line as the command. */
  readonly commandLine?: BlockParser;
}

export interface PasteResult {
  readonly objects: readonly PastedObject[];
  readonly logs: readonly PastedLog[];
  /** Namespaces named by `-n NS` / `--namespace NS` in pasted commands, in order. */
  readonly commandNamespaces: readonly string[];
  /** Lines read that hold no object (an API server warning), each said as a note. */
  readonly notes: readonly string[];
  /** When a capture that stamped every line printed its last one (common/capture-prefix.ts). */
  readonly printedAt?: number;
}

/** A reading, and how many of its non-empty lines no parser took. */
interface Reading extends PasteResult {
  readonly unread: number;
}

/**
 * Reads arbitrary pasted text: at each line, a YAML/JSON block or one of the block parsers;
 * anything else (prompts, prose, kubectl's own errors) is passed over. Linear in the text: every
 * step consumes at least one line.
 */
export function parsePaste(text: string, parsers: PasteParsers): PasteResult {
  const given = text.split('\n');
  // A page that set every line as a paragraph: read without the empty line between each two.
  const spaced = singleSpaced(given);
  const raw = spaced?.lines ?? given;
  const { unread, ...read } = parseLines(raw, parsers);
  // Lines a terminal cut at its width: read them joined too. Pieces that cannot start a line prove
  // the cut: the joined reading stands unless it finds nothing (the pieces of the cut one may have
  // spawned objects of their own). Lines of one width may be table rows: joined rows find fewer
  // objects. A guess stands when it finds as much and reads more of the lines (never where the
  // text as given read whole, as a finished rollout's lines do, to find nothing).
  const cut = cutWidth(raw, text.length);
  // A reading told in the lines of the text as given: through the joined lines' origins, if any,
  // then the single-spaced lines'.
  const back = (r: PasteResult, joinedOrigin: readonly number[] | undefined): PasteResult => {
    if (joinedOrigin === undefined && spaced === undefined) return r;
    return relined(r, (k) => {
      const inRaw = joinedOrigin?.[k] ?? k;
      return spaced?.origin[inRaw] ?? inRaw;
    });
  };
  if (cut === undefined) return back(read, undefined);
  const joined = rejoinCut(raw, cut.width);
  // Unread lines counted in the lines of the text as given, so that joining alone reads no more.
  const span = (j: number): number => (joined.origin[j + 1] ?? raw.length) - (joined.origin[j] ?? j);
  const { unread: left, ...reread } = parseLines(joined.lines, parsers, span);
  const [a, b] = [found(reread), found(read)];
  const better =
    cut.proof === 'torn' ? a > 0 || b === 0 : cut.proof === 'repeated' ? a >= b : a >= b && left < unread;
  return better ? back(reread, joined.origin) : back(read, undefined);
}

const found = (r: PasteResult): number => r.objects.length + r.logs.length;

/** A reading told in other lines: `origin(k)` is the 0-based line of the text as given of line k. */
function relined(r: PasteResult, origin: (k: number) => number): PasteResult {
  const at = (line: number): number => origin(line - 1) + 1;
  return {
    ...r,
    objects: r.objects.map((o) => ({ ...o, line: at(o.line) })),
    notes: r.notes.map((n) => n.replace(/\bline (\d+)/g, (_, l: string) => `line ${at(Number(l))}`)),
  };
}

/** Reads lines; `span(i)`: how many lines of the text as given line i stands for (when joined). */
function parseLines(
  raw: readonly string[],
  parsers: PasteParsers,
  span: (i: number) => number = () => 1,
): Reading {
  const unprefixed = withoutCapturePrefix(withoutLineNumbers(raw.map(cleanLine)));
  const lines = unsqueezeTables(unprefixed.lines);
  const { printedAt } = unprefixed;
  const objects: PastedObject[] = [];
  const commandNamespaces: string[] = [];
  const logs: PastedLog[] = [];
  const notes: string[] = [];
  const deletions: Deletion[] = [];
  /** runc exec failures on lines of their own (the log of a pod to be found), and where the first is. */
  const strays: PastedLog[] = [];
  let strayLine: number | undefined;
  /** Where the first `kubectl logs` output starts. */
  let logLine: number | undefined;
  /** The last pasted command: it may name the pod whose fragment follows. */
  let command: string | undefined;
  /** Set from a command until the first line after it: rows there may have lost their header. */
  let justRan: string | undefined;
  let unread = 0;
  let i = 0;
  outer: while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || isNoise(line)) {
      i++;
      continue;
    }
    const after = justRan;
    justRan = undefined;
    if (isPromptLine(line)) {
      const inline = parsers.commandLine?.(lines, i);
      if (inline !== undefined) appendAll(objects, inline.objects);
      const ns = NS_FLAG.exec(firstCommand(line))?.[1];
      if (ns !== undefined) commandNamespaces.push(ns);
      command = line;
      justRan = line;
      i++;
      // What `kubectl logs` printed is the application's text: kept as a log tail, never parsed.
      const read = readLog(lines, i, line);
      if (read !== undefined) {
        if (read.pod !== undefined) objects.push(read.pod);
        if (read.log !== undefined) {
          logs.push(read.log);
          logLine ??= i + 1;
        }
        i = read.end;
      }
      continue;
    }
    const deleted = deletionConfirmed(line, i + 1);
    if (deleted !== undefined) {
      deletions.push(deleted);
      i++;
      continue;
    }
    const members = readJsonMembers(lines, i);
    if (members !== undefined) {
      const found = objectsOfValue(members.value, i + 1, command).map((o) => namedByCommand(o, command));
      if (found.length > 0) {
        appendAll(objects, found);
        i = members.end;
        continue;
      }
    }
    if (YAML_START.test(line) || JSON_START.test(line)) {
      const end = structuredBlockEnd(lines, i);
      const found = structuredObjects(lines, i, end, command).map((o) => namedByCommand(o, command));
      if (found.length > 0) {
        appendAll(objects, found);
        i = end;
        continue;
      }
    }
    for (const parse of parsers.blocks) {
      const r = parse(lines, i);
      if (r !== undefined && r.end > i) {
        for (const o of r.objects) {
          const refused = refusedOtherKind(o, command);
          if (refused === undefined) objects.push(deniedDeletion(namedByCommand(o, command), command));
          else notes.push(refused);
        }
        if (r.notes !== undefined) appendAll(notes, r.notes);
        i = r.end;
        continue outer;
      }
    }
    const cut = after === undefined ? undefined : readUnderCutHeader(lines, i, after, parsers.blocks);
    if (cut !== undefined) {
      appendAll(objects, cut.objects);
      i = cut.end;
      continue;
    }
    const stray = strayExecFailure(line);
    if (stray !== undefined) {
      strays.push(stray);
      strayLine ??= i + 1;
    } else unread += span(i);
    i++;
  }
  // Logs in a paste without any pod (`kubectl logs` output, stray exec failures): they are of the
  // pods they name (or of one unnamed pod), which are in the evidence by their logs alone.
  const firstLog = Math.min(strayLine ?? Infinity, logLine ?? Infinity);
  if (firstLog !== Infinity && !objects.some((o) => o.raw.kind === 'Pod')) {
    const made = podsForStrayLogs([...logs, ...strays], firstLog);
    appendAll(objects, made.pods);
    // The one pod its log names, and a sentence that says its state in kubectl's word ("the pods
    // end up in Init:CrashLoopBackOff"): that is the state of the pod whose log it is.
    const [only] = made.pods;
    const said = made.pods.length === 1 && only !== undefined ? proseStatusPod(lines) : undefined;
    if (said !== undefined && only !== undefined) objects[objects.indexOf(only)] = statedBy(said, only);
    logs.length = 0;
    appendAll(logs, made.logs);
  } else appendAll(logs, strays);
  // Nothing else read: a sentence may still name the pod's state in kubectl's own word.
  if (objects.length === 0 && logs.length === 0) {
    const said = proseStatusPod(lines);
    const rollouts = said === undefined ? rolloutStatusObjects(lines) : undefined;
    const logged = said === undefined && rollouts === undefined ? componentLogPod(lines) : undefined;
    if (said !== undefined) objects.push(said);
    else if (rollouts !== undefined) appendAll(objects, rollouts);
    else if (logged !== undefined) objects.push(logged);
  }
  return {
    objects: markStillListed(objects, deletions),
    logs,
    commandNamespaces,
    notes,
    unread,
    ...(printedAt === undefined ? {} : { printedAt }),
  };
}
