/**
 * How a pod's life on the node ends: deletion (graceful stop, teardown, then the kubelet
 * deletes the object), eviction under node pressure, and graceful node shutdown. Each stops
 * the running containers with a `Killing` event first, as killContainer does.
 */
import type { TerminalStatus } from './model.js';
import type { PodWorker } from './pod-worker.js';
import { STOP_MS } from './container-runner.js';

function killAll(w: PodWorker, afterMs: number, exitCode: number, reason: string): void {
  const pod = w.pod();
  for (const r of w.runs) {
    if (r.state.kind !== 'running') continue;
    if (pod !== undefined)
      w.world.events.record({
        object: pod,
        fieldPath: r.fieldPath,
        type: 'Normal',
        reason: 'Killing',
        message: `Stopping container ${r.spec.name}`,
        component: 'kubelet',
        host: w.env.nodeName,
      });
    w.runner.stop(r, afterMs, exitCode, reason);
  }
}

/** Ends the pod on this node: containers stop, the sandbox and volumes go. */
function finish(
  w: PodWorker,
  terminal: TerminalStatus,
  exitCode: number,
  reason: string,
  stopMs: number,
  then?: () => void,
): void {
  w.terminal = terminal;
  killAll(w, stopMs, exitCode, reason);
  w.requestFlush();
  w.world.after(stopMs, () => {
    if (w.frozen) return;
    const pod = w.pod();
    if (pod === undefined) return;
    if (w.podIP !== undefined && !w.sandboxRemoved) {
      w.env.hosts.sandbox.remove(pod);
      w.sandboxRemoved = true;
    }
    w.requestFlush();
    w.env.hosts.volumes.unmount(pod, () => {
      if (!w.frozen) then?.();
    });
  });
}

/** The API server set deletionTimestamp: stop within the grace period, then remove the object. */
export function terminate(w: PodWorker): void {
  if (w.terminating || w.frozen) return;
  w.terminating = true;
  const pod = w.pod();
  if (pod === undefined) return;
  const grace =
    (pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? 30) * 1000;
  const finishRemoval = (): void => {
    w.flush();
    const current = w.pod();
    if (current === undefined) return;
    // With finalizers left the object stays (terminal) until their owners remove them.
    if ((current.metadata.finalizers ?? []).length === 0)
      w.world.store.remove('pods', current.metadata.namespace, current.metadata.name);
    w.env.done(w.uid);
  };
  if (w.terminal !== undefined) {
    // Already finished (evicted, rejected by shutdown): nothing runs any more.
    finishRemoval();
    return;
  }
  finish(w, {}, 0, 'Completed', Math.min(STOP_MS, grace), finishRemoval);
}

export function evict(w: PodWorker, message: string): void {
  const pod = w.pod();
  if (pod === undefined || w.terminal !== undefined) return;
  w.world.events.record({
    object: pod,
    type: 'Warning',
    reason: 'Evicted',
    message,
    component: 'kubelet',
    host: w.env.nodeName,
  });
  // Hard eviction thresholds kill at once (grace period 0): SIGKILL, exit 137.
  finish(
    w,
    { phase: 'Failed', reason: 'Evicted', message, disruption: { reason: 'TerminationByKubelet', message } },
    137,
    'Error',
    0,
  );
}

/** activeDeadlineSeconds passed (active_deadline.go): the kubelet kills the pod and fails it. */
export function deadlineExceeded(w: PodWorker): void {
  const pod = w.pod();
  if (pod === undefined || w.terminal !== undefined || w.terminating) return;
  const message = 'Pod was active on the node longer than the specified deadline';
  w.world.events.record({
    object: pod,
    type: 'Normal',
    reason: 'DeadlineExceeded',
    message,
    component: 'kubelet',
    host: w.env.nodeName,
  });
  finish(w, { phase: 'Failed', reason: 'DeadlineExceeded', message }, 137, 'Error', STOP_MS);
}

export const SHUTDOWN_MESSAGE = 'Pod was terminated in response to imminent node shutdown.';

export function shutdown(w: PodWorker): void {
  if (w.terminal !== undefined) return;
  finish(
    w,
    {
      phase: 'Failed',
      reason: 'Terminated',
      message: SHUTDOWN_MESSAGE,
      disruption: { reason: 'TerminationByKubelet', message: SHUTDOWN_MESSAGE },
    },
    0,
    'Completed',
    STOP_MS,
  );
}
