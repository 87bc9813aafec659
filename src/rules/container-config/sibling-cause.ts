/**
 * `kubectl describe` prints a waiting Reason without its Message, and a `kubectl get pods` row
 * shows neither: a container waiting in CreateContainerConfigError with no message in the evidence
 * takes the cause the evidence shows for other pods of its namespace waiting on the same error,
 * when they all show the same one (a table of failing pods next to one pod's describe or events).
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
  for (const other of ctx.index.podsInNamespace(ctx.pod.metadata.namespace ?? '')) {
    if (other === ctx.pod) continue;
    for (const message of messagesOf(ctx, other, waitingReason)) {
      const cls = classifyConfigError(message);
      if (cls.code === 'CreateContainerError' || found.has(cls.code)) continue;
      const name = other.metadata.name;
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
