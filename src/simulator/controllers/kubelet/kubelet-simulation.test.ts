/** The kubelet inside the whole simulation: real hosts, scheduler and API server. */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/load.js';
import { Simulation } from '../../simulation.js';
import type { EventObj, PodObj } from '../../world/types.js';

const run = (objects: string, images = '', duration = '2m'): Simulation =>
  new Simulation(
    parseScenario(
      `
name: t
description: t
duration: ${duration}
expect: {verdict: healthy}
cluster:
  nodes:
    - name: worker
  registry:
    images:
${images}
objects:
${objects}
`,
      't.yaml',
    ),
  ).run();

const pod = (sim: Simulation, name: string): PodObj | undefined =>
  sim.store.get<PodObj>('pods', 'default', name);
const events = (sim: Simulation, name: string): string[] =>
  sim.store
    .list<EventObj>('events')
    .filter((e) => e.involvedObject.name === name)
    .map((e) => `${e.reason}: ${e.message}`);

describe('kubelet in the simulation', () => {
  it('a Job-style pod that exits 0 ends Succeeded with PodCompleted conditions', () => {
    const sim = run(
      `  - {apiVersion: v1, kind: Pod, metadata: {name: report}, spec: {restartPolicy: Never, containers: [{name: report, image: acme/report:1}]}}`,
      '      - name: acme/report:1\n        run: {exitAfter: 20s, exitCode: 0, logs: [done]}',
    );
    const p = pod(sim, 'report');
    expect(p?.status.phase).toBe('Succeeded');
    expect(p?.status.conditions?.find((c) => c.type === 'Ready')).toMatchObject({
      status: 'False',
      reason: 'PodCompleted',
    });
    expect(p?.status.containerStatuses?.[0]?.state?.terminated).toMatchObject({
      exitCode: 0,
      reason: 'Completed',
    });
    expect(sim.logs.read('default', 'report', 'report', false)?.map((l) => l.text)).toEqual(['done']);
  });

  it('deleting a running pod stops it and removes the object; with a finalizer it stays terminal', () => {
    const sim = run(
      `  - {at: 0s, deleteAt: 60s, manifest: {apiVersion: v1, kind: Pod, metadata: {name: a}, spec: {containers: [{name: a, image: nginx:1.27}]}}}
  - {at: 0s, deleteAt: 60s, manifest: {apiVersion: v1, kind: Pod, metadata: {name: b, finalizers: [example.com/hold]}, spec: {containers: [{name: b, image: nginx:1.27}]}}}`,
    );
    expect(pod(sim, 'a')).toBeUndefined();
    expect(events(sim, 'a')).toContain('Killing: Stopping container a');
    const b = pod(sim, 'b');
    expect(b?.metadata.deletionTimestamp).toBeDefined();
    expect(b?.status.phase).toBe('Succeeded');
  });

  it('a sidecar init container keeps running beside the app', () => {
    const sim = run(
      `  - apiVersion: v1
    kind: Pod
    metadata: {name: app}
    spec:
      initContainers: [{name: proxy, image: envoyproxy/envoy:v1.31.0, restartPolicy: Always}]
      containers: [{name: app, image: nginx:1.27}]`,
    );
    const p = pod(sim, 'app');
    expect(p?.status.phase).toBe('Running');
    expect(p?.status.initContainerStatuses?.[0]?.state?.running).toBeDefined();
    expect(p?.status.initContainerStatuses?.[0]?.started).toBe(true);
    expect(p?.status.conditions?.every((c) => c.status === 'True')).toBe(true);
  });

  it('pods/proxy answers what the probes see', () => {
    const sim = run(
      `  - {apiVersion: v1, kind: Pod, metadata: {name: web}, spec: {containers: [{name: web, image: acme/web:1, ports: [{containerPort: 8080}]}]}}`,
      '      - name: acme/web:1\n        run: {http: [{path: /ready, status: 503}]}',
    );
    const p = pod(sim, 'web');
    if (p === undefined) throw new Error('no pod');
    expect(sim.podHttp(p, 8080, '/ready', 1000)).toMatchObject({ kind: 'response', status: 503 });
    expect(sim.podHttp(p, 8080, '/', 1000)).toMatchObject({ kind: 'response', status: 200 });
    expect(sim.podHttp(p, 9090, '/', 1000)).toEqual({
      kind: 'error',
      message: `dial tcp ${p.status.podIP ?? ''}:9090: connect: connection refused`,
    });
  });
});
