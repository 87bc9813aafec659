import type { LoadingStatus, Staleness, TuiData } from '../feed.js';
import type { KeyPress } from './keymap.js';
import type { Viewport } from './layout.js';
import type { ListItem, OverviewRow, SortKey } from './rows.js';

export type View = 'overview' | 'detail' | 'timeline';
/** Tab order. */
export const VIEWS: readonly View[] = ['overview', 'detail', 'timeline'];

export interface TuiState {
  readonly view: View;
  readonly help: boolean;
  /** Collection progress, until the first data arrives. */
  readonly loading: LoadingStatus | undefined;
  readonly error: string | undefined;
  readonly data: TuiData | undefined;
  /** More data will come (watch, simulator in real time). */
  readonly live: boolean;
  /** Data updates received so far. */
  readonly updates: number;
  /** A live feed that lost its source: the data shown is as of `since`. */
  readonly stale: Staleness | undefined;
  readonly filter: string;
  /** The filter line has the keyboard. */
  readonly filtering: boolean;
  readonly failedOnly: boolean;
  readonly sort: SortKey;
  /** Every row of the data, sorted: recomputed on data or sort changes only. */
  readonly sorted: readonly OverviewRow[];
  /** The rows shown: `sorted` after the filter and the failed-only toggle. */
  readonly rows: readonly OverviewRow[];
  /** Section headers and rows, as the list draws them. */
  readonly items: readonly ListItem[];
  /** The item index of each row. */
  readonly itemOfRow: readonly number[];
  /** Index into `rows` of the selected row. */
  readonly cursor: number;
  /** First item of the list on screen (the virtual window's start). */
  readonly scrollTop: number;
  /** Which pod of a folded row the detail and timeline show. */
  readonly member: number;
  /** First line of the detail or timeline page on screen. */
  readonly pageScroll: number;
  readonly viewport: Viewport;
  /** The user asked to leave; the App exits on seeing it. */
  readonly quit: boolean;
}

export type Action =
  /** A key as Ink reports it; mapped to one of the actions below by `commandOf`. */
  | { readonly type: 'key'; readonly input: string; readonly key: KeyPress }
  | { readonly type: 'quit' }
  | { readonly type: 'loading'; readonly status: LoadingStatus }
  | { readonly type: 'data'; readonly data: TuiData; readonly live: boolean }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'link'; readonly stale: Staleness | undefined }
  | { readonly type: 'resize'; readonly viewport: Viewport }
  /** Cursor (overview) or page (detail, timeline) by lines; `page` moves by screenfuls. */
  | { readonly type: 'move'; readonly by: number; readonly unit: 'line' | 'page' }
  | { readonly type: 'moveTo'; readonly to: 'first' | 'last' }
  | { readonly type: 'open' }
  | { readonly type: 'back' }
  | { readonly type: 'nextView' }
  | { readonly type: 'toggleTimeline' }
  | { readonly type: 'toggleHelp' }
  | { readonly type: 'startFilter' }
  | { readonly type: 'filterInput'; readonly text: string }
  | { readonly type: 'filterBackspace' }
  | { readonly type: 'endFilter'; readonly keep: boolean }
  | { readonly type: 'toggleFailedOnly' }
  | { readonly type: 'cycleSort' }
  /** The previous or next pod of a folded row (detail, timeline). */
  | { readonly type: 'cycleMember'; readonly by: number };
