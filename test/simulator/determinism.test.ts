/**
 * The same scenario gives the same cluster, byte for byte; the seed is what varies it; and
 * nothing inside the world reads the wall clock or unseeded randomness.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveScenario } from '../../src/simulator/scenario/catalog.js';
import { generateScenario } from '../../src/simulator/generate/generate.js';
import { parseScenario } from '../../src/simulator/scenario/load.js';
import type { Scenario } from '../../src/simulator/scenario/types.js';
import { Simulation } from '../../src/simulator/simulation.js';

const run = (scenario: Scenario, ms = scenario.duration): string =>
  JSON.stringify(new Simulation(scenario).run(ms).allObjects());

const podNames = (scenario: Scenario): string[] =>
  new Simulation(scenario)
    .run(60_000)
    .store.list('pods')
    .map((p) => p.metadata.name)
    .sort();

describe('determinism', () => {
  it('runs a library scenario twice to byte-identical objects', () => {
    const scenario = resolveScenario('image-pull-not-found');
    const a = run(scenario);
    expect(a.length).toBeGreaterThan(1000);
    expect(run(scenario)).toBe(a);
  });

  it('runs a generated cluster twice to byte-identical objects', () => {
    const scenario = parseScenario(generateScenario({ nodes: 6, pods: 60, seed: 5 }), 'generated.yaml');
    const a = run(scenario, 120_000);
    expect(run(scenario, 120_000)).toBe(a);
  });

  it('changes generated names with the seed, and only with the seed', () => {
    const scenario = resolveScenario('image-pull-not-found');
    const first = podNames(scenario);
    expect(first).toHaveLength(2);
    expect(first.every((n) => /^web-[a-z0-9]+-[bcdfghjklmnpqrstvwxz2456789]{5}$/.test(n))).toBe(true);
    expect(podNames(scenario)).toEqual(first);
    const reseeded = podNames({ ...scenario, seed: scenario.seed + 1 });
    expect(reseeded).toHaveLength(2);
    expect(reseeded).not.toEqual(first);
  });
});

/** Source files under a folder, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? sources(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** The code of a file with comments removed (a comment may well name what the code must not call). */
const code = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((l) => l.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .join('\n');

const WALL_CLOCK: readonly [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'Date.now('],
  [/\bMath\.random\s*\(/, 'Math.random('],
  [/\bnew Date\s*\(\s*\)/, 'new Date()'],
  [/\bperformance\.now\s*\(/, 'performance.now('],
  [/\bprocess\.hrtime\b/, 'process.hrtime'],
];

describe('no wall clock inside the world', () => {
  const root = join(import.meta.dirname, '..', '..', 'src', 'simulator');
  // The HTTP server paces simulated time against real time (--speed); tests may time themselves.
  const files = sources(root).filter(
    (f) => !relative(root, f).startsWith('http/') && !f.endsWith('.test.ts'),
  );

  it('finds the simulator sources', () => {
    expect(files.map((f) => relative(root, f))).toContain('simulation.ts');
  });

  it('uses no Date.now, Math.random, new Date(), performance.now or hrtime', () => {
    const hits = files.flatMap((f) => {
      const text = code(readFileSync(f, 'utf8'));
      return WALL_CLOCK.filter(([re]) => re.test(text)).map(([, what]) => `${relative(root, f)}: ${what}`);
    });
    expect(hits).toEqual([]);
  });

  it('would catch a call', () => {
    const text = code('const t = Date.now(); // not allowed\n/* Math.random() in a comment is fine */');
    expect(WALL_CLOCK.filter(([re]) => re.test(text)).map(([, w]) => w)).toEqual(['Date.now(']);
  });
});
