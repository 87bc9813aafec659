/**
 * `handoff` run as a process, as a shell runs it: a reader that goes away, the kubectl plugin's
 * name, and `sim serve` on a busy port or with its scenario named as an argument.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../built-cli.js';
import { runCli } from '../run-cli.js';

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a bin script; `readerGone` closes our end of its stdout before it writes (`| head -0`). */
function run(bin: string, args: readonly string[], readerGone = false): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', bin), ...args], {
      cwd: ROOT,
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    if (readerGone) child.stdout.destroy();
    else child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

beforeAll(() => {
  ensureBuilt();
}, 200_000);

describe('handoff as a process', () => {
  it('ends quietly with 0 when the reader of its output goes away (sim list | head -1)', async () => {
    const r = await run('handoff.js', ['sim', 'list', '--wide'], true);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('as kubectl-handoff, its usage says `kubectl handoff`', async () => {
    const plugin = await run('kubectl-handoff.js', ['--help']);
    expect(plugin.code).toBe(0);
    expect(plugin.stdout).toMatch(/^Usage: kubectl handoff /m);
    const plain = await run('handoff.js', ['check', '--help']);
    expect(plain.stdout).toMatch(/^Usage: handoff check /m);
  });

  it('sim serve takes the scenario as an argument, as sim run does', async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'handoff.js'), 'sim', 'serve', 'crashloop-exit-1', '--port', '0'],
      { cwd: ROOT },
    );
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(out);
      });
      child.on('close', () => {
        reject(new Error(`sim serve ended before listening: ${out}`));
      });
    });
    child.kill('SIGTERM');
    expect(line).toMatch(/^serving scenario crashloop-exit-1 on http:\/\/127\.0\.0\.1:\d+/);
  });
});

describe('sim serve: mistakes are one line and exit 2', () => {
  let busy: Server;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    busy.close();
  });

  it('a busy --port', async () => {
    const port = (busy.address() as AddressInfo).port;
    const r = await runCli(['sim', 'serve', '--port', String(port)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--port ${port}: the port is in use on 127.0.0.1`);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('a scenario named twice, differently', async () => {
    const r = await runCli(['sim', 'serve', 'default', '--scenario', 'crashloop-exit-1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the scenario is named twice');
  });
});
