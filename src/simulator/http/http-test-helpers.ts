/** A small served cluster for HTTP-level tests: frozen time, objects placed straight in the store. */
import { parseScenario } from '../scenario/load.js';
import { Simulation } from '../simulation.js';
import type { KObject } from '../world/types.js';
import { startApiServer, type ApiServerOptions, type RunningApiServer } from './server.js';

export const TEST_SCENARIO = `
name: http-test
description: A two-node cluster for the HTTP API tests.
duration: 1m
expect:
  verdict: healthy
cluster:
  nodes:
    - name: worker
      count: 2
`;

export interface Served {
  readonly sim: Simulation;
  readonly server: RunningApiServer;
  readonly url: string;
  /** fetch against the server with the admin token. */
  req(path: string, init?: RequestInit): Promise<Response>;
  json(path: string, init?: RequestInit): Promise<Record<string, unknown>>;
}

export async function serveTestCluster(
  opts: ApiServerOptions = {},
  yaml = TEST_SCENARIO,
  watchHistory?: number,
): Promise<Served> {
  const sim = new Simulation(
    parseScenario(yaml, 'http-test.yaml'),
    watchHistory === undefined ? {} : { watchHistory },
  );
  const server = await startApiServer(sim, { speed: 0, ...opts });
  const req = (path: string, init: RequestInit = {}): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        Authorization: 'Bearer kube-handoff-sim-admin',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  return {
    sim,
    server,
    url: server.url,
    req,
    json: async (path, init) => (await (await req(path, init)).json()) as Record<string, unknown>,
  };
}

/** A pod as the kubelet would have reported it, for reads that need statuses. */
export function testPod(
  name: string,
  opts: {
    namespace?: string;
    containers?: string[];
    status?: Record<string, unknown>;
    labels?: Record<string, string>;
    nodeName?: string;
  } = {},
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: opts.namespace ?? 'default', labels: opts.labels ?? { app: name } },
    spec: {
      containers: (opts.containers ?? ['app']).map((c) => ({
        name: c,
        image: 'nginx:1.27',
        ports: [{ containerPort: 8080, name: 'http' }],
      })),
      ...(opts.nodeName === undefined ? {} : { nodeName: opts.nodeName }),
    },
    status: opts.status ?? { phase: 'Pending' },
  };
}

/** Reads newline-delimited watch events from a streaming response. */
export class WatchReader {
  private buffer = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();

  constructor(res: Response) {
    if (res.body === null) throw new Error('no body');
    this.reader = res.body.getReader();
  }

  /** The next `n` events; undefined entries when the stream ended first. */
  async next(n = 1): Promise<{ type: string; object: Record<string, unknown> }[]> {
    const out: { type: string; object: Record<string, unknown> }[] = [];
    while (out.length < n) {
      const nl = this.buffer.indexOf('\n');
      if (nl >= 0) {
        out.push(JSON.parse(this.buffer.slice(0, nl)) as { type: string; object: Record<string, unknown> });
        this.buffer = this.buffer.slice(nl + 1);
        continue;
      }
      const chunk = await this.reader.read();
      if (chunk.done) break;
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
    return out;
  }

  /** True when the server ended the stream. */
  async ended(): Promise<boolean> {
    const chunk = await this.reader.read();
    return chunk.done;
  }

  async cancel(): Promise<void> {
    await this.reader.cancel();
  }
}
