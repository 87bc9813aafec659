import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';
import { readWith, text } from '../common/parser-test-helpers.js';
import { cleanLines } from '../common/text.js';

const read = (t: string) => readWith(t, parseGetEvents);

describe("kubectl get events: today's layout (LAST SEEN TYPE REASON OBJECT MESSAGE)", () => {
  it('reads each row as an event on the object it names', () => {
    const objs = read(text`
      LAST SEEN   TYPE      REASON             OBJECT                      MESSAGE
      5m          Normal    Scheduled          pod/web-7d4b9c-x2k8p        Successfully assigned shop/web-7d4b9c-x2k8p to worker-2
      3m (x4 over 10m)   Warning   BackOff   pod/web-7d4b9c-x2k8p   Back-off restarting failed container app in pod web-7d4b9c-x2k8p_shop(0d3e)
      <unknown>   Warning   FailedCreate       replicaset/web-7d4b9c       Error creating: pods "web-7d4b9c-" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=3, limited: cpu=4
      12s         Normal    ScalingReplicaSet  deployment/web              Scaled up replica set web-7d4b9c to 3
      2m          Warning   NodeNotReady       node/worker-3               Node worker-3 status is now: NodeNotReady
    `);
    expect(objs).toHaveLength(5);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Event',
        involvedObject: { kind: 'Pod', name: 'web-7d4b9c-x2k8p' },
        reason: 'Scheduled',
        type: 'Normal',
        message: 'Successfully assigned shop/web-7d4b9c-x2k8p to worker-2',
      },
      line: 2,
      age: { last: 300 },
    });
    expect(objs[0]?.age?.first).toBeUndefined();
    expect(objs[0]?.raw.count).toBeUndefined();
    expect(objs[1]).toMatchObject({ raw: { reason: 'BackOff', count: 4 }, age: { last: 180, first: 600 } });
    expect(objs[2]).toMatchObject({ raw: { involvedObject: { kind: 'ReplicaSet', name: 'web-7d4b9c' } } });
    expect(objs[2]?.age).toBeUndefined();
    expect(objs[3]).toMatchObject({ raw: { involvedObject: { kind: 'Deployment', name: 'web' } } });
    expect(objs[4]).toMatchObject({ raw: { involvedObject: { kind: 'Node', name: 'worker-3' } } });
  });

  it("takes a pod event's namespace from its own message when the table has no NAMESPACE column", () => {
    const objs = read(text`
      LAST SEEN          TYPE      REASON      OBJECT                   MESSAGE
      72s                Normal    Scheduled   pod/api-84d5b-9wz2r      Successfully assigned shop/api-84d5b-9wz2r to node-2
      5s (x6 over 56s)   Warning   BackOff     pod/api-84d5b-9wz2r      Back-off restarting failed container api in pod api-84d5b-9wz2r_shop(0f3c)
      9s                 Warning   Failed      pod/api-84d5b-9wz2r      Error: ErrImagePull
      1m                 Normal    Scheduled   pod/other-1              Successfully assigned team/web-1 to node-2
    `);
    expect(objs.map((o) => (o.raw.involvedObject as { namespace?: string }).namespace)).toEqual([
      'shop',
      'shop',
      undefined,
      undefined,
    ]);
  });

  it('maps lower-case kinds back to their kind', () => {
    const objs = read(text`
      LAST SEEN   TYPE      REASON                 OBJECT                                MESSAGE
      1m          Warning   ProvisioningFailed     persistentvolumeclaim/data-db-0       storageclass.storage.k8s.io "fast" not found
      1m          Warning   FailedCreate           statefulset/db                        create Pod db-0 in StatefulSet db failed error: pods "db-0" is forbidden: violates PodSecurity "restricted:latest"
      1m          Warning   FailedCreate           daemonset/agent                       Error creating: pods "agent-" is forbidden: error looking up service account kube-system/agent
      1m          Warning   BackoffLimitExceeded   job/migrate                           Job has reached the specified backoff limit
      1m          Normal    SuccessfulCreate       cronjob/nightly                       Created job nightly-28311840
    `);
    expect(objs.map((o) => (o.raw.involvedObject as { kind: string }).kind)).toEqual([
      'PersistentVolumeClaim',
      'StatefulSet',
      'DaemonSet',
      'Job',
      'CronJob',
    ]);
  });

  it('reads the NAMESPACE column of -A into the object and the event', () => {
    const objs = read(text`
      NAMESPACE     LAST SEEN   TYPE      REASON             OBJECT                 MESSAGE
      shop          41s         Warning   FailedScheduling   pod/cart-0             0/3 nodes are available: 3 Insufficient memory. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.
      default       2m          Warning   NodeNotReady       node/worker-3          Node is not ready
    `);
    expect(objs[0]).toMatchObject({
      raw: {
        metadata: { namespace: 'shop' },
        involvedObject: { kind: 'Pod', name: 'cart-0', namespace: 'shop' },
      },
    });
    // Nodes live in no namespace; their events are stored in "default".
    expect(objs[1]?.raw.involvedObject).toEqual({ kind: 'Node', name: 'worker-3' });
    expect(objs[1]?.raw.metadata).toEqual({ namespace: 'default' });
  });

  it('keeps a message with double spaces whole', () => {
    const objs = read(text`
      LAST SEEN   TYPE      REASON    OBJECT       MESSAGE
      10s         Warning   Failed    pod/web-1    Error: failed to create containerd task:  OCI runtime create failed
    `);
    expect(objs[0]?.raw.message).toBe('Error: failed to create containerd task:  OCI runtime create failed');
  });

  it('appends terminal-wrapped message lines to the row above', () => {
    const objs = read(
      [
        'LAST SEEN   TYPE      REASON   OBJECT            MESSAGE',
        '76s         Warning   Failed   pod/ci-runner-8   Failed to pull image "busybox": rpc error: code = Unknown',
        'desc = failed to pull and unpack image "docker.io/library/busybox:latest": 429 Too Many Requests',
        '  - Server message: toomanyrequests: You have reached your pull rate limit.',
        '60s         Normal    BackOff  pod/ci-runner-8   Back-off pulling image "busybox"',
      ].join('\n'),
    );
    expect(objs).toHaveLength(2);
    expect(objs[0]?.raw.message).toBe(
      'Failed to pull image "busybox": rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/library/busybox:latest": 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
    );
    expect(objs[1]?.raw.reason).toBe('BackOff');
  });

  it('ends the table at a blank line, a prompt or a fence', () => {
    const lines = cleanLines(
      [
        'LAST SEEN   TYPE      REASON      OBJECT      MESSAGE',
        '5m          Normal    Scheduled   pod/a       Successfully assigned default/a to n1',
        '```',
        'Any idea what is going on?',
      ].join('\n'),
    );
    expect(parseGetEvents(lines, 0)?.end).toBe(2);
    expect(parseGetEvents(lines, 3)).toBeUndefined();
  });

  it('does not take a describe block after the table for a wrapped message', () => {
    const lines = cleanLines(
      [
        'LAST SEEN   TYPE      REASON   OBJECT      MESSAGE',
        '5m          Warning   Failed   pod/web-1   Error: ErrImagePull',
        'Name:         web-1',
        'Namespace:    default',
      ].join('\n'),
    );
    expect(parseGetEvents(lines, 0)?.end).toBe(2);
  });

  it('consumes a header with no rows', () => {
    expect(parseGetEvents(['LAST SEEN   TYPE   REASON   OBJECT   MESSAGE', ''], 0)).toEqual({
      end: 1,
      objects: [],
    });
  });
});

describe('kubectl get events -o wide', () => {
  it('reads SUBOBJECT, SOURCE, FIRST SEEN, COUNT and the event NAME, empty SUBOBJECT included', () => {
    const objs = read(text`
      NAMESPACE   LAST SEEN   TYPE      REASON      OBJECT          SUBOBJECT                 SOURCE                     MESSAGE                                              FIRST SEEN   COUNT   NAME
      shop        2m          Warning   Unhealthy   pod/web-1       spec.containers{app}      kubelet, worker-2          Readiness probe failed: HTTP probe failed with statuscode: 503   30m          88      web-1.17a8c3d2e1f0b9a7
      shop        30m         Normal    Scheduled   pod/web-1                                 default-scheduler          Successfully assigned shop/web-1 to worker-2         30m          1       web-1.17a8c3d2a0000001
    `);
    expect(objs[0]).toMatchObject({
      raw: {
        metadata: { name: 'web-1.17a8c3d2e1f0b9a7', namespace: 'shop' },
        involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop', fieldPath: 'spec.containers{app}' },
        reason: 'Unhealthy',
        count: 88,
        source: { component: 'kubelet', host: 'worker-2' },
        message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
      },
      age: { last: 120, first: 1800 },
    });
    expect(objs[1]?.raw).toMatchObject({ source: { component: 'default-scheduler' }, count: 1 });
    expect((objs[1]?.raw.involvedObject as Record<string, unknown>).fieldPath).toBeUndefined();
  });

  it('reads headerless wide rows', () => {
    const objs = read(
      '3m   Warning   FailedMount   pod/db-0   kubelet, n2   MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found   9m   7   db-0.17a8c3d2e1f0b9a7',
    );
    expect(objs[0]).toMatchObject({
      raw: { reason: 'FailedMount', count: 7, source: { component: 'kubelet', host: 'n2' } },
      age: { last: 180, first: 540 },
    });
    expect(objs[0]?.raw.message).toBe(
      'MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found',
    );
  });
});

describe('kubectl events and kubectl 1.14 (KIND column)', () => {
  it('reads "(xN over M)" in LAST SEEN', () => {
    const objs = read(text`
      LAST SEEN              TYPE      REASON    OBJECT       MESSAGE
      2m3s (x12 over 25m)    Warning   BackOff   pod/api-0    Back-off restarting failed container api in pod api-0_default(5f1c)
    `);
    expect(objs[0]).toMatchObject({ raw: { count: 12 }, age: { last: 123, first: 1500 } });
  });

  it('names the pod from a Scheduled message when the table shows only the kind', () => {
    const objs = read(text`
      LAST SEEN   TYPE      REASON      KIND   MESSAGE
      2m          Normal    Scheduled   Pod    Successfully assigned default/nginx-7c5b to minikube
      1m          Warning   Failed      Pod    Error: ErrImagePull
    `);
    expect(objs[0]?.raw.involvedObject).toEqual({ kind: 'Pod', name: 'nginx-7c5b', namespace: 'default' });
    expect(objs[1]).toMatchObject({
      raw: { involvedObject: { name: 'unnamed-pod' } },
      inferredName: expect.any(String) as unknown,
    });
  });
});

describe("headerless rows of today's layout", () => {
  it('reads a row pasted without its header, with and without NAMESPACE', () => {
    const objs = read(
      [
        '16h         Warning   FailedCreate             replicaset/workspace.nodejs-b9d4677d8                 Error creating: pods "workspace.nodejs-b9d4677d8-sc25r" is forbidden: maximum cpu usage per Pod is 4, but limit is 4800m',
        'kube-system   5m   Warning   FailedScheduling   pod/coredns-5d78c9869d-abcde   0/1 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }.',
      ].join('\n'),
    );
    expect(objs).toHaveLength(2);
    expect(objs[0]).toMatchObject({
      raw: {
        involvedObject: { kind: 'ReplicaSet', name: 'workspace.nodejs-b9d4677d8' },
        reason: 'FailedCreate',
      },
      age: { last: 57600 },
    });
    expect(objs[1]).toMatchObject({
      raw: { involvedObject: { namespace: 'kube-system', name: 'coredns-5d78c9869d-abcde' } },
    });
  });

  it('leaves describe rows and prose alone', () => {
    for (const line of [
      '  Warning  FailedMount  3m (x2 over 5m)  kubelet  MountVolume.SetUp failed for volume "x" : secret "y" not found',
      '  3m\t\t11s\t\t15\tdefault-scheduler\t\t\tWarning\t\tFailedScheduling\tNo nodes are available',
      'Normal pods are fine but this Warning is not',
      '5m Warning',
    ]) {
      expect(parseGetEvents([line], 0)).toBeUndefined();
    }
  });
});

describe('an events table whose object names were redacted', () => {
  it('reads "pod/app-<id here>" as the object', () => {
    const objs = readWith(
      'LAST SEEN   TYPE      REASON                OBJECT                 MESSAGE\n4m11s       Warning   Evicted               pod/egg-<id here>      The node was low on resource: memory.\n4m          Warning   ExceededGracePeriod   pod/egg-<id here>      Container runtime did not kill the pod within specified grace period.',
      parseGetEvents,
    );
    expect(objs.map((o) => [o.raw.reason, (o.raw.involvedObject as { name: string }).name])).toEqual([
      ['Evicted', 'egg-<id here>'],
      ['ExceededGracePeriod', 'egg-<id here>'],
    ]);
  });
});
