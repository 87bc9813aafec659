/**
 * The kubelets: one per Node (nodes may register later), each with its volume, sandbox and
 * image hosts. The controller also answers pods/proxy and probe GETs through `world.podHttp`.
 */
import type { Controller } from '../types.js';
import type { World } from '../../world/world.js';
import type { NodeObj, PodObj } from '../../world/types.js';
import type { KubeletHosts } from './hosts.js';
import { Kubelet } from './kubelet.js';
import type { PodWorker } from './pod-worker.js';
import { podHttp } from './pod-http.js';

const answer = (w: PodWorker | undefined, port: number, path: string, timeoutMs: number) =>
  w === undefined ? undefined : podHttp(w, w.runner, port, path, timeoutMs);

export type HostsFactory = (world: World, nodeName: string) => KubeletHosts;

/** A controller running a kubelet on every node, with hosts from `hostsFor` (tests pass fakes). */
export function kubeletController(hostsFor: HostsFactory): Controller {
  return {
    name: 'kubelet',
    start(world: World): void {
      const kubelets = new Map<string, Kubelet>();
      const workers = new Map<string, PodWorker>();
      world.podHttp = (pod, port, path, timeoutMs) =>
        answer(workers.get(pod.metadata.uid ?? ''), port, path, timeoutMs) ?? {
          kind: 'error',
          message: `dial tcp ${(pod.status as PodObj['status'] | undefined)?.podIP ?? ''}:${port}: connect: connection refused`,
        };
      const ensure = (node: NodeObj): void => {
        const name = node.metadata.name;
        if (!kubelets.has(name)) kubelets.set(name, new Kubelet(world, name, hostsFor(world, name), workers));
      };
      for (const node of world.store.list<NodeObj>('nodes')) ensure(node);
      world.watch('nodes', (change) => {
        if (change.type === 'ADDED') ensure(change.object as NodeObj);
      });
      world.watch('pods', (change) => {
        const nodeName = (change.object as PodObj).spec.nodeName;
        if (nodeName !== undefined) kubelets.get(nodeName)?.onPod(change);
      });
    },
  };
}
