import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterError } from '../../src/errors/index.js';
import { loadConnection, type Connection } from '../../src/collectors/live/index.js';
import { Transport } from '../../src/collectors/live/transport.js';
import { startFakeApi, type FakeApi, type Reply } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';

const connect = (server: string): Connection =>
  loadConnection({ kubeconfig: writeKubeconfig([{ name: 'prod', server }]), env: {} });

/** A Transport whose back-off sleeps are recorded instead of waited. */
function transportFor(server: string, timeoutMs?: number): { t: Transport; sleeps: number[] } {
  const sleeps: number[] = [];
  const sleep = (ms: number): Promise<void> => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  return {
    t: new Transport(connect(server), { sleep, ...(timeoutMs === undefined ? {} : { timeoutMs }) }),
    sleeps,
  };
}

/** Replies in order, then 200 with an empty list. */
function sequence(...replies: Reply[]): () => Reply | undefined {
  let i = 0;
  return () => replies[i++];
}

async function thrown(p: Promise<unknown>): Promise<ClusterError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ClusterError);
    return err as ClusterError;
  }
  throw new Error('expected a ClusterError');
}

describe('Transport', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('retries 429 after the Retry-After seconds', async () => {
    api = await startFakeApi({
      intercept: sequence({ status: 429, headers: { 'retry-after': '3' }, body: { message: 'slow down' } }),
    });
    const { t, sleeps } = transportFor(api.url);
    const res = await t.getJson('/api/v1/pods');
    expect(res.kind).toBe('ok');
    expect(sleeps).toEqual([3000]);
    expect(api.requests).toHaveLength(2);
  });

  it('retries 5xx with exponential back-off, and gives up after 4 attempts', async () => {
    api = await startFakeApi({ intercept: sequence({ status: 503 }, { status: 500 }) });
    const { t, sleeps } = transportFor(api.url);
    expect((await t.getJson('/api/v1/pods')).kind).toBe('ok');
    expect(sleeps).toEqual([250, 500]);

    await api.close();
    api = await startFakeApi({ intercept: () => ({ status: 502, body: { message: 'bad gateway' } }) });
    const second = transportFor(api.url);
    const res = await second.t.getJson('/api/v1/pods');
    expect(res).toEqual({ kind: 'error', status: 502, message: 'bad gateway' });
    expect(api.requests).toHaveLength(4);
    expect(second.sleeps).toEqual([250, 500, 1000]);
    expect(second.t.requests).toBe(4);
  });

  it('returns 403 as Forbidden with the Status message, without retrying', async () => {
    const message =
      'nodes is forbidden: User "dev" cannot list resource "nodes" in API group "" at the cluster scope';
    api = await startFakeApi({ intercept: () => ({ status: 403, body: { kind: 'Status', message } }) });
    const { t } = transportFor(api.url);
    expect(await t.getJson('/api/v1/nodes')).toEqual({ kind: 'forbidden', message });
    expect(api.requests).toHaveLength(1);
  });

  it('turns 401 into one ClusterError (exit 3) naming context and server', async () => {
    api = await startFakeApi({ intercept: () => ({ status: 401, body: { message: 'Unauthorized' } }) });
    const { t } = transportFor(api.url);
    const err = await thrown(t.getJson('/api/v1/pods'));
    expect(err.exitCode).toBe(3);
    expect(err.message).toMatch(
      `the cluster "prod" at ${api.url} rejected the credentials (401 Unauthorized)`,
    );
    expect(api.requests).toHaveLength(1);
  });

  it('turns ECONNREFUSED into one ClusterError naming context and server', async () => {
    const closed = await startFakeApi();
    const url = closed.url;
    await closed.close();
    const { t, sleeps } = transportFor(url);
    const err = await thrown(t.getJson('/api/v1/pods'));
    expect(err.exitCode).toBe(3);
    expect(err.message).toMatch(
      new RegExp(`^cannot reach the cluster "prod" at ${url}: connect ECONNREFUSED`),
    );
    expect(sleeps).toEqual([]);
  });

  it('retries a connection reset by the server', async () => {
    let resets = 0;
    const server = http.createServer((req, res) => {
      if (resets++ === 0) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"kind":"List","items":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { t, sleeps } = transportFor(url);
      expect(await t.getJson('/api/v1/pods')).toEqual({ kind: 'ok', body: { kind: 'List', items: [] } });
      expect(sleeps).toEqual([250]);
      expect(t.requests).toBe(2);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('times a stalled request out as a ClusterError', async () => {
    const server = http.createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { t } = transportFor(url, 150);
      const err = await thrown(t.getJson('/api/v1/pods'));
      expect(err.message).toBe(`cannot reach the cluster "prod" at ${url}: request timed out after 0.15s`);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
