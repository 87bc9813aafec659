/**
 * A small generated cluster runs in the simulation and gets the diagnoses its `expect` names:
 * the generator's failures are the ones the simulator and the rule engine agree on.
 */
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../src/rules/engine/index.js';
import { RULES } from '../../src/rules/index.js';
import { checkExpectation, formatExpectation } from '../../src/cli/sim/scenario-check.js';
import { snapshotFromSimulation } from '../../src/collectors/simulator/index.js';
import { generateScenario } from '../../src/simulator/generate/generate.js';
import { parseScenario } from '../../src/simulator/scenario/load.js';
import { Simulation } from '../../src/simulator/simulation.js';

describe('a generated cluster', () => {
  const scenario = parseScenario(generateScenario({ nodes: 20, pods: 300, seed: 7 }), 'generated.yaml');
  it('runs 20 nodes / 300 pods in the simulation and meets its expectations', () => {
    const sim = new Simulation(scenario).run();
    expect(sim.applyErrors).toEqual([]);
    const result = diagnose(snapshotFromSimulation(sim), { now: sim.clock.now(), rules: RULES });
    expect(result.ruleFailures).toEqual([]);
    const failed = scenario.expect
      .map((e) => checkExpectation(result.diagnoses, e))
      .filter((o) => !o.ok)
      .map((o) => `expected ${formatExpectation(o.expectation)}, got ${o.detail}`);
    expect(failed).toEqual([]);
  }, 60_000);
});
