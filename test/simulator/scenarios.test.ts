/**
 * Every built-in scenario, run in process to its duration, diagnosed by the rule engine,
 * must produce the diagnosis its `expect` block names.
 */
import { describe, expect, it } from 'vitest';
import { listScenarioFiles, loadScenarioFile } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { snapshotFromSimulation } from '../../src/cli/sim-evidence.js';
import { checkExpectation, formatExpectation } from '../../src/cli/scenario-check.js';
import { diagnose } from '../../src/rules/engine.js';
import { RULES } from '../../src/rules/index.js';

const files = listScenarioFiles();

describe('built-in scenarios', () => {
  it.each(files.map((f) => [f.name, f] as const))('%s', (_name, file) => {
    const scenario = loadScenarioFile(file.path, file.group === undefined ? {} : { group: file.group });
    const sim = new Simulation(scenario).run();
    const snapshot = snapshotFromSimulation(sim);
    const result = diagnose(snapshot, { now: sim.clock.now(), rules: RULES });
    expect(result.ruleFailures).toEqual([]);
    const outcomes = scenario.expect.map((e) => checkExpectation(result.diagnoses, e));
    expect(
      outcomes
        .filter((o) => !o.ok)
        .map((o) => `expected ${formatExpectation(o.expectation)}, got ${o.detail}`),
    ).toEqual([]);
  });
});
