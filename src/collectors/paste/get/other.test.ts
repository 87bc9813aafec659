import { describe, expect, it } from 'vitest';
import { parseGetOther } from './other.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetOther);

describe('kubectl get endpoints', () => {
  it('reads <none>, ready addresses, "+ N more..." and an empty cell', () => {
    const objs = read(text`
      NAMESPACE   NAME         ENDPOINTS                                                  AGE
      shop        web          10.244.1.5:8080,10.244.2.7:8080,10.244.3.9:8080 + 2 more...   3d
      shop        db           <none>                                                     3d
      shop        api                                                                     1h
      shop        headless     10.244.1.8,10.244.2.9                                      5m
      shop        dual         10.0.0.5:80,10.0.0.5:443                                   5m
    `);
    expect(objs).toHaveLength(5);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Endpoints',
        metadata: { name: 'web', namespace: 'shop' },
        subsets: [
          {
            addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.7' }, { ip: '10.244.3.9' }],
            ports: [{ port: 8080 }],
          },
        ],
      },
      age: { last: 259200 },
    });
    expect(objs[1]?.raw.subsets).toEqual([]);
    expect(objs[2]?.raw.subsets).toEqual([{ addresses: [] }]);
    expect(objs[3]?.raw.subsets).toEqual([{ addresses: [{ ip: '10.244.1.8' }, { ip: '10.244.2.9' }] }]);
    expect(objs[4]?.raw.subsets).toEqual([
      { addresses: [{ ip: '10.0.0.5' }], ports: [{ port: 80 }] },
      { addresses: [{ ip: '10.0.0.5' }], ports: [{ port: 443 }] },
    ]);
  });

  it('reads a table without AGE (real case 066 shape)', () => {
    const objs = read(text`
      NAME              ENDPOINTS
      restate           <none>
      restate-cluster   <none>
    `);
    expect(objs.map((o) => o.raw)).toEqual([
      { kind: 'Endpoints', subsets: [], metadata: { name: 'restate' } },
      { kind: 'Endpoints', subsets: [], metadata: { name: 'restate-cluster' } },
    ]);
  });
});

describe('kubectl get endpointslices', () => {
  it('reads ports, addresses, "+ N more..." and <unset>, and the Service from the generated name', () => {
    const objs = read(text`
      NAME                ADDRESSTYPE   PORTS       ENDPOINTS                                       AGE
      web-x8k2p           IPv4          8080,8443   10.244.1.5,10.244.2.7,10.244.3.9 + 2 more...    3d
      api-7ftzq           IPv4          <unset>     10.244.1.9                                      12d
      db-h2c6v            IPv4          5432        <unset>                                         1h
      custom-slice        IPv6          80          fd00::1                                         1h
    `);
    expect(objs).toHaveLength(4);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'EndpointSlice',
        metadata: { name: 'web-x8k2p', labels: { 'kubernetes.io/service-name': 'web' } },
        addressType: 'IPv4',
        ports: [{ port: 8080 }, { port: 8443 }],
      },
      age: { last: 259200 },
    });
    expect((objs[0]?.raw.endpoints as unknown[]).length).toBe(5);
    expect(objs[1]?.raw).toMatchObject({ ports: [], endpoints: [{ addresses: ['10.244.1.9'] }] });
    expect(objs[2]?.raw).toMatchObject({ ports: [{ port: 5432 }], endpoints: [] });
    // Not a generated name: the Service is unknown.
    expect(objs[3]?.raw.metadata).toEqual({ name: 'custom-slice' });
  });
});

describe('kubectl get svc', () => {
  it('reads type, cluster IP, ports and the wide SELECTOR', () => {
    const objs = read(text`
      NAME         TYPE           CLUSTER-IP      EXTERNAL-IP   PORT(S)                      AGE   SELECTOR
      web          ClusterIP      10.96.12.7      <none>        80/TCP,443/TCP               3d    app=web,tier=fe
      admin        NodePort       10.96.40.2      <none>        8080:30080/TCP               3d    app.kubernetes.io/name=admin
      lb           LoadBalancer   10.96.9.9       <pending>     443:31443/TCP                1h    app=lb
      ext          ExternalName   <none>          db.example.com   <none>                    1h    <none>
      headless     ClusterIP      None            <none>        5432/TCP                     1h    app=db
    `);
    expect(objs[0]?.raw).toEqual({
      kind: 'Service',
      metadata: { name: 'web' },
      spec: {
        type: 'ClusterIP',
        clusterIP: '10.96.12.7',
        ports: [
          { port: 80, protocol: 'TCP' },
          { port: 443, protocol: 'TCP' },
        ],
        selector: { app: 'web', tier: 'fe' },
      },
    });
    expect(objs[1]?.raw.spec).toMatchObject({ type: 'NodePort', ports: [{ port: 8080, nodePort: 30080 }] });
    expect(objs[3]?.raw.spec).toEqual({ type: 'ExternalName', externalName: 'db.example.com', ports: [] });
    expect(objs[4]?.raw.spec).toMatchObject({ clusterIP: 'None' });
  });

  it('reads the layout before TYPE existed', () => {
    const objs = read(text`
      NAME         CLUSTER-IP   EXTERNAL-IP   PORT(S)    AGE
      kubernetes   10.0.0.1     <none>        443/TCP    30d
    `);
    expect(objs[0]?.raw.spec).toEqual({ clusterIP: '10.0.0.1', ports: [{ port: 443, protocol: 'TCP' }] });
  });
});

describe('kubectl get pvc / pv', () => {
  it('reads bound and pending claims, empty cells included', () => {
    const objs = read(text`
      NAME          STATUS    VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
      data-db-0     Bound     pvc-0b9e3a52-6c1d-4c8e-9a55-1d2f3a4b5c6d   10Gi       RWO            standard       <unset>                 12d
      data-db-1     Pending                                                                        standard       <unset>                 5m
      scratch       Pending                                                                                       <unset>                 5m
    `);
    expect(objs[0]?.raw).toEqual({
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data-db-0' },
      spec: { volumeName: 'pvc-0b9e3a52-6c1d-4c8e-9a55-1d2f3a4b5c6d', storageClassName: 'standard' },
      status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } },
    });
    expect(objs[1]?.raw).toMatchObject({
      spec: { storageClassName: 'standard' },
      status: { phase: 'Pending' },
    });
    expect(objs[2]?.raw).toMatchObject({ spec: { storageClassName: '' }, status: { phase: 'Pending' } });
  });

  it('reads pending claims from tab-separated text by aligning from both ends', () => {
    const objs = read(
      'NAMESPACE\tNAME\tSTATUS\tVOLUME\tCAPACITY\tACCESS MODES\tSTORAGECLASS\tAGE\nshop\tcart\tPending\t\t\t\tgp2\t3m',
    );
    expect(objs[0]?.raw).toMatchObject({
      metadata: { name: 'cart', namespace: 'shop' },
      spec: { storageClassName: 'gp2' },
      status: { phase: 'Pending' },
    });
  });

  it('reads volumes with their claim', () => {
    const objs = read(text`
      NAME       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
      pv-local   5Gi        RWX,ROX        Retain           Bound    shop/data-db-0   local          <unset>                          3d
    `);
    expect(objs[0]?.raw).toMatchObject({
      kind: 'PersistentVolume',
      spec: {
        capacity: { storage: '5Gi' },
        accessModes: ['ReadWriteMany', 'ReadOnlyMany'],
        persistentVolumeReclaimPolicy: 'Retain',
        claimRef: { namespace: 'shop', name: 'data-db-0' },
        storageClassName: 'local',
      },
      status: { phase: 'Bound' },
    });
  });
});

describe('tables this parser does not read', () => {
  it('returns undefined for pods, events and namespaces', () => {
    for (const header of [
      'NAME   READY   STATUS   RESTARTS   AGE',
      'LAST SEEN   TYPE   REASON   OBJECT   MESSAGE',
      'NAME   DATA   AGE',
    ]) {
      expect(parseGetOther([header, 'x   1   2'], 0)).toBeUndefined();
    }
  });
});
