import { readContainers } from './containers.js';
import { field, hasField, newDoc, type Doc } from './doc.js';
import { detectEventHeader, parseDescribeEventRow } from './event-rows.js';
import { readEvents } from './events-section.js';
import { decideKind, metadata, podParts } from './kinds.js';
import { workloadRaw } from './kinds-workloads.js';
import { controllerOfEvents, fieldPathOf, inferName, type Named } from './naming.js';
import { claimUsers, endpointSliceRaw, endpointsRaw, nodeRaw, pvcRaw, serviceRaws } from './kinds-cluster.js';
import { eventRaw } from './kinds-event.js';
import {
  commandKind,
  CONTAINER_KEYS,
  describeCommand,
  CONTAINER_REASONS,
  EMPTY_SECTION_LINES,
  HEADER_KEYS,
  isElision,
  isFence,
  isNameLine,
  isNone,
  keyLine,
  SECTION_KEYS,
  STATE_KEYS,
  type KeyLine,
} from './syntax.js';
import { readConditions, readHeaderField, readVolumes } from './sections.js';
import { indentOf, isPromptLine } from '../common/text.js';
import type { BlockParser, PastedObject } from '../common/types.js';
import { WORKLOAD_KINDS } from '../../../model/index.js';

export { detectEventHeader, parseDescribeEventRow, type EventLayout } from './event-rows.js';

/**
 * `kubectl describe` output, whole or any run of its sections, from kubectl 0.x to today: pods
 * (header, containers, conditions, volumes, events), workloads, services, nodes and claims. The
 * described object comes back as its Kubernetes shape, with every event pointing at it.
 */

const WORKLOADS: ReadonlySet<string> = new Set(WORKLOAD_KINDS);

/** A key that starts or continues a container: fragments of one begin anywhere. */
function isContainerKey(k: KeyLine, doc: Doc): boolean {
  if (!CONTAINER_KEYS.has(k.key) && !STATE_KEYS.has(k.key)) return false;
  if (!HEADER_KEYS.has(k.key)) return true;
  if (doc.header.length > 0) return false;
  return k.key === 'Reason' ? CONTAINER_REASONS.has(k.value) : k.indent > 0;
}

/**
 * A field this reader does not know (a newer kubectl's, a CRD's) that is still part of the output:
 * capitalised, at the top level, its value in the same tabwriter column as the field before it.
 */
function isAlignedField(lines: readonly string[], k: KeyLine, doc: Doc): boolean {
  const previous = doc.header[doc.header.length - 1];
  if (previous === undefined || k.indent !== 0 || k.valueColumn < 0 || !/^[A-Z][\w ()./-]*$/.test(k.key))
    return false;
  return keyLine(lines[previous.line] ?? '')?.valueColumn === k.valueColumn;
}

function nextLine(lines: readonly string[], i: number): string | undefined {
  for (let j = i + 1; j < lines.length && j <= i + 2; j++)
    if ((lines[j] ?? '').trim() !== '') return lines[j];
  return undefined;
}

/** A blank line inside a block: kept only when describe structure follows. */
function continuesAfter(lines: readonly string[], i: number): boolean {
  const next = nextLine(lines, i);
  if (next === undefined || isPromptLine(next)) return false;
  const k = keyLine(next);
  if (k !== undefined)
    return (
      k.key !== 'Name' && (SECTION_KEYS.has(k.key) || HEADER_KEYS.has(k.key) || CONTAINER_KEYS.has(k.key))
    );
  return detectEventHeader(next) !== undefined;
}

function readTemplate(lines: readonly string[], i: number, doc: Doc): number {
  const indent = indentOf(lines[i] ?? '');
  let j = i + 1;
  while (j < lines.length && (lines[j] ?? '').trim() !== '' && indentOf(lines[j] ?? '') > indent) j++;
  const template = newDoc();
  walk(lines.slice(i + 1, j), 0, template);
  doc.template = template;
  doc.recognised++;
  return j;
}

/** Reads one top-level item at `i` into `doc`; returns where the next starts, or `i` when the block ends. */
function step(lines: readonly string[], i: number, doc: Doc): number {
  const line = lines[i] ?? '';
  if (line.trim() === '') return continuesAfter(lines, i) ? i + 1 : i;
  if (isElision(line)) return doc.recognised > 0 ? i + 1 : i;
  if (isFence(line) || isPromptLine(line)) return i;
  if (EMPTY_SECTION_LINES.has(line.trim())) {
    doc.recognised++;
    return i + 1;
  }
  const k = keyLine(line);
  if (k !== undefined) {
    if (k.key === 'Name' && doc.recognised > 0) return i;
    if (k.key === 'Events') return readEvents(lines, i, doc, true);
    if (k.key === 'Containers') return readContainers(lines, i, doc, 'app', true);
    if (k.key === 'Init Containers') return readContainers(lines, i, doc, 'init', true);
    if (k.key === 'Ephemeral Containers') return readContainers(lines, i, doc, 'ephemeral', true);
    if (k.key === 'Conditions' || k.key === 'Readiness Gates')
      return readConditions(lines, i, doc, k.key === 'Readiness Gates');
    if (k.key === 'Volumes') return readVolumes(lines, i, doc);
    if (k.key === 'Pod Template') return readTemplate(lines, i, doc);
    // An EndpointSlice's own Ports table, not a container's.
    if (k.key === 'Ports' && k.indent === 0 && hasField(doc, 'AddressType'))
      return readHeaderField(lines, i, doc);
    if (isContainerKey(k, doc)) return readContainers(lines, i, doc, 'app', false);
    if (HEADER_KEYS.has(k.key) || SECTION_KEYS.has(k.key)) return readHeaderField(lines, i, doc);
    if (isAlignedField(lines, k, doc)) return readHeaderField(lines, i, doc);
  }
  if (isNameLine(line)) {
    const next = keyLine(nextLine(lines, i) ?? '');
    if (next !== undefined && (CONTAINER_KEYS.has(next.key) || STATE_KEYS.has(next.key)))
      return readContainers(lines, i, doc, 'app', false);
  }
  if (detectEventHeader(line) !== undefined || parseDescribeEventRow(line) !== undefined)
    return readEvents(lines, i, doc, false);
  return i;
}

function walk(lines: readonly string[], start: number, doc: Doc): number {
  let i = start;
  while (i < lines.length) {
    const next = step(lines, i, doc);
    if (next <= i) break;
    i = next;
  }
  return i;
}

/** Could a describe block start at this line? Cheap: one key lookup or one row parse. */
function startsBlock(lines: readonly string[], start: number): boolean {
  const line = lines[start] ?? '';
  const k = keyLine(line);
  if (k !== undefined) {
    if (
      SECTION_KEYS.has(k.key) ||
      HEADER_KEYS.has(k.key) ||
      CONTAINER_KEYS.has(k.key) ||
      STATE_KEYS.has(k.key)
    )
      return true;
  }
  if (isNameLine(line)) return true;
  return detectEventHeader(line) !== undefined || parseDescribeEventRow(line) !== undefined;
}

function build(doc: Doc, lines: readonly string[], start: number): PastedObject[] {
  const fromCommand = commandKind(lines, start);
  // Events that one workload controller wrote are about its workload, whatever fields a cut paste shows.
  const byEvents = controllerOfEvents(doc);
  const kind =
    byEvents !== undefined && fromCommand === undefined && field(doc, 'Kind') === undefined
      ? byEvents
      : decideKind(doc, fromCommand);
  const command = describeCommand(lines, start);
  const headerName = field(doc, 'Name')?.value;
  const ns = field(doc, 'Namespace')?.value;
  const named: Named =
    headerName !== undefined && !isNone(headerName)
      ? { kind, name: headerName, ...(ns !== undefined && !isNone(ns) ? { namespace: ns } : {}) }
      : inferName(doc, kind, command);
  const namespace = named.namespace ?? (ns !== undefined && !isNone(ns) ? ns : undefined);
  const inferred = named.inferred === undefined ? {} : { inferredName: named.inferred };
  const meta = metadata(doc, named.name, named.kind === 'Node' ? undefined : namespace);
  let main: Record<string, unknown>[] = [];
  if (named.kind === 'Pod') {
    const { spec, status } = podParts(doc);
    const evidence = ['ownerReferences', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels'].some(
      (k) => k in meta,
    );
    if (Object.keys(spec).length + Object.keys(status).length > 0 || evidence)
      main = [{ apiVersion: 'v1', kind: 'Pod', metadata: meta, spec, status }];
  } else if (WORKLOADS.has(named.kind) && doc.header.length > 0) main = [workloadRaw(named.kind, doc, meta)];
  else if (named.kind === 'Service') main = serviceRaws(doc, meta);
  else if (named.kind === 'Endpoints') main = [endpointsRaw(doc, meta)];
  else if (named.kind === 'EndpointSlice') main = [endpointSliceRaw(doc, meta)];
  else if (named.kind === 'Node') main = [nodeRaw(doc, meta)];
  else if (named.kind === 'PersistentVolumeClaim') main = [pvcRaw(doc, meta), ...claimUsers(doc, meta)];
  else if (named.kind === 'Event') main = [eventRaw(doc, meta)];
  const out: PastedObject[] = main.map((raw) => ({ raw, line: start + 1, ...inferred }));
  for (const e of doc.events) {
    const path = fieldPathOf(e.raw);
    const involvedObject: Record<string, unknown> = { kind: named.kind, name: named.name };
    if (namespace !== undefined && named.kind !== 'Node') involvedObject.namespace = namespace;
    if (path !== undefined) involvedObject.fieldPath = path;
    out.push({
      raw: { ...e.raw, involvedObject },
      line: e.index + 1,
      ...(e.age === undefined ? {} : { age: e.age }),
      ...inferred,
    });
  }
  return out;
}

/**
 * Block parser for `kubectl describe` text starting at `start`: a header line ("Name:", …), a
 * section ("Containers:", "Events:", "Conditions:", "Volumes:", …), a line from inside a container
 * ("State:", "Last State:", "Exit Code:", …), or an events table row.
 */
export const parseDescribe: BlockParser = (lines, start) => {
  if (start < 0 || start >= lines.length || !startsBlock(lines, start)) return undefined;
  try {
    const doc = newDoc();
    const end = walk(lines, start, doc);
    // One field is enough under the describe command that printed it ("kubectl describe svc web" then "Selector: ...").
    const needed = describeCommand(lines, start) === undefined ? 2 : 1;
    if (end <= start || (doc.recognised < needed && doc.events.length === 0)) return undefined;
    return { end, objects: build(doc, lines, start) };
  } catch {
    return undefined;
  }
};
