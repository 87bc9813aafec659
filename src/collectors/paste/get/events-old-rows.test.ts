import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';
import { headerlessOldRow, OLD_ORDER, oldEventRow } from './events-old.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetEvents);

/** kubectl 1.11-1.13 (real case 280, kubeadm#1111). */
const HEADER_113 =
  'LAST SEEN   FIRST SEEN   COUNT     NAME                                        KIND      SUBOBJECT                  TYPE      REASON      SOURCE                    MESSAGE';
const UNHEALTHY =
  '5m          20h          1256      coredns-78fcdf6894-6f9q6.1568eaa1fd9216d2   Pod       spec.containers{coredns}   Warning   Unhealthy   kubelet, mtpnjvzonap001   Liveness probe failed: HTTP probe failed with statuscode: 503';
/** kubectl 1.6-1.10 (real case 205, 2017): an object NAME and an empty SUBOBJECT. */
const FAILED_SYNC =
  '18m        22m         3         drone-prd-agent-3271054034-0c18z   Pod                                      Warning   FailedSync   kubelet, gke-drone-pool-1-2f76eb25-tjbq   Error syncing pod, skipping: failed to "StartContainer" for "dind" with rpc error: code = 4 desc = context deadline exceeded: "Create Container Failed"';
/** kubectl 1.2 (FIRSTSEEN before LASTSEEN, with TYPE and a `{component host}` source). */
const SCHEDULING_12 =
  '8m          6m         11        web-example-2455310000-032qp   Pod                                            Warning   FailedScheduling   {default-scheduler }                                      PersistentVolumeClaim is not bound: "tinydb-pv-claim"';

describe('old-layout rows read exactly', () => {
  it('gives the event its own name and the object the name without the suffix', () => {
    const objs = read(`${HEADER_113}\n${UNHEALTHY}`);
    expect(objs).toEqual([
      {
        raw: {
          kind: 'Event',
          metadata: { name: 'coredns-78fcdf6894-6f9q6.1568eaa1fd9216d2' },
          involvedObject: {
            kind: 'Pod',
            name: 'coredns-78fcdf6894-6f9q6',
            fieldPath: 'spec.containers{coredns}',
          },
          reason: 'Unhealthy',
          message: 'Liveness probe failed: HTTP probe failed with statuscode: 503',
          type: 'Warning',
          count: 1256,
          source: { component: 'kubelet', host: 'mtpnjvzonap001' },
        },
        line: 2,
        age: { last: 300, first: 72000 },
      },
    ]);
  });

  it('gives no event name nor field path for an object NAME and an empty SUBOBJECT', () => {
    const objs = read(
      `LASTSEEN   FIRSTSEEN   COUNT     NAME                               KIND      SUBOBJECT                      TYPE      REASON       SOURCE                                    MESSAGE\n${FAILED_SYNC}`,
    );
    expect(objs[0]?.raw).toEqual({
      kind: 'Event',
      involvedObject: { kind: 'Pod', name: 'drone-prd-agent-3271054034-0c18z' },
      reason: 'FailedSync',
      message:
        'Error syncing pod, skipping: failed to "StartContainer" for "dind" with rpc error: code = 4 desc = context deadline exceeded: "Create Container Failed"',
      type: 'Warning',
      count: 3,
      source: { component: 'kubelet', host: 'gke-drone-pool-1-2f76eb25-tjbq' },
    });
    expect(objs[0]?.age).toEqual({ last: 1080, first: 1320 });
  });

  it('ends the table at a row cut short before its SUBOBJECT', () => {
    const r = parseGetEvents(
      [HEADER_113, '5m          20h          1256      coredns-78fcdf6894-6f9q6.1568eaa1fd9216d2'],
      0,
    );
    expect(r).toEqual({ end: 1, objects: [] });
  });

  it('drops the blanks a terminal copy leaves after the message', () => {
    expect(headerlessOldRow(`${FAILED_SYNC}   `)?.message).toBe(
      'Error syncing pod, skipping: failed to "StartContainer" for "dind" with rpc error: code = 4 desc = context deadline exceeded: "Create Container Failed"',
    );
    expect(oldEventRow(['NAMESPACE', ...OLD_ORDER], `kube-system   ${UNHEALTHY}\t `, false)?.message).toBe(
      'Liveness probe failed: HTTP probe failed with statuscode: 503',
    );
  });
});

describe('the MESSAGE cell, last in the row', () => {
  // The kubelet of 1.2-1.6 wrote two spaces before "details:"; the message keeps everything after its start.
  const PULL =
    'Error syncing pod, skipping: failed to "StartContainer" for "POD" with ErrImagePull: "image pull failed for registry.access.redhat.com/rhel7/pod-infrastructure:latest, this may be because there are no credentials on this request.  details: (open /etc/docker/certs.d/registry.access.redhat.com/redhat-ca.crt: no such file or directory)"';
  const ROW = `1m         12m         7         nginx-deployment-94093859-51185   Pod                     Warning   FailedSync   {kubelet 127.0.0.1}   ${PULL}`;

  it.each([
    ['under a header', (line: string) => oldEventRow(OLD_ORDER, line, false)],
    ['without a header', (line: string) => headerlessOldRow(line)],
    ['with a NAMESPACE cell', (line: string) => headerlessOldRow(`default   ${line}`)],
  ])('keeps a message with two spaces whole, %s', (_, readRow) => {
    expect(readRow(ROW)).toMatchObject({ reason: 'FailedSync', count: 7, message: PULL });
  });

  it('reads it through a pasted table', () => {
    const objs = read(
      `LASTSEEN   FIRSTSEEN   COUNT     NAME                              KIND      SUBOBJECT   TYPE      REASON       SOURCE                MESSAGE\n${ROW}`,
    );
    expect(objs[0]?.raw).toMatchObject({
      message: PULL,
      source: { component: 'kubelet', host: '127.0.0.1' },
    });
    expect(objs[0]?.age).toEqual({ last: 60, first: 720 });
  });
});

describe('the two ages of an old-layout row', () => {
  it.each([
    ['LASTSEEN before FIRSTSEEN (1.6-1.13)', FAILED_SYNC, { last: 1080, first: 1320 }],
    ['FIRSTSEEN before LASTSEEN (1.2), read in the later order', SCHEDULING_12, { last: 360, first: 480 }],
    [
      'both the same',
      '26m        26m         1         shop-api-544d45c8d5   ReplicaSet               Warning   FailedCreate        replicaset-controller   Error creating: pods shop-api-544d45c8d5-q5mll is forbidden: exceeded quota: namespace-quota',
      { last: 1560, first: 1560 },
    ],
    [
      'an unknown first-seen age',
      '26m        <unknown>   1         shop-api-544d45c8d5   ReplicaSet               Warning   FailedCreate        replicaset-controller   Error creating: pods shop-api-544d45c8d5-q5mll is forbidden: exceeded quota: namespace-quota',
      { last: 1560 },
    ],
    [
      'an unknown last-seen age',
      '<unknown>  26m         1         shop-api-544d45c8d5   ReplicaSet               Warning   FailedCreate        replicaset-controller   Error creating: pods shop-api-544d45c8d5-q5mll is forbidden: exceeded quota: namespace-quota',
      { first: 1560 },
    ],
  ])('keeps the last seen no older than the first: %s', (_, line, age) => {
    const parts = headerlessOldRow(line);
    expect(parts).toBeDefined();
    expect({ last: parts?.last, first: parts?.first }).toEqual({ last: undefined, first: undefined, ...age });
  });

  it('takes the 1.2 row as a Warning FailedScheduling of its pod, the braces dropped from its source', () => {
    const objs = read(SCHEDULING_12);
    expect(objs[0]?.raw).toMatchObject({
      involvedObject: { kind: 'Pod', name: 'web-example-2455310000-032qp' },
      type: 'Warning',
      reason: 'FailedScheduling',
      count: 11,
      source: { component: 'default-scheduler' },
    });
  });
});

describe('headerless old-layout rows', () => {
  it.each([
    ['kube-system', { namespace: 'kube-system', name: 'coredns-78fcdf6894-6f9q6' }],
    ['default', { namespace: 'default', name: 'coredns-78fcdf6894-6f9q6' }],
  ])('reads a leading NAMESPACE cell %j', (ns, expected) => {
    expect(headerlessOldRow(`${ns}   ${UNHEALTHY}`)).toMatchObject({
      ...expected,
      type: 'Warning',
      count: 1256,
    });
  });

  it('reads a row without a NAMESPACE cell', () => {
    expect(headerlessOldRow(UNHEALTHY)).toMatchObject({
      namespace: undefined,
      reason: 'Unhealthy',
      count: 1256,
    });
  });

  it.each([
    ['a first cell that is neither an age nor a namespace', `Kube-System   ${UNHEALTHY}`],
    ['a namespace followed by no age', `kube-system   coredns   ${UNHEALTHY}`],
  ])('does not read %s', (_, line) => {
    expect(headerlessOldRow(line)).toBeUndefined();
  });

  it.each([
    [7, '3m   3m   1   db-0   Pod   Warning   FailedMount', undefined],
    [
      8,
      '3m   3m   1   db-0   Pod   Warning   FailedMount   kubelet',
      { reason: 'FailedMount', source: 'kubelet', message: '' },
    ],
  ])('wants at least 8 cells (%i)', (_, line, expected) => {
    const parts = headerlessOldRow(line);
    if (expected === undefined) expect(parts).toBeUndefined();
    else expect(parts).toMatchObject(expected);
  });

  it.each([
    ['1.2 layout pasted without TYPE: its REASON falls in TYPE', false],
    ['kubectl 1.13 layout', true],
  ])('wants TYPE to be Normal or Warning without a header: %s', (what, ok) => {
    const line = ok
      ? UNHEALTHY
      : '6m          6m         1         web-1-deploy   Pod                                  Scheduled   default-scheduler   Successfully assigned web-1-deploy to node-1';
    expect(headerlessOldRow(line) !== undefined).toBe(ok);
    expect(headerlessOldRow(`default   ${line}`) !== undefined).toBe(ok);
    expect(oldEventRow(OLD_ORDER, line, true) !== undefined).toBe(ok);
  });

  it('takes a Kind-like TYPE under a header', () => {
    const line =
      '6m          6m         1         web-1-deploy   Pod                                  Scheduled   default-scheduler   Successfully assigned web-1-deploy to node-1';
    expect(oldEventRow(OLD_ORDER, line, false)).toMatchObject({
      type: 'Scheduled',
      reason: 'default-scheduler',
    });
  });
});

describe('rows an old-layout header does not take', () => {
  it.each([
    ['a namespace that is not a name', ['NAMESPACE', ...OLD_ORDER], `Kube-System   ${UNHEALTHY}`],
    ['a COUNT that is not a number', OLD_ORDER, UNHEALTHY.replace('1256', 'many')],
    [
      'a NAME that is not a name',
      OLD_ORDER,
      UNHEALTHY.replace('coredns-78fcdf6894-6f9q6.1568eaa1fd9216d2', '{kubelet}'),
    ],
    ['a KIND that is not a kind', OLD_ORDER, UNHEALTHY.replace('Pod   ', 'pod   ')],
    ['a KIND that is an event type', OLD_ORDER, UNHEALTHY.replace('Pod   ', 'Normal')],
    ['a TYPE that is not a word', OLD_ORDER, UNHEALTHY.replace('Warning', 'warning')],
    ['a FIRST SEEN that is not an age', OLD_ORDER, UNHEALTHY.replace('20h ', 'now')],
    ['a LAST SEEN that is not an age', OLD_ORDER, UNHEALTHY.replace('5m', 'xx')],
  ])('%s', (_, keys, line) => {
    expect(oldEventRow(keys, line, false)).toBeUndefined();
  });

  it.each([
    ['Normal', 'Added', 1],
    ['Normal', 'New Member Added', 0],
  ])('a %s row with the REASON %j: %i event', (type, reason, n) => {
    // etcd-operator's reasons have spaces ("New Member Added"); a cell with a space is not read as one.
    const line = `10m   10m   1   etcd-mon-prometheus   EtcdCluster   ${type}   ${reason}   etcd-operator   New member etcd-mon-prometheus-8slp4xxxl8 added to cluster`;
    expect(oldEventRow(OLD_ORDER, line, true) === undefined ? 0 : 1).toBe(n);
  });

  it.each([[false], [true]])('a row with no REASON cell (strict %s)', (strict) => {
    expect(
      oldEventRow(OLD_ORDER, '5m   20h   1256   coredns-78fcdf6894-6f9q6   Pod   Warning', strict),
    ).toBeUndefined();
  });

  it('reads a header row all of whose cells are right', () => {
    expect(oldEventRow(OLD_ORDER, UNHEALTHY, false)).toMatchObject({
      kind: 'Pod',
      count: 1256,
      reason: 'Unhealthy',
    });
  });

  it('reads the table under an old header up to a line of another kind', () => {
    const objs = read(text`
      ${HEADER_113}
      ${UNHEALTHY}
      NAME                       READY     STATUS    RESTARTS   AGE
    `);
    expect(objs.map((o) => o.line)).toEqual([2]);
  });
});
