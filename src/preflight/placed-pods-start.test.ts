import { describe, expect, it } from 'vitest';
import { parseScenario } from '../simulator/scenario/load.js';
import { Simulation } from '../simulator/simulation.js';
import type { PodObj } from '../simulator/world/types.js';
import { placedPodsStart } from './placed-pods-start.js';

const T0 = Date.UTC(2026, 11, 2, 12, 0, 0);
const NOW = '2026-12-02T12:00:00Z';

function simWith(seeded: ReadonlySet<string> = new Set()): Simulation {
  const base = parseScenario(
    'name: t\ndescription: t\nduration: 1m\nexpect: { verdict: healthy }\n',
    '(test)',
  );
  const cluster = { ...base.cluster, nodes: [], storageClasses: [], csiDrivers: [], webhooks: [] };
  return new Simulation({ ...base, cluster, start: T0 }, { controllers: [placedPodsStart(seeded)] });
}

function pod(
  name: string,
  over: { nodeName?: string; phase?: string; init?: boolean; ns?: string } = {},
): PodObj {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: over.ns ?? 'shop' },
    spec: {
      ...(over.nodeName === undefined ? {} : { nodeName: over.nodeName }),
      ...(over.init === true
        ? { initContainers: [{ name: 'migrate', image: 'registry.example.com/migrate:3' }] }
        : {}),
      containers: [
        { name: 'web', image: 'registry.example.com/web:2.1' },
        { name: 'proxy', image: 'envoyproxy/envoy:v1.31.0' },
      ],
    },
    status: { phase: over.phase ?? 'Pending', conditions: [{ type: 'PodScheduled', status: 'True' }] },
  };
}

const get = (sim: Simulation, name: string, ns = 'shop') => sim.store.get<PodObj>('pods', ns, name);

describe('placedPodsStart', () => {
  it('a placed Pending pod starts at once: Running, an IP, every condition True, its containers running and ready', () => {
    const sim = simWith();
    sim.store.create(pod('web-0', { nodeName: 'worker-1', init: true }));
    sim.runFor(1);
    const at = (n: number) => `10.250.0.${n}`;
    expect(get(sim, 'web-0')?.status).toStrictEqual({
      phase: 'Running',
      podIP: at(2),
      podIPs: [{ ip: at(2) }],
      startTime: NOW,
      conditions: [
        'PodReadyToStartContainers',
        'Initialized',
        'ContainersReady',
        'Ready',
        'PodScheduled',
      ].map((type) => ({
        type,
        status: 'True',
        lastTransitionTime: NOW,
      })),
      initContainerStatuses: [
        {
          name: 'migrate',
          image: 'registry.example.com/migrate:3',
          imageID: '',
          ready: true,
          started: false,
          restartCount: 0,
          state: { terminated: { exitCode: 0, reason: 'Completed', startedAt: NOW, finishedAt: NOW } },
        },
      ],
      containerStatuses: [
        {
          name: 'web',
          image: 'registry.example.com/web:2.1',
          imageID: '',
          ready: true,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: NOW } },
        },
        {
          name: 'proxy',
          image: 'envoyproxy/envoy:v1.31.0',
          imageID: '',
          ready: true,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: NOW } },
        },
      ],
    });
  });

  it.each<[string, Parameters<typeof pod>[1]]>([
    ['not placed on a node', {}],
    ['Succeeded', { nodeName: 'worker-1', phase: 'Succeeded' }],
    ['Failed', { nodeName: 'worker-1', phase: 'Failed' }],
    ['already Running', { nodeName: 'worker-1', phase: 'Running' }],
  ])('a pod %s is left as it is', (_what, over) => {
    const sim = simWith();
    const p = pod('web-0', over);
    sim.store.create(structuredClone(p));
    sim.runFor(1_000);
    expect(get(sim, 'web-0')?.status).toStrictEqual(p.status);
  });

  it('a pod of the state keeps the status the cluster reported, even placed and Pending; the same name elsewhere starts', () => {
    const sim = simWith(new Set(['shop/old']));
    const p = pod('old', { nodeName: 'worker-1' });
    sim.store.create(structuredClone(p));
    sim.store.create(pod('old', { nodeName: 'worker-1', ns: 'other' }));
    sim.runFor(1_000);
    expect(get(sim, 'old')?.status).toStrictEqual(p.status);
    expect(get(sim, 'old', 'other')?.status.phase).toBe('Running');
  });

  it('a pod starts when the scheduler binds it, at that time', () => {
    const sim = simWith();
    sim.store.create(pod('web-0'));
    sim.runFor(5_000);
    const bound = get(sim, 'web-0');
    if (bound === undefined) throw new Error('no pod');
    bound.spec.nodeName = 'worker-2';
    sim.store.update(bound);
    sim.runFor(1);
    expect(get(sim, 'web-0')?.status).toMatchObject({
      phase: 'Running',
      startTime: '2026-12-02T12:00:05Z',
      podIP: '10.250.0.2',
    });
  });

  it('each started pod gets the next IP, 250 per /24', () => {
    const sim = simWith();
    for (let i = 0; i < 252; i++) sim.store.create(pod(`p-${i}`, { nodeName: 'worker-1' }));
    sim.runFor(1);
    expect([0, 1, 247, 248, 249, 250, 251].map((i) => get(sim, `p-${i}`)?.status.podIP)).toStrictEqual([
      '10.250.0.2',
      '10.250.0.3',
      '10.250.0.249',
      '10.250.0.250',
      '10.250.0.251',
      '10.250.1.2',
      '10.250.1.3',
    ]);
  });

  it('is named for the what-if', () => {
    expect(placedPodsStart(new Set()).name).toBe('preflight-placed-pods-start');
  });
});
