import { afterEach, describe, expect, it } from 'vitest';
import { App, PushFeed, type TuiData } from '../../src/tui/index.js';
import { renderApp, type RenderedApp } from './render-app.js';
import { dataOf, diag, manyTargets } from './diagnoses.js';
import { scenarioData } from './scenario-data.js';

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

async function show(data: TuiData, columns: number, rows = 24, colour = false): Promise<RenderedApp> {
  const feed = new PushFeed();
  feed.push({ kind: 'data', data, live: false });
  app = await renderApp(<App feed={feed} colour={colour} size={{ columns, rows }} />);
  await app.waitFor((f) => f.includes('row 1/'), 'the overview');
  return app;
}

const width = (frame: string): number => Math.max(...frame.split('\n').map((l) => Array.from(l).length));

describe('overview of the default scenario', () => {
  it('at 80×24: verdict sections, folded rows, chain rails, within 80 columns and 23 lines', async () => {
    const a = await show(scenarioData('default'), 80);
    const frame = a.frame();
    expect(frame).toMatchSnapshot();
    expect(width(frame)).toBeLessThanOrEqual(80);
    expect(frame.split('\n')).toHaveLength(23);
    expect(frame).toContain('shop/catalog-6d6… ×2');
    expect(frame).toMatch(/✓✓✓✓✓✗·······/);
  });

  it('at 120 columns the reason and summary get the room', async () => {
    const a = await show(scenarioData('default'), 120, 30);
    const frame = a.frame();
    expect(frame).toMatchSnapshot();
    expect(width(frame)).toBeLessThanOrEqual(120);
    expect(frame).toContain('ImageNotFound · image-pull  The image');
    expect(frame).toContain('shop/catalog-6d6757d7f9-*        ×2 deploy/catalog');
  });
});

describe('keys', () => {
  it('ARROW_DOWN then ENTER shows the detail: chain with times, evidence; PAGE_DOWN scrolls to the next steps', async () => {
    const a = await show(scenarioData('default'), 80, 40);
    for (let i = 0; i < 5; i++) await a.press('ARROW_DOWN');
    const detail = await a.press('ENTER', (f) => f.includes('CHAIN'));
    expect(detail).toMatchSnapshot();
    expect(detail).toContain('✗ init-containers');
    expect(detail).toContain('Warning BackOff (x34 over 5m45s) 1s ago kubelet, worker-c');
    const rest = await a.press('PAGE_DOWN', (f) => f.includes('CONTAINERS'));
    expect(rest).toMatchSnapshot();
    expect(rest).toContain('  kubectl logs migrate-86964bf8c7-xp5ht -n payments -c db-migrate --previous');
    expect(rest).toContain(' init db-migrate waiting: CrashLoopBackOff  restarts 6  last: exit 1 (Error)');
    expect(rest).toContain('  # Fix what the init container needs');
    expect(rest).toContain('LOG TAIL  db-migrate (previous instance)');
  });

  it('ENTER on a workload that made no pod: its admission evidence, with blank lines between sections at 80×24', async () => {
    const a = await show(scenarioData('default'), 80);
    const detail = await a.press('ENTER', (f) => f.includes('CHAIN'));
    expect(detail).toContain('✗ FAILED  deploy payments/payments-api');
    expect(detail).toContain('\n\nCHAIN');
    expect(detail).toMatch(/\n\nEVIDENCE \(admission\)\n event {6}Warning FailedCreate/);
    // Failing since its first FailedCreate (the scenario's start), not since the TUI looked.
    expect(detail).toMatch(/✗ admission +\S* +failing for [1-9]\d*m/);
    expect(detail.split('\n')).toHaveLength(23);
  });

  it('t shows the timeline with the SLO marked; Esc goes back to the overview', async () => {
    const a = await show(scenarioData('default'), 120, 30);
    await a.press({ text: 'G' });
    const timeline = await a.press({ text: 't' }, (f) => f.includes('SLO 5s'));
    expect(timeline).toMatchSnapshot();
    expect(timeline).toContain('pull frontend');
    expect(timeline).toContain('┊');
    const back = await a.press('ESCAPE', (f) => f.includes('✓ HEALTHY ·'));
    expect(back).toContain('overview · sort: stage');
  });

  it('? shows the help overlay and the glyph legend; Backspace closes it', async () => {
    const a = await show(scenarioData('default'), 80);
    const help = await a.press({ text: '?' }, (f) => f.includes('KEYS'));
    expect(help).toContain('✓ passed  ✗ failed  … progressing  · not reached  ? unknown');
    const closed = await a.press('BACKSPACE', (f) => !f.includes('KEYS'));
    expect(closed).toContain('✗ FAILED ·');
  });

  it('/ filters as you type; TAB goes through the views', async () => {
    const a = await show(scenarioData('default'), 80);
    await a.press({ text: '/' });
    await a.press({ text: 'c' });
    await a.press({ text: 'a' });
    const filtered = await a.press({ text: 'r' }, (f) => f.includes('/car▏'));
    expect(filtered).toContain('shop/cart-');
    expect(filtered).not.toContain('postgres');
    await a.press('ENTER', (f) => f.includes('filter: car'));
    expect(await a.press('TAB', (f) => f.includes('CHAIN'))).toContain('pod shop/cart-');
    expect(await a.press('TAB', (f) => f.includes('from creation'))).toContain('timeline ·');
  });
});

describe('live data and loading', () => {
  it('shows what is being collected with a count, then updates in place', async () => {
    const feed = new PushFeed();
    feed.push({ kind: 'loading', status: { what: 'reading namespace shop on context prod', count: 1500 } });
    app = await renderApp(<App feed={feed} colour={false} size={{ columns: 80, rows: 24 }} />);
    await app.waitFor(
      (f) => f.includes('reading namespace shop on context prod (1,500 objects read)…'),
      'the spinner',
    );
    feed.push({ kind: 'data', data: dataOf([diag({ name: 'web-1' })]), live: true });
    await app.waitFor((f) => f.includes('update 1') && f.includes('shop/web-1'), 'the first data');
    feed.push({
      kind: 'data',
      data: dataOf([diag({ name: 'web-1', stage: 'crash', reason: 'OOMKilled' })]),
      live: true,
    });
    const frame = await app.waitFor((f) => f.includes('update 2'), 'the update');
    expect(frame).toContain('OOMKilled · crash');
    expect(frame).toContain('1 failed');
  });

  it('strips control sequences from cluster text', async () => {
    const evil = diag({
      name: 'x\u001b[2Jy',
      stage: 'crash',
      reason: 'ExitNonZero',
      summary: 'boom\u001b]0;pwned\u0007 \u001b[31mred\u001b[0m',
    });
    const a = await show(dataOf([evil]), 120);
    expect(a.frame()).toContain('shop/xy');
    expect(a.frame()).toContain('boom red');
    expect(a.frame()).not.toContain('\u001b');
    const detail = await a.press('ENTER', (f) => f.includes('CHAIN'));
    expect(detail).not.toContain('\u001b');
  });
});

describe('10,000 targets', () => {
  it('renders only the visible window, also after moving (speed: bench/tui.js)', async () => {
    const a = await show(manyTargets(10_000), 80);
    expect(a.frame().split('\n')).toHaveLength(23);
    expect(a.frame()).toContain('row 1/10000');
    for (let i = 2; i <= 21; i++) await a.press('ARROW_DOWN', (f) => f.includes(`row ${i}/10000`));
    expect(a.frame().split('\n')).toHaveLength(23);
  });
});

describe('an empty list says why it is empty', () => {
  it('no targets at all, or none left by the filter', async () => {
    const feed = new PushFeed();
    feed.push({ kind: 'data', data: dataOf([]), live: true });
    app = await renderApp(<App feed={feed} colour={false} size={{ columns: 80, rows: 24 }} />);
    await app.waitFor((f) => f.includes('no targets in scope (yet)'), 'the empty overview');
    app.unmount();
    const a = await show(dataOf([diag({ name: 'web-1' })]), 80);
    const filtered = await a.press({ text: '/zzz' }, (f) => f.includes('no targets match'));
    expect(filtered).not.toContain('in scope');
  });
});
