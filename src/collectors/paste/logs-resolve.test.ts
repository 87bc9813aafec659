/**
 * Whose log a pasted log is once the whole paste is read (resolveLog): a log naming no pod is the
 * one pasted pod that keeps failing, a `--prefix` line of a replaced pod is its ReplicaSet
 * sibling's, the namespace falls back to the paste's, and the container to the pod's only one.
 */
import { describe, expect, it } from 'vitest';
import { STATUS_COLUMN } from '../../model/index.js';
import type { Raw } from '../normalize/coerce.js';
import { UNNAMED_CONTAINER } from './common/types.js';
import { resolveLog, type PastedLog } from './logs.js';

const EXEC = 'exec /docker-entrypoint.sh: exec format error';

function log(over: Partial<PastedLog>): PastedLog {
  return { pod: '', namespace: undefined, container: undefined, previous: true, lines: [EXEC], ...over };
}

/** A pod as a `get pods` row tells it: its STATUS column only. */
function row(name: string, status: string, namespace?: string): Raw {
  return {
    kind: 'Pod',
    metadata: {
      name,
      ...(namespace === undefined ? {} : { namespace }),
      annotations: { [STATUS_COLUMN]: status },
    },
    spec: { containers: [{ name: UNNAMED_CONTAINER }] },
  };
}

/** A pod as `kubectl describe pod` tells it: named containers and their states. */
function described(
  name: string,
  states: Record<string, unknown>,
  opts: { namespace?: string; init?: boolean } = {},
): Raw {
  const statuses = Object.entries(states).map(([c, state]) => ({ name: c, state }));
  return {
    kind: 'Pod',
    metadata: { name, ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }) },
    spec: {
      containers: opts.init === true ? [{ name: 'app' }] : Object.keys(states).map((c) => ({ name: c })),
    },
    status: opts.init === true ? { initContainerStatuses: statuses } : { containerStatuses: statuses },
  };
}

const crashLoop = { waiting: { reason: 'CrashLoopBackOff' } };
const errored = { terminated: { reason: 'Error', exitCode: 1 } };
const running = { running: { startedAt: '2024-05-01T10:00:00Z' } };

describe('a log naming no pod is the one failing pod', () => {
  it.each([
    ['CrashLoopBackOff', true],
    ['Error', true],
    ['Init:CrashLoopBackOff', true],
    ['Init:Error', true],
    ['Running', false],
    ['Completed', false],
    ['ImagePullBackOff', false],
    ['CreateContainerError', false],
    ['StartError', false],
    ['Init:0/1', false],
    ['', false],
  ])('STATUS column %j: failing %s', (status, failing) => {
    const got = resolveLog(log({}), 'default', [row('web-7d9c8-abcde', status)]);
    expect(got.pod).toBe(failing ? 'web-7d9c8-abcde' : '');
  });

  it.each([
    ['waiting CrashLoopBackOff', { app: crashLoop }, false, true],
    ['terminated Error', { app: errored }, false, true],
    ['init waiting CrashLoopBackOff', { 'init-db': crashLoop }, true, true],
    ['init terminated Error', { 'init-db': errored }, true, true],
    ['one of two containers crash-looping', { app: running, sidecar: crashLoop }, false, true],
    ['terminated Error in the second of two', { app: running, sidecar: errored }, false, true],
    ['running', { app: running }, false, false],
    ['waiting ImagePullBackOff', { app: { waiting: { reason: 'ImagePullBackOff' } } }, false, false],
    ['terminated Completed', { app: { terminated: { reason: 'Completed', exitCode: 0 } } }, false, false],
    ['terminated OOMKilled', { app: { terminated: { reason: 'OOMKilled', exitCode: 137 } } }, false, false],
    ['waiting Error', { app: { waiting: { reason: 'Error' } } }, false, false],
    ['terminated CrashLoopBackOff', { app: { terminated: { reason: 'CrashLoopBackOff' } } }, false, false],
  ])('described pod, %s', (_, states, init, failing) => {
    const got = resolveLog(log({}), 'default', [described('web-7d9c8-abcde', states, { init })]);
    expect(got.pod).toBe(failing ? 'web-7d9c8-abcde' : '');
  });

  it('two failing pods leave the log unattributed', () => {
    const got = resolveLog(log({}), 'default', [
      row('a-7d9c8-abcde', 'Error'),
      row('b-7d9c8-fghij', 'Error'),
    ]);
    expect(got).toEqual({ namespace: 'default', pod: '', container: '', previous: true, lines: [EXEC] });
  });

  it('an object of another kind carrying a failing status is no pod', () => {
    const job: Raw = {
      kind: 'Job',
      metadata: { name: 'migrate', annotations: { [STATUS_COLUMN]: 'Error' } },
      status: { containerStatuses: [{ name: 'app', state: errored }] },
    };
    expect(resolveLog(log({}), 'default', [job, row('web-7d9c8-abcde', 'Error')]).pod).toBe(
      'web-7d9c8-abcde',
    );
  });

  it("the failing pod's namespace wins over the paste's", () => {
    const got = resolveLog(log({}), 'default', [row('web-7d9c8-abcde', 'CrashLoopBackOff', 'shop')]);
    expect(got).toEqual({
      namespace: 'shop',
      pod: 'web-7d9c8-abcde',
      container: UNNAMED_CONTAINER,
      previous: true,
      lines: [EXEC],
    });
  });

  it("the log's own namespace stays when the failing pod names none", () => {
    const got = resolveLog(log({ namespace: 'shop' }), 'default', [row('web-7d9c8-abcde', 'Error')]);
    expect(got.namespace).toBe('shop');
  });
});

describe("a --prefix line of a pod not pasted is its ReplicaSet sibling's", () => {
  const given = log({ pod: 'web-7d9c8-abcde', container: 'app' });

  it('resolves to the failing sibling', () => {
    const got = resolveLog(given, 'default', [
      described('web-7d9c8-xk2lp', { app: crashLoop }, { namespace: 'shop' }),
    ]);
    expect(got).toEqual({
      namespace: 'shop',
      pod: 'web-7d9c8-xk2lp',
      container: 'app',
      previous: true,
      lines: [EXEC],
    });
  });

  it("takes the sibling's only container when it lists no names (a get pods row)", () => {
    const got = resolveLog(given, 'default', [row('web-7d9c8-xk2lp', 'CrashLoopBackOff')]);
    expect([got.pod, got.container]).toEqual(['web-7d9c8-xk2lp', UNNAMED_CONTAINER]);
  });

  it.each([
    [
      'the log holds two lines',
      log({ pod: 'web-7d9c8-abcde', container: 'app', lines: ['started', EXEC] }),
      [described('web-7d9c8-xk2lp', { app: crashLoop })],
    ],
    ['no pod is failing', given, [described('web-7d9c8-xk2lp', { app: running })]],
    [
      'the pod itself is pasted (running)',
      given,
      [described('web-7d9c8-abcde', { app: running }), described('web-7d9c8-xk2lp', { app: crashLoop })],
    ],
    [
      'the pod itself is pasted after the failing one',
      given,
      [described('web-7d9c8-xk2lp', { app: crashLoop }), described('web-7d9c8-abcde', { app: running })],
    ],
    ['another ReplicaSet', given, [described('web-5f6b7-xk2lp', { app: crashLoop })]],
    [
      'a CronJob pod whose name only starts alike',
      log({ pod: 'backup-x7k2p', container: 'app' }),
      [described('backup-cron-28312345-qwert', { app: crashLoop })],
    ],
    [
      'a static pod (no generated suffix)',
      log({ pod: 'kube-apiserver-controlplane', container: 'kube-apiserver' }),
      [described('kube-apiserver-node1', { 'kube-apiserver': crashLoop })],
    ],
    [
      // Neither name has a generated suffix; the word "undefined" is a valid pod name.
      'neither pod has a generated suffix',
      log({ pod: 'db-0', container: 'app' }),
      [described('undefined', { app: crashLoop })],
    ],
  ])('not when %s', (_, g, objects) => {
    expect(resolveLog(g, 'default', objects).pod).toBe(g.pod);
  });
});

describe("the pasted pod the log is of gives its namespace's match and container", () => {
  const service: Raw = {
    kind: 'Service',
    metadata: { name: 'nginx', namespace: 'default' },
    spec: { ports: [{ port: 80 }] },
  };

  it.each([
    ['its only container', [described('nginx', { nginx: running })], 'nginx'],
    ['none of two', [described('nginx', { nginx: running, sidecar: running })], ''],
    ['the pod, not the Service of its name', [service, described('nginx', { nginx: running })], 'nginx'],
    [
      'the pod of its name, not the one before it',
      [described('other', { other: running }), described('nginx', { nginx: running })],
      'nginx',
    ],
    [
      'the pod of its namespace, not the one of another',
      [
        described('nginx', { a: running }, { namespace: 'dev' }),
        described('nginx', { b: running }, { namespace: 'default' }),
      ],
      'b',
    ],
    ["a pod that names no namespace (the paste's)", [described('nginx', { nginx: running })], 'nginx'],
    ['no pod pasted', [service], ''],
  ])('a command naming no container takes %s', (_, objects, container) => {
    const got = resolveLog(log({ pod: 'nginx', previous: false, lines: ['ready'] }), 'default', objects);
    expect(got).toEqual({ namespace: 'default', pod: 'nginx', container, previous: false, lines: ['ready'] });
  });

  it.each([
    [
      'a container the pod lists',
      [described('nginx', { nginx: running, sidecar: running })],
      'sidecar',
      'sidecar',
    ],
    [
      'a container the pod does not list (one named)',
      [described('nginx', { nginx: running })],
      'init',
      'init',
    ],
    [
      'a container the pod does not list (two named)',
      [described('nginx', { nginx: running, sidecar: running })],
      'init',
      'init',
    ],
    ['any container of a get pods row', [row('nginx', 'Running')], 'nginx', UNNAMED_CONTAINER],
    [
      // A `get pods` row's placeholder beside a container status another block named.
      'a container the pod does not list (one placeholder, one named)',
      [{ ...row('nginx', 'Running'), status: { containerStatuses: [{ name: 'nginx', state: running }] } }],
      'init',
      'init',
    ],
  ])('a command naming %s keeps or resolves it', (_, objects, named, container) => {
    const got = resolveLog(
      log({ pod: 'nginx', container: named, previous: false, lines: ['ready'] }),
      'default',
      objects,
    );
    expect(got.container).toBe(container);
  });
});
