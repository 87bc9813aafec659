import type { ContainerRef, ContainerStatus, EventRecord, Evidence, Pod } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { containerEntries } from '../shared/containers.js';
import {
  containerJsonPath,
  containerSubject,
  createdSince,
  describePod,
  hasState,
  newestTime,
  oldestTime,
  podHasState,
  shorten,
  stateEvidence,
} from '../shared/container-evidence.js';
import { eventContainer, eventEvidence, eventTime } from '../shared/events.js';
import {
  classifyPullError,
  codeForWaitingReason,
  imageInMessage,
  isImagePullWaitingReason,
  mayBeMissingOrPrivate,
  pullErrorTail,
  sameImage,
  type ImagePullCode,
} from './pull-message.js';
import { perContext } from '../shared/memo.js';
import { syncErrors, type SyncError } from '../shared/sync-error.js';

/** One container's (or, when events name no container, one image's) failing pull. */
export interface PullFailure {
  readonly ref: ContainerRef | undefined;
  /** '' when the evidence does not name the image. */
  readonly image: string;
  readonly code: ImagePullCode;
  readonly waitingReason: string | undefined;
  /** The CRI error (or kubelet message) behind the code. */
  readonly cause: string;
  /** The fragment that decided the code, '' when none did. */
  readonly matched: string;
  /** Docker Hub's "repository does not exist or may require authorization". */
  readonly missingOrPrivate: boolean;
  readonly basis: 'state' | 'events';
  readonly evidence: readonly Evidence[];
  readonly at: number | undefined;
  /** When the failure began (first failure event, else pod start), epoch ms. */
  readonly since: number | undefined;
  /** The node: spec.nodeName, else the host the kubelet events came from. */
  readonly node: string | undefined;
}

const ERROR_REASON =
  /^\s*Error:\s*\**\s*(?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull|ImageInspectError|RegistryUnavailable|SignatureValidationFailed|ErrImageNotEnsured)\b/;

/** Kubelet image events that report a failure (reason `Failed` and `BackOff` are shared with other failures). */
function isPullFailureEvent(e: EventRecord): boolean {
  switch (e.reason) {
    case 'Failed':
      return /^\s*Failed to pull image/i.test(e.message) || ERROR_REASON.test(e.message);
    case 'BackOff':
      return /^\s*Back-off pulling image/i.test(e.message);
    case 'ErrImageNeverPull':
    case 'InspectFailed':
      return true;
    case 'FailedSync':
      return pullSyncError(e) !== undefined;
    default:
      return false;
  }
}

interface Group {
  ref: ContainerRef | undefined;
  image: string;
  readonly status: ContainerStatus | undefined;
  readonly failures: EventRecord[];
  readonly pulls: EventRecord[];
}

/**
 * An event that names an image but no container (a `kubectl get events` row has no fieldPath)
 * belongs to the one container whose image the evidence does not show (a `kubectl get pods`
 * row): every other container's image is known and is not the one named.
 */
function onlyUnknownImage(groups: readonly Group[], image: string | undefined): Group | undefined {
  if (image === undefined) return undefined;
  const unknown = groups.filter((x) => x.ref !== undefined && x.image === '');
  return unknown.length === 1 ? unknown[0] : undefined;
}

/** The name kubelets before the CRI gave a pod's infra (sandbox) container in their sync results. */
const INFRA_CONTAINER = 'POD';

/**
 * The pull failure a kubelet sync error reports (`FailedSync` of kubelets before 1.13, and the
 * kubelet's "Error syncing pod" log line): `failed to "StartContainer" for "app" with
 * ImagePullBackOff: "Back-off pulling image \"x\""`.
 */
function pullSyncError(e: EventRecord): SyncError | undefined {
  // "POD" is the infra container of kubelets before the CRI: its image is the sandbox's (sandbox-network).
  return syncErrors(e).find(
    (s) => s.action === 'StartContainer' && s.target !== INFRA_CONTAINER && isImagePullWaitingReason(s.code),
  );
}

/** The failure an event reports: a sync error's own message, else the event's. */
function failureText(e: EventRecord): string {
  return pullSyncError(e)?.message ?? e.message;
}

function groupFor(groups: Group[], e: EventRecord): Group | undefined {
  const sync = pullSyncError(e);
  // A sync error names its container by name only: the pod's spec tells an init container.
  const ref: ContainerRef | undefined =
    eventContainer(e) ??
    (sync === undefined
      ? undefined
      : (groups.find((x) => x.ref?.name === sync.target)?.ref ?? { name: sync.target, type: 'app' }));
  const image = imageInMessage(sync?.message ?? e.message);
  let g =
    ref !== undefined
      ? groups.find((x) => x.ref?.name === ref.name && x.ref.type === ref.type)
      : (groups.find((x) => sameImage(x.image, image)) ?? onlyUnknownImage(groups, image));
  if (g === undefined && (ref !== undefined || image !== undefined)) {
    g = { ref, image: image ?? '', status: undefined, failures: [], pulls: [] };
    groups.push(g);
  }
  if (g !== undefined && g.image === '' && image !== undefined) g.image = image;
  return g;
}

/** One group per container of the pod, plus groups for containers or images only events name. */
function groupsOf(ctx: PodContext): Group[] {
  const groups: Group[] = containerEntries(ctx.pod).map((e) => ({
    ref: e.ref,
    image: e.spec?.image ?? e.status?.image ?? '',
    status: e.status,
    failures: [],
    pulls: [],
  }));
  const loose: EventRecord[] = [];
  for (const e of ctx.events) {
    const failure = isPullFailureEvent(e);
    if (!failure && e.reason !== 'Pulled') continue;
    const g = groupFor(groups, e);
    if (g === undefined) {
      if (failure) loose.push(e);
    } else (failure ? g.failures : g.pulls).push(e);
  }
  // "Error: ErrImagePull" without a fieldPath names neither container nor image.
  if (loose.length > 0) {
    const failing = groups.filter(
      (g) => g.failures.length > 0 || isImagePullWaitingReason(g.status?.state?.waiting?.reason),
    );
    const only = failing.length === 1 ? failing[0] : undefined;
    if (only !== undefined) only.failures.push(...loose);
    else if (failing.length === 0)
      groups.push({ ref: undefined, image: '', status: undefined, failures: loose, pulls: [] });
  }
  return groups;
}

/** Waiting reasons in which the kubelet records an error (kubernetes-facts §1.1). */
const ERROR_WAITING_REASONS: ReadonlySet<string> = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'ImageInspectError',
  'ErrImageNeverPull',
  'InvalidImageName',
  'RegistryUnavailable',
  'SignatureValidationFailed',
  'CrashLoopBackOff',
  'RunContainerError',
  'CreateContainerConfigError',
  'CreateContainerError',
  'PreCreateHookError',
  'PreStartHookError',
  'PostStartHookError',
]);

function failureOf(ctx: PodContext, g: Group): PullFailure | undefined {
  const stated = hasState(g.status) ? g.status.state : undefined;
  const pulling = isImagePullWaitingReason(stated?.waiting?.reason);
  // A waiting reason that records no error (ContainerCreating, PodInitializing, or the free text of
  // pre-1.0 kubelets such as "Image: redis is not ready on the node") lets unresolved events speak.
  const undecided =
    stated === undefined ||
    (stated.waiting !== undefined && !ERROR_WAITING_REASONS.has(stated.waiting.reason ?? ''));
  if (!pulling && !undecided) return undefined; // running, terminated or past its pull
  const waiting = pulling ? stated?.waiting : undefined;
  let basis: 'state' | 'events' = 'state';
  if (!pulling) {
    if (g.failures.length === 0) return undefined;
    // Events that name no container of a pod whose statuses are known are about an earlier image.
    if (g.ref === undefined && podHasState(ctx.pod)) return undefined;
    const lastFailure = newestTime(g.failures) ?? 0;
    if (g.pulls.some((p) => eventTime(p) >= lastFailure)) return undefined;
    if (createdSince(ctx.events, g.ref, lastFailure) !== undefined) return undefined;
    basis = 'events';
  }
  const byNewest = [...g.failures].sort((a, b) => eventTime(b) - eventTime(a));
  const candidates: { text: string; event?: EventRecord }[] = [
    ...(waiting?.message ? [{ text: waiting.message }] : []),
    ...byNewest.map((event) => ({ text: failureText(event), event })),
  ];
  const chosen = candidates.find((c) => classifyPullError(c.text) !== undefined);
  const cls = chosen === undefined ? undefined : classifyPullError(chosen.text);
  const code = codeForWaitingReason(waiting?.reason) ?? cls?.code ?? 'PullBackOff';
  const nonBackOff = byNewest.find((e) => e.reason !== 'BackOff');
  const causeText =
    chosen?.text ??
    waiting?.message ??
    (nonBackOff === undefined ? undefined : failureText(nonBackOff)) ??
    waiting?.reason ??
    '';

  const events = [chosen?.event, byNewest[0]].filter(
    (e, i, all): e is EventRecord => e !== undefined && all.indexOf(e) === i,
  );
  const evidence: Evidence[] = [
    ...(g.ref !== undefined && waiting?.reason !== undefined
      ? [stateEvidence(g.ref, 'state.waiting', waiting.reason, waiting.message)]
      : []),
    ...events.map((e) => eventEvidence(e, ctx.now)),
  ];
  const pod = ctx.pod;
  return {
    ref: g.ref,
    image:
      g.image ||
      (g.failures.map((e) => imageInMessage(e.message)).find((i) => i !== undefined) ??
        g.status?.image ??
        ''),
    code,
    waitingReason: waiting?.reason,
    cause: pullErrorTail(causeText),
    matched: cls?.code === code ? cls.matched : '',
    missingOrPrivate: code === 'RegistryUnauthorized' && mayBeMissingOrPrivate(causeText),
    basis,
    evidence,
    at: newestTime(events),
    since:
      oldestTime(g.failures) ?? parseTime(pod.status.startTime) ?? parseTime(pod.metadata.creationTimestamp),
    node: pod.spec.nodeName ?? byNewest.find((e) => e.host !== undefined)?.host,
  };
}

/** Every container whose image pull is failing now (state) or, without status, per unresolved events. */
function computePullFailures(ctx: PodContext): readonly PullFailure[] {
  return groupsOf(ctx).flatMap((g) => failureOf(ctx, g) ?? []);
}

const NO_CAUSE = /^(?:\s*$|Back-off pulling image|Error:)/;

/** Placeholders every image-pull message can use. */
export function pullData(f: PullFailure): Record<string, string> {
  return {
    container: f.ref?.name ?? '',
    subject: containerSubject(f.ref),
    image: f.image || '(image not named in the evidence)',
    // A bare back-off line says nothing about the cause; events that did may have expired (1 h TTL).
    cause: NO_CAUSE.test(f.cause) ? 'the pull error itself is not in the evidence' : shorten(f.cause),
    detail: f.matched || shorten(f.cause, 120) || 'cause not stated',
  };
}

/** `kubectl describe pod`, the image reference, then rule-specific steps and one fix sentence. */
export function pullNextSteps(pod: Pod, f: PullFailure, extra: readonly string[], fix: string): string[] {
  return [describePod(pod), containerJsonPath(pod, f.ref, 'image'), ...extra, fix];
}

/** Memoised per context: every rule of the stage shares one computation. */
export const pullFailures = perContext(computePullFailures);
