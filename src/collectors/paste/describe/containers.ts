import { newState, type ContainerAcc, type ContainerGroup, type Doc, type StateAcc } from './doc.js';
import { addItem, applyField, setStateField, type ListKind } from './container-line.js';
import {
  CONTAINER_KEYS,
  CONTAINER_REASONS,
  HEADER_KEYS,
  isElision,
  isFence,
  isNameLine,
  keyLine,
  SECTION_KEYS,
  STATE_KEYS,
  type KeyLine,
} from './syntax.js';
import { indentOf, isPromptLine } from '../common/text.js';
import { UNNAMED_CONTAINER } from '../common/types.js';

/**
 * The Containers / Init Containers sections of `kubectl describe`, and pastes that begin inside a
 * container ("    State:  Waiting", "  Last State: Terminated", "  Exit Code: 137"): a container
 * without a name line is called "unnamed".
 */

interface Reader {
  readonly doc: Doc;
  readonly group: ContainerGroup;
  /** Read from a section line ("Containers:"); else from a fragment's first line. */
  readonly keyed: boolean;
  /** Indent of the section line (-1 for a fragment): a line at or left of it ends the section. */
  readonly sectionIndent: number;
  cur: ContainerAcc | undefined;
  /** The State / Last State whose sub-fields (Reason, Exit Code, …) the next lines set. */
  state: StateAcc | undefined;
  list: { kind: ListKind; indent: number; itemIndent: number | undefined } | undefined;
  /** A Message whose wrapped lines may follow, and its lines so far. */
  message: { acc: StateAcc; parts: string[] } | undefined;
  nameIndent: number | undefined;
}

function newContainer(r: Reader, name: string, named: boolean): ContainerAcc {
  const c: ContainerAcc = {
    name,
    named,
    group: r.group,
    spec: {},
    status: {},
    hasStatus: false,
    state: undefined,
    lastState: undefined,
  };
  r.doc.containers.push(c);
  return c;
}

/** The container the next field belongs to: an unnamed one when no name line came first. */
function container(r: Reader): ContainerAcc {
  r.cur ??= newContainer(r, UNNAMED_CONTAINER, false);
  return r.cur;
}

function openState(r: Reader, k: KeyLine): void {
  const c = container(r);
  const v = k.value.toLowerCase();
  const acc = newState(v === 'waiting' || v === 'running' || v === 'terminated' ? v : undefined);
  if (k.key === 'State') c.state = acc;
  else c.lastState = acc;
  c.hasStatus = true;
  r.state = acc;
}

/** Joins a Message's wrapped lines once they end (joining as they come would copy the text each time). */
function flushMessage(r: Reader): void {
  if (r.message === undefined) return;
  const text = r.message.parts.join(' ').trim();
  if (text !== '') r.message.acc.message = text;
  r.message = undefined;
}

/** True when a line is describe structure that no wrapped message or list item can be. */
function isStructure(k: KeyLine | undefined, line: string, r: Reader): boolean {
  if (r.nameIndent !== undefined && indentOf(line) === r.nameIndent && isNameLine(line)) return true;
  if (k === undefined) return false;
  return (
    CONTAINER_KEYS.has(k.key) ||
    STATE_KEYS.has(k.key) ||
    SECTION_KEYS.has(k.key) ||
    (k.indent === 0 && HEADER_KEYS.has(k.key))
  );
}

function continuesAfterBlank(lines: readonly string[], j: number): boolean {
  for (let n = j + 1; n < lines.length && n < j + 3; n++) {
    const l = lines[n] ?? '';
    if (l.trim() === '') continue;
    const k = keyLine(l);
    return k !== undefined && (CONTAINER_KEYS.has(k.key) || STATE_KEYS.has(k.key));
  }
  return false;
}

/** Opens the container a name line ("  app:") names. */
function openNamed(r: Reader, line: string, ind: number): void {
  r.cur = newContainer(r, line.trim().slice(0, -1), true);
  r.nameIndent = ind;
  r.state = undefined;
  r.list = undefined;
  r.doc.recognised++;
}

/** A "Key: value" line of a container; false when it ends the containers. */
function readField(r: Reader, k: KeyLine, line: string, ind: number): boolean {
  const l = r.list;
  const podLevel = HEADER_KEYS.has(k.key) && !CONTAINER_KEYS.has(k.key) && !CONTAINER_REASONS.has(k.value);
  if (!r.keyed && ind === 0 && podLevel && r.state === undefined) return false;
  if (!r.keyed && k.key === 'Name') return false;
  if (STATE_KEYS.has(k.key)) {
    if (r.state === undefined) {
      const c = container(r);
      c.state ??= newState();
      c.hasStatus = true;
      r.state = c.state;
    }
    setStateField(r.state, k);
    if (k.key === 'Message') r.message = { acc: r.state, parts: [k.value] };
    r.list = undefined;
    r.doc.recognised++;
    return true;
  }
  r.state = undefined;
  r.list = undefined;
  if (k.key === 'State' || k.key === 'Last State' || k.key === 'Last Termination State') openState(r, k);
  else if (CONTAINER_KEYS.has(k.key)) {
    const kind = applyField(container(r), k);
    if (kind !== undefined) r.list = { kind, indent: k.indent, itemIndent: undefined };
  } else if (l !== undefined && l.kind !== 'ignore' && !HEADER_KEYS.has(k.key)) {
    r.list = l;
    addItem(container(r).spec, l.kind, line);
    return true;
  } else if (r.cur !== undefined && ind > 0 && !HEADER_KEYS.has(k.key)) {
    r.list = { kind: 'ignore', indent: ind, itemIndent: undefined }; // a field this reader does not use
    return true;
  } else return false;
  r.doc.recognised++;
  return true;
}

/** One non-blank line of the containers; false when it ends them. */
function readLine(r: Reader, line: string): boolean {
  const ind = indentOf(line);
  const k = keyLine(line);
  if (r.message !== undefined && !isStructure(k, line, r)) {
    r.message.parts.push(line.trim());
    return true;
  }
  flushMessage(r);
  if (r.keyed && ind <= r.sectionIndent) return false;
  if (k !== undefined && SECTION_KEYS.has(k.key)) return false;
  const l = r.list;
  if (l !== undefined && ind > l.indent && (l.itemIndent === undefined || ind <= l.itemIndent)) {
    l.itemIndent ??= ind;
    addItem(container(r).spec, l.kind, line);
    return true;
  }
  if (l !== undefined && ind > l.indent) return true; // a multi-line value under a list item
  if (
    isNameLine(line) &&
    (r.nameIndent === undefined || ind <= r.nameIndent) &&
    !(k && CONTAINER_KEYS.has(k.key))
  ) {
    openNamed(r, line, ind);
    return true;
  }
  if (k === undefined) {
    if (l !== undefined && l.kind !== 'ignore') {
      addItem(container(r).spec, l.kind, line); // a list pasted without its indentation
      return true;
    }
    return false;
  }
  return readField(r, k, line, ind);
}

/**
 * Reads containers from `start`: the section line ("Containers:") when `keyed`, else the first
 * line of a fragment. Returns the index of the first line that is not the containers'.
 */
export function readContainers(
  lines: readonly string[],
  start: number,
  doc: Doc,
  group: ContainerGroup,
  keyed: boolean,
): number {
  const section = keyed ? keyLine(lines[start] ?? '') : undefined;
  if (section !== undefined) {
    doc.recognised++;
    if (section.value !== '') return start + 1;
  }
  const r: Reader = {
    doc,
    group,
    keyed,
    sectionIndent: section?.indent ?? -1,
    cur: undefined,
    state: undefined,
    list: undefined,
    message: undefined,
    nameIndent: undefined,
  };
  let j = keyed ? start + 1 : start;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (line.trim() === '') {
      if (continuesAfterBlank(lines, j)) continue;
      break;
    }
    if (isPromptLine(line) || isFence(line)) break;
    if (isElision(line)) continue;
    if (!readLine(r, line)) break;
  }
  flushMessage(r);
  return j;
}
