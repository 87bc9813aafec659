import { isRecord, str, type Raw } from './coerce.js';
import { UNNAMED_CONTAINER, unnamedName } from '../../model/index.js';

/**
 * People paste parts of a pod: its status block, one container status, a container state,
 * or a lone `message:`. A kindless mapping that has the shape of one of those parts is
 * rebuilt into a partial Pod so the same rules can judge it.
 */
const POD_STATUS_KEYS = [
  'phase',
  'containerStatuses',
  'initContainerStatuses',
  'conditions',
  'podIP',
  'hostIP',
  'qosClass',
  'startTime',
  'nominatedNodeName',
];
const POD_SPEC_KEYS = [
  'containers',
  'initContainers',
  'nodeName',
  'restartPolicy',
  'volumes',
  'serviceAccountName',
  'tolerations',
  'nodeSelector',
  'schedulerName',
];
const STATE_KEYS = ['waiting', 'running', 'terminated'];
/** A Kubernetes reason: one CamelCase word. */
const REASON_WORD = /^[A-Z][A-Za-z0-9]*$/;
/** Reasons of the events components record on a pod, none of them a container state's. */
const EVENT_REASONS: ReadonlySet<string> = new Set([
  'FailedScheduling',
  'Scheduled',
  'FailedMount',
  'FailedAttachVolume',
  'FailedCreatePodSandBox',
  'FailedKillPod',
  'FailedCreate',
  'FailedSync',
  'Unhealthy',
  'ProbeWarning',
  'BackOff',
  'Failed',
  'Killing',
  'Pulling',
  'Pulled',
  'Created',
  'Started',
  'NetworkNotReady',
  'FailedPostStartHook',
  'FailedPreStopHook',
  'DNSConfigForming',
  'NodeNotReady',
]);
/** Container (core/v1) fields: a mapping of only these, with a probe or an image, is one container's spec. */
const CONTAINER_KEYS: ReadonlySet<string> = new Set([
  'name',
  'image',
  'imagePullPolicy',
  'command',
  'args',
  'workingDir',
  'ports',
  'env',
  'envFrom',
  'resources',
  'resizePolicy',
  'restartPolicy',
  'volumeMounts',
  'volumeDevices',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
]);
const CONTAINER_MARKS = ['livenessProbe', 'readinessProbe', 'startupProbe', 'image'];

/** A container spec without a name gets the placeholder a `get pods` row's container has. */
const named = (c: Raw): Raw => (str(c.name) === undefined ? { ...c, name: UNNAMED_CONTAINER } : c);

/** One container's spec (`- name: app` … `livenessProbe:` cut out of a manifest). */
function containerSpec(value: Raw): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => CONTAINER_KEYS.has(k)) && has(value, CONTAINER_MARKS);
}

const has = (o: Raw, keys: readonly string[]): boolean => keys.some((k) => k in o);

export interface RebuiltPod {
  readonly raw: Raw;
  /** How the name was found, when the fragment did not carry one. */
  readonly inferredName?: string;
}

function firstName(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  for (const item of list) if (isRecord(item) && str(item.name)) return str(item.name);
  return undefined;
}

function containerStatusList(value: unknown): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list: unknown[] = value;
  if (list.length > 0 && list.every((v) => isRecord(v) && ('state' in v || 'lastState' in v))) return list;
  return undefined;
}

/** The condition types only a pod has (`Ready` is every kind's: a Knative Service has one too). */
const POD_CONDITION_TYPES: ReadonlySet<string> = new Set([
  'PodScheduled',
  'Initialized',
  'ContainersReady',
  'PodReadyToStartContainers',
  'PodHasNetwork',
  'DisruptionTarget',
]);
/** The reasons only the kubelet gives a pod's Ready condition. */
const POD_READY_REASONS: ReadonlySet<string> = new Set([
  'ContainersNotReady',
  'ReadinessGatesNotReady',
  'PodCompleted',
]);

const podOnly = (c: Raw): boolean =>
  POD_CONDITION_TYPES.has(str(c.type) ?? '') ||
  (str(c.type) === 'Ready' && POD_READY_REASONS.has(str(c.reason) ?? ''));

/**
 * `status.conditions` cut out of a pod's YAML: entries with a type and a status, one of them a
 * pod's own (a readiness gate's type, or `Ready`, may stand beside it).
 */
function podConditionList(value: unknown): Raw[] | undefined {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  const entries = list.filter(isRecord);
  if (entries.length === 0 || entries.length !== list.length) return undefined;
  if (!entries.every((c) => str(c.type) !== undefined && str(c.status) !== undefined)) return undefined;
  return entries.some(podOnly) ? entries : undefined;
}

/** The pod parts of a kindless value, or undefined when it does not look like part of a pod. */
function podParts(value: unknown): { metadata?: Raw; spec?: Raw; status?: Raw } | undefined {
  const statuses = containerStatusList(value);
  if (statuses !== undefined) return { status: { containerStatuses: statuses } };
  const conditions = podConditionList(value);
  if (conditions !== undefined) return { status: { conditions } };
  if (Array.isArray(value) && value.length > 0 && value.every((v) => isRecord(v) && containerSpec(v)))
    return { spec: { containers: (value as Raw[]).map(named) } };
  if (!isRecord(value)) return undefined;
  const metadata = isRecord(value.metadata) ? value.metadata : undefined;
  if (isRecord(value.spec) || isRecord(value.status)) {
    const spec = isRecord(value.spec) && has(value.spec, POD_SPEC_KEYS) ? value.spec : undefined;
    const status = isRecord(value.status) && has(value.status, POD_STATUS_KEYS) ? value.status : undefined;
    if (spec !== undefined || status !== undefined)
      return { ...(metadata ? { metadata } : {}), ...(spec ? { spec } : {}), ...(status ? { status } : {}) };
  }
  if (has(value, POD_STATUS_KEYS) || has(value, POD_SPEC_KEYS)) {
    return {
      ...(metadata ? { metadata } : {}),
      ...(has(value, POD_SPEC_KEYS) ? { spec: value } : {}),
      ...(has(value, POD_STATUS_KEYS) ? { status: value } : {}),
    };
  }
  if (containerSpec(value)) return { spec: { containers: [named(value)] } };
  if ('state' in value || 'lastState' in value) return { status: { containerStatuses: [value] } };
  if (has(value, STATE_KEYS)) return { status: { containerStatuses: [{ state: value }] } };
  if ('exitCode' in value) return { status: { containerStatuses: [{ state: { terminated: value } }] } };
  // A state's reason is a CamelCase word (`CrashLoopBackOff`); `reason: <a sentence>` is prose, and
  // an event's reason (`FailedScheduling`, `BackOff`) makes the pair an event's, read by its message.
  const reason = str(value.reason);
  if (
    Object.keys(value).every((k) => k === 'reason' || k === 'message') &&
    reason !== undefined &&
    REASON_WORD.test(reason) &&
    !EVENT_REASONS.has(reason)
  ) {
    return { status: { containerStatuses: [{ state: { waiting: value } }] } };
  }
  return undefined;
}

/** Rebuilds a kindless fragment into a raw Pod object, or undefined when it is not part of a pod. */
export function rebuildPod(value: unknown): RebuiltPod | undefined {
  const parts = podParts(value);
  if (parts === undefined) return undefined;
  const status = parts.status ?? {};
  const rawStatuses: unknown = status.containerStatuses;
  const statuses = Array.isArray(rawStatuses)
    ? (rawStatuses as unknown[]).map((s): unknown =>
        isRecord(s) && str(s.name) === undefined ? { ...s, name: UNNAMED_CONTAINER } : s,
      )
    : undefined;
  const spec = parts.spec ?? {};
  const container =
    firstName(statuses) ?? firstName(spec.containers) ?? firstName(status.initContainerStatuses);
  const given = parts.metadata === undefined ? undefined : str(parts.metadata.name);
  const name =
    given ?? (container === undefined || container === UNNAMED_CONTAINER ? unnamedName('Pod') : container);
  const raw: Raw = {
    kind: 'Pod',
    metadata: { ...(parts.metadata ?? {}), name },
    spec,
    status: statuses === undefined ? status : { ...status, containerStatuses: statuses },
  };
  if (given !== undefined) return { raw };
  return {
    raw,
    inferredName:
      container === undefined || container === UNNAMED_CONTAINER
        ? 'the fragment names no pod or container'
        : `named after its container ${container}`,
  };
}
