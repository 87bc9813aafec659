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
  cur: ContainerAcc | undefined;
  /** The State / Last State whose sub-fields (Reason, Exit Code, …) the next lines set. */
  state: StateAcc | undefined;
  list: { kind: ListKind; indent: number; itemIndent: number | undefined } | undefined;
  /** A Message whose wrapped lines may follow, and its lines so far. */
  message: { acc: StateAcc; parts: string[] } | undefined;
  nameIndent: number | undefined;
}

function container(r: Reader): ContainerAcc {
  if (r.cur === undefined) {
    r.cur = {
      name: UNNAMED_CONTAINER,
      named: false,
      group: r.group,
      spec: {},
      status: {},
      hasStatus: false,
      state: undefined,
      lastState: undefined,
    };
    r.doc.containers.push(r.cur);
  }
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
  const r: Reader = {
    doc,
    group,
    cur: undefined,
    state: undefined,
    list: undefined,
    message: undefined,
    nameIndent: undefined,
  };
  const section = keyed ? keyLine(lines[start] ?? '') : undefined;
  if (section !== undefined) {
    doc.recognised++;
    if (section.value !== '') return start + 1;
  }
  const sectionIndent = section?.indent ?? -1;
  let j = keyed ? start + 1 : start;
  for (; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (line.trim() === '') {
      if (continuesAfterBlank(lines, j)) continue;
      break;
    }
    if (isPromptLine(line) || isFence(line)) break;
    if (isElision(line)) continue;
    const ind = indentOf(line);
    const k = keyLine(line);
    if (r.message !== undefined && !isStructure(k, line, r)) {
      r.message.parts.push(line.trim());
      continue;
    }
    flushMessage(r);
    if (keyed && ind <= sectionIndent) break;
    if (k !== undefined && SECTION_KEYS.has(k.key)) break;
    const l = r.list;
    if (l !== undefined && ind > l.indent && (l.itemIndent === undefined || ind <= l.itemIndent)) {
      l.itemIndent ??= ind;
      addItem(container(r).spec, l.kind, line);
      continue;
    }
    if (l !== undefined && ind > l.indent) continue; // a multi-line value under a list item
    if (
      isNameLine(line) &&
      (r.nameIndent === undefined || ind <= r.nameIndent) &&
      !(k && CONTAINER_KEYS.has(k.key))
    ) {
      const name = line.trim().slice(0, -1);
      r.cur = {
        name,
        named: true,
        group,
        spec: {},
        status: {},
        hasStatus: false,
        state: undefined,
        lastState: undefined,
      };
      doc.containers.push(r.cur);
      r.nameIndent = ind;
      r.state = undefined;
      r.list = undefined;
      doc.recognised++;
      continue;
    }
    if (k === undefined) {
      if (l !== undefined && l.kind !== 'ignore') {
        addItem(container(r).spec, l.kind, line); // a list pasted without its indentation
        continue;
      }
      break;
    }
    const podLevel = HEADER_KEYS.has(k.key) && !CONTAINER_KEYS.has(k.key) && !CONTAINER_REASONS.has(k.value);
    if (!keyed && ind === 0 && podLevel && r.state === undefined) break;
    if (!keyed && k.key === 'Name') break;
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
      doc.recognised++;
      continue;
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
      continue;
    } else if (r.cur !== undefined && ind > 0 && !HEADER_KEYS.has(k.key)) {
      r.list = { kind: 'ignore', indent: ind, itemIndent: undefined }; // a field this reader does not use
      continue;
    } else break;
    doc.recognised++;
  }
  flushMessage(r);
  return j;
}
