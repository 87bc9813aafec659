import type {
  Container,
  ContainerPort,
  ContainerState,
  ContainerStatus,
  EnvFromSource,
  EnvVar,
  Pod,
  PodCondition,
  PodSpec,
  PodStatus,
  Probe,
  Toleration,
  Volume,
  VolumeMount,
} from '../../model/index.js';
import { arr, bool, defined, isRecord, num, rec, str, strings, strMap, time, type Raw } from './coerce.js';
import { meta } from './meta.js';

const REDACTED = '(redacted)';

function port(v: unknown): number | string | undefined {
  return num(v) ?? str(v);
}

function probe(v: unknown): Probe | undefined {
  if (!isRecord(v)) return undefined;
  const http = isRecord(v.httpGet) ? v.httpGet : undefined;
  const tcp = isRecord(v.tcpSocket) ? v.tcpSocket : undefined;
  const grpc = isRecord(v.grpc) ? v.grpc : undefined;
  const exec = isRecord(v.exec) ? v.exec : undefined;
  const httpPort = http === undefined ? undefined : port(http.port);
  const tcpPort = tcp === undefined ? undefined : port(tcp.port);
  const grpcPort = grpc === undefined ? undefined : num(grpc.port);
  return defined<Probe>({
    httpGet:
      http === undefined || httpPort === undefined
        ? undefined
        : defined({ path: str(http.path), port: httpPort, scheme: str(http.scheme) }),
    tcpSocket: tcpPort === undefined ? undefined : { port: tcpPort },
    grpc: grpcPort === undefined ? undefined : { port: grpcPort },
    exec: exec === undefined ? undefined : { command: strings(exec.command) },
    initialDelaySeconds: num(v.initialDelaySeconds),
    periodSeconds: num(v.periodSeconds),
    timeoutSeconds: num(v.timeoutSeconds),
    failureThreshold: num(v.failureThreshold),
    successThreshold: num(v.successThreshold),
  });
}

function keyRef(v: unknown): { name?: string; key: string; optional?: boolean } | undefined {
  if (!isRecord(v)) return undefined;
  const key = str(v.key);
  if (key === undefined) return undefined;
  return defined({ name: str(v.name), key, optional: bool(v.optional) });
}

/** Env values are never kept (they may hold secrets); only the fact that one was set. */
function envVar(v: unknown): EnvVar | undefined {
  if (!isRecord(v)) return undefined;
  const name = str(v.name);
  if (name === undefined) return undefined;
  const from = rec(v.valueFrom);
  const cm = keyRef(from.configMapKeyRef);
  const secret = keyRef(from.secretKeyRef);
  const field = isRecord(from.fieldRef) ? str(from.fieldRef.fieldPath) : undefined;
  const valueFrom =
    cm || secret || field
      ? defined<NonNullable<EnvVar['valueFrom']>>({
          configMapKeyRef: cm,
          secretKeyRef: secret,
          fieldRef: field === undefined ? undefined : { fieldPath: field },
        })
      : undefined;
  return defined<EnvVar>({ name, value: v.value === undefined ? undefined : REDACTED, valueFrom });
}

function optionalRef(v: unknown): { name?: string; optional?: boolean } | undefined {
  if (!isRecord(v)) return undefined;
  return defined({ name: str(v.name), optional: bool(v.optional) });
}

function envFrom(v: unknown): EnvFromSource | undefined {
  if (!isRecord(v)) return undefined;
  return defined<EnvFromSource>({
    prefix: str(v.prefix),
    configMapRef: optionalRef(v.configMapRef),
    secretRef: optionalRef(v.secretRef),
  });
}

function containerPort(v: unknown): ContainerPort | undefined {
  if (!isRecord(v)) return undefined;
  const containerPort = num(v.containerPort);
  if (containerPort === undefined) return undefined;
  return defined<ContainerPort>({
    name: str(v.name),
    containerPort,
    protocol: str(v.protocol),
    hostPort: num(v.hostPort),
  });
}

function volumeMount(v: unknown): VolumeMount | undefined {
  if (!isRecord(v)) return undefined;
  const name = str(v.name);
  const mountPath = str(v.mountPath);
  if (name === undefined || mountPath === undefined) return undefined;
  return defined<VolumeMount>({ name, mountPath, subPath: str(v.subPath), readOnly: bool(v.readOnly) });
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}

export function container(v: unknown): Container | undefined {
  if (!isRecord(v)) return undefined;
  const name = str(v.name);
  if (name === undefined) return undefined;
  const res = rec(v.resources);
  const requests = strMap(res.requests);
  const limits = strMap(res.limits);
  const sc = rec(v.securityContext);
  const runAsNonRoot = bool(sc.runAsNonRoot);
  const runAsUser = num(sc.runAsUser);
  return defined<Container>({
    name,
    image: str(v.image),
    imagePullPolicy: str(v.imagePullPolicy),
    command: nonEmpty(strings(v.command)),
    args: nonEmpty(strings(v.args)),
    ports: nonEmpty(arr(v.ports, containerPort)),
    env: nonEmpty(arr(v.env, envVar)),
    envFrom: nonEmpty(arr(v.envFrom, envFrom)),
    resources: requests || limits ? defined({ requests, limits }) : undefined,
    volumeMounts: nonEmpty(arr(v.volumeMounts, volumeMount)),
    livenessProbe: probe(v.livenessProbe),
    readinessProbe: probe(v.readinessProbe),
    startupProbe: probe(v.startupProbe),
    restartPolicy: str(v.restartPolicy),
    securityContext:
      runAsNonRoot === undefined && runAsUser === undefined
        ? undefined
        : defined({ runAsNonRoot, runAsUser }),
  });
}

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
