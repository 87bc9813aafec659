/**
 * What later volume events say about earlier failures: the attach/detach controller's
 * SuccessfulAttachVolume ("AttachVolume.Attach succeeded for volume X") and the kubelet's
 * SuccessfulMountVolume ("MountVolume.SetUp succeeded for volume X", "MapVolume.MapPodDevice
 * succeeded ...") turn an earlier failure of the same volume into history; and the kubelet's wait
 * timeout ("timed out waiting for the condition" / "timeout expired waiting for volumes") comes
 * only after it has waited podAttachAndMountTimeout, so it dates the start of the wait.
 */
import type { EventRecord } from '../../model/index.js';
import { eventTime } from '../shared/events.js';
import { classifyVolumeEvent, type VolumeError } from '../shared/volume-message.js';

/** The kubelet's wait for attach and mount per sync (podAttachAndMountTimeout, 2m3s). */
export const KUBELET_VOLUME_WAIT_MS = 123_000;

const SUCCEEDED =
  /\b([A-Z][A-Za-z]*\.[A-Za-z]+) succeeded for volume \\?"([^"\\]*)\\?"(?:\s*\(spec\.Name: \\?"([^"\\]*)\\?"\))?/;

/** Operations whose success proves the volume is ready for the pod (everything before it passed too). */
const READY_OPS = new Set(['MountVolume.SetUp', 'MapVolume.MapPodDevice']);
const ATTACH_KINDS = new Set(['attachFailed', 'multiAttach']);

interface Success {
  readonly operation: string;
  readonly volume: string;
  readonly event: EventRecord;
}

function successOf(e: EventRecord): Success | undefined {
  if (e.reason !== 'SuccessfulAttachVolume' && e.reason !== 'SuccessfulMountVolume') return undefined;
  const m = SUCCEEDED.exec(e.message);
  if (m === null) return undefined;
  return { operation: m[1] ?? '', volume: m[3] ?? m[2] ?? '', event: e };
}

/** Whether `success` covers a failure of this kind: a ready volume covers all, an attach covers attach errors. */
function covers(success: Success, error: VolumeError): boolean {
  if (READY_OPS.has(success.operation)) return true;
  if (ATTACH_KINDS.has(error.kind)) return true;
  return error.operation !== '' && error.operation === success.operation;
}

/** `b` came after `a`: by time when both have one, else by their order in the (time-sorted) list. */
function after(b: EventRecord, a: EventRecord, events: readonly EventRecord[]): boolean {
  const tb = eventTime(b);
  const ta = eventTime(a);
  if (tb !== 0 && ta !== 0) return tb >= ta;
  return events.indexOf(b) > events.indexOf(a);
}

/**
 * A failure is history when every volume it names later succeeded. A timeout names the
 * volumes it waited for; a failure that names none is never resolved this way.
 */
export function resolvedBySuccess(
  error: VolumeError,
  newest: EventRecord,
  events: readonly EventRecord[],
): boolean {
  const volumes = error.kind === 'timeout' ? (error.unmounted ?? []) : [error.volume];
  if (volumes.length === 0 || volumes.some((v) => v === '')) return false;
  const later = events.flatMap((e) => {
    const s = successOf(e);
    return s !== undefined && after(e, newest, events) && covers(s, error) ? [s.volume] : [];
  });
  return volumes.every((v) => later.includes(v));
}

/**
 * The latest the pod's wait for volumes can have begun, per a kubelet timeout message: its
 * first-seen time minus the kubelet's wait. Undefined without a dated timeout.
 */
export function volumeWaitSince(events: readonly EventRecord[]): number | undefined {
  let out: number | undefined;
  for (const e of events) {
    const t = e.first ?? e.last;
    if (t === undefined || classifyVolumeEvent(e)?.kind !== 'timeout') continue;
    const start = t - KUBELET_VOLUME_WAIT_MS;
    if (out === undefined || start < out) out = start;
  }
  return out;
}
