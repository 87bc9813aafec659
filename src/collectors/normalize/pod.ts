import type {
  ContainerState,
  ContainerStatus,
  Pod,
  PodCondition,
  PodSpec,
  PodStatus,
  Toleration,
  Volume,
} from '../../model/index.js';
import { arr, bool, defined, isRecord, nonEmpty, num, rec, str, strMap, time, type Raw } from './coerce.js';
import { container, optionalRef } from './container.js';
import { meta } from './meta.js';

function toleration(v: unknown): Toleration | undefined {
  if (!isRecord(v)) return undefined;
  return defined<Toleration>({
    key: str(v.key),
    operator: str(v.operator),
    value: str(v.value),
    effect: str(v.effect),
    tolerationSeconds: num(v.tolerationSeconds),
  });
}

function volume(v: unknown): Volume | undefined {
  if (!isRecord(v)) return undefined;
  const name = str(v.name);
  if (name === undefined) return undefined;
  const cm = isRecord(v.configMap) ? optionalRef(v.configMap) : undefined;
  const secret = isRecord(v.secret)
    ? defined({ secretName: str(v.secret.secretName), optional: bool(v.secret.optional) })
    : undefined;
  const claim = isRecord(v.persistentVolumeClaim) ? str(v.persistentVolumeClaim.claimName) : undefined;
  const csi = isRecord(v.csi) ? str(v.csi.driver) : undefined;
  const hostPath = isRecord(v.hostPath) ? str(v.hostPath.path) : undefined;
  const projected = isRecord(v.projected)
    ? {
        sources: arr(v.projected.sources, (s) =>
          isRecord(s)
            ? defined({ configMap: optionalRef(s.configMap), secret: optionalRef(s.secret) })
            : undefined,
        ),
      }
    : undefined;
  return defined<Volume>({
    name,
    configMap: cm,
    secret,
    persistentVolumeClaim:
      claim === undefined
        ? undefined
        : defined({ claimName: claim, readOnly: bool(rec(v.persistentVolumeClaim).readOnly) }),
    csi: csi === undefined ? undefined : { driver: csi },
    emptyDir: isRecord(v.emptyDir) ? {} : undefined,
    hostPath: hostPath === undefined ? undefined : { path: hostPath },
    projected,
    downwardAPI: isRecord(v.downwardAPI) ? {} : undefined,
    ephemeral: isRecord(v.ephemeral) ? {} : undefined,
  });
}

export function podSpec(v: unknown): PodSpec {
  const s = rec(v);
  return defined<PodSpec>({
    nodeName: str(s.nodeName),
    nodeSelector: strMap(s.nodeSelector),
    affinity: isRecord(s.affinity) ? s.affinity : undefined,
    tolerations: nonEmpty(arr(s.tolerations, toleration)),
    containers: arr(s.containers, container),
    initContainers: nonEmpty(arr(s.initContainers, container)),
    volumes: nonEmpty(arr(s.volumes, volume)),
    serviceAccountName: str(s.serviceAccountName),
    schedulerName: str(s.schedulerName),
    priorityClassName: str(s.priorityClassName),
    readinessGates: nonEmpty(
      arr(s.readinessGates, (g) => {
        const t = isRecord(g) ? str(g.conditionType) : undefined;
        return t === undefined ? undefined : { conditionType: t };
      }),
    ),
    restartPolicy: str(s.restartPolicy),
    hostNetwork: bool(s.hostNetwork),
    schedulingGates: nonEmpty(
      arr(s.schedulingGates, (g) => {
        const n = isRecord(g) ? str(g.name) : undefined;
        return n === undefined ? undefined : { name: n };
      }),
    ),
    terminationGracePeriodSeconds: num(s.terminationGracePeriodSeconds),
    activeDeadlineSeconds: num(s.activeDeadlineSeconds),
  });
}

export function condition(v: unknown): PodCondition | undefined {
  if (!isRecord(v)) return undefined;
  const type = str(v.type);
  const status = str(v.status);
  if (type === undefined || status === undefined) return undefined;
  return defined<PodCondition>({
    type,
    status,
    reason: str(v.reason),
    message: str(v.message),
    lastTransitionTime: time(v.lastTransitionTime),
    lastProbeTime: time(v.lastProbeTime),
  });
}

export function containerState(v: unknown): ContainerState | undefined {
  if (!isRecord(v)) return undefined;
  const w = isRecord(v.waiting) ? v.waiting : undefined;
  const r = isRecord(v.running) ? v.running : undefined;
  const t = isRecord(v.terminated) ? v.terminated : undefined;
  const exitCode = t === undefined ? undefined : num(t.exitCode);
  const state = defined<ContainerState>({
    waiting: w === undefined ? undefined : defined({ reason: str(w.reason), message: str(w.message) }),
    running: r === undefined ? undefined : defined({ startedAt: time(r.startedAt) }),
    terminated:
      t === undefined
        ? undefined
        : defined({
            exitCode,
            signal: num(t.signal),
            reason: str(t.reason),
            message: str(t.message),
            startedAt: time(t.startedAt),
            finishedAt: time(t.finishedAt),
            containerID: str(t.containerID),
          }),
  });
  return Object.keys(state).length > 0 ? state : undefined;
}

export function containerStatus(v: unknown): ContainerStatus | undefined {
  if (!isRecord(v)) return undefined;
  const name = str(v.name);
  if (name === undefined) return undefined;
  return defined<ContainerStatus>({
    name,
    image: str(v.image),
    imageID: str(v.imageID) || undefined,
    containerID: str(v.containerID) || undefined,
    ready: bool(v.ready) ?? false,
    started: bool(v.started),
    restartCount: num(v.restartCount) ?? 0,
    state: containerState(v.state),
    lastState: containerState(v.lastState),
  });
}

export function podStatus(v: unknown): PodStatus {
  const s = rec(v);
  return defined<PodStatus>({
    phase: str(s.phase),
    reason: str(s.reason),
    message: str(s.message),
    conditions: nonEmpty(arr(s.conditions, condition)),
    containerStatuses: nonEmpty(arr(s.containerStatuses, containerStatus)),
    initContainerStatuses: nonEmpty(arr(s.initContainerStatuses, containerStatus)),
    ephemeralContainerStatuses: nonEmpty(arr(s.ephemeralContainerStatuses, containerStatus)),
    hostIP: str(s.hostIP),
    podIP: str(s.podIP),
    startTime: time(s.startTime),
    nominatedNodeName: str(s.nominatedNodeName),
    qosClass: str(s.qosClass),
  });
}

export function pod(raw: Raw, fallbackName?: string): Pod | undefined {
  const m = meta(raw.metadata, fallbackName);
  if (m === undefined) return undefined;
  return { kind: 'Pod', metadata: m, spec: podSpec(raw.spec), status: podStatus(raw.status) };
}
