/**
 * `kubectl describe` prints a waiting Reason without its Message, and a `kubectl get pods` row
 * shows neither: a container waiting in CreateContainerConfigError with no message in the evidence
 * takes the cause the evidence shows for other pods of its namespace waiting on the same error,
 * when they all show the same one (a table of failing pods next to one pod's describe or events).
 * A pod known only from its events (no pod object in the evidence) waits on the error its
 * config-error events report: the kubelet records "Error: <message>" as it sets the waiting reason.
 */
import type { Evidence, Pod } from '../../model/index.js';
import type { PodContext } from '../types.js';
import { containerEntries } from '../shared/containers.js';
import { hasState, shorten } from '../shared/container-evidence.js';
import { classifyConfigError, configErrorDetail, type ConfigErrorClass } from './config-message.js';

export interface SiblingCause {
  readonly cls: ConfigErrorClass;
  readonly message: string;
  /** The pod whose evidence shows the cause. */
  readonly pod: string;
  readonly evidence: Evidence;
}

/** Pods of the namespace known only from their events: the kubelet's config-error events they carry. */
function eventOnlyPodMessages(ctx: PodContext, namespace: string): { pod: string; messages: string[] }[] {
  const out: { pod: string; messages: string[] }[] = [];
  for (const events of ctx.index.eventObjects()) {
    const ref = events[0]?.regarding;
    if (ref?.kind !== 'Pod' || (ref.namespace ?? '') !== namespace || ref.name === ctx.pod.metadata.name)
      continue;
    if (ctx.index.pod(namespace, ref.name) !== undefined) continue;
    out.push({ pod: ref.name, messages: events.flatMap((e) => configErrorDetail(e) ?? []) });
  }
  return out;
}

/** The config-error messages the evidence holds for a pod whose containers wait on `reason`. */
function messagesOf(ctx: PodContext, pod: Pod, reason: string): string[] {
  const waiting = containerEntries(pod).flatMap((e) =>
    hasState(e.status) && e.status.state.waiting?.reason === reason ? [e.status.state.waiting] : [],
  );
  if (waiting.length === 0) return [];
  const events = ctx.index.eventsFor({
    kind: 'Pod',
    namespace: pod.metadata.namespace ?? '',
    name: pod.metadata.name,
  });
  return [
    ...waiting.flatMap((w) => (w.message ? [w.message] : [])),
    ...events.flatMap((e) => configErrorDetail(e) ?? []),
  ];
}

/** The one specific cause other pods of the namespace show for the same waiting reason, if they agree. */
export function siblingCause(ctx: PodContext, waitingReason: string): SiblingCause | undefined {
  const found = new Map<string, SiblingCause>();
  const namespace = ctx.pod.metadata.namespace ?? '';
  const others = [
    ...ctx.index
      .podsInNamespace(namespace)
      .filter((p) => p !== ctx.pod)
      .map((p) => ({ pod: p.metadata.name, messages: messagesOf(ctx, p, waitingReason) })),
    // Its config-error events are what the kubelet records with CreateContainerConfigError.
    ...(waitingReason === 'CreateContainerConfigError' ? eventOnlyPodMessages(ctx, namespace) : []),
  ];
  for (const { pod: name, messages } of others) {
    for (const message of messages) {
      const cls = classifyConfigError(message);
      if (cls.code === 'CreateContainerError' || found.has(cls.code)) continue;
      found.set(cls.code, {
        cls,
        message,
        pod: name,
        evidence: {
          source: 'status',
          text: `pod ${name} of the same namespace, also ${waitingReason}: ${shorten(message)}`,
        },
      });
    }
  }
  return found.size === 1 ? [...found.values()][0] : undefined;
}
