import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { defaultOutput, parseSpeed } from '../../src/cli/commands/tui.js';
import { runCli } from '../run-cli.js';

const ALT_SCREEN_ON = '\u001b[?1049h';

interface Terminal {
  readonly io: CliIO;
  readonly stdin: PassThrough;
  output(): string;
}

/** In-process streams that claim to be a terminal (or not). */
function terminal(env: Record<string, string>, tty = { stdout: true, stdin: true }): Terminal {
  let out = '';
  const stdout = Object.assign(new PassThrough(), { isTTY: tty.stdout, columns: 80, rows: 24 });
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  const stdin = Object.assign(new PassThrough(), {
    isTTY: tty.stdin,
    setRawMode: () => stdin,
    ref: () => stdin,
    unref: () => stdin,
  });
  const io: CliIO = {
    stdout,
    stderr: new PassThrough(),
    stdin,
    env,
    now: () => Date.parse('2030-01-01T00:00:00Z'),
  };
  return { io, stdin, output: () => out };
}

describe('the default of -o', () => {
  it('is the TUI only on an interactive terminal outside CI and TERM=dumb', () => {
    expect(defaultOutput(terminal({}).io)).toBe('tui');
    expect(defaultOutput(terminal({ CI: 'false' }).io)).toBe('tui');
    expect(defaultOutput(terminal({ CI: 'true' }).io)).toBe('text');
    expect(defaultOutput(terminal({ CI: '1' }).io)).toBe('text');
    expect(defaultOutput(terminal({ TERM: 'dumb' }).io)).toBe('text');
    expect(defaultOutput(terminal({}, { stdout: false, stdin: true }).io)).toBe('text');
    expect(defaultOutput(terminal({}, { stdout: true, stdin: false }).io)).toBe('text');
  });
});

describe('plain text, no Ink', () => {
  const plainCases: [string, Record<string, string>, string[]][] = [
    ['CI=true', { CI: 'true' }, []],
    ['TERM=dumb', { TERM: 'dumb' }, []],
    ['-o text', {}, ['-o', 'text']],
  ];
  for (const [name, env, args] of plainCases) {
    it(`${name} on a terminal prints the text report`, async () => {
      const t = terminal(env);
      const code = await main(['--sim', 'default', ...args], t.io);
      expect(code).toBe(1);
      expect(t.output()).toContain('21 targets: ');
      expect(t.output()).not.toContain(ALT_SCREEN_ON);
    });
  }

  it('a pipe (no TTY) prints the text report', async () => {
    const r = await runCli(['--sim', 'default']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('21 targets: ');
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('-o tui without a terminal is a usage error', async () => {
    const r = await runCli(['--sim', 'default', '-o', 'tui']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-o tui needs an interactive terminal');
  });
});

describe('the TUI on a terminal', () => {
  it('is what `handoff` shows by default: it takes the alternate screen and q quits', async () => {
    const t = terminal({});
    const done = main(['--sim', 'default'], t.io);
    let finished = false;
    void done.then(() => (finished = true));
    while (!t.output().includes(ALT_SCREEN_ON)) await new Promise((r) => setTimeout(r, 10));
    // Wait until the scenario is diagnosed (the exit code then says a target failed), then quit.
    const deadline = Date.now() + 15_000;
    while (!finished && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      if (t.output().includes('row 1/14') || Date.now() > deadline - 10_000) t.stdin.write('q');
    }
    expect(await done).toBe(1);
    expect(t.output()).toContain('\u001b[?1049l');
    expect(t.output()).not.toContain('21 targets: ');
  }, 20_000);
});

describe('errors while the TUI loads', () => {
  it('a file that cannot be read ends the UI with the usual message and exit code', async () => {
    const t = terminal({});
    let errors = '';
    t.io.stderr.on('data', (c: Buffer) => (errors += c.toString()));
    const code = await main(['-f', '/nonexistent/evidence.yaml'], t.io);
    expect(code).toBe(2);
    expect(errors).toContain('handoff: error: ');
    expect(errors).toContain('/nonexistent/evidence.yaml');
    expect(t.output()).toContain(ALT_SCREEN_ON);
    expect(t.output()).toContain('\u001b[?1049l');
  });
});

describe('--speed', () => {
  it('takes simulated seconds per real second', () => {
    expect(parseSpeed('10')).toBe(10);
    expect(parseSpeed('0.5')).toBe(0.5);
    expect(parseSpeed('0')).toBe(0);
    expect(() => parseSpeed('fast')).toThrow('--speed: "fast" is not a speed');
    expect(() => parseSpeed('-1')).toThrow('is not a speed');
  });

  it('is refused outside the TUI and without --sim', async () => {
    const text = await runCli(['--sim', 'default', '--speed', '10']);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('--speed only applies to the terminal UI');
    const t = terminal({});
    await expect(main(['--speed', '10'], t.io)).resolves.toBe(2);
    expect(t.output()).not.toContain(ALT_SCREEN_ON);
  });
});
