import type { Diagnosis } from '../../model/index.js';
import { commandOf, type KeyPress } from './keymap.js';
import { bodyRows, type Viewport } from './layout.js';
import { pageLines } from './page.js';
import { filterRows, foldRows, leadOf, listItems, sortRows, SORT_KEYS, type OverviewRow } from './rows.js';
import { VIEWS, type Action, type TuiState } from './types.js';

export function initialState(viewport: Viewport): TuiState {
  return {
    view: 'overview',
    help: false,
    loading: undefined,
    error: undefined,
    data: undefined,
    live: false,
    updates: 0,
    stale: undefined,
    filter: '',
    filtering: false,
    failedOnly: false,
    sort: 'stage',
    sorted: [],
    rows: [],
    items: [],
    itemOfRow: [],
    cursor: 0,
    scrollTop: 0,
    member: 0,
    pageScroll: 0,
    viewport,
    quit: false,
  };
}

const clamp = (n: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, n));

/** The row under the cursor. */
export function selectedRow(state: TuiState): OverviewRow | undefined {
  return state.rows[state.cursor];
}

/** The diagnosis the detail and timeline show: the chosen pod of the selected row. */
export function selectedDiagnosis(state: TuiState): Diagnosis | undefined {
  const row = selectedRow(state);
  if (row === undefined) return undefined;
  return row.members[clamp(state.member, 0, row.members.length - 1)] ?? leadOf(row);
}

/** Keeps the cursor's row inside the window, with its section header when it opens a section. */
function scrolled(state: TuiState): TuiState {
  const height = bodyRows(state.viewport);
  const item = state.itemOfRow[state.cursor] ?? 0;
  let top = state.scrollTop;
  if (item >= top + height) top = item - height + 1;
  if (item < top) top = item;
  if (item === top && state.items[item - 1]?.kind === 'header') top = item - 1;
  top = clamp(top, 0, Math.max(0, state.items.length - height));
  return top === state.scrollTop ? state : { ...state, scrollTop: top };
}

/** Re-applies filter and toggle; the cursor stays on the same row when it is still shown. */
function refiltered(state: TuiState, sorted: readonly OverviewRow[]): TuiState {
  const selectedKey = selectedRow(state)?.key;
  const rows = filterRows(sorted, state.filter, state.failedOnly);
  const items = listItems(rows);
  const itemOfRow: number[] = [];
  items.forEach((it, i) => {
    if (it.kind === 'row') itemOfRow[it.index] = i;
  });
  const kept = selectedKey === undefined ? -1 : rows.findIndex((r) => r.key === selectedKey);
  const cursor = kept >= 0 ? kept : clamp(state.cursor, 0, Math.max(0, rows.length - 1));
  return scrolled({ ...state, sorted, rows, items, itemOfRow, cursor, member: kept >= 0 ? state.member : 0 });
}

function movePage(state: TuiState, by: number): TuiState {
  const max = Math.max(0, pageLines(state).length - bodyRows(state.viewport));
  return { ...state, pageScroll: clamp(state.pageScroll + by, 0, max) };
}

function show(state: TuiState, view: TuiState['view']): TuiState {
  if (view !== 'overview' && selectedRow(state) === undefined) return state;
  return { ...state, view, pageScroll: view === state.view ? state.pageScroll : 0 };
}

/** The TUI's whole state machine: pure, so it is tested without rendering. */
/** No modifier or special key (Shift aside: it only says a letter is upper case). */
function isPlain(key: KeyPress): boolean {
  return Object.entries(key).every(([name, on]) => name === 'shift' || on !== true);
}

export function reduce(state: TuiState, action: Action): TuiState {
  switch (action.type) {
    case 'key': {
      // Keys typed faster than the terminal is read (a held j, a pasted filter) arrive as one
      // string: each character is a key of its own.
      const chars = Array.from(action.input);
      if (chars.length > 1 && isPlain(action.key))
        return chars.reduce<TuiState>((s, c) => reduce(s, { type: 'key', input: c, key: {} }), state);
      const command = commandOf(action.input, action.key, state);
      return command === undefined ? state : reduce(state, command);
    }
    case 'quit':
      return { ...state, quit: true };
    case 'loading':
      return { ...state, loading: action.status };
    case 'error':
      return { ...state, error: action.message, loading: undefined };
    case 'link':
      return { ...state, stale: action.stale };
    case 'data': {
      const next = { ...state, data: action.data, live: action.live, loading: undefined, error: undefined };
      const updated = refiltered(
        { ...next, updates: state.updates + 1 },
        sortRows(foldRows(action.data), state.sort),
      );
      return updated.view === 'overview' ? updated : movePage(updated, 0);
    }
    case 'resize':
      return scrolled({ ...state, viewport: action.viewport });
    case 'move': {
      const step = action.unit === 'page' ? action.by * bodyRows(state.viewport) : action.by;
      if (state.view !== 'overview' && !state.help) return movePage(state, step);
      if (state.rows.length === 0) return state;
      return scrolled({ ...state, cursor: clamp(state.cursor + step, 0, state.rows.length - 1), member: 0 });
    }
    case 'moveTo':
      if (state.view !== 'overview') return movePage(state, action.to === 'first' ? -Infinity : Infinity);
      if (state.rows.length === 0) return state;
      return scrolled({ ...state, cursor: action.to === 'first' ? 0 : state.rows.length - 1, member: 0 });
    case 'open':
      return state.view === 'overview' ? show(state, 'detail') : state;
    case 'back':
      if (state.help) return { ...state, help: false };
      if (state.filtering) return reduce(state, { type: 'endFilter', keep: false });
      if (state.view !== 'overview') return { ...state, view: 'overview', pageScroll: 0 };
      if (state.filter !== '') return refiltered({ ...state, filter: '' }, state.sorted);
      return state;
    case 'nextView': {
      const next = VIEWS[(VIEWS.indexOf(state.view) + 1) % VIEWS.length] ?? 'overview';
      return show(state, next);
    }
    case 'toggleTimeline':
      return show(state, state.view === 'timeline' ? 'detail' : 'timeline');
    case 'toggleHelp':
      return { ...state, help: !state.help };
    case 'startFilter':
      return { ...state, view: 'overview', filtering: true, help: false };
    case 'filterInput':
      return refiltered({ ...state, filter: state.filter + action.text }, state.sorted);
    case 'filterBackspace':
      return state.filter === ''
        ? state
        : refiltered({ ...state, filter: state.filter.slice(0, -1) }, state.sorted);
    case 'endFilter':
      return action.keep
        ? { ...state, filtering: false }
        : refiltered({ ...state, filtering: false, filter: '' }, state.sorted);
    case 'toggleFailedOnly':
      return refiltered({ ...state, failedOnly: !state.failedOnly }, state.sorted);
    case 'cycleSort': {
      const sort = SORT_KEYS[(SORT_KEYS.indexOf(state.sort) + 1) % SORT_KEYS.length] ?? 'stage';
      return refiltered({ ...state, sort }, sortRows(state.sorted, sort));
    }
    case 'cycleMember': {
      const row = selectedRow(state);
      if (row === undefined || row.members.length < 2) return state;
      const n = row.members.length;
      return { ...state, member: (((state.member + action.by) % n) + n) % n, pageScroll: 0 };
    }
  }
}
