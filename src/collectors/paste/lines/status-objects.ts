/**
 * Partial Pods built from a line: a pod status message or bare status.reason word, and a
 * container state reason with its message (`ErrImagePull: rpc error: ...`, as jsonpath and
 * custom columns print `state.waiting`).
 */
import { TERMINATED_REASONS, WAITING_REASONS } from '../common/container-reasons.js';
import { UNNAMED_CONTAINER, UNNAMED_POD, type PastedObject } from '../common/types.js';

/** A partial Pod for a pod status message or a bare status word; `name` when the row gives one. */
export function statusPod(
  reason: string,
  message: string | undefined,
  line: number,
  name?: string,
): PastedObject {
  const lost =
    reason === 'NodeLost' && message !== undefined
      ? /^Node (\S+) which was running pod (\S+) is/.exec(message)
      : null;
  const podName = lost?.[2] ?? name ?? UNNAMED_POD;
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: podName },
      ...(lost?.[1] === undefined ? {} : { spec: { nodeName: lost[1] } }),
      status: {
        ...(reason === 'NodeLost' ? {} : { phase: 'Failed' }),
        reason,
        ...(message === undefined ? {} : { message }),
      },
    },
    line,
    ...(lost === null && name === undefined ? { inferredName: 'the text names no pod' } : {}),
  };
}

/** `[Init:]Reason: message` where Reason is a container state reason (kubernetes-facts.md §1). */
const STATE_PAIR = /^(Init:)?([A-Z][A-Za-z]+):\s+(\S.*)$/;

/** The partial Pod for a container state reason and its message, or undefined when the text is none. */
export function containerStatePod(text: string, line: number): PastedObject | undefined {
  const m = STATE_PAIR.exec(text);
  const reason = m?.[2];
  const message = m?.[3];
  if (reason === undefined || message === undefined) return undefined;
  const waiting = WAITING_REASONS.has(reason);
  // "Error: ..." and "Completed: ..." are everyone's words, not only the runtime's reasons.
  if (!waiting && (!TERMINATED_REASONS.has(reason) || reason === 'Error' || reason === 'Completed'))
    return undefined;
  const state = waiting ? { waiting: { reason, message } } : { terminated: { reason, message } };
  const container = { name: UNNAMED_CONTAINER, ready: false, state };
  const init = m?.[1] !== undefined;
  return {
    raw: {
      kind: 'Pod',
      metadata: { name: UNNAMED_POD },
      status: init
        ? { conditions: [{ type: 'Initialized', status: 'False' }], initContainerStatuses: [container] }
        : { containerStatuses: [container] },
    },
    line,
    inferredName: 'the text names no pod',
  };
}
