/**
 * The real binary in a pseudo-terminal: tmux runs `node bin/handoff.js --sim default` at
 * 80×24, the test presses keys and reads the screen with capture-pane. In CI (CI=true) a
 * missing tmux fails the test; elsewhere the test is skipped, saying why.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../built-cli.js';

// A private tmux server on its own socket file, removed afterwards.
const SOCKET = join(tmpdir(), `handoff-pty-${process.pid}.sock`);
const hasTmux = spawnSync('tmux', ['-V']).status === 0;
const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';

function tmux(...args: string[]): string {
  return execFileSync('tmux', ['-S', SOCKET, ...args], { encoding: 'utf8' });
}

async function waitForScreen(
  session: string,
  until: (screen: string) => boolean,
  what: string,
  escapes = false,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  let screen = '';
  while (Date.now() < deadline) {
    screen = tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', session);
    if (until(screen)) return screen;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}; the screen was:\n${screen}`);
}

function start(session: string, env: string, args = '--sim default'): void {
  // CI is unset for the child: under CI=true handoff prints text, and Ink only draws on exit.
  const command = `env -u CI -u NODE_ENV ${env} TERM=xterm-256color node bin/handoff.js ${args}; echo "EXIT:$?"; sleep 30`;
  tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', '-c', ROOT, command);
}

const keys = (session: string, ...k: string[]): void => {
  tmux('send-keys', '-t', session, ...k);
};

describe.skipIf(!hasTmux && !inCi)(
  `the real binary in tmux${hasTmux ? '' : ' (skipped: tmux is not installed)'}`,
  () => {
    beforeAll(() => {
      if (!hasTmux)
        throw new Error('tmux is required in CI for the pseudo-terminal test (.ci/run installs it)');
      ensureBuilt();
    }, 200_000);
    afterAll(() => {
      if (hasTmux) spawnSync('tmux', ['-S', SOCKET, 'kill-server']);
      rmSync(SOCKET, { force: true });
    });

    it('shows the overview, detail, timeline, help and filter, and quits on q', async () => {
      const s = 'keys';
      start(s, '');
      const overview = await waitForScreen(s, (x) => x.includes('row 1/14'), 'the overview');
      expect(overview).toContain('✗ FAILED · 11 targets');
      expect(overview).toContain('✓ HEALTHY · 10 targets');
      expect(overview.split('\n')[0]).toContain('handoff · sim default 00:06:00');
      keys(s, 'j');
      await waitForScreen(s, (x) => x.includes('row 2/14'), 'j to move down');
      keys(s, 'Down');
      await waitForScreen(s, (x) => x.includes('row 3/14'), 'Down to move down');
      keys(s, 'Enter');
      const detail = await waitForScreen(s, (x) => x.includes('CHAIN'), 'the detail');
      expect(detail).toContain('pod shop/reports-');
      expect(detail).toMatch(/✗ volumes/);
      keys(s, 't');
      const timeline = await waitForScreen(s, (x) => x.includes('from creation'), 'the timeline');
      expect(timeline).toContain('SLO');
      keys(s, '?');
      await waitForScreen(s, (x) => x.includes('KEYS'), 'the help overlay');
      keys(s, 'Escape');
      await waitForScreen(
        s,
        (x) => !x.includes('KEYS') && x.includes('from creation'),
        'Esc to close the help',
      );
      keys(s, 'Escape');
      await waitForScreen(s, (x) => x.includes('overview · sort: stage'), 'Esc back to the overview');
      keys(s, '/');
      keys(s, '-l', 'cart');
      const filtered = await waitForScreen(s, (x) => x.includes('/cart▏'), 'the filter');
      expect(filtered).toContain('shop/cart-');
      expect(filtered).not.toContain('postgres');
      keys(s, 'Enter');
      await waitForScreen(s, (x) => x.includes('filter: cart'), 'Enter to keep the filter');
      // A wider terminal is used as soon as it is resized.
      tmux('resize-window', '-t', s, '-x', '120', '-y', '30');
      const wide = await waitForScreen(
        s,
        (x) => x.includes('shop/cart-8f6b4b7f7-r97pd '),
        'the wider layout',
      );
      expect(wide).toContain('CrashLoopBackOff · crash  Container');
      keys(s, 'q');
      // The alternate screen is left, and the exit code says a target failed.
      const after = await waitForScreen(s, (x) => x.includes('EXIT:'), 'the process to exit');
      expect(after).toContain('EXIT:1');
    }, 60_000);

    it('draws colours, and none under NO_COLOR (glyphs stay)', async () => {
      start('colour', '-u NO_COLOR');
      const coloured = await waitForScreen(
        'colour',
        (x) => x.includes('row 1/14'),
        'the coloured overview',
        true,
      );
      // eslint-disable-next-line no-control-regex -- SGR colour codes are what is checked
      expect(coloured).toMatch(/\u001b\[(?:[0-9;]*;)?3[1-7]m/);
      start('plain', 'NO_COLOR=1');
      const plain = await waitForScreen(
        'plain',
        (x) => x.includes('row 1/14'),
        'the NO_COLOR overview',
        true,
      );
      // eslint-disable-next-line no-control-regex -- SGR colour codes are what is checked
      expect(plain).not.toMatch(/\u001b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;)/);
      expect(plain).toContain('✗ FAILED');
      keys('colour', 'q');
      keys('plain', 'q');
    }, 60_000);

    it('--sim NAME --speed X updates the screen in place as simulated time passes', async () => {
      start('live', '', '--sim default --at 0s --speed 20');
      const first = await waitForScreen(
        'live',
        (x) => /^handoff ● live · sim default/.test(x),
        'the live overview',
      );
      const clock = (screen: string): string => /sim default (\d\d:\d\d:\d\d)/.exec(screen)?.[1] ?? '';
      const later = await waitForScreen('live', (x) => clock(x) >= '00:00:40', 'simulated time to pass');
      expect(clock(later) > clock(first)).toBe(true);
      // Updated in place: the header is still the first line, drawn once.
      expect(later.split('\n')[0]).toMatch(/^handoff ● live · sim default/);
      expect(later.match(/live · sim default/g)).toHaveLength(1);
      keys('live', 'q');
      expect(await waitForScreen('live', (x) => x.includes('EXIT:'), 'the process to exit')).toMatch(
        /EXIT:[01]/,
      );
    }, 60_000);
  },
);
