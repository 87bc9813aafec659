import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetEvents);

describe('kubectl <= 1.13 / oc 3.x events (LASTSEEN FIRSTSEEN COUNT NAME KIND SUBOBJECT TYPE REASON SOURCE MESSAGE)', () => {
  it('reads rows with and without SUBOBJECT (oc 3.x header)', () => {
    const objs = read(text`
      LASTSEEN   FIRSTSEEN   COUNT     NAME                   KIND         SUBOBJECT               TYPE      REASON             SOURCE                    MESSAGE
      1m         1m          1         web-1-deploy           Pod                                  Normal    Scheduled          default-scheduler         Successfully assigned web-1-deploy to node-1.example.com
      45s        1m          4         web-1-abcde            Pod          spec.containers{web}    Warning   Failed             kubelet, node-1.example.com   Failed to pull image "registry/web:v2": manifest unknown
      10s        20m         31        web-1                  ReplicationController                Warning   FailedCreate       replication-controller    Error creating: pods "web-1-" is forbidden: exceeded quota: default-quota, requested: pods=1, used: pods=10, limited: pods=10
    `);
    expect(objs).toHaveLength(3);
    expect(objs[0]).toMatchObject({
      raw: {
        involvedObject: { kind: 'Pod', name: 'web-1-deploy' },
        reason: 'Scheduled',
        type: 'Normal',
        count: 1,
        source: { component: 'default-scheduler' },
      },
      age: { last: 60, first: 60 },
    });
    expect(objs[1]).toMatchObject({
      raw: {
        involvedObject: { kind: 'Pod', name: 'web-1-abcde', fieldPath: 'spec.containers{web}' },
        count: 4,
        source: { component: 'kubelet', host: 'node-1.example.com' },
        message: 'Failed to pull image "registry/web:v2": manifest unknown',
      },
      age: { last: 45, first: 60 },
    });
    expect(objs[2]).toMatchObject({
      raw: { involvedObject: { kind: 'ReplicationController', name: 'web-1' }, count: 31 },
      age: { last: 10, first: 1200 },
    });
  });

  it('reads "LAST SEEN"/"FIRST SEEN" headers and strips the event-name suffix from NAME', () => {
    const objs = read(text`
      LAST SEEN   FIRST SEEN   COUNT   NAME                                   KIND      SUBOBJECT                TYPE      REASON      SOURCE                 MESSAGE
      2m          15m          60      api-6b7f9c-qx2lp.15f3a2b4c5d6e7f8      Pod       spec.containers{api}     Warning   BackOff     kubelet, ip-10-0-1-5   Back-off restarting failed container
    `);
    expect(objs[0]).toMatchObject({
      raw: {
        metadata: { name: 'api-6b7f9c-qx2lp.15f3a2b4c5d6e7f8' },
        involvedObject: { kind: 'Pod', name: 'api-6b7f9c-qx2lp', fieldPath: 'spec.containers{api}' },
        reason: 'BackOff',
        count: 60,
      },
      age: { last: 120, first: 900 },
    });
  });

  it('reads the NAMESPACE column of --all-namespaces', () => {
    const objs = read(text`
      NAMESPACE   LAST SEEN   FIRST SEEN   COUNT   NAME                KIND         SUBOBJECT   TYPE      REASON             SOURCE              MESSAGE
      jobs        1m          1h           25      etl-27845920        Job                      Warning   FailedCreate       job-controller      Error creating: pods "etl-27845920-" is forbidden: failed quota: q: must specify limits.cpu
    `);
    expect(objs[0]).toMatchObject({
      raw: {
        metadata: { namespace: 'jobs' },
        involvedObject: { kind: 'Job', name: 'etl-27845920', namespace: 'jobs' },
      },
      age: { last: 60, first: 3600 },
    });
  });

  it('reads the oldest layout (FIRSTSEEN first, no TYPE, {component host} sources)', () => {
    const objs = read(text`
      FIRSTSEEN   LASTSEEN   COUNT     NAME          KIND      SUBOBJECT                  REASON      SOURCE                    MESSAGE
      5m          1m         12        nginx-4x8kq   Pod       spec.containers{nginx}     Pulling     {kubelet 10.240.0.4}      pulling image "nginx:1.9"
      6m          6m         1         nginx-4x8kq   Pod                                  Scheduled   {default-scheduler }      Successfully assigned nginx-4x8kq to 10.240.0.4
    `);
    expect(objs[0]).toMatchObject({
      raw: { reason: 'Pulling', source: { component: 'kubelet', host: '10.240.0.4' }, count: 12 },
      age: { last: 60, first: 300 },
    });
    expect(objs[0]?.raw.type).toBeUndefined();
    expect(objs[1]).toMatchObject({
      raw: { reason: 'Scheduled', source: { component: 'default-scheduler' } },
    });
  });

  it('reads tab-separated rows', () => {
    const objs = read(
      [
        'LASTSEEN\tFIRSTSEEN\tCOUNT\tNAME\tKIND\tSUBOBJECT\tTYPE\tREASON\tSOURCE\tMESSAGE',
        '3m\t3m\t1\tdb-0\tPod\t\tWarning\tFailedMount\tkubelet, n1\tUnable to mount volumes for pod "db-0": timeout expired',
      ].join('\n'),
    );
    expect(objs[0]).toMatchObject({
      raw: {
        reason: 'FailedMount',
        involvedObject: { kind: 'Pod', name: 'db-0' },
        message: 'Unable to mount volumes for pod "db-0": timeout expired',
      },
    });
  });
});

describe('headerless rows of the old layout', () => {
  it('reads a row with an empty SUBOBJECT by where TYPE falls (real case 001 shape)', () => {
    const objs = read(
      '26m        26m         1         shop-api-544d45c8d5   ReplicaSet               Warning   FailedCreate        replicaset-controller   Error creating: pods shop-api-544d45c8d5-q5mll is forbidden: exceeded quota: namespace-quota, requested: requests.cpu=20m',
    );
    expect(objs).toHaveLength(1);
    expect(objs[0]).toMatchObject({
      raw: {
        involvedObject: { kind: 'ReplicaSet', name: 'shop-api-544d45c8d5' },
        type: 'Warning',
        reason: 'FailedCreate',
        source: { component: 'replicaset-controller' },
        count: 1,
      },
      age: { last: 1560, first: 1560 },
    });
  });

  it('reads consecutive rows, with SUBOBJECT and a NAMESPACE cell', () => {
    const objs = read(
      [
        'prod   4m   9m   3   web-0   Pod   spec.containers{web}   Warning   Unhealthy   kubelet, n3   Liveness probe failed: HTTP probe failed with statuscode: 500',
        'prod   9m   9m   1   web-0   Pod                          Normal    Scheduled   default-scheduler   Successfully assigned prod/web-0 to n3',
      ].join('\n'),
    );
    expect(objs.map((o) => o.raw.reason)).toEqual(['Unhealthy', 'Scheduled']);
    expect(objs[0]?.raw.involvedObject).toEqual({
      kind: 'Pod',
      name: 'web-0',
      namespace: 'prod',
      fieldPath: 'spec.containers{web}',
    });
  });

  it("does not take describe's old Events rows for get events rows", () => {
    for (const line of [
      '  1m\t\t21s\t\t26\t{replicaset-controller }\t\t\tWarning\t\tFailedCreate\tError creating: pods "x-" is forbidden',
      '  3m\t\t3m\t\t1\t{kubelet n1}\tspec.containers{app}\tWarning\t\tFailed\t\tFailed to pull image "x"',
      '  3m\t\t11s\t\t15\tdefault-scheduler\t\t\tWarning\t\tFailedScheduling\tNo nodes are available that match all of the following predicates:: Insufficient cpu (4).',
    ]) {
      expect(parseGetEvents([line], 0)).toBeUndefined();
    }
  });
});
