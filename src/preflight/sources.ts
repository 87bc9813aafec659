/** Cluster states preflight can start from without a cluster: a simulator scenario's cluster. */
import { Simulation } from '../simulator/simulation.js';
import type { Scenario } from '../simulator/scenario/types.js';
import type { KObject } from '../simulator/world/types.js';
import { STATE_KINDS, type ClusterState, type StateKind } from './types.js';

/**
 * The cluster a scenario declares, before any of its objects is applied: its nodes, namespaces
 * (with their quotas, limit ranges and service accounts), storage and webhook configurations.
 * The simulator holds the whole cluster, so every kind is known.
 */
export function stateOfScenario(scenario: Scenario): ClusterState {
  const sim = new Simulation({ ...scenario, objects: [] });
  const objects: KObject[] = sim
    .allObjects()
    .filter((o) => (STATE_KINDS as readonly string[]).includes(o.kind));
  return {
    objects,
    known: new Set<StateKind>(STATE_KINDS),
    missing: [],
    at: scenario.start,
    version: scenario.cluster.version,
  };
}
