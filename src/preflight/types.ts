/**
 * Preflight: which handoff would stop a manifest before it is applied. The cluster's state is
 * plain Kubernetes objects (read from a cluster, a capture bundle or a simulator scenario); the
 * input is what `kubectl apply -f` would send. Nothing here reads files or a cluster.
 */
import type { Evidence, ReasonCode, StageId, StateKind } from '../model/index.js';
import type { KObject } from '../simulator/world/types.js';

/** One object of the input, with where it was written. */
export interface InputObject {
  readonly object: KObject;
  /** File the object came from ("(stdin)" for -f -). */
  readonly file: string;
  /** 1-based line where its document starts. */
  readonly line: number;
}

export { STATE_KINDS, type StateKind } from '../model/index.js';

/** What the cluster holds before the input is applied. */
export interface ClusterState {
  /** Objects as the API server returns them (Secrets may carry only their data keys). */
  readonly objects: readonly KObject[];
  /** Kinds that were read whole; a kind absent here is unknown, never "there are none". */
  readonly known: ReadonlySet<StateKind>;
  /** Why a kind is unknown, e.g. `list secrets is forbidden in namespace shop`. */
  readonly missing: readonly { readonly kind: StateKind; readonly why: string }[];
  /** Epoch ms the state describes ("now" live, the capture time of a bundle). */
  readonly at: number;
  /**
   * The API server's version (`/version` gitVersion, e.g. v1.33.2) when known: the what-if's
   * admission and scheduler then word their messages as that release does.
   */
  readonly version?: string;
}

/** A workload of the input whose pods preflight judges. */
export interface PreflightTarget {
  readonly kind:
    | 'Pod'
    | 'Deployment'
    | 'ReplicaSet'
    | 'StatefulSet'
    | 'DaemonSet'
    | 'Job'
    | 'CronJob'
    | 'ReplicationController';
  readonly namespace: string;
  readonly name: string;
  /** The pod template (a bare Pod: the Pod itself), as applied. */
  readonly template: {
    readonly metadata: { readonly labels?: Readonly<Record<string, string>> };
    readonly spec: Readonly<Record<string, unknown>>;
  };
  readonly replicas: number;
  readonly input: InputObject;
}

/**
 * What one check found about one target:
 * - `fail`: Kubernetes would stop the target at `stage`, with the message it would give;
 * - `unknown`: the check cannot decide (state not readable, a webhook, a registry only a pull
 *   proves), and says what is unknown;
 * - `warn`: it would not stop the target but is worth fixing (e.g. `:latest` with IfNotPresent).
 */
export interface CheckFinding {
  readonly check: string;
  readonly outcome: 'fail' | 'unknown' | 'warn';
  readonly stage: StageId;
  /** Reason code of the stage (docs/architecture.md §1); for `fail` always set. */
  readonly reason?: ReasonCode;
  /** One line, as Kubernetes would word it where Kubernetes has a message. */
  readonly message: string;
  readonly evidence: readonly Evidence[];
  readonly nextSteps: readonly string[];
  /** Container the finding is about, when one. */
  readonly container?: { readonly name: string; readonly type: 'init' | 'app' | 'ephemeral' };
}

/** Everything a static check is given. */
export interface CheckContext {
  readonly target: PreflightTarget;
  readonly state: ClusterState;
  /** The whole input: its ConfigMaps, Secrets, PVCs, Services and ServiceAccounts count as present. */
  readonly inputs: readonly InputObject[];
}

export type Check = (ctx: CheckContext) => readonly CheckFinding[];

export type { PreflightVerdict } from '../model/index.js';
