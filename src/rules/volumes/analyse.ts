/**
 * Volume failures of one pod, grouped from its events (one group per failing volume and
 * cause), and lookups into the pod's spec.volumes and claims. Shared by the volumes rules.
 */
import type { EventRecord, Evidence, PersistentVolumeClaim, Pod, Volume } from '../../model/index.js';
import type { PodContext } from '../types.js';
import { eventEvidence, eventTime } from '../shared/events.js';
import { pastVolumes } from '../shared/pod-progress.js';
import { classifyVolumeEvent, type VolumeError, type VolumeErrorKind } from '../shared/volume-message.js';
import { resolvedBySuccess, volumeWaitSince } from './volume-successes.js';
import { UNNAMED_NODE } from '../shared/kubectl.js';

export interface VolumeFailure {
  /** Classification of the newest event of the group. */
  readonly error: VolumeError;
  /** The group's events, oldest first. */
  readonly events: readonly EventRecord[];
  readonly newest: EventRecord;
  /**
   * When the pod's wait for volumes had begun at the latest (epoch ms), when known: this group's
   * first-seen time, or earlier when a kubelet timeout message proves a longer wait.
   */
  readonly since: number | undefined;
  /** Node named by the events (kubelet host), when the pod spec lacks it. */
  readonly host: string | undefined;
}

/**
 * How long a volume failure the kubelet still meets goes without a new event at most. The kubelet
 * retries a failed mount or attach after a back-off capped at 2m2s (nestedpendingoperations), its
 * pod worker reports "Unable to attach or mount volumes" at every sync until the volumes mount, and
 * the event recorder's spam filter lets at least one event per object through every 5 minutes.
 * Three such windows without one: the kubelet no longer fails there.
 */
const RETRY_SILENCE_MS = 15 * 60_000;

/** Nothing in the pod's status says where it stands (its events alone were pasted). */
function statusUnknown(pod: Pod): boolean {
  const s = pod.status;
  return (
    s.phase === undefined &&
    (s.conditions ?? []).length === 0 &&
    (s.containerStatuses ?? []).length === 0 &&
    (s.initContainerStatuses ?? []).length === 0
  );
}

/**
 * Failures of the given kinds, one per (kind, volume, object, key), in the order they first
 * appeared. Empty once the pod is past the volume wait: later FailedMount events on a running
 * pod (e.g. a configmap refresh) are not why it did not start. A failure whose last event is
 * older than the kubelet's retries allow, of a pod whose status is unknown, is history: the
 * kubelet stopped meeting it.
 */
export function volumeFailures(ctx: PodContext, kinds: readonly VolumeErrorKind[]): VolumeFailure[] {
  if (pastVolumes(ctx.pod)) return [];
  const groups = new Map<string, { error: VolumeError; events: EventRecord[] }>();
  for (const e of ctx.events) {
    const error = classifyVolumeEvent(e);
    if (error === undefined || !kinds.includes(error.kind)) continue;
    const key = [error.kind, error.volume, error.object ?? '', error.key ?? ''].join('\u0000');
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { error, events: [e] });
    else {
      group.events.push(e);
      group.error = error;
    }
  }
  const waited = volumeWaitSince(ctx.events);
  const silent = statusUnknown(ctx.pod);
  return [...groups.values()].flatMap(({ error, events }) => {
    const newest = events.reduce((a, b) => (eventTime(b) >= eventTime(a) ? b : a));
    if (resolvedBySuccess(error, newest, ctx.events)) return [];
    const seen = newest.last ?? newest.first;
    if (silent && seen !== undefined && ctx.now - seen > RETRY_SILENCE_MS) return [];
    const firsts = events.map((e) => e.first ?? e.last).filter((t): t is number => t !== undefined);
    const first = firsts.length === 0 ? undefined : Math.min(...firsts);
    return [
      {
        error,
        events,
        newest,
        since: first === undefined || waited === undefined ? (first ?? waited) : Math.min(first, waited),
        host: events.find((e) => e.host)?.host,
      },
    ];
  });
}

/** The newest event, then up to two older ones whose message differs. */
export function failureEvidence(f: VolumeFailure, now: number): Evidence[] {
  const out = [f.newest];
  for (const e of [...f.events].reverse()) {
    if (out.length >= 3) break;
    if (!out.some((o) => o.message === e.message)) out.push(e);
  }
  return out.map((e) => eventEvidence(e, now));
}

/** The ConfigMaps, Secrets and claims a volume reads from, with the spec path that names each. */
export function volumeSources(
  v: Volume,
): { kind: 'ConfigMap' | 'Secret' | 'PersistentVolumeClaim'; name: string; path: string }[] {
  const out: { kind: 'ConfigMap' | 'Secret' | 'PersistentVolumeClaim'; name: string; path: string }[] = [];
  if (v.configMap?.name) out.push({ kind: 'ConfigMap', name: v.configMap.name, path: 'configMap.name' });
  if (v.secret?.secretName)
    out.push({ kind: 'Secret', name: v.secret.secretName, path: 'secret.secretName' });
  if (v.persistentVolumeClaim?.claimName) {
    out.push({
      kind: 'PersistentVolumeClaim',
      name: v.persistentVolumeClaim.claimName,
      path: 'persistentVolumeClaim.claimName',
    });
  }
  (v.projected?.sources ?? []).forEach((s, i) => {
    if (s.configMap?.name)
      out.push({ kind: 'ConfigMap', name: s.configMap.name, path: `projected.sources[${i}].configMap.name` });
    if (s.secret?.name)
      out.push({ kind: 'Secret', name: s.secret.name, path: `projected.sources[${i}].secret.name` });
  });
  return out;
}

export function specVolume(pod: Pod, name: string): Volume | undefined {
  return pod.spec.volumes?.find((v) => v.name === name);
}

/**
 * The claim behind a volume name as messages quote it: a pod volume name, or the bound PV's
 * name (attach and Multi-Attach messages name the PV, e.g. "pvc-0f3c...").
 */
export function claimFor(ctx: PodContext, volume: string): PersistentVolumeClaim | undefined {
  const byPv = ctx.pvcs.find((c) => c.spec.volumeName === volume);
  if (byPv !== undefined) return byPv;
  const claimName = specVolume(ctx.pod, volume)?.persistentVolumeClaim?.claimName;
  return claimName === undefined ? undefined : ctx.pvcs.find((c) => c.metadata.name === claimName);
}

/** The node to name: the pod's, else the reporting kubelet's, else a placeholder. */
export function failureNode(pod: Pod, f: VolumeFailure | undefined): string {
  return pod.spec.nodeName ?? f?.host ?? UNNAMED_NODE;
}
