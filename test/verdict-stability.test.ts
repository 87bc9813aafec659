/**
 * A watch judges a crash-looping pod again every second or so. Once the evidence shows its
 * restarts are probe-driven, the verdict must stay `liveness` across consecutive snapshots,
 * whatever the moment: between two kills, right after a restart, while the watch has the new
 * container status but not yet the event, and after the kubelet stopped updating (or the API
 * server expired) the probe events.
 */
import { describe, expect, it } from 'vitest';
import { IncrementalDiagnosis } from '../src/cli/pipeline/incremental.js';
import { snapshotFromSimulation } from '../src/collectors/simulator/index.js';
import type { EventRecord, Snapshot } from '../src/model/index.js';
import { resolveScenario } from '../src/simulator/scenario/catalog.js';
import { Simulation } from '../src/simulator/simulation.js';

const MINUTES = 12;

/** The scenario sampled every second for MINUTES minutes (snapshot and its time). */
function samples(name: string): { at: number; snapshot: Snapshot }[] {
  const scenario = resolveScenario(name);
  const sim = new Simulation({ ...scenario, duration: MINUTES * 60_000 });
  const out: { at: number; snapshot: Snapshot }[] = [];
  for (let s = 0; s < MINUTES * 60; s++) {
    sim.runFor(1000);
    out.push({ at: sim.clock.now(), snapshot: snapshotFromSimulation(sim) });
  }
  return out;
}

type Sample = ReturnType<typeof samples>[number];

function at(all: readonly Sample[], i: number): Snapshot {
  const s = all[Math.max(0, i)];
  if (s === undefined) throw new Error(`no sample ${i}`);
  return s.snapshot;
}

/** The first version of an event the samples hold (the kill as its first occurrence recorded it). */
function firstVersion(all: readonly Sample[], e: EventRecord): EventRecord {
  for (const s of all) {
    const found = s.snapshot.events.find((x) => x.name === e.name);
    if (found !== undefined) return found;
  }
  return e;
}

const VIEWS: Record<string, (all: readonly Sample[], i: number) => Snapshot> = {
  'every event as recorded': (all, i) => at(all, i),
  'the container status 3 s ahead of the events (two watch streams)': (all, i) => ({
    ...at(all, i),
    events: at(all, i - 3).events,
  }),
  'probe failures aged out, the kill event never updated after the first kill (recorder budget spent)': (
    all,
    i,
  ) => ({
    ...at(all, i),
    events: at(all, i)
      .events.filter((e) => e.reason !== 'Unhealthy')
      .map((e) => (e.reason === 'Killing' ? firstVersion(all, e) : e)),
  }),
};

describe.each([
  ['liveness-probe-failed', 'LivenessProbeFailed'],
  ['startup-probe-failed', 'StartupProbeFailed'],
])('%s sampled every second for 12 minutes', (scenario, reason) => {
  const all = samples(scenario);
  it.each(Object.entries(VIEWS))('%s: once liveness, always liveness', (_, view) => {
    const engine = new IncrementalDiagnosis();
    const seen: string[] = [];
    let last = '';
    let established: number | undefined;
    all.forEach((sample, i) => {
      const pods = engine.run(view(all, i), sample.at).diagnoses.filter((d) => d.target.kind === 'Pod');
      expect(pods).toHaveLength(1);
      const d = pods[0];
      const state = `${d?.verdict} ${d?.stage ?? '-'} ${d?.reason ?? '-'}`;
      if (state !== last) seen.push(`${i + 1}s ${state}`);
      last = state;
      if (established === undefined && state === `failed liveness ${reason}`) established = i;
    });
    expect(established, seen.join(' | ')).toBeDefined();
    const after = seen.filter((s) => Number.parseInt(s, 10) > (established ?? 0) + 1);
    // One entry per change: after the verdict was established, nothing changed.
    expect(after, seen.join(' | ')).toEqual([]);
  });
});
