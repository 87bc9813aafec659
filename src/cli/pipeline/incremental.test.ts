import { describe, expect, it } from 'vitest';
import { diagnose } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';
import { listScenarioFiles, loadScenarioFile, resolveScenario } from '../../simulator/scenario/catalog.js';
import { Simulation } from '../../simulator/simulation.js';
import { IncrementalDiagnosis } from './incremental.js';
import { snapshotFromSimulation } from '../../collectors/simulator/index.js';

/** Steps a scenario and feeds every moment to both engines. */
function replay(
  name: string | ReturnType<typeof resolveScenario>,
  stepMs: number,
  steps: number,
): { judged: number[]; total: number[] } {
  const sim = new Simulation(typeof name === 'string' ? resolveScenario(name) : name);
  const incremental = new IncrementalDiagnosis();
  const judged: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < steps; i++) {
    sim.runFor(stepMs);
    const snapshot = snapshotFromSimulation(sim);
    const now = sim.clock.now();
    const got = incremental.run(snapshot, now);
    // Re-judging only what changed must give exactly what judging everything gives.
    expect(got.diagnoses).toEqual(diagnose(snapshot, { now, rules: RULES }).diagnoses);
    judged.push(got.judgedPods);
    total.push(snapshot.pods.length);
  }
  return { judged, total };
}

describe('IncrementalDiagnosis (watch mode)', () => {
  it('on the demo cluster, matches a full diagnosis at every moment while judging fewer pods once they settle', () => {
    const { judged, total } = replay('default', 5_000, 24);
    expect(judged[0]).toBe(total[0]);
    const last = judged.length - 1;
    expect(judged[last]).toBeLessThan(total[last] ?? 0);
  });

  it('judges a settled pod again when its events or status change (crash loop)', () => {
    const { judged } = replay('crashloop-exit-1', 10_000, 18);
    // The crash-looping pod keeps changing (restarts, BackOff events), so it is judged each time.
    expect(judged.every((n) => n >= 1)).toBe(true);
  });

  it('a round with no change and only settled pods judges none', () => {
    const sim = new Simulation(resolveScenario('healthy-rollout'));
    sim.run();
    const snapshot = snapshotFromSimulation(sim);
    const incremental = new IncrementalDiagnosis();
    const now = sim.clock.now();
    const first = incremental.run(snapshot, now);
    expect(first.judgedPods).toBe(snapshot.pods.length);
    expect(first.diagnoses.every((d) => d.verdict === 'healthy')).toBe(true);
    const second = incremental.run(snapshot, now + 60_000);
    expect(second.judgedPods).toBe(0);
    expect(second.diagnoses).toEqual(first.diagnoses);
  });

  it('matches a full diagnosis at six moments of every built-in scenario', () => {
    for (const file of listScenarioFiles()) {
      const scenario = loadScenarioFile(file.path);
      replay(scenario, Math.max(1_000, Math.floor(scenario.duration / 6)), 6);
    }
  });
});
