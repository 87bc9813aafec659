/**
 * Every built-in scenario, run in process to its duration, diagnosed by the rule engine,
 * must produce the diagnosis its `expect` block names.
 */
import { describe, expect, it } from 'vitest';
import { listScenarioFiles, loadScenarioFile } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { snapshotFromSimulation } from '../../src/collectors/simulator/index.js';
import { checkExpectation, formatExpectation } from '../../src/cli/sim/scenario-check.js';
import { diagnose } from '../../src/rules/engine/index.js';
import { RULES } from '../../src/rules/index.js';

const files = listScenarioFiles();

describe('built-in scenarios', () => {
  it.each(files.map((f) => [f.name, f] as const))('%s', (_name, file) => {
    const scenario = loadScenarioFile(file.path, file.group === undefined ? {} : { group: file.group });
    const sim = new Simulation(scenario);
    // Expectations are checked in time order: `at` ones when the run reaches them, the rest at the end.
    const ordered = [...scenario.expect].sort(
      (a, b) => (a.at ?? scenario.duration) - (b.at ?? scenario.duration),
    );
    const outcomes = ordered.map((e) => {
      sim.run(e.at ?? scenario.duration);
      const result = diagnose(snapshotFromSimulation(sim), { now: sim.clock.now(), rules: RULES });
      expect(result.ruleFailures).toEqual([]);
      return checkExpectation(result.diagnoses, e);
    });
    expect(
      outcomes
        .filter((o) => !o.ok)
        .map((o) => `expected ${formatExpectation(o.expectation)}, got ${o.detail}`),
    ).toEqual([]);
  });
});
