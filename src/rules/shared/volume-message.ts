/**
 * Classifies the volume messages of the kubelet's volume manager and the attach/detach
 * controller (FailedMount, FailedAttachVolume, FailedMapVolume events). Per-volume messages
 * come from the operation executor as `<Operation> failed for volume "<name>" : <err>`; the
 * kubelet's aggregate is `Unable to attach or mount volumes: unmounted volumes=[..], unattached
 * volumes=[..][, failed to process volumes=[..]]: <err>` (older: `Unable to mount volumes for pod
 * ...: timeout expired waiting for volumes to attach or mount ... list of unmounted volumes=[..]`).
 * Pure string work: never throws, whatever the input.
 */
import type { EventRecord } from '../../model/index.js';

export type VolumeErrorKind =
  | 'objectNotFound'
  | 'keyNotFound'
  | 'csiDriverNotRegistered'
  | 'mountFailed'
  | 'attachFailed'
  | 'multiAttach'
  | 'timeout'
  | 'teardown';

export interface VolumeError {
  readonly kind: VolumeErrorKind;
  /** Volume name as the message quotes it (the pod's volume name, or the PV name for PVC-backed volumes). */
  readonly volume: string;
  /** e.g. "MountVolume.SetUp", "AttachVolume.Attach"; empty for messages without one. */
  readonly operation: string;
  /** The error after the operation prefix. */
  readonly detail: string;
  readonly objectKind?: 'ConfigMap' | 'Secret' | 'PersistentVolumeClaim';
  readonly object?: string;
  readonly key?: string;
  readonly driver?: string;
  /** Pods named by a Multi-Attach error ("Volume is already used by pod(s) a, b"). */
  readonly pods?: readonly string[];
  /** Volumes listed by the kubelet's aggregate message. */
  readonly unmounted?: readonly string[];
  readonly unattached?: readonly string[];
}

const OPERATION = /\b([A-Z][A-Za-z]*\.[A-Za-z]+(?: initialization)?) failed for volume \\?"([^"\\]*)\\?"/;
const MULTI_ATTACH = /Multi-Attach error for volume \\?"([^"\\]*)\\?"\s*(.*)$/s;
const BARE_MULTI_ATTACH =
  /^\s*Volume is already (?:exclusively attached to one node and can't be attached to another|used by pod\(s\) )/;
const USED_BY = /already used by pod\(s\) (.+?)(?: and \d+ pod\(s\) in different namespaces)?\s*$/s;
const AGGREGATE =
  /Unable to attach or mount volumes: unmounted volumes=\[([^\]]*)\], unattached volumes=\[([^\]]*)\](?:, failed to process volumes=\[([^\]]*)\])?:?\s*(.*)$/s;
const OLD_LISTS = /^list of unmounted volumes=\[([^\]]*)\]\.? list of unattached volumes=\[([^\]]*)\]/;
/** 1.6-1.9 kubelets name one list for both: `list of unattached/unmounted volumes=[..]`. */
const OLDEST_LIST = /^list of unattached\/unmounted volumes=\[([^\]]*)\]/;
const TIMED_OUT = /timed out waiting for the condition|context deadline exceeded|timeout expired/i;
const NOT_FOUND = /\b(configmaps?|secrets?|persistentvolumeclaims?) \\?"([^"\\]+)\\?" not found/i;
const CM_KEY = /configmap references non-existent config key: (\S+)/i;
const SECRET_KEY = /references non-existent secret key: (\S+)/i;
const FIND_KEY = /couldn't find key (\S+) in (ConfigMap|Secret) (?:[^/\s]+\/)?(\S+)/;
const CSI_DRIVER = /driver name (\S+) not found in the list of registered CSI drivers/;
const TEARDOWN_OP = /^(Unmount|Unmap|Detach)/;
const TEARDOWN_TEXT =
  /UnmountVolume\.TearDown failed|UnmountDevice failed|Unable to detach|DetachVolume\.Detach failed|failed to unmount|device or resource busy|error cleaning subPath mounts/i;

/** A volume name as the kubelet lists it (a DNS label; older kubelets' unique names add `/`, `_` and `.`). */
const VOLUME_NAME = /^[A-Za-z0-9][-A-Za-z0-9_./:]*$/;

/** The names in a `volumes=[a b]` list; stray quotes and escapes of a pasted or cut message are no names. */
function list(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((s) => VOLUME_NAME.test(s));
}

function objectKindOf(word: string): 'ConfigMap' | 'Secret' | 'PersistentVolumeClaim' {
  const w = word.toLowerCase();
  return w.startsWith('configmap')
    ? 'ConfigMap'
    : w.startsWith('secret')
      ? 'Secret'
      : 'PersistentVolumeClaim';
}

/** The error after the volume name: `" : err"`, or the older `... with: err`. */
function detailAfter(rest: string): string {
  const spaced = rest.indexOf(' : ');
  if (spaced >= 0) return rest.slice(spaced + 3).trim();
  const withIdx = rest.indexOf('with: ');
  if (withIdx >= 0) return rest.slice(withIdx + 6).trim();
  return rest.replace(/^\s*:\s*/, '').trim();
}

/** What the error text itself says, for a given volume and operation. */
function classifyDetail(volume: string, operation: string, detail: string): VolumeError {
  const base = { volume, operation, detail };
  const driver = CSI_DRIVER.exec(detail)?.[1];
  if (driver !== undefined) return { ...base, kind: 'csiDriverNotRegistered', driver };
  const found = FIND_KEY.exec(detail);
  if (found !== null) {
    return {
      ...base,
      kind: 'keyNotFound',
      key: found[1] ?? '',
      objectKind: found[2] === 'Secret' ? 'Secret' : 'ConfigMap',
      object: found[3] ?? '',
    };
  }
  const cmKey = CM_KEY.exec(detail)?.[1];
  if (cmKey !== undefined) return { ...base, kind: 'keyNotFound', key: cmKey, objectKind: 'ConfigMap' };
  const secretKey = SECRET_KEY.exec(detail)?.[1];
  if (secretKey !== undefined) return { ...base, kind: 'keyNotFound', key: secretKey, objectKind: 'Secret' };
  const missing = NOT_FOUND.exec(detail);
  if (missing !== null) {
    return {
      ...base,
      kind: 'objectNotFound',
      objectKind: objectKindOf(missing[1] ?? ''),
      object: missing[2] ?? '',
    };
  }
  if (TEARDOWN_OP.test(operation) || TEARDOWN_TEXT.test(operation + ' ' + detail))
    return { ...base, kind: 'teardown' };
  if (operation.startsWith('AttachVolume')) return { ...base, kind: 'attachFailed' };
  return { ...base, kind: 'mountFailed' };
}

/**
 * Pre-1.17 kubelets: `Unable to mount volumes for pod "<pod>": <why>. list of unmounted volumes=[..].
 * list of unattached volumes=[..]`; 1.6-1.9: `... <why>. list of unattached/unmounted volumes=[..]`,
 * also as FailedSync `Error syncing pod, skipping: timeout expired waiting for volumes ...`.
 * Parsed by index, not one regex, to stay linear on long text.
 */
function oldAggregate(message: string): { tail: string; unmounted: string; unattached: string } | undefined {
  const unable = message.indexOf('Unable to mount volumes for pod');
  const start = unable >= 0 ? unable : message.indexOf('timeout expired waiting for volumes to attach');
  if (start < 0) return undefined;
  const split = message.indexOf('list of unmounted volumes=', start);
  const joint = split < 0 ? message.indexOf('list of unattached/unmounted volumes=', start) : -1;
  const lists = split >= 0 ? split : joint;
  if (lists < 0) {
    // The kubelet's own log line keeps only the cause: `Unable to mount volumes for pod "x": timeout`.
    const why =
      unable >= 0
        ? message.slice(message.indexOf('": ', unable) + 3).replace(/;? ?skipping pod\s*$/, '')
        : '';
    return unable >= 0 && message.includes('": ', unable) && /^timeout\b/.test(why.trim())
      ? { tail: why.trim(), unmounted: '', unattached: '' }
      : undefined;
  }
  const colon = unable >= 0 ? message.indexOf(': ', start) : start - 2;
  const tail = colon >= 0 && colon < lists ? message.slice(colon + 2, lists) : '';
  if (split < 0) {
    const both = OLDEST_LIST.exec(message.slice(lists))?.[1];
    return both === undefined ? undefined : { tail, unmounted: both, unattached: both };
  }
  const m = OLD_LISTS.exec(message.slice(lists));
  if (m === null) return undefined;
  return { tail, unmounted: m[1] ?? '', unattached: m[2] ?? '' };
}

/** Classifies one volume message; undefined when it is not a volume error this module knows. */
export function classifyVolumeMessage(message: string): VolumeError | undefined {
  if (typeof message !== 'string' || message === '') return undefined;
  // The Multi-Attach message, or its part after the volume name quoted alone.
  const multi = MULTI_ATTACH.exec(message) ?? (BARE_MULTI_ATTACH.test(message) ? ['', '', message] : null);
  if (multi !== null) {
    const rest = multi[2] ?? '';
    const used = USED_BY.exec(rest)?.[1];
    const pods =
      used === undefined
        ? []
        : used
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '');
    return {
      kind: 'multiAttach',
      volume: multi[1] ?? '',
      operation: 'AttachVolume.Attach',
      detail: rest.trim(),
      pods,
    };
  }
  const agg = message.includes('Unable to attach or mount volumes') ? AGGREGATE.exec(message) : null;
  const old = agg === null ? oldAggregate(message) : undefined;
  if (agg !== null || old !== undefined) {
    const unmounted = list(agg === null ? old?.unmounted : agg[1]);
    const unattached = list(agg === null ? old?.unattached : agg[2]);
    const tail = (agg === null ? (old?.tail ?? '') : (agg[4] ?? '')).trim();
    if (old !== undefined || tail === '' || TIMED_OUT.test(tail)) {
      return {
        kind: 'timeout',
        volume: unmounted[0] ?? '',
        operation: '',
        detail: tail,
        unmounted,
        unattached,
      };
    }
    return { ...classifyDetail(unmounted[0] ?? '', '', tail), unmounted, unattached };
  }
  const op = OPERATION.exec(message);
  if (op !== null) {
    const rest = message.slice(op.index + op[0].length);
    // Older kubelets: `for volume "kubernetes.io/configmap/<uid>-cfg" (spec.Name: "cfg") pod ... with: err`.
    const specName = /^\s*\(spec\.Name: \\?"([^"\\]*)\\?"\)/.exec(rest)?.[1];
    return classifyDetail(specName ?? op[2] ?? '', op[1] ?? '', detailAfter(rest));
  }
  if (TEARDOWN_TEXT.test(message)) return { kind: 'teardown', volume: '', operation: '', detail: message };
  if (
    CSI_DRIVER.test(message) ||
    NOT_FOUND.test(message) ||
    CM_KEY.test(message) ||
    SECRET_KEY.test(message)
  ) {
    return classifyDetail('', '', message);
  }
  return undefined;
}

/** Event reasons that carry volume errors for a pod. */
export const VOLUME_EVENT_REASONS = ['FailedMount', 'FailedAttachVolume', 'FailedMapVolume'] as const;
const VOLUME_REASON_SET = new Set<string>(VOLUME_EVENT_REASONS);

/**
 * Classifies a volume event: the message decides; a FailedAttachVolume or FailedMount/FailedMapVolume
 * event whose message is not recognised still counts as an attach or mount failure. Other reasons
 * (e.g. `Failed` "configmap not found", which is an env reference) are not volume errors.
 */
export function classifyVolumeEvent(e: EventRecord): VolumeError | undefined {
  // A pasted bare message line has no reason; its own shape must then prove it. 1.6-1.9 kubelets
  // repeat their volume wait timeout as FailedSync "Error syncing pod, skipping: timeout expired ...".
  if (e.reason === '') return classifyVolumeMessage(e.message);
  if (e.reason === 'FailedSync') {
    const known = classifyVolumeMessage(e.message);
    return known?.kind === 'timeout' ? known : undefined;
  }
  if (!VOLUME_REASON_SET.has(e.reason)) return undefined;
  const known = classifyVolumeMessage(e.message);
  if (known !== undefined) return known;
  if (e.message.trim() === '') return undefined;
  const kind = e.reason === 'FailedAttachVolume' ? 'attachFailed' : 'mountFailed';
  return { kind, volume: '', operation: '', detail: e.message.trim() };
}

/** "rpc error: code = Internal desc = mount failed" -> "Internal: mount failed"; other text unchanged. */
export function shortDetail(detail: string, max = 240): string {
  const rpc = /rpc error: code = (\w+) desc = (.*)$/s.exec(detail);
  const text = (rpc === null ? detail : `${rpc[1] ?? ''}: ${rpc[2] ?? ''}`).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
