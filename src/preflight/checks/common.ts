/**
 * What the static checks share: the pod template read as loosely-typed Kubernetes fields, the
 * lookup of an object in the cluster's state or the input (present, absent, or unknown because
 * the state could not read that kind), and the finding builder.
 */
import type { Evidence, ReasonCode, StageId } from '../../model/index.js';
import type { KObject } from '../../simulator/world/types.js';
import type {
  CheckContext,
  CheckFinding,
  ClusterState,
  InputObject,
  PreflightTarget,
  StateKind,
} from '../types.js';

export interface KeyToPath {
  readonly key?: string;
  readonly path?: string;
}

export interface ObjectRefSource {
  readonly name?: string;
  readonly optional?: boolean;
  readonly items?: readonly KeyToPath[];
}

export interface VolumeSpec {
  readonly name?: string;
  readonly configMap?: ObjectRefSource;
  readonly secret?: ObjectRefSource & { readonly secretName?: string };
  readonly projected?: {
    readonly sources?: readonly {
      readonly configMap?: ObjectRefSource;
      readonly secret?: ObjectRefSource;
    }[];
  };
}

export interface SecurityContextSpec {
  readonly runAsNonRoot?: boolean;
  readonly runAsUser?: number;
}

export interface ProbeSpec {
  readonly httpGet?: { readonly port?: number | string };
  readonly tcpSocket?: { readonly port?: number | string };
  readonly grpc?: { readonly port?: number | string };
  readonly initialDelaySeconds?: number;
  readonly periodSeconds?: number;
  readonly failureThreshold?: number;
}

export interface ContainerSpec {
  readonly name?: string;
  readonly image?: string;
  readonly imagePullPolicy?: string;
  readonly ports?: readonly {
    readonly name?: string;
    readonly containerPort?: number;
    readonly protocol?: string;
  }[];
  readonly env?: readonly {
    readonly name?: string;
    readonly valueFrom?: {
      readonly configMapKeyRef?: {
        readonly name?: string;
        readonly key?: string;
        readonly optional?: boolean;
      };
      readonly secretKeyRef?: { readonly name?: string; readonly key?: string; readonly optional?: boolean };
    };
  }[];
  readonly envFrom?: readonly {
    readonly configMapRef?: { readonly name?: string; readonly optional?: boolean };
    readonly secretRef?: { readonly name?: string; readonly optional?: boolean };
  }[];
  readonly livenessProbe?: ProbeSpec;
  readonly readinessProbe?: ProbeSpec;
  readonly startupProbe?: ProbeSpec;
  readonly securityContext?: SecurityContextSpec;
}

export interface TemplateSpec {
  readonly containers?: readonly ContainerSpec[];
  readonly initContainers?: readonly ContainerSpec[];
  readonly volumes?: readonly VolumeSpec[];
  readonly imagePullSecrets?: readonly { readonly name?: string }[];
  readonly serviceAccountName?: string;
  readonly serviceAccount?: string;
  readonly securityContext?: SecurityContextSpec;
}

export function specOf(target: PreflightTarget): TemplateSpec {
  const spec: TemplateSpec = target.template.spec;
  return spec;
}

/** The array a manifest field holds, or none when it holds something else (YAML as written). */
function list<T>(value: readonly T[] | undefined): readonly T[] {
  const items: unknown = value;
  return Array.isArray(items) ? (items as readonly T[]) : [];
}

export { list as arrayOf };

/** One container of the template with the field path the evidence quotes. */
export interface TemplateContainer {
  readonly container: ContainerSpec;
  readonly name: string;
  readonly type: 'init' | 'app';
  /** `containers[0]`, `initContainers[1]`. */
  readonly path: string;
}

/** Init containers first, as the kubelet runs them, then the app containers. */
export function containersOf(spec: TemplateSpec): readonly TemplateContainer[] {
  const of = (items: readonly ContainerSpec[] | undefined, type: 'init' | 'app', field: string) =>
    list(items).map((container, i) => ({
      container,
      name: container.name ?? '',
      type,
      path: `${field}[${i}]`,
    }));
  return [...of(spec.initContainers, 'init', 'initContainers'), ...of(spec.containers, 'app', 'containers')];
}

export type LookupKind = Extract<StateKind, 'ConfigMap' | 'Secret' | 'ServiceAccount' | 'Service' | 'Pod'>;

export type Lookup =
  | { readonly status: 'present'; readonly object: KObject; readonly from: 'state' }
  | {
      readonly status: 'present';
      readonly object: KObject;
      readonly from: 'input';
      readonly input: InputObject;
    }
  | { readonly status: 'absent' }
  | { readonly status: 'unknown'; readonly why: string };

/** ConfigMaps the kube-controller-manager publishes in every namespace. */
const ALWAYS_PRESENT: Readonly<Partial<Record<LookupKind, Readonly<Record<string, readonly string[]>>>>> = {
  ConfigMap: { 'kube-root-ca.crt': ['ca.crt'] },
};

/**
 * The namespace an input object lands in. An object that names none goes to kubectl's namespace,
 * which is the target's when the target itself names none.
 */
export function inputNamespace(object: KObject, defaultNamespace: string): string {
  return object.metadata.namespace ?? defaultNamespace;
}

/** The namespace that objects without one land in, as the target's own shows it. */
export function defaultNamespaceOf(target: PreflightTarget): string {
  return target.input.object.metadata.namespace === undefined ? target.namespace : 'default';
}

export const PLURAL: Readonly<Record<StateKind, string>> = {
  Namespace: 'Namespaces',
  Node: 'Nodes',
  Pod: 'Pods',
  ResourceQuota: 'ResourceQuotas',
  LimitRange: 'LimitRanges',
  ServiceAccount: 'ServiceAccounts',
  ConfigMap: 'ConfigMaps',
  Secret: 'Secrets',
  PersistentVolumeClaim: 'PersistentVolumeClaims',
  PersistentVolume: 'PersistentVolumes',
  StorageClass: 'StorageClasses',
  CSIDriver: 'CSIDrivers',
  Service: 'Services',
  MutatingWebhookConfiguration: 'MutatingWebhookConfigurations',
  ValidatingWebhookConfiguration: 'ValidatingWebhookConfigurations',
};

/** `ConfigMaps of namespace shop were not read: <why>`; `Nodes were not read: <why>`. */
export function notRead(state: ClusterState, kind: StateKind, namespace?: string): string {
  const whys = state.missing.filter((m) => m.kind === kind).map((m) => m.why);
  const why = whys.length === 0 ? 'the state does not include them' : whys.join('; ');
  const what = namespace === undefined ? PLURAL[kind] : `${PLURAL[kind]} of namespace ${namespace}`;
  return `${what} were not read: ${why}`;
}

/** Objects of a kind in the state, or undefined when the state could not read that kind. */
export function stateObjects(state: ClusterState, kind: StateKind): readonly KObject[] | undefined {
  if (!state.known.has(kind)) return undefined;
  return state.objects.filter((o) => o.kind === kind);
}

/**
 * Finds `kind` `name` in `namespace`: the input supplies it (it will be applied with the
 * target), the state holds it, the state read that kind and it is absent, or the state could
 * not read that kind.
 */
export function lookup(
  state: ClusterState,
  inputs: readonly InputObject[],
  defaultNamespace: string,
  kind: LookupKind,
  namespace: string,
  name: string,
): Lookup {
  const fromInput = inputs.find(
    (i) =>
      i.object.kind === kind &&
      i.object.metadata.name === name &&
      inputNamespace(i.object, defaultNamespace) === namespace,
  );
  if (fromInput !== undefined)
    return { status: 'present', object: fromInput.object, from: 'input', input: fromInput };
  const objects = stateObjects(state, kind);
  const fromState = objects?.find((o) => o.metadata.name === name && o.metadata.namespace === namespace);
  if (fromState !== undefined) return { status: 'present', object: fromState, from: 'state' };
  const published = ALWAYS_PRESENT[kind]?.[name];
  if (published !== undefined) {
    const data = Object.fromEntries(published.map((k) => [k, '']));
    return {
      status: 'present',
      object: { apiVersion: 'v1', kind, metadata: { name, namespace }, data },
      from: 'state',
    };
  }
  if (objects === undefined) return { status: 'unknown', why: notRead(state, kind, namespace) };
  return { status: 'absent' };
}

/** Lookup from a check's context, in the target's namespace. */
export function lookupFor(ctx: CheckContext, kind: LookupKind, name: string): Lookup {
  return lookup(ctx.state, ctx.inputs, defaultNamespaceOf(ctx.target), kind, ctx.target.namespace, name);
}

/** Data keys of a ConfigMap or Secret (Secrets from a cluster may carry keys only). */
export function dataKeys(object: KObject): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const field of ['data', 'binaryData', 'stringData']) {
    const value = object[field];
    if (value !== null && typeof value === 'object') for (const k of Object.keys(value)) keys.add(k);
  }
  return keys;
}

/** `configmap "app-config" not found`, `secret "x" not found` (the kubelet's object managers). */
export function notFoundText(kind: 'ConfigMap' | 'Secret', name: string): string {
  return `${kind === 'ConfigMap' ? 'configmap' : 'secret'} "${name}" not found`;
}

export interface FindingInit {
  readonly outcome: CheckFinding['outcome'];
  readonly stage: StageId;
  readonly reason?: ReasonCode | undefined;
  readonly message: string;
  readonly evidence: readonly Evidence[];
  readonly nextSteps: readonly string[];
  readonly container?: TemplateContainer | undefined;
}

export function finding(check: string, init: FindingInit): CheckFinding {
  return {
    check,
    outcome: init.outcome,
    stage: init.stage,
    ...(init.reason === undefined ? {} : { reason: init.reason }),
    message: init.message,
    evidence: init.evidence,
    nextSteps: init.nextSteps,
    ...(init.container === undefined
      ? {}
      : { container: { name: init.container.name, type: init.container.type } }),
  };
}

/** The commands that show whether the caller may read a kind the state lacks. */
export function canIRead(kind: StateKind, namespace?: string): string {
  const resource = PLURAL[kind].toLowerCase();
  return namespace === undefined
    ? `kubectl auth can-i list ${resource}`
    : `kubectl auth can-i list ${resource} -n ${namespace}`;
}

/** `kubectl -n shop create configmap app-config --from-literal=LOG_LEVEL=...`. */
export function createCommand(
  kind: 'ConfigMap' | 'Secret',
  namespace: string,
  name: string,
  keys: readonly string[],
): string {
  const what = kind === 'ConfigMap' ? 'configmap' : 'secret generic';
  const from = keys.length === 0 ? ['--from-file=<file>'] : keys.map((k) => `--from-literal=${k}=...`);
  return `kubectl -n ${namespace} create ${what} ${name} ${from.join(' ')}`;
}

/** `kubectl -n shop get configmap app-config -o yaml`. */
export function getCommand(kind: 'ConfigMap' | 'Secret', namespace: string, name: string): string {
  return `kubectl -n ${namespace} get ${kind.toLowerCase()} ${name} -o yaml`;
}

/** How to add a missing key: to the input that supplies the object, or to the cluster's. */
export function addKeySteps(
  kind: 'ConfigMap' | 'Secret',
  namespace: string,
  name: string,
  key: string,
  found: Extract<Lookup, { status: 'present' }>,
): readonly string[] {
  if (found.from === 'input')
    return [`add key ${key} to ${kind} ${name} in ${found.input.file}:${found.input.line}`];
  const field = kind === 'ConfigMap' ? 'data' : 'stringData';
  return [
    `kubectl -n ${namespace} get ${kind.toLowerCase()} ${name} -o jsonpath='{.data}'`,
    `kubectl -n ${namespace} patch ${kind.toLowerCase()} ${name} --type merge -p '{"${field}":{"${key}":"..."}}'`,
  ];
}
