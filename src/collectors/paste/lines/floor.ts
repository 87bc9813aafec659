/**
 * The floor under every block parser: a line no table or describe reader took that still carries
 * a Kubernetes message, wherever it stands in the line. The cells before the message (row-cells.ts)
 * give its reason, type, ages, source and object when the line is an event row of any layout; a
 * logger's prefix or a sentence before it is passed over. A line whose only Kubernetes text is an
 * event row without a known message, or a container state reason with its message, is read too.
 */
import { knownKind } from '../common/kind-names.js';
import { UNNAMED_OWNER, UNNAMED_POD, type BlockParse, type PastedObject } from '../common/types.js';
import { findMessage, unquote, type FoundMessage } from './anywhere.js';
import { eventObject } from './event.js';
import { recorderLogEvent } from './recorder-log.js';
import { readRowCells, trailingRowCells, type RowCells } from './row-cells.js';
import {
  conditionMessagePod,
  containerStatePod,
  portForwardPod,
  defaultedPod,
  statusPod,
  unhealthyKubeletNode,
  waitingMessagePod,
  waitingToStartPod,
} from './status-objects.js';
import { nodeStatusEvent, podInKubeletText, subjectOf, UNNAMED, type Subject } from './subject.js';
import { core, joinedMessage, strip, wrappedEnd, type StartsTable } from './wrap.js';
import { unnamedName } from '../../../model/index.js';
import { withoutFrameEnd, withoutWideEventTail } from '../common/text.js';

/** The `err="..."` of a klog structured log line, or the `error="..."` of a containerd (logrus) one. */
const KLOG_ERR = /\berr(?:or)?="((?:[^"\\]|\\.){0,4000})"/;

/** The `image="..."` of a klog structured log line. */
const KLOG_IMAGE = /\bimage="((?:[^"\\]|\\.){1,500})"/;

/** containerd's log of the cleanup after a sandbox's network setup failed (a logrus msg). */
const CREATE_CLEANUP = /\bmsg="Failed to destroy network for sandbox /;

/** Where a row stands: its line number and text, and the kind of object its message is recorded on. */
interface Here {
  readonly line: number;
  readonly text: string;
  readonly kind?: string | undefined;
}

/** The kind of a controller source ("replicaset-controller" -> ReplicaSet). */
function controllerKind(source: string | undefined): string | undefined {
  const m = /^([a-z]+)-controller$/.exec(source ?? '');
  return m?.[1] === undefined ? undefined : knownKind(m[1]);
}

const unnamedOf = (kind: string): string =>
  kind === 'Pod' ? UNNAMED_POD : kind === 'ReplicaSet' ? UNNAMED_OWNER : unnamedName(kind);

/** The object an event row is about: its OBJECT cell, what its message names, its name cell. */
function subjectFor(cells: RowCells, reason: string, message: string, at: Here): Subject {
  if (cells.kind !== undefined && cells.name !== undefined) return { kind: cells.kind, name: cells.name };
  const told = subjectOf(reason, core(message), at.kind);
  const line = at.text;
  const kubelet =
    told.inferredName !== undefined &&
    reason !== 'FailedCreate' &&
    at.kind === undefined &&
    cells.kind !== 'Node'
      ? podInKubeletText(line)
      : undefined;
  const said = kubelet ?? told;
  const kind = cells.kind ?? (reason === 'FailedCreate' ? controllerKind(cells.source) : undefined);
  if (kind === undefined) {
    if (cells.nameCell === undefined || said.inferredName === undefined) return said;
    return { kind: said.kind, name: cells.nameCell };
  }
  if (said.inferredName === undefined && said.kind === kind) return said;
  if (cells.nameCell !== undefined) return { kind, name: cells.nameCell };
  if (reason === 'FailedCreate' && said.name !== UNNAMED_OWNER) {
    return { kind, name: said.name, inferredName: 'named from the pods it could not create' };
  }
  return { kind, name: unnamedOf(kind), inferredName: `the row shows only the object kind ${kind}` };
}

function eventFrom(
  cells: RowCells,
  reason: string,
  type: string | undefined,
  message: string,
  at: Here,
): PastedObject {
  return eventObject(
    {
      ...subjectFor(cells, reason, message, at),
      type,
      reason,
      message,
      source: cells.source,
      fieldPath: cells.fieldPath,
      count: cells.count,
      last: cells.last,
      first: cells.first,
    },
    at.line,
  );
}

/** A YAML or JSON scalar's opening quote before the message (`message: 'unable to create pods: `), unclosed on its line. */
const SCALAR_OPEN = /:\s*(['"])(?:[^'"\\]|\\.)*$/;

/**
 * A message inside a quoted scalar that a YAML printer folded over lines: its closing quote ends
 * the last line and is no part of it, and a double-quoted one's escapes are undone.
 */
function inFoldedScalar(message: string, before: string): string {
  const q = SCALAR_OPEN.exec(before)?.[1];
  if (q === undefined || !message.endsWith(q)) return message;
  return unquote(message.slice(0, -1), q === '"');
}

/** A message found in the line, with the row cells before it. */
function messageRow(
  lines: readonly string[],
  start: number,
  found: FoundMessage,
  startsTable: StartsTable,
  onCommand: boolean,
): BlockParse | undefined {
  const line = lines[start] ?? '';
  const before = line.slice(0, found.at);
  const read = readRowCells(before);
  const cells =
    read.type !== undefined && read.reason !== undefined ? read : (trailingRowCells(before) ?? read);
  // On a command line only a whole event row counts: the command may quote a message to grep for.
  if (onCommand && (cells.type === undefined || cells.reason === undefined)) return undefined;
  // containerd undoing the network of a sandbox it failed to create (sandbox_run.go's deferred
  // "Failed to destroy network for sandbox %q"): its failed delete is no teardown of a pod.
  if (found.shape?.reason === 'FailedKillPod' && CREATE_CLEANUP.test(line.slice(0, found.at)))
    return undefined;
  const quoted = found.end < line.length;
  let first = unquote(line.slice(found.at, found.end), quoted).trim();
  if (!quoted) first = withoutFrameEnd(withoutWideEventTail(first));
  // klog structured logging: "Error syncing pod, skipping" err="failed to \"StartContainer\" ..." pod="ns/name"
  const err = quoted ? KLOG_ERR.exec(line.slice(found.end)) : null;
  if (err?.[1] !== undefined) {
    // The image of a failed pull is a key of its own (kuberuntime_image.go "image", img).
    const image = found.shape?.imageKey === true ? KLOG_IMAGE.exec(line.slice(found.end)) : null;
    if (image?.[1] !== undefined) first = `${first} "${unquote(image[1], true)}"`;
    first = `${first}: ${unquote(err[1], true)}`;
  }
  const here: Here = { line: start + 1, text: line, kind: found.shape?.kind };
  const end = quoted || onCommand ? start + 1 : wrappedEnd(lines, start + 1, startsTable);
  const joined = joinedMessage(lines, start, end, first);
  const message = quoted ? joined : inFoldedScalar(joined, before);
  const rowReason = cells.type !== undefined || cells.columns >= 2 ? cells.reason : undefined;
  if (found.shape !== undefined) {
    const reason = rowReason ?? found.shape.reason;
    return { end, objects: [eventFrom(cells, reason, cells.type ?? found.shape.type, message, here)] };
  }
  const podReason = found.podReason ?? '';
  if (rowReason !== undefined) {
    return { end, objects: [eventFrom(cells, rowReason, cells.type ?? 'Warning', message, here)] };
  }
  const name = cells.name ?? cells.nameCell;
  return { end, objects: [statusPod(podReason, message, start + 1, name)] };
}

const NODE_STATUS = /(?<![\w.-])Node \S+ status is now: \w+/;

/** "Node n1 status is now: NodeNotReady" anywhere in the line (kubelet and node controller), about the node. */
function nodeRow(line: string, start: number): BlockParse | undefined {
  const m = NODE_STATUS.exec(line);
  const node = m === null ? undefined : nodeStatusEvent(line.slice(m.index));
  if (m === null || node === undefined) return undefined;
  const cells = readRowCells(line.slice(0, m.index));
  const type = node.reason === 'NodeReady' || node.reason === 'NodeSchedulable' ? 'Normal' : 'Warning';
  const message = withoutWideEventTail(line.slice(m.index)).trim();
  const event = eventObject(
    {
      kind: 'Node',
      name: node.node,
      type,
      reason: node.reason,
      message,
      source: cells.source,
      last: cells.last,
    },
    start + 1,
  );
  return { end: start + 1, objects: [event] };
}

/** An event row whose message has no known shape: type, reason and one more cell, from the line's start. */
function bareRow(lines: readonly string[], start: number, startsTable: StartsTable): BlockParse | undefined {
  const line = lines[start] ?? '';
  const cells = readRowCells(line);
  if (cells.prose || cells.type === undefined || cells.reason === undefined) return undefined;
  if (cells.last === undefined && cells.source === undefined && cells.kind === undefined) return undefined;
  const end = wrappedEnd(lines, start + 1, startsTable);
  const first = withoutWideEventTail(line.slice(cells.restAt)).trim();
  const message = joinedMessage(lines, start, end, first).trim();
  return {
    end,
    objects: [eventFrom(cells, cells.reason, cells.type, message, { line: start + 1, text: line })],
  };
}

/**
 * The scheduler's per-node reasons quoted in a sentence (`because of \`3 node(s) didn't match Pod's
 * node affinity/selector\``, "2 Insufficient memory"): the detail of a FailedScheduling message,
 * which the scheduler records on the pod. Only inside backticks or double quotes: at the start of a
 * line the same words are the continuation of a message a terminal wrapped.
 */
const QUOTED_NODE_REASONS = /(?<q>[`"])(\d+ (?:node\(s\) |Insufficient )[^`"\n]{3,600})\k<q>/;

function quotedSchedulingReasons(line: string, start: number): BlockParse | undefined {
  const detail = QUOTED_NODE_REASONS.exec(line)?.[2];
  if (detail === undefined) return undefined;
  const event = eventObject(
    { ...UNNAMED, type: 'Warning', reason: 'FailedScheduling', message: detail.trim() },
    start + 1,
  );
  return { end: start + 1, objects: [event] };
}

/**
 * Reads the line at `start` as the floor does; `onCommand` when it is a pasted command line, where
 * only a whole event row after the command counts.
 */
export function readFloor(
  lines: readonly string[],
  start: number,
  startsTable: StartsTable,
  onCommand: boolean,
): BlockParse | undefined {
  const line = lines[start] ?? '';
  if (!onCommand) {
    const state =
      containerStatePod(strip(line), start + 1) ??
      waitingToStartPod(line, start + 1) ??
      waitingMessagePod(line, start + 1) ??
      conditionMessagePod(line, start + 1) ??
      portForwardPod(line, start + 1) ??
      defaultedPod(lines, start);
    if (state !== undefined) return { end: start + 1, objects: [state] };
  }
  // client-go's recorder names the object and the event's type and reason itself.
  const logged = onCommand ? undefined : recorderLogEvent(line, start + 1);
  if (logged !== undefined) return logged;
  const found = findMessage(line);
  if (found !== undefined) return messageRow(lines, start, found, startsTable, onCommand);
  if (onCommand) return undefined;
  const node = unhealthyKubeletNode(line, start + 1);
  if (node !== undefined) return { end: start + 1, objects: [node] };
  return nodeRow(line, start) ?? quotedSchedulingReasons(line, start) ?? bareRow(lines, start, startsTable);
}
