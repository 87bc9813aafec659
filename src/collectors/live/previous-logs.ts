import type { SnapshotBuilder } from '../snapshot-builder.js';
import { arr, isRecord, num, rec, str, type Raw } from '../normalize/coerce.js';
import { forbiddenText } from './lister.js';
import { PODS, objectPath } from './resources.js';
import type { Transport } from './transport.js';

/** One container whose earlier (or final) output may explain a crash. */
export interface LogCandidate {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  /** true: the previous instance (it restarted); false: the current, terminated one. */
  readonly previous: boolean;
}

export const MAX_LOG_CONTAINERS = 10;
export const LOG_TAIL_LINES = 50;
export const LOG_LIMIT_BYTES = 16_384;

/**
 * The containers of a raw Pod worth a log tail: restarted or crash-looping ones (their previous
 * instance) and ones terminated with a non-zero exit that never restarted (their own output).
 */
export function logCandidates(pod: Raw): LogCandidate[] {
  const meta = rec(pod.metadata);
  const namespace = str(meta.namespace) ?? '';
  const name = str(meta.name);
  if (name === undefined) return [];
  const status = rec(pod.status);
  const statuses = [
    ...arr(status.initContainerStatuses, (s) => (isRecord(s) ? s : undefined)),
    ...arr(status.containerStatuses, (s) => (isRecord(s) ? s : undefined)),
  ];
  const out: LogCandidate[] = [];
  for (const s of statuses) {
    const container = str(s.name);
    if (container === undefined) continue;
    const state = rec(s.state);
    const restarted = (num(s.restartCount) ?? 0) > 0 || isRecord(rec(s.lastState).terminated);
    const crashLooping = str(rec(state.waiting).reason) === 'CrashLoopBackOff';
    const exit = num(rec(state.terminated).exitCode);
    if (restarted || crashLooping) out.push({ namespace, pod: name, container, previous: true });
    else if (exit !== undefined && exit !== 0) out.push({ namespace, pod: name, container, previous: false });
  }
  return out;
}

/** Collects candidates up to the per-run cap, in the order the pods were read. */
export class LogPicker {
  readonly picked: LogCandidate[] = [];
  constructor(private readonly max = MAX_LOG_CONTAINERS) {}

  offer(pod: Raw): void {
    for (const c of logCandidates(pod)) {
      if (this.picked.length >= this.max) return;
      this.picked.push(c);
    }
  }
}

/**
 * GETs the bounded tail of each candidate's log. A container with no previous instance (400/404)
 * is skipped quietly; a forbidden pods/log is recorded once as missing evidence.
 */
export async function fetchLogs(
  transport: Transport,
  builder: SnapshotBuilder,
  candidates: readonly LogCandidate[],
): Promise<void> {
  const forbidden = new Set<string>();
  await Promise.all(
    candidates.map(async (c) => {
      const res = await transport.getText(`${objectPath(PODS, c.namespace, c.pod)}/log`, {
        container: c.container,
        previous: c.previous ? 'true' : undefined,
        tailLines: LOG_TAIL_LINES,
        limitBytes: LOG_LIMIT_BYTES,
      });
      if (res.kind === 'ok') {
        const lines = res.body.split('\n');
        if (lines.at(-1) === '') lines.pop();
        builder.addLog({
          namespace: c.namespace,
          pod: c.pod,
          container: c.container,
          previous: c.previous,
          lines: lines.slice(-LOG_TAIL_LINES),
          ...(Buffer.byteLength(res.body) >= LOG_LIMIT_BYTES ? { truncated: true } : {}),
        });
      } else if (res.kind === 'forbidden' && !forbidden.has(c.namespace)) {
        forbidden.add(c.namespace);
        const type = { ...PODS, resource: 'pods/log' };
        builder.markMissing({
          kind: 'logs',
          namespace: c.namespace,
          why: forbiddenText(res.message, { type, namespace: c.namespace }, 'get'),
        });
      }
    }),
  );
}
