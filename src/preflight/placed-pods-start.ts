/**
 * The what-if's stand-in for the kubelets: a pod the scheduler placed is taken to start and be
 * Ready at once. Preflight does not judge what happens on the node (a pull, the app's own start:
 * those are reported as what it cannot tell); this only lets the controllers that wait on Ready
 * pods go on as they would (a StatefulSet's next ordinal, a Deployment's rollout, a Service's
 * endpoints), so the failures they meet later are found too. Pods the state already held keep
 * the status the cluster reported.
 */
import type { ApiWorld } from '../simulator/api/server.js';
import type { Controller } from '../simulator/controllers/types.js';
import type { PodObj } from '../simulator/world/types.js';

export function placedPodsStart(seeded: ReadonlySet<string>): Controller {
  return {
    name: 'preflight-placed-pods-start',
    start(world: ApiWorld): void {
      let next = 0;
      world.watch('pods', (change) => {
        if (change.type === 'DELETED') return;
        const key = `${change.namespace}/${change.object.metadata.name}`;
        const pod = world.store.get<PodObj>('pods', change.namespace, change.object.metadata.name);
        if (pod === undefined || seeded.has(key)) return;
        if (pod.spec.nodeName === undefined || pod.status.phase !== 'Pending') return;
        const now = world.clock.iso();
        const ip = `10.250.${Math.floor(next / 250)}.${(next % 250) + 2}`;
        next++;
        const condition = (type: string) => ({ type, status: 'True', lastTransitionTime: now });
        pod.status = {
          ...pod.status,
          phase: 'Running',
          podIP: ip,
          podIPs: [{ ip }],
          startTime: now,
          conditions: [
            'PodReadyToStartContainers',
            'Initialized',
            'ContainersReady',
            'Ready',
            'PodScheduled',
          ].map(condition),
          initContainerStatuses: (pod.spec.initContainers ?? []).map((c) => ({
            name: c.name,
            image: c.image ?? '',
            imageID: '',
            ready: true,
            started: false,
            restartCount: 0,
            state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: now, finishedAt: now } },
          })),
          containerStatuses: pod.spec.containers.map((c) => ({
            name: c.name,
            image: c.image ?? '',
            imageID: '',
            ready: true,
            started: true,
            restartCount: 0,
            state: { running: { startedAt: now } },
          })),
        };
        world.store.update(pod);
      });
    },
  };
}
