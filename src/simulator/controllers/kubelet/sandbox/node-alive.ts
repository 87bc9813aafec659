/**
 * Whether a node's kubelet is still running at the current simulated time: a `lost` or
 * `shutdown` incident stops it until a later `recover`. Hosts stop their retries (and so their
 * events) on a dead kubelet, as a real one would say nothing. Built once per host: clusters
 * have thousands of nodes and this is asked on every retry.
 */
import type { NodeIncident } from '../../../scenario/types.js';
import type { World } from '../../../world/world.js';

export type Liveness = () => boolean;

export function kubeletLiveness(world: World, nodeName: string): Liveness {
  const incidents: readonly NodeIncident[] = [
    ...(world.scenario.cluster.nodes.find((n) => n.name === nodeName)?.incidents ?? []),
  ]
    .filter((i) => i.type === 'lost' || i.type === 'shutdown' || i.type === 'recover')
    .sort((a, b) => a.at - b.at);
  if (incidents.length === 0) return () => true;
  return () => {
    const elapsed = world.clock.elapsed();
    let alive = true;
    for (const incident of incidents) {
      if (incident.at > elapsed) break;
      alive = incident.type === 'recover';
    }
    return alive;
  };
}
