/**
 * What a `kubectl get pods` row becomes, field by field: exactly the fields its cells give (no
 * key left over for an empty or `<none>` cell), which header lines start a table, which bare
 * lines are rows (and which rows of other `kubectl get` tables are not), and where a table ends.
 */
import { describe, expect, it } from 'vitest';
import { parseGetPods } from './pods.js';
import { readWith, text } from '../common/parser-test-helpers.js';
import { READINESS_GATES_COLUMN, READY_COLUMN, STATUS_COLUMN } from './table.js';
import { LAST_RESTART_AGO } from './pods.js';
import { UNNAMED_POD } from '../common/types.js';

const read = (t: string) => readWith(t, parseGetPods);

describe('a row gives exactly the fields its cells hold', () => {
  it('a plain row: no namespace, labels, node, IP or gates keys', () => {
    const [pod] = read(text`
      NAME    READY   STATUS    RESTARTS   AGE
      web-1   1/1     Running   0          5m
    `);
    expect(pod).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-1', annotations: { [STATUS_COLUMN]: 'Running', [READY_COLUMN]: '1/1' } },
        status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
      },
      line: 2,
      age: { last: 300 },
    });
  });

  it('a -o wide row whose IP, NODE, NOMINATED NODE and READINESS GATES are <none>', () => {
    const [pod] = read(text`
      NAME     READY   STATUS    RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES
      cart-0   0/1     Pending   0          12m   <none>   <none>   <none>           <none>
    `);
    expect(pod).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: { name: 'cart-0', annotations: { [STATUS_COLUMN]: 'Pending', [READY_COLUMN]: '0/1' } },
        status: { phase: 'Pending' },
      },
      line: 2,
      age: { last: 720 },
    });
  });

  it('a -A -o wide --show-labels row keeps every cell', () => {
    const [pod] = read(text`
      NAMESPACE   NAME     READY   STATUS    RESTARTS      AGE   IP           NODE     NOMINATED NODE   READINESS GATES   LABELS
      shop        cart-0   1/1     Running   2 (3m ago)    12m   10.244.1.7   node-1   node-2           1/1               app=cart
    `);
    expect(pod).toStrictEqual({
      raw: {
        kind: 'Pod',
        metadata: {
          name: 'cart-0',
          namespace: 'shop',
          labels: { app: 'cart' },
          annotations: {
            [STATUS_COLUMN]: 'Running',
            [READY_COLUMN]: '1/1',
            [READINESS_GATES_COLUMN]: '1/1',
            [LAST_RESTART_AGO]: '3m',
          },
        },
        spec: { nodeName: 'node-1' },
        status: {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True' }],
          containerStatuses: [{ name: 'unnamed', ready: true, restartCount: 2, state: { running: {} } }],
          podIP: '10.244.1.7',
          nominatedNodeName: 'node-2',
        },
      },
      line: 2,
      age: { last: 720 },
    });
  });

  it('an old row without READY has no READY annotation', () => {
    const [pod] = read(text`
      NAME         STATUS    RESTARTS   AGE
      frontend-1   Pending   0          5m
    `);
    expect(pod?.raw.metadata).toStrictEqual({
      name: 'frontend-1',
      annotations: { [STATUS_COLUMN]: 'Pending' },
    });
  });

  it('only a pod named as the placeholder for no name is marked inferred', () => {
    const objs = read(text`
      NAME          READY   STATUS    RESTARTS   AGE
      ${UNNAMED_POD}   0/1     Pending   0          5m
      web-1         0/1     Pending   0          5m
    `);
    expect(objs.map((o) => o.inferredName)).toStrictEqual(['the table names no pod', undefined]);
    expect(objs.map((o) => 'inferredName' in o)).toStrictEqual([true, false]);
  });

  it.each([
    ['<invalid>', undefined],
    ['<unknown>', undefined],
    ['59s', 59],
    ['2d3h', 183600],
  ])('AGE %s: the row is read, its age is %s', (age, last) => {
    const objs = read(
      `NAME    READY   STATUS    RESTARTS   AGE\nweb-1   1/1     Running   0          ${age}`,
    );
    expect(objs).toHaveLength(1);
    expect(objs[0]?.age).toStrictEqual(last === undefined ? undefined : { last });
  });
});

describe('READINESS GATES short of full make a pod ContainersReady only when it runs with every container ready', () => {
  it.each([
    ['1/1', 'Terminating', '0/1'],
    ['1/1', 'Completed', '0/1'],
    ['2/2', 'Pending', '1/2'],
  ])('READY %s STATUS %s READINESS GATES %s: no ContainersReady condition', (ready, status, gates) => {
    const [pod] = read(text`
      NAME    READY   STATUS    RESTARTS   AGE   IP          NODE     NOMINATED NODE   READINESS GATES
      web-1   ${ready}     ${status}   0          40m   10.0.0.7    node-1   <none>           ${gates}
    `);
    const st = pod?.raw.status as { conditions?: { type: string }[] };
    expect((st.conditions ?? []).map((c) => c.type)).not.toContain('ContainersReady');
    expect(pod?.raw.metadata).toMatchObject({ annotations: { [READINESS_GATES_COLUMN]: gates } });
  });
});

describe('which header lines start a pods table', () => {
  it.each([
    ['NAME          STATUS    RESTARTS   AGE'],
    ['NAME      READY   STATUS    RESTARTS   AGE'],
    ['NAMESPACE   NAME      READY   STATUS    RESTARTS   AGE'],
    ['NAME      READY   STATUS    RESTARTS   AGE   IP   NODE   NOMINATED NODE   READINESS GATES'],
  ])('%s, with no row after it, is a table of no pods that ends after it', (header) => {
    expect(parseGetPods([header, 'No resources found in shop namespace.'], 0)).toStrictEqual({
      end: 1,
      objects: [],
    });
    expect(parseGetPods(['$ kubectl get pods', header], 1)).toStrictEqual({ end: 2, objects: [] });
  });

  it.each([
    ['NAME   READY   UP-TO-DATE   AVAILABLE   AGE', 'deployments'],
    ['NAME   STATUS   ROLES   AGE   VERSION', 'nodes'],
    ['NAME   TYPE   DATA   AGE', 'secrets'],
  ])('%s (%s) is no pods header', (header) => {
    expect(parseGetPods([header], 0)).toBeUndefined();
  });

  it('a name only people write (redacted) is read under an old header without READY', () => {
    const objs = read(text`
      NAME       STATUS    RESTARTS   AGE
      my_pod_1   Pending   0          5m
    `);
    expect(objs.map((o) => (o.raw.metadata as { name: string }).name)).toStrictEqual(['my_pod_1']);
  });
});

describe('bare rows', () => {
  it.each([
    ['web-1   0/1   Running   0   5m', 300],
    ['prod   db-0   0/2   Terminating   1   4d', 345600],
    ['cron-x   Evicted   0   2d', 172800],
    ['prod   db-0   1/1   Running   3 (2m ago)   90s   10.0.0.4   node-1   <none>   <none>', 90],
  ])('%s: AGE is read (%i s)', (line, last) => {
    const objs = read(line);
    expect(objs).toHaveLength(1);
    expect(objs[0]?.age).toStrictEqual({ last });
    expect(objs[0]?.line).toBe(1);
  });

  it('a row of four cells has no IP or NODE keys', () => {
    const [pod] = read('cron-x   Evicted   0   2d');
    expect(pod?.raw).toStrictEqual({
      kind: 'Pod',
      metadata: { name: 'cron-x', annotations: { [STATUS_COLUMN]: 'Evicted' } },
      status: { phase: 'Failed', reason: 'Evicted' },
    });
  });

  it('under READY, a STATUS word the tool has no meaning for still makes a row', () => {
    const objs = read('web-1   0/1   SysctlForbidden   0   5m');
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw.metadata).toMatchObject({ annotations: { [STATUS_COLUMN]: 'SysctlForbidden' } });
  });

  it.each([
    ['db-creds   Opaque   2   5d', 'get secrets'],
    ['default-token-x7k2p   kubernetes.io/service-account-token   3   5d', 'get secrets'],
    ['my_ns   web-1   0/1   Running   0   5m', 'a first cell that is no namespace'],
    ['pod/my_pod_1   0/1   ErrImagePull   0   59m', 'get all, a redacted name'],
    [
      'web-1   1/1   Running   0   5m   10.0.0.7   node-1   <none>   <none>   app=web',
      'more cells than -o wide prints',
    ],
  ])('%s (%s) is not a pod row', (line) => {
    expect(parseGetPods([line], 0)).toBeUndefined();
  });
});

describe('where a table ends', () => {
  const header = 'NAME    READY   STATUS    RESTARTS   AGE   LABELS';
  const row = (length: number): string => {
    const start = 'web-1   1/1     Running   0          5m    app=web,note=';
    return start + 'x'.repeat(length - start.length);
  };

  it.each([
    [4_999, 1],
    [5_000, 1],
    [5_001, 0],
  ])('a row of %i characters: %i pods', (length, pods) => {
    const lines = [header, row(length), 'web-2   1/1     Running   0          5m    app=web'];
    expect(row(length)).toHaveLength(length);
    const r = parseGetPods(lines, 0);
    expect(r?.objects).toHaveLength(pods === 0 ? 0 : 2);
    expect(r?.end).toBe(pods === 0 ? 1 : 3);
  });
});
