import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario/load.js';
import { Simulation } from './simulation.js';
import type { KObject } from './world/types.js';

const SCENARIO = `
name: watch-order
description: An empty cluster for informer ordering.
duration: 1m
expect:
  verdict: healthy
cluster:
  nodes:
    - name: worker
`;

const configMap = (name: string): KObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'default' },
});

describe('Simulation.watch', () => {
  it('runs every handler once per change, in registration order, after the writer', () => {
    const sim = new Simulation(parseScenario(SCENARIO, 'watch-order.yaml'));
    sim.run(1000);
    const seen: string[] = [];
    sim.watch('configmaps', (c) => seen.push(`a:${c.type}:${c.object.metadata.name}`));
    sim.watch('configmaps', (c) => seen.push(`b:${c.type}:${c.object.metadata.name}`));
    sim.after(0, () => {
      sim.store.create(configMap('one'));
      sim.store.create(configMap('two'));
      seen.push('writer done');
    });
    sim.runFor(0);
    expect(seen).toEqual(['writer done', 'a:ADDED:one', 'b:ADDED:one', 'a:ADDED:two', 'b:ADDED:two']);
  });

  it('runs work a handler queues at the same instant after the other handlers of that change', () => {
    const sim = new Simulation(parseScenario(SCENARIO, 'watch-order.yaml'));
    sim.run(1000);
    const seen: string[] = [];
    sim.watch('configmaps', (c) => {
      seen.push(`a:${c.object.metadata.name}`);
      sim.after(0, () => seen.push(`a-followup:${c.object.metadata.name}`));
    });
    sim.watch('configmaps', (c) => seen.push(`b:${c.object.metadata.name}`));
    sim.after(0, () => {
      sim.store.create(configMap('one'));
      sim.store.create(configMap('two'));
    });
    sim.runFor(0);
    expect(seen).toEqual(['a:one', 'b:one', 'a:two', 'b:two', 'a-followup:one', 'a-followup:two']);
  });

  it('does not give a change to a handler registered after it', () => {
    const sim = new Simulation(parseScenario(SCENARIO, 'watch-order.yaml'));
    sim.run(1000);
    const seen: string[] = [];
    sim.watch('configmaps', () => seen.push('early'));
    sim.store.create(configMap('one'));
    sim.watch('configmaps', () => seen.push('late'));
    sim.runFor(0);
    expect(seen).toEqual(['early']);
  });
});
