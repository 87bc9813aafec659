import { describe, expect, it } from 'vitest';
import { bodyRows } from '../../src/tui/state/layout.js';
import type { KeyPress } from '../../src/tui/state/keymap.js';
import { initialState, reduce, selectedDiagnosis, selectedRow } from '../../src/tui/state/reducer.js';
import type { Action, TuiState } from '../../src/tui/state/types.js';
import { dataOf, diag, manyTargets, podCreated } from './diagnoses.js';

const VIEWPORT = { columns: 80, rows: 24 };

function run(state: TuiState, ...actions: Action[]): TuiState {
  return actions.reduce(reduce, state);
}
const key = (input: string, k: KeyPress = {}): Action => ({ type: 'key', input, key: k });
const typed = (text: string): Action[] => Array.from(text, (ch) => key(ch));

const demo = dataOf(
  [
    diag({ name: 'web-1', group: 'web' }),
    diag({ name: 'api-1', stage: 'crash', reason: 'CrashLoopBackOff', group: 'api' }),
    diag({ name: 'api-2', stage: 'crash', reason: 'CrashLoopBackOff', group: 'api' }),
    diag({ name: 'api-3', stage: 'crash', reason: 'OOMKilled', group: 'api' }),
    diag({ name: 'db-0', stage: 'scheduling', reason: 'InsufficientResources', group: 'db' }),
    diag({ name: 'cache-0', stage: 'image-pull', verdict: 'progressing', group: 'cache' }),
  ],
  [
    podCreated('shop', 'web-1', 50),
    podCreated('shop', 'api-1', 300),
    podCreated('shop', 'api-2', 200),
    podCreated('shop', 'api-3', 10),
    podCreated('shop', 'db-0', 900),
    podCreated('shop', 'cache-0', 5),
  ],
);
const loaded = (): TuiState => reduce(initialState(VIEWPORT), { type: 'data', data: demo, live: false });
const names = (s: TuiState): string[] => s.rows.map((r) => r.name + (r.count === '' ? '' : ` ${r.count}`));

describe('overview rows', () => {
  it('groups by verdict (failed, progressing, healthy) and sorts failures by chain stage', () => {
    const s = loaded();
    expect(names(s)).toEqual(['shop/db-0', 'shop/api-* ×2', 'shop/api-3', 'shop/cache-0', 'shop/web-1']);
    expect(
      s.items
        .filter((i) => i.kind === 'header')
        .map((i) => (i.kind === 'header' ? `${i.verdict}:${i.targets}` : '')),
    ).toEqual(['failed:4', 'progressing:1', 'healthy:1']);
  });

  it('folds pods of one workload only when the failure is the same', () => {
    const s = loaded();
    const fold = s.rows.find((r) => r.count === '×2');
    expect(fold?.members.map((m) => m.target.name)).toEqual(['api-1', 'api-2']);
    expect(s.rows.find((r) => r.name === 'shop/api-3')?.members).toHaveLength(1);
  });

  it('sorts by age, newest first within each verdict, and back by stage', () => {
    const byAge = run(loaded(), key('s'));
    expect(byAge.sort).toBe('age');
    expect(names(byAge)).toEqual(['shop/api-3', 'shop/api-* ×2', 'shop/db-0', 'shop/cache-0', 'shop/web-1']);
    expect(run(byAge, key('s')).sort).toBe('stage');
  });

  it('toggles failed-only', () => {
    const s = run(loaded(), key('f'));
    expect(s.rows.every((r) => r.verdict === 'failed')).toBe(true);
    expect(s.rows).toHaveLength(3);
    expect(run(s, key('f')).rows).toHaveLength(5);
  });
});

describe('filter', () => {
  it('filters as each character is typed, Backspace widens it, Enter keeps it, Esc clears it', () => {
    let s = run(loaded(), key('/'));
    expect(s.filtering).toBe(true);
    s = run(s, ...typed('oom'));
    expect(names(s)).toEqual(['shop/api-3']);
    s = run(s, key('', { delete: true }), key('', { delete: true }));
    expect(s.filter).toBe('o');
    s = run(s, ...typed('q'));
    expect(s.filter).toBe('oq');
    expect(s.quit).toBe(false);
    expect(s.rows).toHaveLength(0);
    s = run(s, key('', { backspace: true }), key('', { return: true }));
    expect(s.filtering).toBe(false);
    expect(s.filter).toBe('o');
    s = run(s, key('/'), key('', { escape: true }));
    expect(s.filter).toBe('');
    expect(s.rows).toHaveLength(5);
  });

  it('matches every word against name, owner, stage and reason', () => {
    const s = run(loaded(), key('/'), ...typed('deploy/api crash'));
    expect(names(s)).toEqual(['shop/api-* ×2', 'shop/api-3']);
  });
});

describe('navigation and views', () => {
  it('keys that arrive together (a held key, a paste) count one by one', () => {
    expect(run(loaded(), key('jj')).cursor).toBe(2);
    const filtered = run(loaded(), key('/'), key('api-3'), key('', { return: true }));
    expect(names(filtered)).toEqual(['shop/api-3']);
    // A special key is never split: Ctrl-C is one command.
    expect(run(loaded(), key('c', { ctrl: true })).quit).toBe(true);
  });

  it('moves with j/k and arrows, and stops at both ends', () => {
    let s = run(loaded(), key('j'), key('', { downArrow: true }));
    expect(s.cursor).toBe(2);
    s = run(s, key('k'), key('k'), key('k'), key('', { upArrow: true }));
    expect(s.cursor).toBe(0);
    s = run(s, key('G'));
    expect(selectedRow(s)?.name).toBe('shop/web-1');
    s = run(s, key('j'));
    expect(s.cursor).toBe(4);
  });

  it('Enter opens the detail, t the timeline, Tab cycles, Esc and Backspace go back', () => {
    let s = run(loaded(), key('j'), key('', { return: true }));
    expect(s.view).toBe('detail');
    expect(selectedDiagnosis(s)?.target.name).toBe('api-1');
    s = run(s, key('t'));
    expect(s.view).toBe('timeline');
    s = run(s, key('t'));
    expect(s.view).toBe('detail');
    s = run(s, key('', { tab: true }));
    expect(s.view).toBe('timeline');
    s = run(s, key('', { tab: true }));
    expect(s.view).toBe('overview');
    s = run(s, key('', { tab: true }), key('', { escape: true }));
    expect(s.view).toBe('overview');
    s = run(s, key('', { return: true }), key('', { delete: true }));
    expect(s.view).toBe('overview');
  });

  it('←/→ walk the pods of a folded row in the detail', () => {
    let s = run(loaded(), key('j'), key('', { return: true }), key('', { rightArrow: true }));
    expect(selectedDiagnosis(s)?.target.name).toBe('api-2');
    s = run(s, key('', { rightArrow: true }));
    expect(selectedDiagnosis(s)?.target.name).toBe('api-1');
    s = run(s, key('', { leftArrow: true }));
    expect(selectedDiagnosis(s)?.target.name).toBe('api-2');
  });

  it('? opens the help overlay over any view; Esc closes the help before leaving the view', () => {
    let s = run(loaded(), key('', { return: true }), key('?'));
    expect(s.help).toBe(true);
    s = run(s, key('j'));
    expect(s.cursor).toBe(0);
    s = run(s, key('', { escape: true }));
    expect(s).toMatchObject({ help: false, view: 'detail' });
  });

  it('q and Ctrl-C quit; q inside the filter is text', () => {
    expect(run(loaded(), key('q')).quit).toBe(true);
    expect(run(loaded(), key('c', { ctrl: true })).quit).toBe(true);
    expect(run(loaded(), key('/'), key('q')).quit).toBe(false);
  });

  it('keeps the cursor on the same row when live data reorders the list', () => {
    let s = run(loaded(), key('j'), key('j'));
    expect(selectedRow(s)?.name).toBe('shop/api-3');
    const next = dataOf([
      diag({ name: 'new-0', stage: 'admission', reason: 'QuotaExceeded' }),
      ...demo.report.diagnoses,
    ]);
    s = reduce(s, { type: 'data', data: next, live: true });
    expect(selectedRow(s)?.name).toBe('shop/api-3');
    expect(s.cursor).toBe(3);
    expect(s.updates).toBe(2);
  });

  it('Enter does nothing without rows; loading and errors are state too', () => {
    let s = initialState(VIEWPORT);
    s = run(s, { type: 'loading', status: { what: 'reading pods', count: 500 } }, key('', { return: true }));
    expect(s.view).toBe('overview');
    expect(s.loading?.count).toBe(500);
    s = reduce(s, { type: 'error', message: 'connection refused' });
    expect(s).toMatchObject({ error: 'connection refused', loading: undefined });
  });
});

describe('10,000 targets', () => {
  const big = manyTargets(10_000);

  it('keeps a window of the list around the cursor', () => {
    let s = reduce(initialState(VIEWPORT), { type: 'data', data: big, live: false });
    expect(s.rows).toHaveLength(10_000);
    const height = bodyRows(VIEWPORT);
    s = run(s, key('G'));
    const item = s.itemOfRow[s.cursor] ?? -1;
    expect(item).toBeGreaterThanOrEqual(s.scrollTop);
    expect(item).toBeLessThan(s.scrollTop + height);
    expect(s.scrollTop).toBe(s.items.length - height);
    s = run(s, key('g'));
    expect(s.scrollTop).toBe(0);
    s = run(s, key('', { pageDown: true }), key('', { pageDown: true }));
    expect(s.cursor).toBe(2 * height);
  });

  it('a thousand keypresses over 10,000 targets move the cursor a thousand rows (speed: bench/tui.js)', () => {
    let s = reduce(initialState(VIEWPORT), { type: 'data', data: big, live: false });
    for (let i = 0; i < 1000; i++) s = reduce(s, key('j'));
    expect(s.cursor).toBe(1000);
    expect(s.scrollTop).toBeGreaterThan(1000 - bodyRows(VIEWPORT));
  });
});
