/**
 * A scenario, as the loader hands it to the simulation after validation: the cluster, what
 * happens in it, how long to run, and the diagnosis it must produce. Durations are in
 * milliseconds here (the YAML says "90s", "5m"); quantities stay Kubernetes strings.
 */
import type { StageId } from '../../model/index.js';

export interface Scenario {
  readonly name: string;
  readonly description: string;
  /** The stage folder it was found in, if any (`scenarios/<stage>/<name>.yaml`). */
  readonly group?: string;
  /** Where it was loaded from (for messages). */
  readonly path?: string;
  readonly seed: number;
  /** Simulated start time, ms since the epoch (default 2026-01-01T00:00:00Z). */
  readonly start: number;
  /** How long `sim run` lets the world run before diagnosing, ms. */
  readonly duration: number;
  readonly cluster: ClusterSpec;
  /** Plain Kubernetes manifests applied at t=0 (or at `at`), through admission, as `kubectl apply` would. */
  readonly objects: readonly ScenarioObject[];
  readonly expect: readonly Expectation[];
}

export interface ScenarioObject {
  /** When it is applied, ms after start (default 0). */
  readonly at: number;
  /** Who applies it (a user from `cluster.users`; default the cluster admin). */
  readonly as?: string;
  readonly manifest: Readonly<Record<string, unknown>>;
  /** Delete it at this time (ms after start), to exercise termination. */
  readonly deleteAt?: number;
  /** 1-based line in the scenario file, for messages. */
  readonly line?: number;
}

/**
 * What the diagnosis must say. `at` (ms after start) checks an earlier moment than the end of
 * the run, e.g. a slow pull that must be `progressing` at 1m and `healthy` at the end.
 */
export type Expectation =
  | {
      readonly target?: string;
      readonly at?: number;
      readonly stage: StageId;
      readonly reason: string;
    }
  | { readonly target?: string; readonly at?: number; readonly verdict: 'healthy' | 'progressing' };

export interface ClusterSpec {
  /** Served at /version, e.g. v1.31.4. */
  readonly version: string;
  readonly nodes: readonly NodeSpec[];
  readonly namespaces: readonly NamespaceSpec[];
  readonly webhooks: readonly WebhookSpec[];
  readonly storageClasses: readonly StorageClassSpec[];
  readonly csiDrivers: readonly CsiDriverSpec[];
  readonly cni: CniSpec;
  readonly registry: RegistrySpec;
  readonly users: readonly UserSpec[];
}

export interface NodeSpec {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly capacity: Readonly<Record<string, string>>;
  /** Defaults to capacity. */
  readonly allocatable?: Readonly<Record<string, string>>;
  readonly taints: readonly { readonly key: string; readonly value?: string; readonly effect: string }[];
  readonly unschedulable: boolean;
  /** Images already on the node (image locality; no pull needed with IfNotPresent). */
  readonly images: readonly string[];
  /** Pod IPs this node's CNI can hand out (from its pod CIDR), default 254. */
  readonly podIPs: number;
  readonly zone?: string;
  /** Things that happen to the node, ms after start. */
  readonly incidents: readonly NodeIncident[];
}

export type NodeIncident =
  /** The kubelet stops posting status: NotReady after the grace period, then taints and eviction. */
  | { readonly at: number; readonly type: 'lost' }
  /** The kubelet reports NotReady itself (e.g. the runtime is down). */
  | { readonly at: number; readonly type: 'not-ready'; readonly message?: string }
  | { readonly at: number; readonly type: 'memory-pressure' | 'disk-pressure' | 'pid-pressure' }
  | { readonly at: number; readonly type: 'shutdown' }
  | { readonly at: number; readonly type: 'recover' }
  | { readonly at: number; readonly type: 'cordon' };

export interface NamespaceSpec {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  /** ResourceQuota spec.hard. */
  readonly quota?: Readonly<Record<string, string>>;
  /** LimitRange items (type Container or Pod; max, min, default, defaultRequest). */
  readonly limitRange?: readonly Readonly<Record<string, unknown>>[];
  /** ServiceAccounts besides `default`, which always exists. */
  readonly serviceAccounts: readonly string[];
}

export interface WebhookSpec {
  readonly name: string;
  readonly type: 'validating' | 'mutating';
  /** Resources it intercepts on CREATE (default pods). */
  readonly resources: readonly string[];
  /** Only these namespaces (default all but kube-system). */
  readonly namespaces?: readonly string[];
  /** Deny with this message. */
  readonly deny?: string;
  /** Only deny pods whose image matches this glob, e.g. "docker.io/*". */
  readonly denyImages?: string;
  /** The webhook's service does not answer. */
  readonly unreachable: boolean;
  readonly failurePolicy: 'Fail' | 'Ignore';
  /** Service the webhook calls (for the unreachable message), namespace/name. */
  readonly service: string;
}

export interface StorageClassSpec {
  readonly name: string;
  readonly provisioner: string;
  readonly bindingMode: 'Immediate' | 'WaitForFirstConsumer';
  readonly default: boolean;
  /** Time the provisioner takes to create a volume. */
  readonly provisionDelay: number;
  /** The provisioner fails with this message (ProvisioningFailed). */
  readonly provisionError?: string;
  /** Zones it provisions in; a WaitForFirstConsumer volume lands in the chosen node's zone. */
  readonly zones?: readonly string[];
}

export interface CsiDriverSpec {
  readonly name: string;
  /** Registered on nodes (false: "driver name X not found in the list of registered CSI drivers"). */
  readonly registered: boolean;
  readonly attachRequired: boolean;
  readonly attachDelay: number;
  readonly mountDelay: number;
  readonly attachError?: string;
  readonly mountError?: string;
}

export interface CniSpec {
  /** Plugin name as it appears in messages, e.g. calico. */
  readonly plugin: string;
  /** Delay of sandbox creation, ms. */
  readonly setupDelay: number;
  readonly failure?: {
    readonly mode: 'not-ready' | 'error' | 'unauthorized' | 'ip-exhausted';
    readonly message?: string;
    /** Only on these nodes (default all). */
    readonly nodes?: readonly string[];
  };
}

export interface RegistrySpec {
  /** Images not listed: exist, this size, pulled at `bandwidth`. */
  readonly defaultSize: string;
  /** Bytes per second the nodes pull at (default 50 MB/s). */
  readonly bandwidth: number;
  readonly images: readonly ImageSpec[];
}

export interface ImageSpec {
  /** Reference as containers name it (tag or digest); matched after normalisation (docker.io/library/…). */
  readonly name: string;
  readonly exists: boolean;
  readonly size?: string;
  /** Fixed pull time, overrides size/bandwidth. */
  readonly pullTime?: number;
  /** Needs credentials: pulls without a matching imagePullSecret fail with "unauthorized". */
  readonly auth: boolean;
  /** The registry answers 429 Too Many Requests. */
  readonly rateLimited: boolean;
  /** The registry's certificate is not trusted. */
  readonly badTLS: boolean;
  /** The registry host does not answer (dial timeout). */
  readonly unreachable: boolean;
  /** The image's platform does not match the node (exec format error at start). */
  readonly wrongArch: boolean;
  /** What a container of this image does when it runs. */
  readonly run: ContainerBehavior;
}

export interface ContainerBehavior {
  /** The runtime cannot start the process: "executable not found", "permission denied", … */
  readonly startError?: string;
  /** Runs this long, then exits with `exitCode` (absent: runs forever). */
  readonly exitAfter?: number;
  readonly exitCode: number;
  /** Memory grows past the limit after this long: OOMKilled, exit 137. */
  readonly oomAfter?: number;
  /** Log lines printed at start (and, for a crash, just before exiting). */
  readonly logs: readonly string[];
  /** Ports the process listens on, after `listenAfter`. TCP probes succeed on these. */
  readonly ports: readonly number[];
  readonly listenAfter: number;
  /** HTTP endpoints by path; unlisted paths answer 200 once listening. */
  readonly http: readonly HttpEndpoint[];
  /** Exec probes succeed (exit 0) unless false. */
  readonly execOk: boolean;
}

export interface HttpEndpoint {
  readonly path: string;
  readonly status: number;
  /** Response time, ms (slow endpoints time out against the probe's timeoutSeconds). */
  readonly latency: number;
  /** Only after this long (ms since the container started): before it, 200. */
  readonly after?: number;
  /** Only until this long after start; after it, 200 again. */
  readonly until?: number;
}

export interface UserSpec {
  readonly name: string;
  readonly token: string;
  readonly groups: readonly string[];
  /** RBAC rules; cluster-wide unless namespaces is given. */
  readonly rules: readonly {
    readonly verbs: readonly string[];
    readonly resources: readonly string[];
    readonly apiGroups: readonly string[];
    readonly namespaces?: readonly string[];
  }[];
}
