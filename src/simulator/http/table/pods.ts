/** printPod of pkg/printers/internalversion/printers.go. */
import type { Pod } from '../../../model/index.js';
import { humanDuration, parseTime, podStatusColumn } from '../../../k8s/index.js';
import { list, num, pick, text } from './json.js';
import { since } from './since.js';
import { AGE, NAME, col, type Printer } from './types.js';

export const podPrinter: Printer = {
  columns: [
    NAME,
    col('Ready', 0, 'string', '', 'The aggregate readiness state of this pod for accepting traffic.'),
    col('Status', 0, 'string', '', 'The aggregate status of the containers in this pod.'),
    col(
      'Restarts',
      0,
      'string',
      '',
      'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
    ),
    AGE,
    col('IP', 1, 'string', '', 'IP address allocated to the pod. Routable at least within the cluster.'),
    col('Node', 1, 'string', '', 'NodeName indicates in which node this pod is scheduled.'),
    col(
      'Nominated Node',
      1,
      'string',
      '',
      'nominatedNodeName is set only when this pod preempts other pods on the node.',
    ),
    col(
      'Readiness Gates',
      1,
      'string',
      '',
      'If specified, all readiness gates will be evaluated for pod readiness.',
    ),
  ],
  row(pod, now) {
    const sidecars = new Set(
      list(pod, 'spec.initContainers')
        .filter((c) => text(c, 'restartPolicy') === 'Always')
        .map((c) => text(c, 'name')),
    );
    // printPod: while init containers run, their restarts count; afterwards only sidecars' and the app containers'.
    let restarts = 0;
    let ready = 0;
    let lastRestart = 0;
    let sidecarRestarts = 0;
    let sidecarLast = 0;
    let initializing = false;
    const total = list(pod, 'spec.containers').length + sidecars.size;
    const finishedAt = (c: unknown): number => parseTime(text(c, 'lastState.terminated.finishedAt')) ?? 0;
    for (const c of list(pod, 'status.initContainerStatuses')) {
      const sidecar = sidecars.has(text(c, 'name'));
      restarts += num(c, 'restartCount');
      lastRestart = Math.max(lastRestart, finishedAt(c));
      if (sidecar) {
        sidecarRestarts += num(c, 'restartCount');
        sidecarLast = Math.max(sidecarLast, finishedAt(c));
        if (pick(c, 'started') === true && pick(c, 'ready') === true) ready++;
      }
      const done = pick(c, 'state.terminated') !== undefined && num(c, 'state.terminated.exitCode') === 0;
      if (!initializing && !done && !(sidecar && pick(c, 'started') === true)) initializing = true;
    }
    const initialized = list(pod, 'status.conditions').some(
      (c) => text(c, 'type') === 'Initialized' && text(c, 'status') === 'True',
    );
    if (!initializing || initialized) {
      restarts = sidecarRestarts;
      lastRestart = sidecarLast;
      for (const c of list(pod, 'status.containerStatuses')) {
        restarts += num(c, 'restartCount');
        lastRestart = Math.max(lastRestart, finishedAt(c));
        if (pick(c, 'ready') === true && pick(c, 'state.running') !== undefined) ready++;
      }
    }
    const restartsText =
      restarts !== 0 && lastRestart !== 0
        ? `${restarts} (${humanDuration(now - lastRestart)} ago)`
        : String(restarts);
    const ip = text(list(pod, 'status.podIPs')[0], 'ip') || '<none>';
    const gates = list(pod, 'spec.readinessGates');
    let gatesText = '<none>';
    if (gates.length > 0) {
      const conditions = list(pod, 'status.conditions');
      const trueCount = gates.filter((g) =>
        conditions.some((c) => text(c, 'type') === text(g, 'conditionType') && text(c, 'status') === 'True'),
      ).length;
      gatesText = `${trueCount}/${gates.length}`;
    }
    return [
      text(pod, 'metadata.name'),
      `${ready}/${total}`,
      podStatusColumn(pod as Pod),
      restartsText,
      since(text(pod, 'metadata.creationTimestamp'), now),
      ip,
      text(pod, 'spec.nodeName') || '<none>',
      text(pod, 'status.nominatedNodeName') || '<none>',
      gatesText,
    ];
  },
};
