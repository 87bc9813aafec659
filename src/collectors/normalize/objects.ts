import type {
  LimitRange,
  LimitRangeItem,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  ResourceQuota,
  StorageClass,
  Taint,
  Workload,
  WorkloadCondition,
  WorkloadKind,
} from '../../model/index.js';
import { arr, bool, defined, isRecord, num, rec, str, strings, strMap, time, type Raw } from './coerce.js';
import { meta, objectRef } from './meta.js';
import { podSpec } from './pod.js';

function taint(v: unknown): Taint | undefined {
  if (!isRecord(v)) return undefined;
  const key = str(v.key);
  const effect = str(v.effect);
  if (key === undefined || effect === undefined) return undefined;
  return defined<Taint>({ key, value: str(v.value), effect, timeAdded: time(v.timeAdded) });
}

export function node(raw: Raw): Node | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  const spec = rec(raw.spec);
  const status = rec(raw.status);
  const info = rec(status.nodeInfo);
  const taints = arr(spec.taints, taint);
  return {
    kind: 'Node',
    metadata: m,
    spec: defined<Node['spec']>({
      unschedulable: bool(spec.unschedulable),
      taints: taints.length > 0 ? taints : undefined,
      podCIDR: str(spec.podCIDR),
    }),
    status: defined<Node['status']>({
      capacity: strMap(status.capacity),
      allocatable: strMap(status.allocatable),
      conditions: arr(status.conditions, (c) => {
        if (!isRecord(c)) return undefined;
        const type = str(c.type);
        const st = str(c.status);
        if (type === undefined || st === undefined) return undefined;
        return defined({
          type,
          status: st,
          reason: str(c.reason),
          message: str(c.message),
          lastHeartbeatTime: time(c.lastHeartbeatTime),
          lastTransitionTime: time(c.lastTransitionTime),
        });
      }),
      nodeInfo: defined({
        kubeletVersion: str(info.kubeletVersion),
        containerRuntimeVersion: str(info.containerRuntimeVersion),
      }),
    }),
  };
}

export function pvc(raw: Raw): PersistentVolumeClaim | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  const spec = rec(raw.spec);
  const status = rec(raw.status);
  const requests = strMap(rec(spec.resources).requests);
  return {
    kind: 'PersistentVolumeClaim',
    metadata: m,
    spec: defined<PersistentVolumeClaim['spec']>({
      storageClassName: str(spec.storageClassName),
      volumeName: str(spec.volumeName),
      accessModes: strings(spec.accessModes),
      resources: requests === undefined ? undefined : { requests },
      volumeMode: str(spec.volumeMode),
    }),
    status: defined<PersistentVolumeClaim['status']>({
      phase: str(status.phase),
      accessModes: strings(status.accessModes),
    }),
  };
}

export function pv(raw: Raw): PersistentVolume | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  const spec = rec(raw.spec);
  const status = rec(raw.status);
  const csi = isRecord(spec.csi) ? spec.csi : undefined;
  const driver = csi === undefined ? undefined : str(csi.driver);
  return {
    kind: 'PersistentVolume',
    metadata: m,
    spec: defined<PersistentVolume['spec']>({
      storageClassName: str(spec.storageClassName),
      accessModes: strings(spec.accessModes),
      capacity: strMap(spec.capacity),
      claimRef: objectRef({ kind: 'PersistentVolumeClaim', ...rec(spec.claimRef) }),
      csi: driver === undefined ? undefined : defined({ driver, volumeHandle: str(csi?.volumeHandle) }),
      nodeAffinity: isRecord(spec.nodeAffinity) ? spec.nodeAffinity : undefined,
      persistentVolumeReclaimPolicy: str(spec.persistentVolumeReclaimPolicy),
    }),
    status: defined<PersistentVolume['status']>({ phase: str(status.phase), message: str(status.message) }),
  };
}

export function storageClass(raw: Raw): StorageClass | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  return defined<StorageClass>({
    kind: 'StorageClass',
    metadata: m,
    provisioner: str(raw.provisioner) ?? '',
    volumeBindingMode: str(raw.volumeBindingMode),
    reclaimPolicy: str(raw.reclaimPolicy),
    allowedTopologies: Array.isArray(raw.allowedTopologies)
      ? arr(raw.allowedTopologies, (t) => (isRecord(t) ? t : undefined))
      : undefined,
  });
}

function workloadCondition(v: unknown): WorkloadCondition | undefined {
  if (!isRecord(v)) return undefined;
  const type = str(v.type);
  const status = str(v.status);
  if (type === undefined || status === undefined) return undefined;
  return defined<WorkloadCondition>({
    type,
    status,
    reason: str(v.reason),
    message: str(v.message),
    lastTransitionTime: time(v.lastTransitionTime),
    lastUpdateTime: time(v.lastUpdateTime),
  });
}

export function workload(kind: WorkloadKind, raw: Raw): Workload | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  const spec = rec(raw.spec);
  // A CronJob's pod template sits one level deeper, under jobTemplate.
  const template = rec(kind === 'CronJob' ? rec(rec(spec.jobTemplate).spec).template : spec.template);
  const selector = rec(spec.selector);
  const status = rec(raw.status);
  const active = Array.isArray(status.active) ? status.active.length : num(status.active);
  return {
    kind,
    metadata: m,
    spec: defined<Workload['spec']>({
      replicas: num(spec.replicas),
      selector: isRecord(spec.selector)
        ? defined({
            matchLabels:
              strMap(selector.matchLabels) ??
              (kind === 'ReplicationController' ? strMap(spec.selector) : undefined),
            matchExpressions: arr(selector.matchExpressions, (e) => {
              if (!isRecord(e)) return undefined;
              const key = str(e.key);
              const operator = str(e.operator);
              return key === undefined || operator === undefined
                ? undefined
                : { key, operator, values: strings(e.values) };
            }),
          })
        : undefined,
      template: isRecord(template.spec)
        ? defined({
            metadata: defined({ labels: strMap(rec(template.metadata).labels) }),
            spec: podSpec(template.spec),
          })
        : undefined,
      suspend: bool(spec.suspend),
      schedule: str(spec.schedule),
    }),
    status: defined<Workload['status']>({
      replicas: num(status.replicas),
      readyReplicas: num(status.readyReplicas),
      availableReplicas: num(status.availableReplicas),
      desiredNumberScheduled: num(status.desiredNumberScheduled),
      numberReady: num(status.numberReady),
      active,
      succeeded: num(status.succeeded),
      failed: num(status.failed),
      conditions: arr(status.conditions, workloadCondition),
    }),
  };
}

export function resourceQuota(raw: Raw): ResourceQuota | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  const status = rec(raw.status);
  const hard = strMap(status.hard) ?? strMap(rec(raw.spec).hard);
  return {
    kind: 'ResourceQuota',
    metadata: m,
    status: defined<ResourceQuota['status']>({ hard, used: strMap(status.used) }),
  };
}

export function limitRange(raw: Raw): LimitRange | undefined {
  const m = meta(raw.metadata);
  if (m === undefined) return undefined;
  return {
    kind: 'LimitRange',
    metadata: m,
    spec: {
      limits: arr(rec(raw.spec).limits, (l): LimitRangeItem | undefined => {
        if (!isRecord(l)) return undefined;
        return defined<LimitRangeItem>({
          type: str(l.type) ?? 'Container',
          max: strMap(l.max),
          min: strMap(l.min),
          default: strMap(l.default),
          defaultRequest: strMap(l.defaultRequest),
          maxLimitRequestRatio: strMap(l.maxLimitRequestRatio),
        });
      }),
    },
  };
}
