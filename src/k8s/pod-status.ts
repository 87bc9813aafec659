import type { ContainerStatus, Pod } from '../model/index.js';

/**
 * The STATUS column of `kubectl get pods`, ported from kubectl's printPod
 * (pkg/printers/internalversion/printers.go): Init:N/M, Init:<reason>, CrashLoopBackOff,
 * Completed, NotReady, Terminating, Unknown, ...
 */
export function podStatusColumn(pod: Pod): string {
  const status = pod.status;
  let reason = status.reason ?? status.phase ?? '';
  if (status.conditions?.some((c) => c.type === 'PodScheduled' && c.reason === 'SchedulingGated')) {
    reason = 'SchedulingGated';
  }
  const initSpecs = pod.spec.initContainers ?? [];
  const initStatuses = status.initContainerStatuses ?? [];
  let initializing = false;
  for (let i = 0; i < initStatuses.length; i++) {
    const c = initStatuses[i] as ContainerStatus;
    const spec = initSpecs.find((s) => s.name === c.name);
    const term = c.state?.terminated;
    if (term !== undefined && (term.exitCode ?? (term.reason === 'Completed' ? 0 : 1)) === 0) continue;
    if (spec?.restartPolicy === 'Always' && c.started === true) continue;
    initializing = true;
    if (term !== undefined) {
      if (term.reason === undefined || term.reason === '') {
        reason = term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode ?? '?'}`;
      } else {
        reason = `Init:${term.reason}`;
      }
    } else if (c.state?.waiting?.reason && c.state.waiting.reason !== 'PodInitializing') {
      reason = `Init:${c.state.waiting.reason}`;
    } else {
      reason = `Init:${i}/${initSpecs.length || initStatuses.length}`;
    }
    break;
  }
  const initialized =
    status.conditions?.some((c) => c.type === 'Initialized' && c.status === 'True') ?? false;
  if (!initializing || initialized) {
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i] as ContainerStatus;
      const waiting = c.state?.waiting;
      const term = c.state?.terminated;
      if (waiting?.reason) reason = waiting.reason;
      else if (term?.reason) reason = term.reason;
      else if (term !== undefined)
        reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode ?? '?'}`;
      else if (c.ready && c.state?.running !== undefined) hasRunning = true;
    }
    if (reason === 'Completed' && hasRunning) {
      reason = status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')
        ? 'Running'
        : 'NotReady';
    }
  }
  const terminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  if (pod.metadata.deletionTimestamp !== undefined && status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp !== undefined && !terminal) reason = 'Terminating';
  return reason;
}

/** Total restarts across init and app containers, as the RESTARTS column counts them. */
export function podRestarts(pod: Pod): number {
  let n = 0;
  for (const c of pod.status.containerStatuses ?? []) n += c.restartCount;
  for (const c of pod.status.initContainerStatuses ?? []) n += c.restartCount;
  return n;
}

/** No phase, condition or container status: the pod is known by other evidence only (its events, a log). */
export function hasNoStatus(pod: Pod): boolean {
  const st = pod.status;
  return (
    st.phase === undefined &&
    (st.conditions ?? []).length === 0 &&
    (st.containerStatuses ?? []).length === 0 &&
    (st.initContainerStatuses ?? []).length === 0
  );
}
