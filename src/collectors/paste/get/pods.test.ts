import { KUBELET_ADMISSION_REASONS } from '../../../k8s/index.js';
import { describe, expect, it } from 'vitest';
import { parseGetPods } from './pods.js';
import { readWith, text } from '../common/parser-test-helpers.js';
import { STATUS_COLUMN } from './table.js';
import { cleanLines } from '../common/text.js';

const read = (t: string) => readWith(t, parseGetPods);

describe('kubectl get pods (NAME READY STATUS RESTARTS AGE)', () => {
  it('reads each row as a partial pod and keeps the STATUS column', () => {
    const objs = read(text`
      NAME                     READY   STATUS             RESTARTS        AGE
      web-7d4b9c-x2k8p         1/1     Running            0               3d
      web-7d4b9c-q9zt4         0/1     Running            4 (2m ago)      3d
      api-5c9f7d8b6-hj2kd      0/1     CrashLoopBackOff   12 (4m18s ago)  40m
      job-runner-28311840-x    0/1     Completed          0               2h
    `);
    expect(objs).toHaveLength(4);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-7d4b9c-x2k8p', annotations: { [STATUS_COLUMN]: 'Running' } },
        status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
      },
      line: 2,
      age: { last: 259200 },
    });
    expect(objs[0]?.raw.spec).toBeUndefined();
    // A one-container pod Running after restarts: the container runs again, its restarts counted.
    expect(objs[1]?.raw.status).toEqual({
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [{ name: 'unnamed', ready: false, restartCount: 4, state: { running: {} } }],
    });
    expect(objs[2]?.raw.status).toEqual({
      containerStatuses: [
        {
          name: 'unnamed',
          ready: false,
          restartCount: 12,
          state: { waiting: { reason: 'CrashLoopBackOff' } },
        },
      ],
    });
    expect(objs[3]?.raw.status).toMatchObject({
      phase: 'Succeeded',
      containerStatuses: [{ state: { terminated: { reason: 'Completed', exitCode: 0 } } }],
    });
  });

  it('reads -o wide (IP, NODE, NOMINATED NODE, READINESS GATES) and -A', () => {
    const objs = read(text`
      NAMESPACE     NAME                        READY   STATUS    RESTARTS   AGE   IP            NODE       NOMINATED NODE   READINESS GATES
      shop          cart-0                      0/1     Pending   0          12m   <none>        <none>     worker-4         <none>
      kube-system   coredns-5d78c9869d-abcde    1/1     Running   0          9d    10.244.0.3    cp-1       <none>           <none>
    `);
    expect(objs[0]?.raw).toMatchObject({
      metadata: { name: 'cart-0', namespace: 'shop' },
      status: { phase: 'Pending', nominatedNodeName: 'worker-4' },
    });
    expect(objs[0]?.raw.spec).toBeUndefined();
    expect(objs[1]?.raw).toMatchObject({
      metadata: { namespace: 'kube-system' },
      spec: { nodeName: 'cp-1' },
      status: { podIP: '10.244.0.3' },
    });
  });

  // READY counts containers, READINESS GATES the gates whose condition is True: Ready needs both.
  it.each([
    ['1/1', 'Running', '0/1', { ContainersReady: 'True', Ready: 'False' }],
    ['2/2', 'Running', '1/2', { ContainersReady: 'True', Ready: 'False' }],
    ['1/1', 'Running', '1/1', { Ready: 'True' }],
    ['1/1', 'Running', '<none>', { Ready: 'True' }],
    ['0/1', 'Running', '0/1', { Ready: 'False' }],
    ['0/1', 'CrashLoopBackOff', '0/1', {}],
  ])('READY %s STATUS %s READINESS GATES %s', (ready, status, gates, want) => {
    const [pod] = read(text`
      NAME    READY   STATUS    RESTARTS   AGE   IP          NODE     NOMINATED NODE   READINESS GATES
      web-1   ${ready}     ${status}   0          40m   10.0.0.7    node-1   <none>           ${gates}
    `);
    const conditions = (
      pod?.raw.status as { conditions?: { type: string; status: string; reason?: string }[] }
    ).conditions;
    expect(Object.fromEntries((conditions ?? []).map((c) => [c.type, c.status]))).toEqual(want);
    if ('ContainersReady' in want) {
      expect(conditions?.find((c) => c.type === 'Ready')?.reason).toBe('ReadinessGatesNotReady');
      expect(pod?.raw.metadata).toMatchObject({
        annotations: { 'handoff.dev/readiness-gates-column': gates },
      });
    }
  });

  it('reads the kubectl 1.10 wide layout and oc output', () => {
    const objs = read(text`
      NAME         READY     STATUS    RESTARTS   AGE       IP             NODE
      mypod-0      1/1       Unknown   0          19d       10.112.7.248   node1
      router-1-x   0/1       ContainerCreating   0     1m      <none>   infra-0
    `);
    expect(objs[0]?.raw).toMatchObject({ spec: { nodeName: 'node1' }, status: { phase: 'Unknown' } });
    expect(objs[1]?.raw.status).toMatchObject({
      phase: 'Pending',
      containerStatuses: [{ state: { waiting: { reason: 'ContainerCreating' } } }],
    });
  });

  it('reads old layouts without READY, and `get all` names', () => {
    const objs = read(text`
      NAME          STATUS    RESTARTS   AGE
      frontend-1    Pending   0          5m
    `);
    expect(objs[0]?.raw).toMatchObject({ metadata: { name: 'frontend-1' }, status: { phase: 'Pending' } });
    const all = read(text`
      NAME                         READY   STATUS             RESTARTS   AGE
      pod/web-7d4b9c-x2k8p         0/1     ImagePullBackOff   0          5m
    `);
    expect(all[0]?.raw.metadata).toMatchObject({ name: 'web-7d4b9c-x2k8p' });
  });

  it('reads --show-labels into metadata.labels', () => {
    const objs = read(text`
      NAME        READY   STATUS    RESTARTS   AGE   LABELS
      restate-0   1/1     Running   0          2d    app.kubernetes.io/instance=restate,app.kubernetes.io/name=restate
    `);
    expect(objs[0]?.raw.metadata).toMatchObject({
      labels: { 'app.kubernetes.io/instance': 'restate', 'app.kubernetes.io/name': 'restate' },
    });
  });

  it('ends at the first line that is not a row', () => {
    const lines = cleanLines(text`
      NAME      READY   STATUS    RESTARTS   AGE
      a-1       1/1     Running   0          1m
      No resources found in other namespace.
      b-1       1/1     Running   0          1m
    `);
    expect(parseGetPods(lines, 0)?.end).toBe(2);
    expect(parseGetPods(lines, 2)).toBeUndefined();
  });
});

describe('headerless pod rows', () => {
  it('reads a `get pods -A -o wide` row (real case 091 shape)', () => {
    const objs = read(
      'ibm-system    addon-catalog-source-br548                             0/1     NodeAffinity   0          147m   <none>           10.240.134.54   <none>           <none>',
    );
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw).toEqual({
      kind: 'Pod',
      metadata: {
        name: 'addon-catalog-source-br548',
        namespace: 'ibm-system',
        annotations: { [STATUS_COLUMN]: 'NodeAffinity', 'handoff.dev/ready-column': '0/1' },
      },
      spec: { nodeName: '10.240.134.54' },
      status: { phase: 'Failed', reason: 'NodeAffinity' },
    });
    expect(objs[0]?.age).toEqual({ last: 8820 });
  });

  it('reads plain and namespaced rows and old rows without READY', () => {
    const objs = read(
      [
        'web-1   0/1   Init:CrashLoopBackOff   7 (3m ago)   20m',
        'prod   db-0   0/2   Terminating   1   4d',
        'cron-x   Evicted   0   2d',
      ].join('\n'),
    );
    expect(objs).toHaveLength(3);
    expect(objs[0]?.raw.status).toMatchObject({
      conditions: [{ type: 'Initialized', status: 'False' }],
      initContainerStatuses: [{ restartCount: 7, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
    });
    expect(objs[1]?.raw).toMatchObject({
      metadata: { name: 'db-0', namespace: 'prod', annotations: { [STATUS_COLUMN]: 'Terminating' } },
      status: {},
    });
    expect(objs[2]?.raw.status).toEqual({ phase: 'Failed', reason: 'Evicted' });
  });

  it('leaves other tables and prose alone', () => {
    for (const line of [
      'web   1/3   3   1   5m',
      'web   1/3   5m',
      'default   Active   5d',
      'data-0   Bound   pvc-1f2e   1Gi   RWO   standard   5m',
      'node-1   Ready   <none>   5d   v1.29.1',
      'I restarted it 3 times 5m ago',
    ]) {
      expect(parseGetPods([line], 0)).toBeUndefined();
    }
  });
});

describe('names people redacted', () => {
  it('under a header, takes names kubectl would never print (underscores, capitals)', () => {
    const objs = read(text`
      NAME  READY     STATUS             RESTARTS   AGE
      my_pod_1  0/1       ErrImagePull   0          59m
      POD-B  0/1       ImagePullBackOff   0          39m
    `);
    expect(objs.map((o) => (o.raw.metadata as { name: string }).name)).toEqual(['my_pod_1', 'POD-B']);
  });

  it('without a header, still asks for a name kubectl prints', () => {
    expect(read('my_pod_1  0/1  ErrImagePull  0  59m')).toEqual([]);
  });
});

describe('a STATUS word the kubelet set when it refused the pod', () => {
  // The kubelet's admission reasons, with the predicate names it kept before 1.18 (MatchNodeSelector
  // after a node reboot, PodFitsHostPorts, ...): each is the failed pod's status.reason.
  it.each([...KUBELET_ADMISSION_REASONS, 'OutOfcpu', 'OutOfnvidia.com/gpu'])('%s', (word) => {
    const objs = read(
      [
        'NAME                   READY   STATUS   RESTARTS   AGE',
        `dex-58b56b74c8-jfgng   0/1     ${word}   0   9d`,
      ].join('\n'),
    );
    expect(objs[0]?.raw.status).toEqual({ phase: 'Failed', reason: word });
  });

  it('a word that is no status reason stays the STATUS column only', () => {
    const objs = read(
      ['NAME    READY   STATUS   RESTARTS   AGE', 'web-1   0/1     Matching   0   9d'].join('\n'),
    );
    expect(objs[0]?.raw.status).not.toHaveProperty('reason', 'Matching');
  });
});
