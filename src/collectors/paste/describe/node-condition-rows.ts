/**
 * Rows of a node's Conditions table pasted without the rest of `kubectl describe node`:
 * `Ready  False  Sun, 06 Dec 2020 18:56:49 +0100  Sun, 06 Dec 2020 18:49:40 +0100  KubeletNotReady
 * PLEG is not healthy: ...` (describeNode prints Type, Status, LastHeartbeatTime, LastTransitionTime,
 * Reason, Message; only a Node's conditions carry heartbeats). Consecutive rows, with the header and
 * its underline when pasted, are one Node's conditions; its name is unknown.
 */
import type { BlockParse } from '../common/types.js';
import { unnamedName } from '../../../model/index.js';
import { conditionRaw } from './sections.js';

/** A time as describe prints it: RFC 1123 with a numeric zone, or Go's default layout (old kubectl). */
const TIME = String.raw`(?:[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [+-]\d{4} [A-Z]{3,4})`;
const ROW = new RegExp(
  String.raw`^\s*([A-Z][A-Za-z]*)\s+(True|False|Unknown)\s+(${TIME})\s+(${TIME})\s+([A-Z][A-Za-z]*)(?:\s+(\S.*))?$`,
);
const HEADER = /^\s*Type\s+Status\s+LastHeartbeatTime\s+LastTransitionTime\s+Reason\s+Message\s*$/;
const UNDERLINE = /^\s*-{4}\s+-{6}\s+-+\s+-+\s+-+\s+-+\s*$/;

export function parseNodeConditionRows(lines: readonly string[], start: number): BlockParse | undefined {
  let i = start;
  if (HEADER.test(lines[i] ?? '')) {
    i++;
    if (UNDERLINE.test(lines[i] ?? '')) i++;
  }
  const conditions: Record<string, unknown>[] = [];
  for (; i < lines.length; i++) {
    const m = ROW.exec(lines[i] ?? '');
    if (m === null) break;
    const [, type = '', status = '', heartbeat = '', transition = '', reason = '', message] = m;
    conditions.push(
      conditionRaw({
        type,
        status,
        lastheartbeattime: heartbeat,
        lasttransitiontime: transition,
        reason,
        ...(message === undefined ? {} : { message: message.trim() }),
      }),
    );
  }
  if (conditions.length === 0) return undefined;
  return {
    end: i,
    objects: [
      {
        raw: { kind: 'Node', metadata: { name: unnamedName('Node') }, status: { conditions } },
        line: start + 1,
        inferredName: 'the paste names no node',
      },
    ],
  };
}
