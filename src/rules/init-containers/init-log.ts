import type { LogTail, Pod } from '../../model/index.js';
import { initContainerEntries } from '../shared/containers.js';
import { hasState } from '../shared/container-evidence.js';

/**
 * An init container known only by its log: the pod is in the evidence without the init
 * container's state (a pasted `kubectl logs POD -c init` and no describe), so what its log ends
 * with is all there is of its run.
 */

/** How an init container's log ends (shared/log-end.ts). */
export { logEnd as initLogEnd, type LogEnd as InitLogEnd } from '../shared/log-end.js';

/**
 * The logs of init containers whose state the evidence lacks, by container: a listed init
 * container without a status, or a log the pod's containers cannot have printed (no container
 * named, or an app container still waiting on PodInitializing: it never ran). Only while no init
 * container's state is known at all: a known state decides instead.
 */
export function statelessInitLogs(pod: Pod, logs: readonly LogTail[]): readonly LogTail[] {
  const inits = initContainerEntries(pod);
  if (inits.some((e) => hasState(e.status))) return [];
  const initNames = new Set(inits.map((e) => e.ref.name));
  const neverRan = new Set(
    (pod.status.containerStatuses ?? [])
      .filter((s) => s.state?.waiting?.reason === 'PodInitializing')
      .map((s) => s.name),
  );
  const waitsOnInit = neverRan.size > 0 || initNames.size > 0;
  return logs.filter(
    (l) =>
      l.lines.length > 0 &&
      (initNames.has(l.container) || (waitsOnInit && (l.container === '' || neverRan.has(l.container)))),
  );
}
