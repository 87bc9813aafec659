import { containerRaws } from './container-fields.js';
import { field, fieldValue, hasField, put, type Doc, type HeaderEntry } from './doc.js';
import { isNone, labelMap, toInt } from './syntax.js';
import { conditionRaw, tolerationRaw, volumeRaw } from './sections.js';
import { parseKubectlTime } from '../common/text.js';

/** Which object a describe block is about, and that object rebuilt from its fields. */

type Obj = Record<string, unknown>;

/** The value and continuation lines of a field, without "<none>". */
export function values(e: HeaderEntry | undefined): string[] {
  if (e === undefined) return [];
  return [e.value, ...e.items].map((v) => v.trim()).filter((v) => !isNone(v));
}

const SERVICE_TYPES = new Set(['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName']);

/** Fields only one kind's describe prints, checked in this order. */
const KIND_KEYS: ReadonlyArray<readonly [string, readonly string[]]> = (
  [
    [
      'Node',
      'Roles|Taints|Unschedulable|System Info|Allocatable|Non-terminated Pods|Addresses|PodCIDR|ProviderID|Lease',
    ],
    // kubectl's describeEndpoints prints Subsets; describeEndpointSlice AddressType (it has an
    // Endpoints section too, so it comes before Service).
    ['Endpoints', 'Subsets'],
    ['EndpointSlice', 'AddressType'],
    [
      'Service',
      'TargetPort|Endpoints|Session Affinity|IP Families|IP Family Policy|External Traffic Policy|External Name',
    ],
    [
      'DaemonSet',
      'Desired Number of Nodes Scheduled|Current Number of Nodes Scheduled|Number of Nodes Misscheduled',
    ],
    ['CronJob', 'Schedule|Concurrency Policy|Last Schedule Time|Starting Deadline Seconds'],
    ['Job', 'Completions|Parallelism|Pods Statuses|Completion Mode|Backoff Limit'],
    ['Deployment', 'StrategyType|RollingUpdateStrategy|NewReplicaSet|OldReplicaSets|MinReadySeconds'],
    ['StatefulSet', 'Update Strategy|Volume Claims'],
    ['PersistentVolume', 'Reclaim Policy|Claim'],
    ['PersistentVolumeClaim', 'StorageClass|Access Modes|Used By|VolumeMode'],
  ] as const
).map(([kind, keys]) => [kind, keys.split('|')] as const);

/** Condition types only a Node has (core/v1 NodeConditionType; OutOfDisk until 1.12). */
const NODE_CONDITIONS: ReadonlySet<string> = new Set([
  'MemoryPressure',
  'DiskPressure',
  'PIDPressure',
  'NetworkUnavailable',
  'OutOfDisk',
]);

/** Whether a Conditions table is a Node's: only a node's conditions carry heartbeats, or have these types. */
function nodeConditions(doc: Doc): boolean {
  return doc.conditions.some(
    (c) => c.lastheartbeattime !== undefined || NODE_CONDITIONS.has(c.type ?? ''),
  );
}

/** The kind: from fields only that kind prints, else the `describe <kind>` command above, else Pod. */
export function decideKind(doc: Doc, fromCommand: string | undefined): string {
  const explicit = fieldValue(doc, 'Kind');
  if (explicit !== undefined && /^[A-Z]\w*$/.test(explicit)) return explicit;
  // "0 current / 2 desired" (ReplicaSet, ReplicationController); "3 desired | 1 updated | …" (Deployment);
  // "3 desired | 1 total" (StatefulSet).
  const replicas = fieldValue(doc, 'Replicas') ?? '';
  const also: Readonly<Record<string, boolean>> = {
    Node: nodeConditions(doc),
    Service: SERVICE_TYPES.has(fieldValue(doc, 'Type') ?? ''),
    Deployment: replicas.includes('updated'),
    StatefulSet: replicas.includes('desired |') && fromCommand !== 'Deployment',
  };
  for (const [kind, keys] of KIND_KEYS) if (also[kind] === true || hasField(doc, ...keys)) return kind;
  if (replicas.includes('current /') || hasField(doc, 'Pods Status'))
    return fromCommand === 'ReplicationController' ? 'ReplicationController' : 'ReplicaSet';
  return fromCommand ?? 'Pod';
}

/** `Kind/name` owner references (Controlled By, Controllers, Created By, pre-1.0 Replication Controllers). */
function owners(doc: Doc): Obj[] {
  const out: Obj[] = [];
  for (const key of ['Controlled By', 'Controllers', 'Created By']) {
    for (const v of values(field(doc, key))) {
      const slash = v.indexOf('/');
      if (slash > 0)
        out.push({ kind: v.slice(0, slash), name: v.slice(slash + 1).split(' ')[0], controller: true });
    }
  }
  for (const v of values(field(doc, 'Replication Controllers')))
    for (const part of v.split(', ')) {
      const name = part.trim().split(' ')[0];
      if (name !== undefined && name !== '')
        out.push({ kind: 'ReplicationController', name, controller: true });
    }
  return out.slice(0, 1).concat(out.slice(1).filter((o) => o.name !== out[0]?.name));
}

/** Annotation carrying describe's `Terminating (lasts 5m)` until the assembler knows when kubectl ran. */
export const TERMINATING_FOR = 'handoff.dev/terminating-for';

export function metadata(doc: Doc, name: string, namespace: string | undefined): Obj {
  const m: Obj = { name };
  put(m, 'namespace', namespace);
  put(m, 'labels', labelMap(values(field(doc, 'Labels'))));
  const ann = values(field(doc, 'Annotations'));
  // "key: value" in later kubectl, "key=value" in older ones.
  put(m, 'annotations', labelMap(ann, ann.some((a) => a.includes(': ')) ? ': ' : '='));
  put(m, 'ownerReferences', owners(doc));
  put(m, 'creationTimestamp', parseKubectlTime(fieldValue(doc, 'CreationTimestamp') ?? ''));
  const status = fieldValue(doc, 'Status') ?? '';
  if (status.startsWith('Terminating (expires '))
    put(m, 'deletionTimestamp', parseKubectlTime(status.slice(21, -1)));
  // Later kubectl prints how long ago deletion was requested; the assembler turns it into a time.
  const lasts = /^Terminating \(lasts ([^)]+)\)$/.exec(status)?.[1];
  if (lasts !== undefined) put(m, 'annotations', { ...(m.annotations ?? {}), [TERMINATING_FOR]: lasts });
  put(
    m,
    'deletionGracePeriodSeconds',
    toInt((fieldValue(doc, 'Termination Grace Period') ?? '').replace(/s$/, '')),
  );
  return m;
}

const PHASES = new Set(['Pending', 'Running', 'Succeeded', 'Failed', 'Unknown']);

/** A pod's spec and status from a describe block (also a workload's Pod Template). */
export function podParts(doc: Doc): { spec: Obj; status: Obj } {
  const spec: Obj = {};
  const status: Obj = {};
  const node = fieldValue(doc, 'Node') ?? fieldValue(doc, 'Host');
  if (node !== undefined) {
    const [nodeName = '', hostIP = ''] = node.split('/');
    put(spec, 'nodeName', nodeName || undefined);
    put(status, 'hostIP', hostIP || undefined);
  }
  put(spec, 'priority', toInt(fieldValue(doc, 'Priority') ?? ''));
  put(
    spec,
    'priorityClassName',
    fieldValue(doc, 'Priority Class Name') ?? fieldValue(doc, 'PriorityClassName'),
  );
  put(spec, 'runtimeClassName', fieldValue(doc, 'Runtime Class Name'));
  put(spec, 'serviceAccountName', fieldValue(doc, 'Service Account'));
  put(spec, 'nodeSelector', labelMap(values(field(doc, 'Node-Selectors'))));
  put(
    spec,
    'tolerations',
    values(field(doc, 'Tolerations')).flatMap((t) => tolerationRaw(t) ?? []),
  );
  put(
    spec,
    'readinessGates',
    doc.readinessGates.map((conditionType) => ({ conditionType })),
  );
  put(spec, 'volumes', doc.volumes.map(volumeRaw));
  const phase = (fieldValue(doc, 'Status') ?? fieldValue(doc, 'Pod Status') ?? '').split(' ')[0] ?? '';
  if (PHASES.has(phase)) status.phase = phase;
  put(status, 'reason', fieldValue(doc, 'Reason'));
  const message = field(doc, 'Message');
  if (message !== undefined)
    put(status, 'message', [message.value, ...message.items].join(' ').trim() || undefined);
  put(status, 'podIP', fieldValue(doc, 'IP'));
  put(
    status,
    'podIPs',
    values(field(doc, 'IPs')).map((v) => ({ ip: v.replace(/^IP:\s*/, '') })),
  );
  put(status, 'startTime', parseKubectlTime(fieldValue(doc, 'Start Time') ?? ''));
  put(status, 'qosClass', fieldValue(doc, 'QoS Class'));
  put(status, 'nominatedNodeName', fieldValue(doc, 'NominatedNodeName'));
  put(status, 'conditions', doc.conditions.map(conditionRaw));
  const images = (fieldValue(doc, 'Image(s)') ?? '').split(',').filter((i) => i !== '');
  const groups = [
    ['app', 'containers', 'containerStatuses'],
    ['init', 'initContainers', 'initContainerStatuses'],
    ['ephemeral', 'ephemeralContainers', 'ephemeralContainerStatuses'],
  ] as const;
  for (const [group, specKey, statusKey] of groups) {
    const list = doc.containers.filter((c) => c.group === group);
    const raws = list.map(containerRaws);
    if (group === 'app' && images.length === raws.length)
      raws.forEach((r, i) => (r.spec.image ??= images[i]?.trim()));
    put(
      spec,
      specKey,
      raws.map((r) => r.spec),
    );
    put(
      status,
      statusKey,
      raws.flatMap((r) => (r.status === undefined ? [] : [r.status])),
    );
  }
  return { spec, status };
}
