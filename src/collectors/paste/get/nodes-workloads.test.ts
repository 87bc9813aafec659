import { describe, expect, it } from 'vitest';
import { parseGetOther } from './other.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetOther);

describe('kubectl get nodes', () => {
  it('reads Ready, NotReady, Unknown and SchedulingDisabled', () => {
    const objs = read(text`
      NAME       STATUS                     ROLES           AGE   VERSION
      cp-1       Ready                      control-plane   90d   v1.29.4
      worker-1   NotReady                   <none>          90d   v1.29.4
      worker-2   Ready,SchedulingDisabled   <none>          90d   v1.29.4
      worker-3   Unknown                    <none>          90d   v1.29.4
    `);
    expect(objs[0]?.raw).toEqual({
      kind: 'Node',
      metadata: { labels: { 'node-role.kubernetes.io/control-plane': '' }, name: 'cp-1' },
      spec: {},
      status: { conditions: [{ type: 'Ready', status: 'True' }], nodeInfo: { kubeletVersion: 'v1.29.4' } },
    });
    expect(objs[1]?.raw.status).toMatchObject({ conditions: [{ type: 'Ready', status: 'False' }] });
    expect(objs[2]?.raw).toMatchObject({
      spec: { unschedulable: true },
      status: { conditions: [{ status: 'True' }] },
    });
    expect(objs[3]?.raw.status).toMatchObject({ conditions: [{ type: 'Ready', status: 'Unknown' }] });
    expect(objs[1]?.age).toEqual({ last: 90 * 86400 });
  });

  it('reads the wide columns', () => {
    const objs = read(text`
      NAME    STATUS   ROLES    AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME
      n1      Ready    <none>   5d    v1.30.1   10.0.0.11     <none>        Ubuntu 22.04.4 LTS   5.15.0-105-generic   containerd://1.7.13
    `);
    expect(objs[0]?.raw.status).toMatchObject({
      addresses: [{ type: 'InternalIP', address: '10.0.0.11' }],
      nodeInfo: { osImage: 'Ubuntu 22.04.4 LTS', containerRuntimeVersion: 'containerd://1.7.13' },
    });
  });

  it('reads NAME STATUS AGE only when the rows are node statuses', () => {
    expect(read('NAME       STATUS     AGE\n10.0.0.4   NotReady   2d')[0]?.raw).toMatchObject({
      kind: 'Node',
      metadata: { name: '10.0.0.4' },
    });
    expect(read('NAME          STATUS   AGE\nkube-system   Active   20d')).toEqual([]);
  });
});

describe('kubectl get deploy/rs/sts/ds/jobs/cronjobs', () => {
  it("reads today's layouts", () => {
    const deploy = read(
      'NAME   READY   UP-TO-DATE   AVAILABLE   AGE\nweb    1/3     3            1           5m',
    );
    expect(deploy[0]?.raw).toEqual({
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { replicas: 3 },
      status: { readyReplicas: 1, updatedReplicas: 3, availableReplicas: 1 },
    });
    const rs = read(
      'NAME          DESIRED   CURRENT   READY   AGE\nweb-7d4b9c    3         0         0       5m',
    );
    expect(rs[0]?.raw).toMatchObject({
      kind: 'ReplicaSet',
      spec: { replicas: 3 },
      status: { replicas: 0, readyReplicas: 0 },
    });
    const sts = read('NAME   READY   AGE\ndb     0/3     1h');
    expect(sts[0]?.raw).toMatchObject({
      kind: 'StatefulSet',
      spec: { replicas: 3 },
      status: { readyReplicas: 0 },
    });
    const ds = read(text`
      NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE
      agent   5         5         3       5            3           kubernetes.io/os=linux   9d
    `);
    expect(ds[0]?.raw).toMatchObject({
      kind: 'DaemonSet',
      spec: { template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' } } } },
      status: { desiredNumberScheduled: 5, currentNumberScheduled: 5, numberReady: 3, numberAvailable: 3 },
    });
  });

  it('reads jobs and cronjobs across releases', () => {
    const jobs = read(text`
      NAME      STATUS    COMPLETIONS   DURATION   AGE
      migrate   Failed    0/1           10m        10m
      batch     Running   3/1 of 4      2m         2m
    `);
    expect(jobs[0]?.raw).toMatchObject({
      kind: 'Job',
      spec: { completions: 1 },
      status: { succeeded: 0, conditions: [{ type: 'Failed', status: 'True' }] },
    });
    expect(jobs[1]?.raw).toMatchObject({ spec: { parallelism: 4 }, status: { succeeded: 3 } });
    const old = read('NAME      DESIRED   SUCCESSFUL   AGE\nbackup    1         0            1h');
    expect(old[0]?.raw).toMatchObject({ kind: 'Job', spec: { completions: 1 }, status: { succeeded: 0 } });
    const cron = read(text`
      NAME      SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
      nightly   0 2 * * *     <none>     False     1        5h              30d
    `);
    expect(cron[0]?.raw).toMatchObject({
      kind: 'CronJob',
      spec: { schedule: '0 2 * * *', suspend: false },
      status: { active: 1 },
    });
  });

  it('reads -o wide containers and selector, NAMESPACE, and old deployments', () => {
    const objs = read(text`
      NAMESPACE   NAME   READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS    IMAGES                      SELECTOR
      shop        web    0/2     2            0           1m    web,sidecar   nginx:1.25,envoy:v1.29      app=web
    `);
    expect(objs[0]?.raw).toMatchObject({
      metadata: { name: 'web', namespace: 'shop' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          spec: {
            containers: [
              { name: 'web', image: 'nginx:1.25' },
              { name: 'sidecar', image: 'envoy:v1.29' },
            ],
          },
        },
      },
    });
    const old = read(
      'NAME   DESIRED   CURRENT   UP-TO-DATE   AVAILABLE   AGE\nweb    2         2         2            0           1m',
    );
    expect(old[0]?.raw).toMatchObject({
      kind: 'Deployment',
      spec: { replicas: 2 },
      status: { replicas: 2, availableReplicas: 0 },
    });
  });

  it('reads the prefixed rows of `kubectl get all`', () => {
    const objs = read(text`
      NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE
      service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   1d

      NAME                  READY   UP-TO-DATE   AVAILABLE   AGE
      deployment.apps/web   1/1     1            1           5m

      NAME                             DESIRED   CURRENT   READY   AGE
      replicaset.apps/web-7d4b9c       1         1         1       5m
    `);
    expect(objs.map((o) => [o.raw.kind, (o.raw.metadata as { name: string }).name])).toEqual([
      ['Service', 'kubernetes'],
      ['Deployment', 'web'],
      ['ReplicaSet', 'web-7d4b9c'],
    ]);
  });
});
