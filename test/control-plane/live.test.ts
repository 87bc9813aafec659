/**
 * The live collector's reading of a real kube-apiserver, measured from the API server's own audit
 * log: paging (limit=500 over more than 1,000 pods), events read once through core/v1, a
 * label selector (-l) and a field selector (a pod TARGET's events), --watch seeing a change the
 * fake kubelet writes through pods/status, `check` listing once then watching until the pod is
 * Ready, and `capture` replaying to the same diagnosis.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, type Api } from './api.js';
import { handoff, type Report } from './cli.js';
import { FakeKubelet } from './fake-kubelet.js';
import { adminApi, auditMark, handoffRequests, REPO, type AuditEvent } from './harness.js';

const info = inject('controlPlane');
const NODE = 'live-node-1';
const PAGING = 'cp-paging';
const EVENTS = 'cp-events';
const WATCH = 'cp-watch';
const CHECK = 'cp-check';
const PODS = 1050;
const READ_VERBS = new Set(['get', 'list', 'watch']);

const line = (d: Report['diagnoses'][number]): string =>
  `${d.target.kind}/${d.target.namespace}/${d.target.name} ${d.verdict} ${String(d.stage)} ${String(d.reason)}`;

async function report(
  args: readonly string[],
): Promise<{ report: Report; stderr: string; requests: AuditEvent[] }> {
  const mark = auditMark(info.auditLog);
  const run = await handoff([...args, '--kubeconfig', info.adminKubeconfig, '-o', 'json']);
  if (run.code !== 0 && run.code !== 1)
    throw new Error(`handoff ${args.join(' ')} exited ${String(run.code)}:\n${run.stderr}`);
  return {
    report: JSON.parse(run.stdout) as Report,
    stderr: run.stderr,
    requests: handoffRequests(info.auditLog, mark),
  };
}

const query = (e: AuditEvent): URLSearchParams => new URL(e.requestURI, 'https://x').searchParams;
const pathOf = (e: AuditEvent): string => new URL(e.requestURI, 'https://x').pathname;

function pod(name: string, labels: Record<string, string>, image = 'registry.example/shop/web:1.0') {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels },
    spec: {
      nodeName: NODE,
      automountServiceAccountToken: false,
      containers: [{ name: 'app', image }],
    },
  };
}

const time = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const micro = (d: Date): string => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** Creates pod `name` in `ns` on the node, Pending with its container waiting (as the kubelet writes it). */
async function waitingPod(
  api: Api,
  ns: string,
  name: string,
  waiting: { reason: string; message?: string },
): Promise<void> {
  await api.create({ ...pod(name, { app: name }), metadata: { name, namespace: ns, labels: { app: name } } });
  await api.patch(`/api/v1/namespaces/${ns}/pods/${name}/status`, {
    status: {
      phase: 'Pending',
      conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: time(new Date()) }],
      containerStatuses: [
        {
          name: 'app',
          image: 'registry.example/shop/web:1.0',
          imageID: '',
          ready: false,
          started: false,
          restartCount: 0,
          state: { waiting },
        },
      ],
    },
  });
}

/** Starts bin/handoff.js with `args` as a user would (fresh HOME, CI, no colour). */
function spawnHandoff(args: readonly string[], home: string) {
  return spawn(process.execPath, [path.join(REPO, 'bin/handoff.js'), ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: home, CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function namespace(api: Api, name: string): Promise<void> {
  await api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
}

async function runConcurrently<T>(
  items: readonly T[],
  limit: number,
  fn: (t: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await fn(item);
      }
    }),
  );
}

describe(`the live collector against a real kube-apiserver ${info.version}, counted from its audit log`, () => {
  let api: Api | undefined;
  let kubelet: FakeKubelet | undefined;
  const start = auditMark(info.auditLog);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'handoff-cp-live-'));

  beforeAll(async () => {
    api = adminApi(info);
    kubelet = new FakeKubelet(api, info.closedPort, info.version);
    await kubelet.addNodes([{ name: NODE, pods: '2000' }]);
    for (const ns of [PAGING, EVENTS, WATCH, CHECK]) await namespace(api, ns);
    const a = api;
    const names = Array.from({ length: PODS }, (_, i) => `p-${String(i).padStart(4, '0')}`);
    await runConcurrently(names, 8, (n) =>
      a.create({
        ...pod(n, { app: 'many' }),
        metadata: { name: n, namespace: PAGING, labels: { app: 'many' } },
      }),
    );
  });
  afterAll(async () => {
    for (const ns of [PAGING, EVENTS, WATCH, CHECK]) await kubelet?.deleteNamespace(ns);
    await kubelet?.stop();
    api?.close();
  });

  it(`pages the pod list with limit=500 and sees all ${String(PODS)} pods`, async () => {
    const r = await report(['-n', PAGING]);
    const pods = r.report.diagnoses.filter((d) => d.target.kind === 'Pod' && d.target.namespace === PAGING);
    expect(pods.length).toBe(PODS);
    const podLists = r.requests.filter((e) => e.verb === 'list' && e.objectRef?.resource === 'pods');
    expect(podLists.map((e) => pathOf(e))).toEqual(Array(3).fill(`/api/v1/namespaces/${PAGING}/pods`));
    expect(podLists.map((e) => query(e).get('limit'))).toEqual(['500', '500', '500']);
    // The first page has no continue token, the next two carry the one the server handed out.
    expect(podLists.map((e) => query(e).has('continue'))).toEqual([false, true, true]);
    expect(podLists.every((e) => e.responseStatus?.code === 200)).toBe(true);
    // The whole scan, as the API server logged it: one list per kind (three pages of pods), the
    // events once, through core/v1; a fixed cost whatever the number of pods.
    const ns = `/namespaces/${PAGING}`;
    expect(r.requests.map((e) => `${e.verb} ${pathOf(e)}`).sort()).toEqual(
      [
        ...Array<string>(3).fill(`list /api/v1${ns}/pods`),
        `list /api/v1${ns}/events`,
        'list /api/v1/nodes',
        `list /api/v1${ns}/persistentvolumeclaims`,
        'list /api/v1/persistentvolumes',
        'list /apis/storage.k8s.io/v1/storageclasses',
        `list /api/v1${ns}/services`,
        `list /apis/discovery.k8s.io/v1${ns}/endpointslices`,
        `list /apis/apps/v1${ns}/replicasets`,
        `list /apis/apps/v1${ns}/deployments`,
        `list /apis/apps/v1${ns}/statefulsets`,
        `list /apis/apps/v1${ns}/daemonsets`,
        `list /apis/batch/v1${ns}/jobs`,
        `list /apis/batch/v1${ns}/cronjobs`,
        `list /api/v1${ns}/resourcequotas`,
        `list /api/v1${ns}/limitranges`,
      ].sort(),
    );
    // Every other kind is one list whatever the number of pods.
    const others = r.requests.filter((e) => e.objectRef?.resource !== 'pods');
    expect(others.filter((e) => e.verb === 'list' && query(e).has('continue'))).toEqual([]);
  });

  describe('events, the selectors, watch and capture', () => {
    let podA:
      { metadata: { name: string; namespace: string; uid: string; resourceVersion: string } } | undefined;
    const t0 = new Date(Date.now() - 120_000);
    const t1 = new Date(Date.now() - 10_000);

    beforeAll(async () => {
      const a = api as Api;
      // Pod a: an image that is not there, the kubelet's Failed event (core/v1, count 3).
      podA = (await a.create({
        ...pod('a', { app: 'a' }, 'registry.example/shop/a:9.9'),
        metadata: { name: 'a', namespace: EVENTS, labels: { app: 'a' } },
      })) as typeof podA;
      await a.patch(`/api/v1/namespaces/${EVENTS}/pods/a/status`, {
        status: {
          phase: 'Pending',
          conditions: [
            { type: 'PodScheduled', status: 'True', lastTransitionTime: time(t0) },
            { type: 'Ready', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: time(t0) },
          ],
          containerStatuses: [
            {
              name: 'app',
              image: 'registry.example/shop/a:9.9',
              imageID: '',
              ready: false,
              started: false,
              restartCount: 0,
              state: {
                waiting: {
                  reason: 'ImagePullBackOff',
                  message: 'Back-off pulling image "registry.example/shop/a:9.9"',
                },
              },
            },
          ],
          startTime: time(t0),
        },
      });
      const pa = podA as NonNullable<typeof podA>;
      await a.create({
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: 'a.core-failed', namespace: EVENTS },
        involvedObject: {
          apiVersion: 'v1',
          kind: 'Pod',
          name: 'a',
          namespace: EVENTS,
          uid: pa.metadata.uid,
          fieldPath: 'spec.containers{app}',
        },
        reason: 'Failed',
        message:
          'Failed to pull image "registry.example/shop/a:9.9": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example/shop/a:9.9": failed to resolve reference "registry.example/shop/a:9.9": registry.example/shop/a:9.9: not found',
        type: 'Warning',
        source: { component: 'kubelet', host: NODE },
        firstTimestamp: time(t0),
        lastTimestamp: time(t1),
        count: 3,
        reportingComponent: 'kubelet',
        reportingInstance: NODE,
      });
      // Pod b: crash-looping; its kubelet BackOff event written through events.k8s.io/v1 (series of 4).
      const pb = (await a.create({
        ...pod('b', { app: 'b' }),
        metadata: { name: 'b', namespace: EVENTS, labels: { app: 'b' } },
      })) as NonNullable<typeof podA>;
      await a.patch(`/api/v1/namespaces/${EVENTS}/pods/b/status`, {
        status: {
          phase: 'Running',
          startTime: time(t0),
          conditions: [
            { type: 'PodScheduled', status: 'True', lastTransitionTime: time(t0) },
            { type: 'Ready', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: time(t0) },
          ],
          containerStatuses: [
            {
              name: 'app',
              image: 'registry.example/shop/web:1.0',
              imageID: `registry.example/shop/web@sha256:${'1'.repeat(64)}`,
              containerID: `containerd://${'2'.repeat(64)}`,
              ready: false,
              started: false,
              restartCount: 4,
              state: {
                waiting: {
                  reason: 'CrashLoopBackOff',
                  message: 'back-off 1m20s restarting failed container=app pod=b_cp-events(x)',
                },
              },
              lastState: {
                terminated: { exitCode: 1, reason: 'Error', startedAt: time(t1), finishedAt: time(t1) },
              },
            },
          ],
        },
      });
      await a.must('POST', `/apis/events.k8s.io/v1/namespaces/${EVENTS}/events`, {
        apiVersion: 'events.k8s.io/v1',
        kind: 'Event',
        metadata: { name: 'b.v1-backoff', namespace: EVENTS },
        eventTime: micro(t0),
        series: { count: 4, lastObservedTime: micro(t1) },
        reportingController: 'kubelet',
        reportingInstance: NODE,
        action: 'BackOff',
        reason: 'BackOff',
        regarding: {
          apiVersion: 'v1',
          kind: 'Pod',
          name: 'b',
          namespace: EVENTS,
          uid: pb.metadata.uid,
          fieldPath: 'spec.containers{app}',
        },
        note: 'Back-off restarting failed container app in pod b_cp-events(x)',
        type: 'Warning',
      });
    });

    it('reads the events once, through core/v1: those written through events.k8s.io/v1 too, with their series', async () => {
      const r = await report(['-n', EVENTS]);
      const lists = r.requests.filter((e) => e.verb === 'list' && e.objectRef?.resource === 'events');
      expect(lists.map((e) => `${pathOf(e)}?limit=${String(query(e).get('limit'))}`)).toEqual([
        `/api/v1/namespaces/${EVENTS}/events?limit=500`,
      ]);
      const a = r.report.diagnoses.find((d) => d.target.name === 'a');
      const b = r.report.diagnoses.find((d) => d.target.name === 'b');
      expect(a && line(a)).toBe(`Pod/${EVENTS}/a failed image-pull ImageNotFound`);
      expect(b && line(b)).toBe(`Pod/${EVENTS}/b failed crash CrashLoopBackOff`);
      const eventsOf = (d: typeof a) =>
        (d?.evidence ?? []).filter((e) => e.source === 'event').map((e) => e.text);
      const failed = eventsOf(a).filter((t) => t.includes('Failed to pull image'));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toContain('(x3 ');
      const backoff = eventsOf(b).filter((t) => t.includes('Back-off restarting failed container'));
      expect(backoff).toHaveLength(1);
      expect(backoff[0]).toContain('(x4 ');
    });

    it('-l sends the label selector to the pod list and reports only the matching pods', async () => {
      const r = await report(['-n', EVENTS, '-l', 'app=a']);
      expect(r.report.diagnoses.map(line)).toEqual([`Pod/${EVENTS}/a failed image-pull ImageNotFound`]);
      const podLists = r.requests.filter((e) => e.verb === 'list' && e.objectRef?.resource === 'pods');
      expect(podLists.map((e) => query(e).get('labelSelector'))).toEqual(['app=a']);
    });

    it('a pod TARGET reads its events with a field selector, and only its own', async () => {
      const r = await report(['pod/a', '-n', EVENTS]);
      expect(r.report.diagnoses.map(line)).toEqual([`Pod/${EVENTS}/a failed image-pull ImageNotFound`]);
      const eventLists = r.requests.filter((e) => e.verb === 'list' && e.objectRef?.resource === 'events');
      expect(eventLists.map((e) => query(e).get('fieldSelector'))).toEqual([
        `involvedObject.name=a,involvedObject.namespace=${EVENTS},involvedObject.uid=${String(podA?.metadata.uid)}`,
      ]);
      const texts = r.report.diagnoses.flatMap((d) => d.evidence.map((e) => e.text));
      expect(texts.filter((t) => t.includes('Back-off restarting'))).toEqual([]);
      // No pod list: a pod TARGET is one GET.
      expect(r.requests.filter((e) => e.objectRef?.resource === 'pods' && e.verb === 'list')).toEqual([]);
    });

    it('capture writes a bundle that handoff -f replays to the same diagnosis', async () => {
      const bundle = path.join(dir, 'events.bundle.yaml');
      const cap = await handoff([
        'capture',
        '-n',
        EVENTS,
        '--kubeconfig',
        info.adminKubeconfig,
        '--out',
        bundle,
      ]);
      expect(cap.code, cap.stderr).toBe(0);
      const { capturedAt } = parseYaml(readFileSync(bundle, 'utf8')) as { capturedAt: string };
      const live = await report(['-n', EVENTS, '--now', capturedAt]);
      const replay = await handoff(['-f', bundle, '-o', 'json', '--now', capturedAt]);
      const file = JSON.parse(replay.stdout) as Report;
      expect(file.diagnoses.map(line).sort()).toEqual(live.report.diagnoses.map(line).sort());
      expect(file.diagnoses.length).toBe(2);
      // Evidence too, event counts included.
      const evidence = (r: Report) => r.diagnoses.map((d) => [line(d), d.evidence.map((e) => e.text)]);
      expect(evidence(file)).toEqual(evidence(live.report));
    });

    it('--watch reports the new verdict when the kubelet writes a new pod status', async () => {
      const k = kubelet as FakeKubelet;
      await waitingPod(api as Api, WATCH, 'w', {
        reason: 'ErrImagePull',
        message:
          'failed to pull and unpack image "registry.example/shop/web:1.0": failed to resolve reference "registry.example/shop/web:1.0": registry.example/shop/web:1.0: not found',
      });
      const mark = auditMark(info.auditLog);
      const child = spawnHandoff(
        ['-n', WATCH, '-w', '--kubeconfig', info.adminKubeconfig, '-o', 'json'],
        dir,
      );
      const lines: Record<string, unknown>[] = [];
      let stderr = '';
      let buf = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        buf += c;
        for (let i = buf.indexOf('\n'); i !== -1; i = buf.indexOf('\n')) {
          lines.push(JSON.parse(buf.slice(0, i)) as Record<string, unknown>);
          buf = buf.slice(i + 1);
        }
      });
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      try {
        const first = await eventually(
          'the first watch report',
          () => Promise.resolve(lines.find((l) => l.type === 'report')),
          {
            timeoutMs: 60_000,
            intervalMs: 200,
            describe: () => stderr,
          },
        );
        const r = first.report as Report;
        expect(r.diagnoses.map(line)).toEqual([`Pod/${WATCH}/w failed image-pull ImageNotFound`]);
        await k.runPod(WATCH, 'w', { podIP: '10.244.9.9' });
        const change = await eventually(
          'a change line for pod w',
          () => Promise.resolve(lines.find((l) => l.type === 'change')),
          { timeoutMs: 60_000, intervalMs: 200, describe: () => `${JSON.stringify(lines)}\n${stderr}` },
        );
        expect(change).toMatchObject({
          target: { kind: 'Pod', namespace: WATCH, name: 'w' },
          from: { verdict: 'failed', stage: 'image-pull' },
          to: { verdict: 'healthy' },
        });
      } finally {
        child.kill('SIGTERM');
        await new Promise((res) => child.once('exit', res));
      }
      const requests = handoffRequests(info.auditLog, mark);
      const watches = requests
        .filter((e) => e.verb === 'watch')
        .map((e) => `${e.objectRef?.apiGroup ?? ''}/${String(e.objectRef?.resource)}`);
      expect(new Set(watches).has('/pods')).toBe(true);
      expect(requests.filter((e) => !READ_VERBS.has(e.verb))).toEqual([]);
    });
  });

  it('check lists each kind once, then watches: the pod the kubelet starts is seen Ready through the watch', async () => {
    const k = kubelet as FakeKubelet;
    await waitingPod(api as Api, CHECK, 'c', { reason: 'ContainerCreating' });
    const mark = auditMark(info.auditLog);
    const child = spawnHandoff(
      [
        'check',
        '-n',
        CHECK,
        '--timeout',
        '90s',
        '--settle',
        '0s',
        '--kubeconfig',
        info.adminKubeconfig,
        '-o',
        'json',
      ],
      dir,
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((res) => child.once('exit', res));
    try {
      // Once the pods are watched, the kubelet starts the container.
      await eventually(
        'a watch of the pods of the namespace',
        () =>
          Promise.resolve(
            handoffRequests(info.auditLog, mark).find(
              (e) => e.verb === 'watch' && e.objectRef?.resource === 'pods',
            ),
          ),
        { timeoutMs: 60_000, intervalMs: 200, describe: () => `${stdout}\n${stderr}` },
      );
      await k.runPod(CHECK, 'c', { podIP: '10.244.9.10' });
      expect(await exited, `${stdout}\n${stderr}`).toBe(0);
    } finally {
      child.kill('SIGTERM');
    }
    const summary = JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '{}') as { result?: string };
    expect(summary.result).toMatch(/^the 1 target is ready after /);
    const requests = handoffRequests(info.auditLog, mark);
    const count = (verb: string, resource: string): number =>
      requests.filter((e) => e.verb === verb && e.objectRef?.resource === resource).length;
    for (const resource of ['pods', 'events', 'deployments', 'replicasets', 'endpointslices', 'services']) {
      expect(count('list', resource), `list ${resource}`).toBe(1);
      expect(count('watch', resource), `watch ${resource}`).toBeGreaterThanOrEqual(1);
    }
    expect(requests.filter((e) => !READ_VERBS.has(e.verb))).toEqual([]);
  });

  it('every request kube-handoff sent in this file was a get, list or watch', () => {
    const all = handoffRequests(info.auditLog, start);
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((e) => !READ_VERBS.has(e.verb)).map((e) => `${e.verb} ${e.requestURI}`)).toEqual([]);
  });
});
