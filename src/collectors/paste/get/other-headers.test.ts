import { describe, expect, it } from 'vitest';
import { parseGetOther } from './other.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetOther);
const lines = (t: string) => t.split('\n');

describe('which header makes which table', () => {
  // `kubectl get svc,ep,...` prints kind/name when it lists more than one resource type.
  it.each([
    [
      'NAME            ENDPOINTS         AGE\nendpoints/web   10.244.1.5:8080   3d',
      { kind: 'Endpoints', name: 'web' },
    ],
    [
      'NAME                                            ADDRESSTYPE   PORTS   ENDPOINTS    AGE\nendpointslice.discovery.k8s.io/web-x8k2p   IPv4          8080    10.244.1.5   3d',
      { kind: 'EndpointSlice', name: 'web-x8k2p' },
    ],
    [
      'NAME                        STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   AGE\npersistentvolumeclaim/data   Bound    pv-1     1Gi        RWO            standard       3d',
      { kind: 'PersistentVolumeClaim', name: 'data' },
    ],
    [
      'NAME                    CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM   STORAGECLASS   REASON   AGE\npersistentvolume/pv-1   1Gi        RWO            Delete           Available                                   3d',
      { kind: 'PersistentVolume', name: 'pv-1' },
    ],
    [
      'NAME            STATUS   ROLES    AGE   VERSION\nnode/worker-1   Ready    <none>   5d    v1.29.4',
      { kind: 'Node', name: 'worker-1' },
    ],
  ])('%#: a kind/name row of the header’s own kind is read', (paste, expected) => {
    const objs = read(paste);
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw.kind).toBe(expected.kind);
    expect((objs[0]?.raw.metadata as { name: string }).name).toBe(expected.name);
  });

  it('reads the kubectl 1.0 service layout (IP(S), no TYPE or CLUSTER-IP)', () => {
    const objs = read(text`
      NAME         LABELS                                    SELECTOR   IP(S)        PORT(S)
      kubernetes   component=apiserver,provider=kubernetes   <none>     10.0.0.1     443/TCP
    `);
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'Service',
        metadata: { name: 'kubernetes' },
        spec: { clusterIP: '10.0.0.1', ports: [{ port: 443, protocol: 'TCP' }] },
      },
    ]);
  });

  it('reads the kubectl 1.7 wide node layout (VERSION, no ROLES, more than four columns)', () => {
    const objs = read(text`
      NAME       STATUS    AGE       VERSION   EXTERNAL-IP   OS-IMAGE                KERNEL-VERSION
      minikube   Ready     12d       v1.7.0    <none>        Buildroot 2017.02       4.9.13
    `);
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'Node',
        metadata: { name: 'minikube' },
        spec: {},
        status: {
          conditions: [{ type: 'Ready', status: 'True' }],
          nodeInfo: { kubeletVersion: 'v1.7.0', osImage: 'Buildroot 2017.02', kernelVersion: '4.9.13' },
        },
      },
    ]);
  });

  it('reads the kubectl <= 1.5 nodes --show-labels layout (NAME STATUS AGE LABELS)', () => {
    const objs = read(text`
      NAME      STATUS    AGE       LABELS
      node1     Ready     5d        beta.kubernetes.io/arch=amd64,beta.kubernetes.io/os=linux,kubernetes.io/hostname=node1
    `);
    expect(objs.map((o) => o.raw.kind)).toEqual(['Node']);
    expect(objs[0]?.raw.metadata).toStrictEqual({ name: 'node1' });
  });

  it.each([
    [
      'secrets (TYPE without PORT(S))',
      'NAME                  TYPE                                  DATA   AGE\ndefault-token-x7k2p   kubernetes.io/service-account-token   3      30d',
    ],
    [
      'pods whose first pod is Unknown',
      'NAME    READY   STATUS    RESTARTS   AGE\nweb-0   0/1     Unknown   0          3d',
    ],
    [
      'namespaces (NAME STATUS AGE with namespace rows)',
      'NAME          STATUS   AGE\nkube-system   Active   20d',
    ],
    ['a NAME STATUS AGE header with no row', 'NAME          STATUS   AGE'],
    [
      'custom columns without NAME',
      'NAMESPACE   CLAIM   STATUS   VOLUME   CAPACITY\nshop        data    Bound    pv-1     1Gi',
    ],
  ])('does not claim %s', (_, paste) => {
    expect(parseGetOther(lines(paste), 0)).toBeUndefined();
  });

  it('claims a NAME STATUS AGE VERSION header even when its first row is not a node', () => {
    expect(
      parseGetOther(lines('NAME    STATUS   AGE   VERSION\nweb-0   Active   3d    v1'), 0),
    ).toStrictEqual({
      end: 1,
      objects: [],
    });
  });

  it.each([
    [600, true],
    [601, false],
  ])('a header line of %i characters is read: %s', (length, readable) => {
    const header = 'NAME       STATUS     AGE'.padEnd(length);
    const r = parseGetOther([header, '10.0.0.4   NotReady   2d'], 0);
    expect(r === undefined ? undefined : r.objects.length).toBe(readable ? 1 : undefined);
  });
});

describe('rows the table ends at', () => {
  it('reads a replicationcontroller/ row under the DESIRED CURRENT READY header (old kubectl get all)', () => {
    const objs = read(text`
      NAME                         DESIRED   CURRENT   READY     AGE
      replicationcontroller/web    3         3         3         5m
    `);
    expect(objs.map((o) => o.raw.kind)).toEqual(['ReplicationController']);
    expect(objs[0]?.raw.metadata).toStrictEqual({ name: 'web' });
  });

  it.each([
    [
      'a claim name with upper case',
      'NAME   STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   AGE\nData   Bound    pv-1     1Gi        RWO            standard       3d',
    ],
    [
      'a node name with a space',
      'NAME     STATUS   ROLES    AGE   VERSION\nnode 1   Ready    <none>   5d    v1.29.4',
    ],
    [
      'a namespace that is not a DNS label',
      'NAMESPACE   NAME   STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   AGE\nShop        data   Bound    pv-1     1Gi        RWO            standard       3d',
    ],
  ])('does not read %s', (_, paste) => {
    expect(read(paste)).toEqual([]);
  });

  it.each([
    [5_000, 1],
    [5_001, 0],
  ])('a row of %i characters is read: %i object(s)', (length, count) => {
    const head = 'NAME   TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE   SELECTOR';
    const start = 'web    ClusterIP   10.96.0.7    <none>        80/TCP    3d    app=';
    const row = start + 'w'.repeat(length - start.length);
    expect(row).toHaveLength(length);
    expect(parseGetOther([head, row], 0)?.objects).toHaveLength(count);
  });

  it('gives no age when the table has no AGE and no namespace without NAMESPACE', () => {
    expect(parseGetOther(['NAME      ENDPOINTS', 'restate   <none>'], 0)).toStrictEqual({
      end: 2,
      objects: [{ raw: { kind: 'Endpoints', subsets: [], metadata: { name: 'restate' } }, line: 2 }],
    });
  });

  it('aligns a tab-separated claim without NAMESPACE from two leading columns', () => {
    const objs = read(
      'NAME\tSTATUS\tVOLUME\tCAPACITY\tACCESS MODES\tSTORAGECLASS\tAGE\ncart\tPending\t\t\t\tgp2\t3m',
    );
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'cart' },
        spec: { storageClassName: 'gp2' },
        status: { phase: 'Pending' },
      },
    ]);
    expect(objs[0]?.age).toEqual({ last: 180 });
  });
});
