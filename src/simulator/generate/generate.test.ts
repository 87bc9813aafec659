import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateScenario, generateScenarioDetailed, validateGenerateOptions } from './generate.js';
import { parseScenario } from '../scenario/load.js';

type Json = Record<string, unknown>;
const kinds = (objects: readonly { manifest: Json }[]) =>
  objects.reduce<Record<string, number>>((acc, o) => {
    const k = o.manifest.kind as string;
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

describe('generateScenario', () => {
  const small = generateScenarioDetailed({ nodes: 20, pods: 300, seed: 7 });
  const scenario = parseScenario(small.text, 'generated.yaml');

  it('writes a scenario the loader accepts, with N nodes in pools over three zones', () => {
    expect(scenario.name).toBe('generated-20n-300p');
    expect(scenario.duration).toBe(5 * 60_000);
    expect(scenario.cluster.nodes).toHaveLength(20);
    const pools = new Set(scenario.cluster.nodes.map((n) => n.labels['node-pool']));
    expect([...pools].sort()).toEqual(['general', 'gpu', 'highmem']);
    expect(new Set(scenario.cluster.nodes.map((n) => n.zone))).toEqual(
      new Set(['eu-west-1a', 'eu-west-1b', 'eu-west-1c']),
    );
    const gpu = scenario.cluster.nodes.filter((n) => n.labels['node-pool'] === 'gpu');
    expect(gpu).toHaveLength(1);
    expect(gpu[0]?.taints).toEqual([{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }]);
    expect(new Set(scenario.cluster.nodes.map((n) => n.name)).size).toBe(20);
  });

  it('asks for exactly M pods, ~7% of them failing', () => {
    expect(small.pods).toBe(300);
    expect(small.failingPods).toBe(21);
    const replicas = scenario.objects.reduce((sum, o) => {
      const spec = o.manifest.spec as { replicas?: number } | undefined;
      const kind = o.manifest.kind as string;
      if (kind === 'Deployment' || kind === 'StatefulSet') return sum + (spec?.replicas ?? 1);
      if (kind === 'Job') return sum + 1;
      if (kind === 'DaemonSet') return sum + 20;
      return sum;
    }, 0);
    expect(replicas).toBe(300);
  });

  it('mixes Deployments with Services, StatefulSets, DaemonSets and Jobs', () => {
    const k = kinds(scenario.objects);
    expect(k.Deployment).toBeGreaterThan(20);
    expect(k.Service).toBeGreaterThan(15);
    expect(k.StatefulSet).toBeGreaterThan(0);
    expect(k.DaemonSet).toBe(2);
    expect(k.Job).toBeGreaterThan(0);
    const deploys = scenario.objects.filter((o) => o.manifest.kind === 'Deployment');
    for (const d of deploys) {
      const replicas = (d.manifest.spec as { replicas: number }).replicas;
      expect(replicas).toBeGreaterThanOrEqual(1);
      expect(replicas).toBeLessThanOrEqual(20);
    }
  });

  it('gives workloads globally unique names (targets name no namespace)', () => {
    const names = scenario.objects
      .filter((o) => o.manifest.kind !== 'Service')
      .map((o) => (o.manifest.metadata as { name: string }).name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('expects one healthy Deployment and one diagnosis per failing workload, across many stages', () => {
    expect(scenario.expect[0]).toMatchObject({ verdict: 'healthy' });
    const failing = scenario.expect.filter((e) => 'stage' in e);
    expect(failing.length).toBeGreaterThanOrEqual(8);
    const stages = new Set(failing.map((e) => ('stage' in e ? e.stage : '')));
    expect(stages.size).toBeGreaterThanOrEqual(7);
    // Every failing target is a workload the scenario declares.
    const declared = new Set(
      scenario.objects.map(
        (o) =>
          `${o.manifest.kind === 'Job' ? 'job' : 'deploy'}/${(o.manifest.metadata as { name: string }).name}`,
      ),
    );
    for (const e of failing) expect(declared.has(e.target ?? '')).toBe(true);
  });

  it('is the same text for the same seed and different for another', () => {
    const a = generateScenario({ nodes: 20, pods: 300, seed: 7 });
    expect(a).toBe(small.text);
    const b = generateScenario({ nodes: 20, pods: 300, seed: 8 });
    expect(b).not.toBe(a);
  });

  it('writes objects one per line, so loader errors point at one object', () => {
    const lines = small.text.split('\n');
    const first = lines.findIndex((l) => l === 'objects:');
    const line = scenario.objects[0]?.line;
    expect(line).toBe(first + 2);
    expect(parse(lines[first + 1]?.slice(4) ?? '')).toMatchObject({ apiVersion: 'apps/v1' });
  });

  it('scales down to one node and a handful of pods', () => {
    const tiny = parseScenario(generateScenario({ nodes: 1, pods: 3, seed: 1 }), 'tiny.yaml');
    expect(tiny.cluster.nodes).toHaveLength(1);
    expect(tiny.expect).toEqual([
      { target: expect.stringMatching(/^deploy\//) as string, verdict: 'healthy' },
    ]);
  });

  it('refuses impossible options with clear messages', () => {
    expect(validateGenerateOptions({ nodes: 0, pods: 10, seed: 1 })).toBe(
      '--nodes must be a whole number, 1 or more',
    );
    expect(validateGenerateOptions({ nodes: 2, pods: 1.5, seed: 1 })).toBe(
      '--pods must be a whole number, 1 or more',
    );
    expect(validateGenerateOptions({ nodes: 2, pods: 10, seed: -1 })).toBe(
      '--seed must be a whole number, 0 or more',
    );
    expect(validateGenerateOptions({ nodes: 2, pods: 161, seed: 1 })).toBe(
      '--pods 161 do not fit on 2 node(s): at most 80 pods a node (160)',
    );
    expect(() => generateScenario({ nodes: 0, pods: 1, seed: 1 })).toThrow(RangeError);
  });

  it('generates 150,000 pods on 5,000 nodes', () => {
    const big = generateScenarioDetailed({ nodes: 5000, pods: 150_000, seed: 1 });
    expect(big.pods).toBe(150_000);
  });
});
