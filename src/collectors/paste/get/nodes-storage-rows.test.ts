import { describe, expect, it } from 'vitest';
import { isNodeStatus, nodeFrom, parseAccessModes, pvcFrom, pvFrom } from './nodes-storage.js';
import { parseGetOther } from './other.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetOther);
const row = (cells: Record<string, string>) => new Map(Object.entries(cells));

describe('isNodeStatus', () => {
  it.each([
    ['Ready', true],
    ['NotReady', true],
    ['Unknown', true],
    ['Ready,SchedulingDisabled', true],
    ['NotReady,SchedulingDisabled', true],
    ['Unknown,SchedulingDisabled', true],
    ['SchedulingDisabled', true],
    ['', false],
    ['Active', false],
    ['Running', false],
    ['ready', false],
    ['Ready,', false],
    [undefined, false],
  ])('%j -> %s', (status, expected) => {
    expect(isNodeStatus(status)).toBe(expected);
  });
});

describe('nodeFrom', () => {
  it('returns undefined for a status kubectl does not print for nodes', () => {
    expect(nodeFrom(row({ NAME: 'kube-system', STATUS: 'Active', AGE: '20d' }))).toBeUndefined();
    expect(nodeFrom(row({ NAME: 'web-0', STATUS: 'Running', AGE: '1d' }))).toBeUndefined();
  });

  it('gives no Ready condition for a bare SchedulingDisabled', () => {
    expect(nodeFrom(row({ NAME: 'n1', STATUS: 'SchedulingDisabled', AGE: '1d' }))).toStrictEqual({
      kind: 'Node',
      spec: { unschedulable: true },
      status: {},
    });
  });

  it('reads the NAME STATUS AGE layout with nothing but the Ready condition', () => {
    const objs = read('NAME       STATUS     AGE\n10.0.0.4   NotReady   2d');
    expect(objs).toStrictEqual([
      {
        raw: {
          kind: 'Node',
          metadata: { name: '10.0.0.4' },
          spec: {},
          status: { conditions: [{ type: 'Ready', status: 'False' }] },
        },
        line: 2,
        age: { last: 2 * 86400 },
      },
    ]);
  });

  it('reads every wide column, the external IP and kernel included', () => {
    const objs = read(text`
      NAME    STATUS   ROLES    AGE   VERSION   INTERNAL-IP   EXTERNAL-IP    OS-IMAGE             KERNEL-VERSION       CONTAINER-RUNTIME
      n1      Ready    <none>   5d    v1.30.1   10.0.0.11     203.0.113.7    Ubuntu 22.04.4 LTS   5.15.0-105-generic   containerd://1.7.13
      n2      Ready    <none>   5d    v1.30.1   10.0.0.12     <none>         Ubuntu 22.04.4 LTS   5.15.0-105-generic   containerd://1.7.13
    `);
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'Node',
        metadata: { name: 'n1' },
        spec: {},
        status: {
          conditions: [{ type: 'Ready', status: 'True' }],
          addresses: [
            { type: 'InternalIP', address: '10.0.0.11' },
            { type: 'ExternalIP', address: '203.0.113.7' },
          ],
          nodeInfo: {
            kubeletVersion: 'v1.30.1',
            osImage: 'Ubuntu 22.04.4 LTS',
            kernelVersion: '5.15.0-105-generic',
            containerRuntimeVersion: 'containerd://1.7.13',
          },
        },
      },
      {
        kind: 'Node',
        metadata: { name: 'n2' },
        spec: {},
        status: {
          conditions: [{ type: 'Ready', status: 'True' }],
          addresses: [{ type: 'InternalIP', address: '10.0.0.12' }],
          nodeInfo: {
            kubeletVersion: 'v1.30.1',
            osImage: 'Ubuntu 22.04.4 LTS',
            kernelVersion: '5.15.0-105-generic',
            containerRuntimeVersion: 'containerd://1.7.13',
          },
        },
      },
    ]);
  });

  it('leaves out the wide fields whose cells are empty or <unknown>', () => {
    expect(
      nodeFrom(
        row({
          NAME: 'n1',
          STATUS: 'Unknown',
          ROLES: 'control-plane,master',
          AGE: '3d',
          VERSION: 'v1.27.3',
          'INTERNAL-IP': '<none>',
          'EXTERNAL-IP': '<none>',
          'OS-IMAGE': '<unknown>',
          'KERNEL-VERSION': '<unknown>',
          'CONTAINER-RUNTIME': '<unknown>',
        }),
      ),
    ).toStrictEqual({
      kind: 'Node',
      metadata: {
        labels: { 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/master': '' },
      },
      spec: {},
      status: { conditions: [{ type: 'Ready', status: 'Unknown' }], nodeInfo: { kubeletVersion: 'v1.27.3' } },
    });
  });
});

describe('parseAccessModes', () => {
  it.each([
    ['RWO', ['ReadWriteOnce']],
    ['ROX', ['ReadOnlyMany']],
    ['RWX', ['ReadWriteMany']],
    ['RWOP', ['ReadWriteOncePod']],
    ['RWO,ROX,RWX', ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany']],
    [' RWX ', ['ReadWriteMany']],
    ['', []],
    ['   ', []],
    [undefined, []],
    ['RWO,XYZ', undefined],
    ['XYZ,RWO', undefined],
    ['rwo', undefined],
    ['10Gi', undefined],
  ])('%j -> %j', (cell, expected) => {
    expect(parseAccessModes(cell)).toStrictEqual(expected);
  });
});

describe('pvcFrom', () => {
  it.each([
    ['a phase that is not one word', { STATUS: 'pvc-0b9e3a52', ACCESSMODES: 'RWO' }],
    ['an empty phase', { STATUS: '', ACCESSMODES: 'RWO' }],
    ['access modes kubectl does not print', { STATUS: 'Bound', ACCESSMODES: '10Gi' }],
    ['both wrong', { STATUS: '10Gi', ACCESSMODES: 'standard' }],
  ])('returns undefined for %s', (_, cells) => {
    expect(pvcFrom(row({ NAME: 'data', ...cells }))).toBeUndefined();
  });

  it('reads the wide layout: volume attributes class and volume mode', () => {
    const objs = read(text`
      NAME        STATUS    VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE   VOLUMEMODE
      data-db-0   Bound     pvc-0b9e3a52-6c1d-4c8e-9a55-1d2f3a4b5c6d   10Gi       RWOP           fast           gold                    12d   Block
      data-db-1   Pending                                                                        fast           <unset>                 5m    Filesystem
    `);
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data-db-0' },
        spec: {
          volumeName: 'pvc-0b9e3a52-6c1d-4c8e-9a55-1d2f3a4b5c6d',
          storageClassName: 'fast',
          volumeAttributesClassName: 'gold',
          volumeMode: 'Block',
        },
        status: { phase: 'Bound', accessModes: ['ReadWriteOncePod'], capacity: { storage: '10Gi' } },
      },
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'data-db-1' },
        spec: { storageClassName: 'fast', volumeMode: 'Filesystem' },
        status: { phase: 'Pending' },
      },
    ]);
  });

  it('reads the kubectl <= 1.5 layout (ACCESSMODES, no STORAGECLASS) without a class', () => {
    const objs = read(text`
      NAME      STATUS    VOLUME    CAPACITY   ACCESSMODES   AGE
      claim1    Pending                                      10s
      claim2    Bound     pv0001    5Gi        RWO           3d
    `);
    expect(objs.map((o) => o.raw)).toStrictEqual([
      { kind: 'PersistentVolumeClaim', metadata: { name: 'claim1' }, spec: {}, status: { phase: 'Pending' } },
      {
        kind: 'PersistentVolumeClaim',
        metadata: { name: 'claim2' },
        spec: { volumeName: 'pv0001' },
        status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '5Gi' } },
      },
    ]);
  });

  it.each([
    ['<none>', {}],
    ['<unset>', {}],
    ['', { storageClassName: '' }],
    ['standard', { storageClassName: 'standard' }],
  ])('STORAGECLASS %j -> spec %j', (cls, spec) => {
    expect(
      pvcFrom(row({ NAME: 'data', STATUS: 'Pending', ACCESSMODES: '', STORAGECLASS: cls })),
    ).toStrictEqual({
      kind: 'PersistentVolumeClaim',
      spec,
      status: { phase: 'Pending' },
    });
  });
});

describe('pvFrom', () => {
  it.each([
    ['a phase that is not one word', { STATUS: 'shop/data', ACCESSMODES: 'RWO' }],
    ['access modes kubectl does not print', { STATUS: 'Available', ACCESSMODES: 'Retain' }],
    ['both wrong', { STATUS: 'Retain', ACCESSMODES: 'Bound' }],
  ])('returns undefined for %s', (_, cells) => {
    expect(pvFrom(row({ NAME: 'pv-1', ...cells }))).toBeUndefined();
  });

  it('reads available, released and failed volumes with the reason', () => {
    const objs = read(text`
      NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS      CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
      pv-a     1Gi        RWO            Delete           Available                                 <unset>                          3d
      pv-b     2Gi        RWX            Retain           Released    shop/cache-0   nfs            <unset>                          3d
      pv-c     3Gi        RWO            Recycle          Failed      /orphan        nfs            <unset>                 Failed   3d
    `);
    expect(objs.map((o) => o.raw)).toStrictEqual([
      {
        kind: 'PersistentVolume',
        metadata: { name: 'pv-a' },
        spec: {
          capacity: { storage: '1Gi' },
          accessModes: ['ReadWriteOnce'],
          persistentVolumeReclaimPolicy: 'Delete',
        },
        status: { phase: 'Available' },
      },
      {
        kind: 'PersistentVolume',
        metadata: { name: 'pv-b' },
        spec: {
          capacity: { storage: '2Gi' },
          accessModes: ['ReadWriteMany'],
          persistentVolumeReclaimPolicy: 'Retain',
          claimRef: { namespace: 'shop', name: 'cache-0' },
          storageClassName: 'nfs',
        },
        status: { phase: 'Released' },
      },
      {
        kind: 'PersistentVolume',
        metadata: { name: 'pv-c' },
        spec: {
          capacity: { storage: '3Gi' },
          accessModes: ['ReadWriteOnce'],
          persistentVolumeReclaimPolicy: 'Recycle',
          // A claimRef without a namespace: kubectl prints "/name"; the name is what follows the slash.
          claimRef: { name: 'orphan' },
          storageClassName: 'nfs',
        },
        status: { phase: 'Failed', reason: 'Failed' },
      },
    ]);
  });

  it('leaves out capacity, access modes and policy when their cells are empty', () => {
    expect(
      pvFrom(row({ NAME: 'pv-1', STATUS: 'Pending', ACCESSMODES: '', CAPACITY: '', RECLAIMPOLICY: '' })),
    ).toStrictEqual({
      kind: 'PersistentVolume',
      spec: {},
      status: { phase: 'Pending' },
    });
  });
});
