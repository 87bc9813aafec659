import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import { Simulation } from '../../simulator/simulation.js';
import { simulatorCollector } from './index.js';

describe('simulatorCollector', () => {
  it('hands over the simulation as it stands, at the simulated clock', async () => {
    const sim = new Simulation(resolveScenario('healthy-rollout'));
    sim.runFor(30_000);
    const collector = simulatorCollector(sim);
    expect(collector.source).toBe('simulator');
    const { snapshot, referenceTime } = await collector.collect();
    expect(snapshot.source).toEqual({ type: 'simulator', scenario: 'healthy-rollout' });
    expect(snapshot.pods.length).toBeGreaterThan(0);
    expect(referenceTime).toBe(sim.clock.now());
  });
});
