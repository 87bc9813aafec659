/**
 * Failures of the kubelet building a container's config (CreateContainerConfigError) or of the
 * runtime creating it (CreateContainerError), per container, from status and `Failed`
 * `Error: …` events, grouped so that each container (or each distinct error without one) is
 * reported once by the container-config rules.
 */
import type { Container, ContainerRef, EventRecord, Evidence, Pod } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { PodContext } from '../types.js';
import { containerEntries } from '../shared/containers.js';
import {
  createdSince,
  hasState,
  newestTime,
  oldestTime,
  podHasState,
  stateEvidence,
} from '../shared/container-evidence.js';
import { eventContainer, eventEvidence, eventTime } from '../shared/events.js';
import { isProcessStartFailure } from '../shared/start-failure.js';
import { perContext } from '../shared/memo.js';
import { siblingCause } from './sibling-cause.js';
import {
  classifyConfigError,
  configErrorDetail,
  configErrorOf,
  type ConfigErrorClass,
} from './config-message.js';

export interface ConfigFailure {
  readonly ref: ContainerRef | undefined;
  readonly spec: Container | undefined;
  readonly cls: ConfigErrorClass;
  readonly message: string;
  /** CreateContainerConfigError or CreateContainerError; undefined when only events tell. */
  readonly waitingReason: string | undefined;
  readonly basis: 'state' | 'events';
  readonly evidence: readonly Evidence[];
  readonly at: number | undefined;
  readonly since: number | undefined;
  /** The cause is another pod's: this container's own message is not in the evidence (see sibling-cause.ts). */
  readonly sibling?: string;
}

interface Group {
  readonly ref: ContainerRef | undefined;
  readonly spec: Container | undefined;
  readonly waiting: { readonly reason: string; readonly message: string } | undefined;
  readonly stated: boolean;
  readonly events: EventRecord[];
}

const classKey = (c: ConfigErrorClass): string =>
  `${c.code}/${c.objectKind ?? ''}/${c.object ?? ''}/${c.key ?? ''}`;

/** The container a message names, typed by the pod's spec when it lists it (else an app container). */
function namedContainer(pod: Pod, name: string | undefined): ContainerRef | undefined {
  if (name === undefined || name === '') return undefined;
  return containerEntries(pod).find((c) => c.ref.name === name)?.ref ?? { name, type: 'app' };
}

function groupsOf(pod: Pod, events: readonly EventRecord[]): Group[] {
  const groups: Group[] = containerEntries(pod).map((e) => {
    const w = hasState(e.status) ? e.status.state.waiting : undefined;
    const failing =
      w?.reason === 'CreateContainerConfigError' ||
      (w?.reason === 'CreateContainerError' && !isProcessStartFailure(w.message));
    return {
      ref: e.ref,
      spec: e.spec,
      waiting:
        failing && w?.reason !== undefined ? { reason: w.reason, message: w.message ?? '' } : undefined,
      stated: hasState(e.status),
      events: [],
    };
  });
  const loose = new Map<string, Group>();
  for (const e of events) {
    const found = configErrorOf(e);
    if (found === undefined) continue;
    const detail = found.detail;
    const ref = eventContainer(e) ?? namedContainer(pod, found.container);
    if (ref !== undefined) {
      let g = groups.find((x) => x.ref?.name === ref.name && x.ref.type === ref.type);
      if (g === undefined) {
        g = { ref, spec: undefined, waiting: undefined, stated: false, events: [] };
        groups.push(g);
      }
      g.events.push(e);
      continue;
    }
    // No fieldPath: join a container failing with the same error, else one group per distinct error.
    const key = classKey(classifyConfigError(detail));
    const same = groups.find(
      (x) => x.waiting !== undefined && classKey(classifyConfigError(x.waiting.message)) === key,
    );
    // kubectl describe prints the waiting Reason but not its Message: a sole container waiting on a
    // config error without a message takes the pod's unattributed error events.
    const blank = groups.filter((x) => x.waiting !== undefined && x.waiting.message === '');
    const target = same ?? (blank.length === 1 ? blank[0] : undefined);
    if (target !== undefined) target.events.push(e);
    else {
      const g = loose.get(key) ?? {
        ref: undefined,
        spec: undefined,
        waiting: undefined,
        stated: false,
        events: [],
      };
      loose.set(key, g);
      g.events.push(e);
    }
  }
  return [...groups, ...loose.values()];
}

function failureOf(ctx: PodContext, g: Group): ConfigFailure | undefined {
  let basis: 'state' | 'events' = 'state';
  if (g.stated) {
    if (g.waiting === undefined) return undefined;
  } else {
    if (g.events.length === 0) return undefined;
    if (g.ref === undefined && podHasState(ctx.pod)) return undefined;
    if (createdSince(ctx.events, g.ref, newestTime(g.events) ?? 0) !== undefined) return undefined;
    basis = 'events';
  }
  const newestEvent = [...g.events].sort((a, b) => eventTime(b) - eventTime(a))[0];
  const own = g.waiting?.message || (newestEvent === undefined ? '' : (configErrorDetail(newestEvent) ?? ''));
  const sibling =
    own === '' && g.waiting?.reason === 'CreateContainerConfigError'
      ? siblingCause(ctx, g.waiting.reason)
      : undefined;
  const message = sibling?.message ?? own;
  const evidence: Evidence[] = [
    ...(g.ref !== undefined && g.waiting !== undefined
      ? [stateEvidence(g.ref, 'state.waiting', g.waiting.reason, g.waiting.message)]
      : []),
    ...(newestEvent === undefined ? [] : [eventEvidence(newestEvent, ctx.now)]),
    ...(sibling === undefined ? [] : [sibling.evidence]),
  ];
  const pod = ctx.pod;
  return {
    ref: g.ref,
    spec: g.spec,
    cls: sibling?.cls ?? classifyConfigError(message),
    message,
    ...(sibling === undefined ? {} : { sibling: sibling.pod }),
    waitingReason: g.waiting?.reason,
    basis,
    evidence,
    at: newestTime(g.events),
    since:
      oldestTime(g.events) ?? parseTime(pod.status.startTime) ?? parseTime(pod.metadata.creationTimestamp),
  };
}

/** Containers the kubelet cannot configure or the runtime cannot create, now or (without status) per events. */
function computeConfigFailures(ctx: PodContext): readonly ConfigFailure[] {
  return groupsOf(ctx.pod, ctx.events).flatMap((g) => failureOf(ctx, g) ?? []);
}

/** Memoised per context: every rule of the stage shares one computation. */
export const configFailures = perContext(computeConfigFailures);
