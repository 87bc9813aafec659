/**
 * The engine's quiet-pod fast path (src/rules/engine/quiet.ts) skips, for a quiet pod, every pod
 * rule whose meta does not say `runsOnQuietPods`. Proved here on every corpus the tests hold (the
 * real cases, the pastes, the golden fixtures, the built-in scenarios at several moments, and the
 * bench's generated cluster): no skipped rule finds anything on any quiet pod of them, and the
 * diagnoses with the fast path on and off are the same, value for value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../src/model/index.js';
import { collectFiles, snapshotFromSources } from '../src/collectors/files/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { SnapshotBuilder } from '../src/collectors/snapshot-builder.js';
import { snapshotFromSimulation } from '../src/collectors/simulator/index.js';
import { buildContexts, diagnose } from '../src/rules/engine/index.js';
import { isQuietPod } from '../src/rules/engine/quiet.js';
import { RULES } from '../src/rules/index.js';
import type { PodContext, Rule } from '../src/rules/types.js';
import { listScenarioFiles, loadScenarioFile } from '../src/simulator/scenario/catalog.js';
import { Simulation } from '../src/simulator/simulation.js';
import { CASE_CLOCK, loadRealCases } from '../scripts/real-cases.mjs';
import { generateEvidence } from '../bench/generate.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

interface Corpus {
  readonly name: string;
  readonly snapshot: Snapshot;
  readonly now: number;
}

function fromText(name: string, text: string): Corpus[] {
  try {
    const snapshot = snapshotFromSources([{ name, text }], [name], { clock: () => CASE_CLOCK });
    return [{ name, snapshot, now: referenceTimeOf(snapshot) ?? CASE_CLOCK }];
  } catch {
    return []; // a refused paste holds no pod to judge
  }
}

async function corpora(): Promise<Corpus[]> {
  const out: Corpus[] = [];
  for (const c of loadRealCases()) out.push(...fromText(c.file, c.body));
  const pastes = join(root, 'test', 'fixtures', 'pastes');
  for (const f of readdirSync(pastes).sort()) out.push(...fromText(f, readFileSync(join(pastes, f), 'utf8')));
  const golden = join(root, 'test', 'fixtures', 'golden');
  for (const stage of readdirSync(golden).sort()) {
    for (const name of readdirSync(join(golden, stage)).sort()) {
      const dir = join(golden, stage, name);
      const inputs = readdirSync(dir)
        .filter((f) => f.startsWith('input'))
        .map((f) => join(dir, f));
      const snapshot = await collectFiles(inputs, new PassThrough());
      out.push({ name: `golden ${stage}/${name}`, snapshot, now: referenceTimeOf(snapshot) ?? CASE_CLOCK });
    }
  }
  for (const file of listScenarioFiles()) {
    const scenario = loadScenarioFile(file.path, file.group === undefined ? {} : { group: file.group });
    const sim = new Simulation(scenario);
    for (const part of [1, 2, 3, 4]) {
      sim.run((scenario.duration * part) / 4);
      out.push({
        name: `scenario ${file.name} at ${part}/4`,
        snapshot: snapshotFromSimulation(sim),
        now: sim.clock.now(),
      });
    }
  }
  const bench = generateEvidence({ pods: 2_000, events: 20_000, seed: 7 });
  const builder = new SnapshotBuilder();
  builder.add(JSON.parse(bench.pods));
  builder.add(JSON.parse(bench.events));
  const snapshot = builder.build({ type: 'file', paths: ['bench'] });
  out.push({ name: 'bench cluster', snapshot, now: referenceTimeOf(snapshot) ?? CASE_CLOCK });
  return out;
}

const podRules = RULES.filter((r) => r.meta.target === 'pod') as Rule<'pod'>[];

describe('quiet-pod fast path', async () => {
  const all = await corpora();

  it('finds quiet pods in many corpora, and non-quiet ones too', () => {
    let quiet = 0;
    let other = 0;
    for (const c of all) {
      for (const ctx of buildContexts(c.snapshot, c.now).pods) {
        if (isQuietPod(ctx)) quiet++;
        else other++;
      }
    }
    expect(quiet).toBeGreaterThan(1_000);
    expect(other).toBeGreaterThan(1_000);
  });

  it('no rule skipped on quiet pods finds anything on a quiet pod of any corpus', () => {
    const fired: string[] = [];
    for (const c of all) {
      const quiet: PodContext[] = buildContexts(c.snapshot, c.now).pods.filter(isQuietPod);
      for (const ctx of quiet) {
        for (const rule of podRules) {
          if (rule.meta.runsOnQuietPods === true) continue;
          for (const f of rule.evaluate(ctx))
            fired.push(`${c.name}: ${ctx.pod.metadata.name}: ${f.ruleId} ${f.reason}`);
        }
      }
    }
    expect(fired).toEqual([]);
  });

  it('gives the same diagnoses with the fast path on and off', () => {
    for (const c of all) {
      const fast = diagnose(c.snapshot, { now: c.now, rules: RULES });
      const slow = diagnose(c.snapshot, { now: c.now, rules: RULES, quietFastPath: false });
      expect(fast, c.name).toEqual(slow);
    }
  });
});
