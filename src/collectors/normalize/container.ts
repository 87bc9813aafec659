import type {
  Container,
  ContainerPort,
  EnvFromSource,
  EnvVar,
  Probe,
  VolumeMount,
} from '../../model/index.js';
import { arr, bool, defined, isRecord, nonEmpty, num, rec, str, strings, strMap } from './coerce.js';

/** A container of a pod's spec: what the rules read of it, with env values redacted. */

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

/** A reference by name to a ConfigMap or Secret (envFrom, volumes). */
export function optionalRef(v: unknown): { name?: string; optional?: boolean } | undefined {
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
