import { describe, expect, it } from 'vitest';
import type { KObject, PodObj } from '../simulator/world/types.js';
import { input, state, stateWithout } from './checks/test-helpers.js';
import type { ClusterState, InputObject, StateKind } from './types.js';
import { runWhatIf, WHAT_IF_MS } from './what-if.js';

const NS = 'shop';
const T0 = Date.UTC(2026, 11, 2, 12, 0, 0);

function node(name: string, cpu = '4'): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' } },
    spec: {},
    status: {
      capacity: { cpu, memory: '16Gi', pods: '110' },
      allocatable: { cpu, memory: '16Gi', pods: '110' },
      conditions: [
        { type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' },
      ],
    },
  };
}
const namespace = (name: string): KObject => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: { name, labels: { 'kubernetes.io/metadata.name': name } },
  spec: { finalizers: ['kubernetes'] },
  status: { phase: 'Active' },
});
const serviceAccount = (name: string, ns = NS): KObject => ({
  apiVersion: 'v1',
  kind: 'ServiceAccount',
  metadata: { name, namespace: ns },
});
const BASE: KObject[] = [node('worker-1'), namespace(NS), serviceAccount('default')];

function bare(name: string, extra: Record<string, unknown> = {}, ns: string | null = NS): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, ...(ns === null ? {} : { namespace: ns }) },
    spec: {
      containers: [
        {
          name: 'main',
          image: 'registry.example.com/app:1.0',
          resources: { requests: { cpu: '500m', memory: '256Mi' } },
        },
      ],
      ...extra,
    },
  };
}
function deployment(name: string, replicas: number, cpu = '500m'): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NS },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            {
              name: 'web',
              image: 'registry.example.com/web:2.1',
              resources: { requests: { cpu, memory: '128Mi' } },
            },
          ],
        },
      },
    },
  };
}
const known = (objects: KObject[], unread: StateKind[] = []): ClusterState => ({
  ...(unread.length === 0 ? state({ objects }) : stateWithout(unread, 'forbidden', objects)),
  at: T0,
});
const podsOf = (w: ReturnType<typeof runWhatIf>): PodObj[] =>
  w.sim.allObjects().filter((o): o is PodObj => o.kind === 'Pod');

describe('runWhatIf', () => {
  it('runs for WHAT_IF_MS from the state’s time', () => {
    expect(WHAT_IF_MS).toBe(60_000);
    const w = runWhatIf(known(BASE), []);
    expect(w.sim.clock.now()).toBe(T0 + WHAT_IF_MS);
    expect(runWhatIf(known(BASE), [], 5_000).sim.clock.now()).toBe(T0 + 5_000);
  });

  it('a bare Pod over the namespace’s quota is refused with the API server’s answer', () => {
    const quota: KObject = {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'compute', namespace: NS },
      spec: { hard: { 'requests.cpu': '1', 'requests.memory': '1Gi' } },
    };
    // The quota's usage is what the namespace's pods request: 800m of cpu already.
    const running: KObject = {
      ...bare('old'),
      spec: {
        nodeName: 'worker-1',
        containers: [
          {
            name: 'main',
            image: 'registry.example.com/app:1.0',
            resources: { requests: { cpu: '800m', memory: '0' } },
          },
        ],
      },
      status: { phase: 'Running' },
    };
    const i = input(bare('trainer'), 4, 'pod.yaml');
    const w = runWhatIf(known([...BASE, quota, running]), [i]);
    expect(w.refused.map((r) => r.input)).toStrictEqual([i]);
    expect(w.refused[0]?.status).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      code: 403,
      reason: 'Forbidden',
      message:
        'pods "trainer" is forbidden: exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=800m, limited: requests.cpu=1',
    });
    expect(w.sim.store.get('pods', NS, 'trainer')).toBeUndefined();
  });

  it('an object the state holds is replaced by the input’s, which passes admission again', () => {
    const old: KObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'app', namespace: NS },
      data: { mode: 'old', gone: 'x' },
    };
    const next: KObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'app', namespace: NS },
      data: { mode: 'new' },
    };
    const w = runWhatIf(known([...BASE, old]), [input(next)]);
    expect(w.refused).toStrictEqual([]);
    expect(w.sim.store.get('configmaps', NS, 'app')?.data).toStrictEqual({ mode: 'new' });
  });

  it('an object without namespace lands in default, and replaces the default one', () => {
    const old: KObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'app', namespace: 'default' },
      data: { v: '1' },
    };
    const next: KObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'app' },
      data: { v: '2' },
    };
    const w = runWhatIf(known([...BASE, namespace('default'), old]), [input(next)]);
    expect(w.refused).toStrictEqual([]);
    expect(w.sim.store.get('configmaps', 'default', 'app')?.data).toStrictEqual({ v: '2' });
  });

  it('a Namespace the state holds, in the input again, is replaced rather than refused as existing', () => {
    const w = runWhatIf(known(BASE), [input(namespace(NS))]);
    expect(w.refused).toStrictEqual([]);
  });

  it('Namespaces known and the input’s absent: the pod is refused with namespaces "x" not found', () => {
    const i = input(bare('p', {}, 'missing'));
    const w = runWhatIf(known(BASE), [i]);
    expect(w.refused.map((r) => [r.input, r.status.code, r.status.reason, r.status.message])).toStrictEqual([
      [i, 404, 'NotFound', 'namespaces "missing" not found'],
    ]);
    expect(w.sim.store.get('namespaces', undefined, 'missing')).toBeUndefined();
  });

  it('Namespaces not read: the input’s namespaces are stood in for, labelled by name, and the pods admitted', () => {
    const i = input(bare('p', {}, 'missing'));
    const w = runWhatIf(known([node('worker-1')], ['Namespace', 'ServiceAccount']), [i]);
    expect(w.refused).toStrictEqual([]);
    expect(w.sim.store.get('namespaces', undefined, 'missing')?.metadata.labels).toStrictEqual({
      'kubernetes.io/metadata.name': 'missing',
    });
    expect(w.sim.store.get('pods', 'missing', 'p')).toBeDefined();
  });

  it('a Namespace the input creates, whatever the input order, is there for its pods, with its default ServiceAccount', () => {
    const w = runWhatIf(known(BASE), [input(bare('p', {}, 'fresh')), input(namespace('fresh'))]);
    expect(w.refused).toStrictEqual([]);
    expect(w.sim.store.get('pods', 'fresh', 'p')).toBeDefined();
    expect(w.sim.store.get('serviceaccounts', 'fresh', 'default')).toBeDefined();
  });

  it('a Namespace the input re-applies keeps the state’s ServiceAccounts; a ServiceAccount of the input named default replaces the stood-in one', () => {
    const own: KObject = {
      ...serviceAccount('default', 'fresh'),
      automountServiceAccountToken: false,
    };
    const w = runWhatIf(known(BASE), [
      input(namespace(NS)),
      input(namespace('fresh')),
      input(own),
      input(bare('p', {}, 'fresh')),
    ]);
    expect(w.refused).toStrictEqual([]);
    expect(w.sim.store.get('serviceaccounts', NS, 'default')).toBeDefined();
    expect(w.sim.store.get('serviceaccounts', 'fresh', 'default')).toMatchObject({
      automountServiceAccountToken: false,
    });
  });

  it.each<[string, StateKind[], string | null]>([
    ['ServiceAccounts not read: the account is stood in for', ['ServiceAccount'], null],
    [
      'ServiceAccounts known and the account absent: the pod is refused',
      [],
      'pods "p" is forbidden: error looking up service account shop/builder: serviceaccount "builder" not found',
    ],
  ])('%s', (_what, unread, refusal) => {
    const w = runWhatIf(known(BASE, unread), [input(bare('p', { serviceAccountName: 'builder' }))]);
    expect(w.refused.map((r) => r.status.message)).toStrictEqual(refusal === null ? [] : [refusal]);
    expect(w.sim.store.get('serviceaccounts', NS, 'builder') !== undefined).toBe(refusal === null);
  });

  it('stand-in ServiceAccounts come from every kind of pod template; Namespaces stand in for namespaced inputs only', () => {
    const cron: KObject = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'nightly', namespace: 'ops' },
      spec: {
        schedule: '0 3 * * *',
        jobTemplate: {
          spec: {
            template: {
              spec: {
                serviceAccountName: 'backup',
                restartPolicy: 'OnFailure',
                containers: [{ name: 'b', image: 'b:1' }],
              },
            },
          },
        },
      },
    };
    const cm: KObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c', namespace: 'cfg' },
      data: {},
    };
    const w = runWhatIf(known([node('worker-1')], ['Namespace', 'ServiceAccount']), [
      input(cron),
      input(deployment('web', 0)),
      input(cm),
    ]);
    expect(w.refused).toStrictEqual([]);
    const names = (kind: string) =>
      w.sim
        .allObjects()
        .filter((o) => o.kind === kind)
        .map((o) => `${o.metadata.namespace ?? ''}/${o.metadata.name}`)
        .sort();
    expect(names('Namespace').filter((n) => ['/ops', '/shop', '/cfg'].includes(n))).toStrictEqual([
      '/cfg',
      '/ops',
      '/shop',
    ]);
    expect(names('ServiceAccount')).toEqual(expect.arrayContaining(['ops/backup', 'shop/default']));
    expect(names('ServiceAccount')).not.toContain('cfg/default');
  });

  it('a Deployment whose pods fit gets them placed, Running and Ready within the run', () => {
    const w = runWhatIf(known(BASE), [input(deployment('web', 3))]);
    expect(w.refused).toStrictEqual([]);
    const pods = podsOf(w);
    expect(pods).toHaveLength(3);
    for (const p of pods) {
      expect(p.spec.nodeName).toBe('worker-1');
      expect(p.status.phase).toBe('Running');
      expect(p.status.conditions?.map((c) => `${c.type}=${c.status}`)).toStrictEqual([
        'PodReadyToStartContainers=True',
        'Initialized=True',
        'ContainersReady=True',
        'Ready=True',
        'PodScheduled=True',
      ]);
      expect(p.status.containerStatuses?.map((c) => [c.name, c.ready, c.started])).toStrictEqual([
        ['web', true, true],
      ]);
    }
    expect(new Set(pods.map((p) => p.status.podIP)).size).toBe(3);
  });

  it('a Deployment whose pods do not fit leaves them Pending and unscheduled', () => {
    const w = runWhatIf(known(BASE), [input(deployment('big', 1, '64'))]);
    const [p] = podsOf(w);
    expect(p?.spec.nodeName).toBeUndefined();
    expect(p?.status.phase).toBe('Pending');
    expect(p?.status.conditions?.find((c) => c.type === 'PodScheduled')).toMatchObject({
      status: 'False',
      reason: 'Unschedulable',
    });
  });

  it('a state pod keeps the status the cluster reported', () => {
    const stuck: KObject = {
      ...bare('old'),
      spec: { ...(bare('old').spec as Record<string, unknown>), nodeName: 'worker-1' },
      status: {
        phase: 'Pending',
        conditions: [{ type: 'PodScheduled', status: 'True' }],
        containerStatuses: [
          {
            name: 'main',
            image: 'registry.example.com/app:1.0',
            ready: false,
            restartCount: 0,
            state: {
              waiting: {
                reason: 'ImagePullBackOff',
                message: 'Back-off pulling image "registry.example.com/app:1.0"',
              },
            },
          },
        ],
      },
    };
    const w = runWhatIf(known([...BASE, stuck]), [input(deployment('web', 1))]);
    const old = w.sim.store.get<PodObj>('pods', NS, 'old');
    expect(old?.status).toStrictEqual(stuck.status);
  });

  it('state objects of kinds the simulator does not store are skipped and counted', () => {
    const pdb = (name: string): KObject => ({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name, namespace: NS },
    });
    const w = runWhatIf(known([...BASE, pdb('a'), pdb('b')]), []);
    expect([...w.skipped]).toStrictEqual([['PodDisruptionBudget', 2]]);
    expect(runWhatIf(known(BASE), []).skipped.size).toBe(0);
  });

  it('adds no node, StorageClass nor webhook of its own', () => {
    const w = runWhatIf(known([namespace(NS)]), []);
    expect(
      w.sim
        .allObjects()
        .filter((o) =>
          ['Node', 'StorageClass', 'CSIDriver', 'ValidatingWebhookConfiguration'].includes(o.kind),
        ),
    ).toStrictEqual([]);
  });

  it('a quota added by the input counts before the pods of the same input', () => {
    const quota: KObject = {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'pods', namespace: NS },
      spec: { hard: { pods: '0' } },
    };
    const i: InputObject = input(bare('p'), 1);
    const w = runWhatIf(known(BASE), [i, input(quota, 20)]);
    expect(w.refused.map((r) => [r.input.line, r.status.reason])).toStrictEqual([[1, 'Forbidden']]);
  });
});
