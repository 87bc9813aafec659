import type { ReasonCode, StageId } from './stages.js';

export const EVIDENCE_SOURCES = [
  'event',
  'condition',
  'status',
  'spec',
  'node',
  'pvc',
  'endpointslice',
  'service',
  'owner',
  'log',
  'probe',
] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

/** One line of proof, quoting where it came from. `at` is RFC 3339 when known. */
export interface Evidence {
  readonly source: EvidenceSource;
  readonly text: string;
  readonly at?: string;
}

export type ContainerType = 'init' | 'app' | 'ephemeral';
export interface ContainerRef {
  readonly name: string;
  readonly type: ContainerType;
}

export type Confidence = 'high' | 'medium' | 'low';

/**
 * What a rule reports. `status: 'progressing'` means the symptom is inside the rule's grace
 * period (a pull that began 10 s ago). `basis` says whether the finding rests on the current
 * state of an object (never history) or only on events (history once the stage has passed).
 */
export interface Finding {
  readonly ruleId: string;
  readonly stage: StageId;
  readonly reason: ReasonCode;
  readonly status: 'failed' | 'progressing';
  readonly basis: 'state' | 'events';
  readonly messageId: string;
  readonly data: Readonly<Record<string, string | number>>;
  readonly container?: ContainerRef;
  readonly evidence: readonly Evidence[];
  readonly nextSteps: readonly string[];
  readonly confidence?: Confidence;
  /** Epoch ms of the newest evidence behind the finding. */
  readonly at?: number;
  /**
   * Epoch ms by which the failure (or the wait it describes) had begun, as the rule read it from
   * the evidence, when that is earlier than the events it quotes show. The engine judges the
   * grace period from this, those events and the pod's milestones; with no time at all a finding
   * cannot be progressing.
   */
  readonly since?: number;
  /**
   * The finding rests on a failure the component reported: its own attempt failed and it retries
   * after a back-off (ErrImagePull, a FailedMount error, FailedCreatePodSandBox, a Multi-Attach
   * naming the pods that hold the volume). A grace period covers only a stage still under way or a
   * component waiting on an operation in flight, so a reported failure is failed however young.
   */
  readonly reported?: true;
  /**
   * The grace period of this finding, in seconds, when the pod's spec sets it (a startup or
   * liveness probe that has not yet failed failureThreshold × periodSeconds in a row); the rule's
   * own grace period otherwise.
   */
  readonly graceSeconds?: number;
}

export type Verdict = 'healthy' | 'progressing' | 'failed' | 'unknown';
export type ChainStatus = 'passed' | 'failed' | 'progressing' | 'not-reached' | 'unknown';

export interface ChainEntry {
  readonly stage: StageId;
  readonly status: ChainStatus;
  readonly at?: string | undefined;
  readonly durationMs?: number | undefined;
}

export type TargetKind =
  | 'Pod'
  | 'ReplicaSet'
  | 'Deployment'
  | 'StatefulSet'
  | 'DaemonSet'
  | 'Job'
  | 'CronJob'
  | 'ReplicationController'
  | 'Service';

export interface TargetRef {
  readonly kind: TargetKind;
  readonly namespace: string;
  readonly name: string;
  readonly uid?: string | undefined;
}

/**
 * Pod startup latency by SIG Scalability's definition: from the pod's creation to all its
 * containers reported started, excluding time spent pulling images and running init containers.
 * Times are RFC 3339, durations milliseconds. Not in the JSON contract.
 */
export interface StartupBreakdown {
  readonly createdAt: string;
  /** When every app container was reported started; absent while some have not. */
  readonly startedAt?: string | undefined;
  /** startedAt - createdAt. */
  readonly totalMs?: number | undefined;
  /** Time spent pulling images (sum of the kubelet's "Successfully pulled ... in X" durations). */
  readonly imagePullMs: number;
  /** Time spent running init containers. */
  readonly initMs: number;
  /** totalMs - imagePullMs - initMs: the figure the 5 s pod-startup SLO is about. */
  readonly sloMs?: number | undefined;
}

export interface Diagnosis {
  readonly target: TargetRef;
  readonly verdict: Verdict;
  readonly stage: StageId | null;
  readonly reason: ReasonCode | null;
  readonly ruleId: string | null;
  readonly container: ContainerRef | null;
  readonly summary: string;
  readonly confidence: Confidence;
  readonly evidence: readonly Evidence[];
  readonly nextSteps: readonly string[];
  readonly chain: readonly ChainEntry[];
  /** Set by `handoff preflight` only: the prediction this entry stands for. */
  readonly preflight?: PreflightOutcome | undefined;
  /** Not in the JSON contract: the top-level owner, used to group pods of one workload. */
  readonly group?: { readonly kind: string; readonly name: string } | undefined;
  /** Not in the JSON contract: the controller chain, nearest first, used to select targets. */
  readonly owners?: readonly { readonly kind: string; readonly name: string }[] | undefined;
  /** Not in the JSON contract: the pod's labels, used by `-l`. */
  readonly labels?: Readonly<Record<string, string>> | undefined;
  /** Not in the JSON contract: pod startup latency (pods only, when the evidence dates it). */
  readonly startup?: StartupBreakdown | undefined;
  /** Not in the JSON contract: extra remarks (history, restarts, inferred names, missing evidence). */
  readonly notes: readonly string[];
}

/** What `handoff preflight` predicts for one target before anything is applied. */
export type PreflightVerdict = 'would-pass' | 'would-fail' | 'cannot-tell';

export interface PreflightOutcome {
  readonly verdict: PreflightVerdict;
  /** What preflight could not decide (a webhook, a registry, state it could not read). */
  readonly unknown: readonly string[];
  /** What would not stop the target but is worth fixing. */
  readonly warnings: readonly string[];
  /** Where the target's manifest was written. */
  readonly file?: string | undefined;
  readonly line?: number | undefined;
}

export interface DiagnosisReport {
  /** `PreflightReport` for `handoff preflight` (each diagnosis then carries `preflight`). */
  readonly kind?: 'DiagnosisReport' | 'PreflightReport';
  readonly generatedAt: string;
  /**
   * Epoch ms that ages and grace periods were counted to (not in the JSON contract, which has it
   * as `source.referenceTime`): the TUI reads it as a number.
   */
  readonly referenceTime: number;
  readonly source: Readonly<Record<string, unknown>> & { readonly type: 'live' | 'file' | 'simulator' };
  readonly diagnoses: readonly Diagnosis[];
}
