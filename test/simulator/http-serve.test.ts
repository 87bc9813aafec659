/** `handoff sim serve`: runs the scenario, listens, then writes the kubeconfig; stops on a signal. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSimServe } from '../../src/cli/sim/serve.js';
import type { CliIO } from '../../src/cli/io.js';
import { UsageError } from '../../src/errors/index.js';
import { TEST_SCENARIO } from '../../src/simulator/http/http-test-helpers.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'handoff-serve-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function testIO(): { io: CliIO; out: () => string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => (text += c.toString()));
  return {
    io: {
      stdout,
      stderr: new PassThrough(),
      stdin: new PassThrough(),
      env: {},
      now: () => Date.UTC(2026, 5, 1, 12, 0, 0),
    },
    out: () => text,
  };
}

describe('handoff sim serve', () => {
  it('serves the scenario run to --at, writes the kubeconfig once listening, and stops when told', async () => {
    const scenario = join(dir, 'http-test.yaml');
    writeFileSync(scenario, TEST_SCENARIO);
    const kubeconfig = join(dir, 'kubeconfig');
    const { io, out } = testIO();
    const stop = new AbortController();
    let url = '';
    const done = runSimServe(
      {
        scenario,
        port: 0,
        speed: 0,
        at: '30s',
        writeKubeconfig: kubeconfig,
        signal: stop.signal,
        onListening: (u) => {
          url = u;
          // The file is there by the time the line is printed.
          expect(existsSync(kubeconfig)).toBe(true);
        },
      },
      io,
    );
    while (url === '') await new Promise((r) => setTimeout(r, 20));
    expect(out()).toBe(`serving scenario http-test on ${url} (kubeconfig: ${kubeconfig})\n`);
    const config = readFileSync(kubeconfig, 'utf8');
    expect(config).toContain(`server: ${url}`);
    expect(config).toContain('token: kube-handoff-sim-admin');
    expect(config).toContain('current-context: handoff-sim');
    const nodes = (await (await fetch(`${url}/api/v1/nodes`)).json()) as {
      items: { metadata: { creationTimestamp: string } }[];
    };
    expect(nodes.items).toHaveLength(2);
    // The world's clock was aligned so that --at (30s) lands on the wall clock's now.
    expect(nodes.items[0]?.metadata.creationTimestamp).toBe('2026-06-01T11:59:30Z');
    stop.abort();
    expect(await done).toBe(0);
    await expect(fetch(`${url}/version`)).rejects.toThrow();
  });

  it('refuses to overwrite an existing kubeconfig unless --force', async () => {
    const scenario = join(dir, 'http-test.yaml');
    writeFileSync(scenario, TEST_SCENARIO);
    const kubeconfig = join(dir, 'kubeconfig');
    writeFileSync(kubeconfig, 'mine');
    const { io } = testIO();
    await expect(runSimServe({ scenario, writeKubeconfig: kubeconfig }, io)).rejects.toThrow(UsageError);
    await expect(runSimServe({ scenario, writeKubeconfig: kubeconfig }, io)).rejects.toThrow(
      /already exists; not overwriting it/,
    );
    expect(readFileSync(kubeconfig, 'utf8')).toBe('mine');
    const stop = new AbortController();
    stop.abort();
    expect(
      await runSimServe(
        { scenario, writeKubeconfig: kubeconfig, force: true, speed: 0, signal: stop.signal },
        io,
      ),
    ).toBe(0);
    expect(readFileSync(kubeconfig, 'utf8')).toContain('handoff-sim');
  });

  it('rejects a bad --speed or --port as usage errors', async () => {
    const { io } = testIO();
    await expect(runSimServe({ speed: 'fast' }, io)).rejects.toThrow('--speed: "fast" is not a speed');
    await expect(runSimServe({ port: '99999' }, io)).rejects.toThrow('--port: "99999" is not a port number');
  });
});
