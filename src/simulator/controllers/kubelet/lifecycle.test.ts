import { describe, expect, it } from 'vitest';
import { TestWorld } from './kubelet-test-helpers.js';

const world = (nodes: string, images = ''): TestWorld =>
  new TestWorld(`
name: t
description: t
expect: {verdict: healthy}
cluster:
  nodes:
${nodes}
  registry:
    images:
${images}
`);

const node1 = '    - name: node-1\n      cpu: "4"\n      memory: 8Gi';

describe('kubelet admission and node incidents', () => {
  it('rejects a pod bound by nodeName that does not fit: OutOfcpu', () => {
    const w = world('    - name: node-1\n      cpu: "4"\n      allocatable: {cpu: 3800m}');
    w.addPod({
      metadata: { name: 'a', uid: 'a' },
      spec: { containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '1200m' } } }] },
    });
    w.addPod({
      metadata: { name: 'b', uid: 'b' },
      spec: { containers: [{ name: 'b', image: 'x', resources: { requests: { cpu: '8' } } }] },
    });
    w.runFor(1000);
    const b = w.pod('b');
    expect(b.status).toMatchObject({
      phase: 'Failed',
      reason: 'OutOfcpu',
      message:
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 8000, used: 1200, capacity: 3800",
    });
    expect(w.eventLines('b')).toEqual([
      "OutOfcpu: Node didn't have enough resource: cpu, requested: 8000, used: 1200, capacity: 3800",
    ]);
  });

  it('rejects a pod whose nodeSelector the node does not match', () => {
    const w = world(node1);
    w.addPod({
      metadata: { name: 'gpu', uid: 'g' },
      spec: { nodeSelector: { gpu: 'true' }, containers: [{ name: 'c', image: 'x' }] },
    });
    w.runFor(1000);
    expect(w.pod('gpu').status).toMatchObject({
      phase: 'Failed',
      reason: 'NodeAffinity',
      message: 'Pod was rejected: Predicate NodeAffinity failed',
    });
  });

  it('evicts the BestEffort pod under memory pressure', () => {
    const w = world(`${node1}\n      incidents: [{at: 1m, type: memory-pressure}]`);
    w.addPod({ metadata: { name: 'cache', uid: 'c' }, spec: { containers: [{ name: 'app', image: 'x' }] } });
    w.addPod({
      metadata: { name: 'db', uid: 'd' },
      spec: { containers: [{ name: 'db', image: 'x', resources: { limits: { cpu: '1', memory: '1Gi' } } }] },
    });
    w.runFor(75_000);
    const cache = w.pod('cache');
    expect(cache.status.phase).toBe('Failed');
    expect(cache.status.reason).toBe('Evicted');
    expect(cache.status.message).toMatch(
      /^The node was low on resource: memory\. Threshold quantity: 100Mi, available: \d+Ki\. Container app was using \d+Mi, request is 0, has larger consumption of memory\. $/,
    );
    expect(cache.status.conditions?.find((c) => c.type === 'PodReadyToStartContainers')?.status).toBe(
      'False',
    );
    expect(cache.status.conditions?.find((c) => c.type === 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'TerminationByKubelet',
    });
    expect(w.eventLines('cache')).toContain(`Evicted: ${cache.status.message ?? ''}`);
    expect(w.pod('db').status.phase).toBe('Running');
  });

  it('fails a pod that outlives activeDeadlineSeconds', () => {
    const w = world(node1);
    w.addPod({
      metadata: { name: 'job', uid: 'j' },
      spec: { restartPolicy: 'Never', activeDeadlineSeconds: 30, containers: [{ name: 'c', image: 'x' }] },
    });
    w.runFor(40_000);
    expect(w.pod('job').status).toMatchObject({
      phase: 'Failed',
      reason: 'DeadlineExceeded',
      message: 'Pod was active on the node longer than the specified deadline',
    });
    expect(w.pod('job').status.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(137);
  });

  it('terminates pods on a graceful node shutdown', () => {
    const w = world(`${node1}\n      incidents: [{at: 30s, type: shutdown}]`);
    w.addPod({ metadata: { name: 'web', uid: 'w' }, spec: { containers: [{ name: 'web', image: 'x' }] } });
    w.runFor(60_000);
    expect(w.pod('web').status).toMatchObject({
      phase: 'Failed',
      reason: 'Terminated',
      message: 'Pod was terminated in response to imminent node shutdown.',
    });
    expect(w.eventLines('web')).toContain('Killing: Stopping container web');
  });

  it('a deleted pod stops its containers and is removed; on a lost node it stays', () => {
    const w = world(`${node1}\n    - name: node-2\n      incidents: [{at: 10s, type: lost}]`);
    w.addPod({ metadata: { name: 'a', uid: 'a' }, spec: { containers: [{ name: 'a', image: 'x' }] } });
    w.addPod(
      { metadata: { name: 'b', uid: 'b' }, spec: { containers: [{ name: 'b', image: 'x' }] } },
      'node-2',
    );
    w.runFor(20_000);
    for (const name of ['a', 'b']) {
      const p = w.pod(name);
      p.metadata.deletionTimestamp = w.clock.iso();
      p.metadata.deletionGracePeriodSeconds = 30;
      w.store.update(p);
    }
    w.runFor(10_000);
    expect(w.store.get('pods', 'default', 'a')).toBeUndefined();
    expect(w.eventLines('a')).toContain('Killing: Stopping container a');
    expect(w.pod('b').status.phase).toBe('Running');
  });
});

describe('node recovery', () => {
  it('a lost node that recovers resumes its pods and finishes deletions made meanwhile', () => {
    const w = world('    - name: node-1\n      incidents: [{at: 10s, type: lost}, {at: 2m, type: recover}]');
    w.addPod({ metadata: { name: 'a', uid: 'a' }, spec: { containers: [{ name: 'a', image: 'x' }] } });
    w.addPod({ metadata: { name: 'b', uid: 'b' }, spec: { containers: [{ name: 'b', image: 'x' }] } });
    w.runFor(30_000);
    const b = w.pod('b');
    b.metadata.deletionTimestamp = w.clock.iso();
    w.store.update(b);
    w.runFor(60_000);
    expect(w.pod('b').status.phase).toBe('Running');
    w.runFor(60_000);
    expect(w.store.get('pods', 'default', 'b')).toBeUndefined();
    expect(w.pod('a').status.phase).toBe('Running');
  });
});

describe('init containers and start errors', () => {
  it('a failing init container with restartPolicy Never fails the pod (Init:Error)', () => {
    const w = world(node1, '      - name: migrate:1\n        run: {exitAfter: 2s, exitCode: 3}');
    w.addPod({
      metadata: { name: 'job', uid: 'j' },
      spec: {
        restartPolicy: 'Never',
        initContainers: [{ name: 'migrate', image: 'migrate:1' }],
        containers: [{ name: 'app', image: 'x' }],
      },
    });
    w.runFor(10_000);
    const p = w.pod('job');
    expect(p.status.phase).toBe('Failed');
    expect(p.status.initContainerStatuses?.[0]?.state?.terminated).toMatchObject({
      exitCode: 3,
      reason: 'Error',
    });
    expect(p.status.containerStatuses?.[0]?.state).toEqual({ waiting: { reason: 'PodInitializing' } });
    expect(p.status.conditions?.find((c) => c.type === 'Initialized')).toMatchObject({
      status: 'False',
      reason: 'ContainersNotInitialized',
      message: 'containers with incomplete status: [migrate]',
    });
  });

  it('runs init containers in order, then the app', () => {
    const w = world(node1, '      - name: init:1\n        run: {exitAfter: 2s, exitCode: 0}');
    w.addPod({
      metadata: { name: 'p', uid: 'p' },
      spec: {
        initContainers: [
          { name: 'one', image: 'init:1' },
          { name: 'two', image: 'init:1' },
        ],
        containers: [{ name: 'app', image: 'x' }],
      },
    });
    w.runFor(10_000);
    const p = w.pod('p');
    expect(p.status.phase).toBe('Running');
    expect(p.status.initContainerStatuses?.map((s) => s.state?.terminated?.reason)).toEqual([
      'Completed',
      'Completed',
    ]);
    expect(w.eventLines('p').filter((l) => l.startsWith('Started'))).toEqual([
      'Started: Started container one',
      'Started: Started container two',
      'Started: Started container app',
    ]);
  });

  it('an executable that does not exist: StartError 128, RunContainerError, then CrashLoopBackOff', () => {
    const w = world(node1, '      - name: shop/api:3\n        run: {startError: executable not found}');
    w.addPod({
      metadata: { name: 'api', uid: 'a' },
      spec: { containers: [{ name: 'api', image: 'shop/api:3', command: ['/app/server'] }] },
    });
    w.runFor(700);
    const message =
      'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/server": stat /app/server: no such file or directory: unknown';
    let s = w.pod('api').status.containerStatuses?.[0];
    expect(s?.state?.waiting).toEqual({ reason: 'RunContainerError', message });
    expect(s?.lastState?.terminated).toMatchObject({
      exitCode: 128,
      reason: 'StartError',
      message,
      startedAt: '1970-01-01T00:00:00Z',
    });
    expect(w.eventLines('api')).toContain(`Failed: Error: ${message}`);
    w.runFor(5000);
    s = w.pod('api').status.containerStatuses?.[0];
    expect(s?.state?.waiting?.reason).toBe('CrashLoopBackOff');
  });

  it('runAsNonRoot with a root image is a config error naming the pod', () => {
    const w = world(node1);
    w.addPod({
      metadata: { name: 'web', namespace: 'shop', uid: 'u' },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27', securityContext: { runAsNonRoot: true } }] },
    });
    w.runFor(2000);
    expect(w.pod('web', 'shop').status.containerStatuses?.[0]?.state?.waiting).toEqual({
      reason: 'CreateContainerConfigError',
      message: 'container has runAsNonRoot and image will run as root (pod: "web_shop(u)", container: web)',
    });
  });
});
