/** Builds simulations from inline scenario YAML and reads back what the scheduler wrote. */
import { parseScenario } from '../../scenario/load.js';
import { loadScenarioFile } from '../../scenario/catalog.js';
import { Simulation } from '../../simulation.js';
import type { EventObj, PodObj } from '../../world/types.js';

export function simulate(yaml: string): Simulation {
  return new Simulation(parseScenario(yaml, 'inline.yaml'));
}

export function simulateFile(path: string): Simulation {
  return new Simulation(loadScenarioFile(path));
}

export function pod(sim: Simulation, namespace: string, name: string): PodObj {
  const p = sim.store.get<PodObj>('pods', namespace, name);
  if (p === undefined) throw new Error(`pod ${namespace}/${name} not found`);
  return p;
}

export function eventsFor(sim: Simulation, name: string, reason?: string): EventObj[] {
  return sim.store
    .list<EventObj>('events')
    .filter((e) => e.involvedObject.name === name && (reason === undefined || e.reason === reason));
}

export function podScheduled(p: PodObj): { status: string; reason?: string; message?: string } | undefined {
  return p.status.conditions?.find((c) => c.type === 'PodScheduled');
}
