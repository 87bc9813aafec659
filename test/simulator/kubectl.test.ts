/**
 * The real kubectl against the simulator's API: every installed version (1.27–1.33) for the
 * read commands, then `apply -f` of a pod and `get pod -w` watching it start. Skipped only
 * when no kubectl binary exists.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeconfigYaml } from '../../src/cli/sim/serve.js';
import { startApiServer, type RunningApiServer } from '../../src/simulator/http/server.js';
import { parseScenario } from '../../src/simulator/scenario/load.js';
import { Simulation } from '../../src/simulator/simulation.js';
import { defaultKubectl, findKubectls } from '../../scripts/find-kubectl.mjs';
import { kubectl } from './kubectl-run.js';

// Every kubectl 1.27+ on PATH or in the versioned install folder (scripts/find-kubectl.mjs).
const KUBECTLS = findKubectls();
const DEFAULT_KUBECTL = defaultKubectl()?.bin;

const SCENARIO = `
name: kubectl-test
description: A web Deployment behind a Service on two workers, for kubectl.
duration: 2m
expect:
  verdict: healthy
cluster:
  nodes:
    - name: worker
      count: 2
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: shop, labels: {app: web}}
    spec:
      replicas: 2
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
            - name: web
              image: nginx:1.27
              ports: [{containerPort: 80}]
  - apiVersion: v1
    kind: Service
    metadata: {name: web, namespace: shop}
    spec:
      selector: {app: web}
      ports: [{port: 80, targetPort: 80}]
`;

describe.skipIf(KUBECTLS.length === 0)('kubectl against the simulator', () => {
  let dir: string;
  let server: RunningApiServer;
  let kubeconfig: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'handoff-kubectl-'));
    const sim = new Simulation(parseScenario(SCENARIO, 'kubectl-test.yaml'));
    sim.run();
    server = await startApiServer(sim, { speed: 0 });
    kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, kubeconfigYaml(server.url));
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(KUBECTLS)('kubectl $name', ({ bin }) => {
    const run = (...args: string[]) => kubectl(bin, kubeconfig, args);

    it('get pods -A and -o wide print the pods with their status', async () => {
      const all = await run('get', 'pods', '-A');
      expect(all.stderr).toBe('');
      const lines = all.stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^NAMESPACE\s+NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
      expect(lines.slice(1)).toHaveLength(2);
      for (const line of lines.slice(1))
        expect(line).toMatch(/^shop\s+web-[a-z0-9]+-[a-z0-9]{5}\s+1\/1\s+Running\s+0\s+\S+$/);
      const wide = await run('get', 'pods', '-n', 'shop', '-o', 'wide');
      expect(wide.stdout.split('\n')[0]).toMatch(
        /^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\s+NOMINATED NODE\s+READINESS GATES$/,
      );
      expect(wide.stdout).toMatch(/10\.244\.\d+\.\d+\s+worker-[12]\s+<none>\s+<none>/);
    });

    it('describe pod shows the conditions and the events from the scheduler and kubelet', async () => {
      const pods = await run('get', 'pods', '-n', 'shop', '-o', 'name');
      const first = pods.stdout.trim().split('\n')[0] ?? '';
      const d = await run('describe', '-n', 'shop', first);
      expect(d.stderr).toBe('');
      expect(d.stdout).toMatch(/^Name:\s+web-/m);
      expect(d.stdout).toMatch(/^Status:\s+Running$/m);
      expect(d.stdout).toMatch(/Normal\s+Scheduled\s+.*default-scheduler\s+Successfully assigned shop\/web-/);
      expect(d.stdout).toMatch(/Normal\s+Started\s+.*kubelet\s+Started container web/);
    });

    it('get events, endpointslices, nodes and deploy,rs', async () => {
      const ev = await run('get', 'events', '-n', 'shop');
      expect(ev.stdout.split('\n')[0]).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE$/);
      expect(ev.stdout).toMatch(/Normal\s+Scheduled\s+pod\/web-/);
      expect(ev.stdout).toMatch(/Normal\s+ScalingReplicaSet\s+deployment\/web\s+Scaled up replica set web-/);
      const eps = await run('get', 'endpointslices', '-n', 'shop');
      expect(eps.stdout.split('\n')[0]).toMatch(/^NAME\s+ADDRESSTYPE\s+PORTS\s+ENDPOINTS\s+AGE$/);
      expect(eps.stdout).toMatch(/^web-[a-z0-9]{5}\s+IPv4\s+80\s+10\.244\.\d+\.\d+,10\.244\.\d+\.\d+\s+/m);
      const nodes = await run('get', 'nodes');
      expect(nodes.stdout).toMatch(/^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION$/m);
      expect(nodes.stdout).toMatch(/^worker-1\s+Ready\s+<none>\s+2m\s+v1\.31\.4$/m);
      const wl = await run('get', 'deploy,rs', '-n', 'shop');
      expect(wl.stdout).toMatch(/^deployment\.apps\/web\s+2\/2\s+2\s+2\s+2m$/m);
      expect(wl.stdout).toMatch(/^replicaset\.apps\/web-[a-z0-9]+\s+2\s+2\s+2\s+2m$/m);
    });
  });
});

describe.skipIf(DEFAULT_KUBECTL === undefined)('kubectl apply and get -w', () => {
  it('shows a new pod go Pending, ContainerCreating, Running', async () => {
    const bin = DEFAULT_KUBECTL ?? '';
    const dir = mkdtempSync(join(tmpdir(), 'handoff-kubectl-'));
    const sim = new Simulation(parseScenario(SCENARIO, 'kubectl-test.yaml'));
    sim.run();
    // Frozen until the watch is open; then the test steps simulated time a second at a time.
    const server = await startApiServer(sim, { speed: 0 });
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, kubeconfigYaml(server.url));
    const manifest = join(dir, 'pod.yaml');
    writeFileSync(
      manifest,
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: hello\n  namespace: default\nspec:\n  containers:\n    - name: app\n      image: nginx:1.27\n',
    );
    try {
      const applied = await kubectl(bin, kubeconfig, ['apply', '-f', manifest]);
      expect(applied.stderr).toBe('');
      expect(applied.stdout.trim()).toBe('pod/hello created');
      const watcher = spawn(bin, ['--kubeconfig', kubeconfig, 'get', 'pod', 'hello', '-w'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      watcher.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      let deadline = Date.now() + 15_000;
      while (!/\bPending\b/.test(out) && Date.now() < deadline) await sleep(50);
      deadline = Date.now() + 15_000;
      while (!/\bRunning\b/.test(out) && Date.now() < deadline) {
        sim.runFor(1000);
        await sleep(100);
      }
      watcher.kill();
      const statuses = out
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(/\s+/)[2]);
      const order = ['Pending', 'ContainerCreating', 'Running'].map((s) => statuses.indexOf(s));
      expect(out.split('\n')[0]).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE$/);
      expect(
        order.every((i) => i >= 0),
        out,
      ).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

const WORKLOADS = `
name: kubectl-scale
description: A Deployment, a StatefulSet and a bare ReplicaSet, for kubectl scale and rollouts.
duration: 1m
expect:
  verdict: healthy
cluster:
  nodes:
    - name: worker
      count: 2
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: shop, labels: {app: web}}
    spec:
      replicas: 2
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
            - name: web
              image: nginx:1.27
  - apiVersion: apps/v1
    kind: StatefulSet
    metadata: {name: db, namespace: shop}
    spec:
      replicas: 1
      serviceName: db
      selector: {matchLabels: {app: db}}
      template:
        metadata: {labels: {app: db}}
        spec:
          containers:
            - name: db
              image: postgres:16
  - apiVersion: apps/v1
    kind: ReplicaSet
    metadata: {name: cache, namespace: shop}
    spec:
      replicas: 1
      selector: {matchLabels: {app: cache}}
      template:
        metadata: {labels: {app: cache}}
        spec:
          containers:
            - name: cache
              image: redis:7
`;

describe.skipIf(DEFAULT_KUBECTL === undefined)('kubectl scale and rollouts against sim serve', () => {
  let dir: string;
  let server: RunningApiServer;
  let sim: Simulation;
  let kubeconfig: string;
  const run = (...args: string[]) => kubectl(DEFAULT_KUBECTL ?? '', kubeconfig, args);
  const podsOf = async (app: string): Promise<string[]> => {
    const r = await run('get', 'pods', '-n', 'shop', '-l', `app=${app}`, '-o', 'name');
    return r.stdout.trim() === '' ? [] : r.stdout.trim().split('\n');
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'handoff-kubectl-'));
    sim = new Simulation(parseScenario(WORKLOADS, 'kubectl-scale.yaml'));
    sim.run();
    // Frozen: each test moves simulated time itself.
    server = await startApiServer(sim, { speed: 0 });
    kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, kubeconfigYaml(server.url));
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the autoscaling/v1 Scale of Deployments, StatefulSets and ReplicaSets', async () => {
    for (const [resource, name, replicas, selector] of [
      ['deployments', 'web', 2, 'app=web'],
      ['statefulsets', 'db', 1, 'app=db'],
      ['replicasets', 'cache', 1, 'app=cache'],
    ] as const) {
      const r = await run('get', '--raw', `/apis/apps/v1/namespaces/shop/${resource}/${name}/scale`);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({
        kind: 'Scale',
        apiVersion: 'autoscaling/v1',
        metadata: { name, namespace: 'shop' },
        spec: { replicas },
        status: { replicas, selector },
      });
    }
    const none = await run('get', '--raw', '/apis/apps/v1/namespaces/shop/deployments/nope/scale');
    expect(none.stderr).toContain('NotFound');
  });

  it('kubectl scale (PATCH, and GET+PUT with --current-replicas) resizes each kind', async () => {
    const deploy = await run('scale', 'deploy/web', '-n', 'shop', '--replicas=3');
    expect(deploy.stderr).toBe('');
    expect(deploy.stdout.trim()).toBe('deployment.apps/web scaled');
    const sts = await run('scale', 'sts/db', '-n', 'shop', '--current-replicas=1', '--replicas=2');
    expect(sts.stderr).toBe('');
    expect(sts.stdout.trim()).toBe('statefulset.apps/db scaled');
    const rs = await run('scale', 'rs/cache', '-n', 'shop', '--replicas=0');
    expect(rs.stdout.trim()).toBe('replicaset.apps/cache scaled');
    const stale = await run('scale', 'deploy/web', '-n', 'shop', '--current-replicas=7', '--replicas=1');
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain('Expected replicas to be 7, was 3');
    sim.runFor(60_000);
    expect(await podsOf('web')).toHaveLength(3);
    expect(await podsOf('db')).toHaveLength(2);
    expect(await podsOf('cache')).toHaveLength(0);
    const d = await run(
      'get',
      'deploy/web',
      '-n',
      'shop',
      '-o',
      'jsonpath={.spec.replicas} {.status.readyReplicas}',
    );
    expect(d.stdout).toBe('3 3');
  }, 60_000);

  it('kubectl set image rolls the Deployment: the old ReplicaSet goes to 0 before rollout status succeeds', async () => {
    const rsBefore = await run('get', 'rs', '-n', 'shop', '-l', 'app=web', '-o', 'name');
    const oldRs = rsBefore.stdout.trim();
    expect(oldRs.split('\n')).toHaveLength(1);
    const set = await run('set', 'image', 'deploy/web', '-n', 'shop', 'web=nginx:1.28');
    expect(set.stdout.trim()).toBe('deployment.apps/web image updated');
    const statuses: string[] = [];
    for (let i = 0; i < 120; i++) {
      const status = await run('rollout', 'status', 'deploy/web', '-n', 'shop', '--watch=false');
      statuses.push(status.stdout.trim());
      if (status.stdout.includes('successfully rolled out')) break;
      sim.runFor(1000);
    }
    expect(statuses.at(-1)).toBe('deployment "web" successfully rolled out');
    // It waited: for the new replicas, then for the old ones to go.
    expect(statuses.some((s) => s.includes('new replicas have been updated'))).toBe(true);
    expect(statuses.some((s) => s.includes('old replicas are pending termination'))).toBe(true);
    const rs = await run(
      'get',
      'rs',
      '-n',
      'shop',
      '-l',
      'app=web',
      '-o',
      'jsonpath={range .items[*]}{.metadata.name} {.spec.replicas} {.status.replicas} {.metadata.annotations.deployment\\.kubernetes\\.io/revision}{"\\n"}{end}',
    );
    const rows = rs.stdout.trim().split('\n').sort();
    expect(rows).toHaveLength(2);
    const oldName = oldRs.replace('replicaset.apps/', '');
    expect(rows.find((r) => r.startsWith(`${oldName} `))).toBe(`${oldName} 0 0 1`);
    expect(rows.find((r) => !r.startsWith(`${oldName} `))).toMatch(/^web-\w+ 3 3 2$/);
    // Old pods terminate gracefully (30 s) after the rollout counts them gone, as in a cluster.
    sim.runFor(40_000);
    const images = await run(
      'get',
      'pods',
      '-n',
      'shop',
      '-l',
      'app=web',
      '-o',
      'jsonpath={.items[*].spec.containers[0].image}',
    );
    expect(
      images.stdout
        .split(' ')
        .filter((i) => i !== '')
        .sort(),
    ).toEqual(['nginx:1.28', 'nginx:1.28', 'nginx:1.28']);
    const events = await run(
      'get',
      'events',
      '-n',
      'shop',
      '--field-selector',
      'involvedObject.kind=Deployment',
    );
    expect(events.stdout).toContain(`Scaled down replica set ${oldName} to 0 from 1`);
    const revision = await run(
      'get',
      'deploy/web',
      '-n',
      'shop',
      '-o',
      'jsonpath={.metadata.annotations.deployment\\.kubernetes\\.io/revision}',
    );
    expect(revision.stdout).toBe('2');
  }, 180_000);
});
