import type { Action, TuiState } from './types.js';

/** The keys Ink reports that the TUI reads (a subset of Ink's `Key`). */
export interface KeyPress {
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly pageUp?: boolean;
  readonly pageDown?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly return?: boolean;
  readonly escape?: boolean;
  readonly tab?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
}

/** What a key does: a state change, or leaving the program. */
export type Command = Exclude<Action, { readonly type: 'key' }>;

/** Printable text typed into the filter (no control characters). */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const PRINTABLE = /^[^\u0000-\u001f\u007f-\u009f]+$/;

function navigation(input: string, key: KeyPress): Command | undefined {
  if (key.upArrow) return { type: 'move', by: -1, unit: 'line' };
  if (key.downArrow) return { type: 'move', by: 1, unit: 'line' };
  if (key.pageUp || (key.ctrl && input === 'u')) return { type: 'move', by: -1, unit: 'page' };
  if (key.pageDown || (key.ctrl && input === 'd')) return { type: 'move', by: 1, unit: 'page' };
  if (key.home) return { type: 'moveTo', to: 'first' };
  if (key.end) return { type: 'moveTo', to: 'last' };
  return undefined;
}

/**
 * Maps a key press to a command, given the state (the filter line takes typed text). Terminals
 * send DEL (0x7f) for Backspace, which Ink reports as `delete`: both mean Backspace here.
 */
export function commandOf(input: string, key: KeyPress, state: TuiState): Command | undefined {
  if (key.ctrl && input === 'c') return { type: 'quit' };
  const backspace = key.backspace === true || key.delete === true;
  if (state.filtering) {
    if (key.return) return { type: 'endFilter', keep: true };
    if (key.escape) return { type: 'endFilter', keep: false };
    if (backspace) return { type: 'filterBackspace' };
    const nav = navigation(input, key);
    if (nav !== undefined) return nav;
    if (!key.ctrl && !key.meta && !key.tab && PRINTABLE.test(input))
      return { type: 'filterInput', text: input };
    return undefined;
  }
  if (state.help) {
    if (input === 'q') return { type: 'quit' };
    if (key.escape || backspace || input === '?') return { type: 'back' };
    return undefined;
  }
  const nav = navigation(input, key);
  if (nav !== undefined) return nav;
  if (key.return) return { type: 'open' };
  if (key.escape || backspace) return { type: 'back' };
  if (key.tab) return { type: 'nextView' };
  if (key.leftArrow) return { type: 'cycleMember', by: -1 };
  if (key.rightArrow) return { type: 'cycleMember', by: 1 };
  if (key.ctrl || key.meta) return undefined;
  switch (input) {
    case 'j':
      return { type: 'move', by: 1, unit: 'line' };
    case 'k':
      return { type: 'move', by: -1, unit: 'line' };
    case 'g':
      return { type: 'moveTo', to: 'first' };
    case 'G':
      return { type: 'moveTo', to: 'last' };
    case 't':
      return { type: 'toggleTimeline' };
    case '?':
      return { type: 'toggleHelp' };
    case '/':
      return { type: 'startFilter' };
    case 'f':
      return { type: 'toggleFailedOnly' };
    case 's':
      return { type: 'cycleSort' };
    case 'q':
      return { type: 'quit' };
    default:
      return undefined;
  }
}

/** The key list of the help overlay, in the order it is shown. */
export const KEY_HELP: readonly (readonly [string, string])[] = [
  ['↑/↓  j/k', 'move the selection (detail, timeline: scroll)'],
  ['PgUp/PgDn  g/G', 'a page up or down; first or last'],
  ['Enter', 'open the detail of the selected target'],
  ['Tab', 'next view: overview → detail → timeline'],
  ['t', 'timeline of the selected pod (again: back to the detail)'],
  ['←/→', 'other pods of a folded row (detail, timeline)'],
  ['Esc/Backspace', 'back to the overview; clear the filter'],
  ['/', 'filter as you type (Enter keeps it, Esc clears it)'],
  ['f', 'only failed targets, or all again'],
  ['s', 'sort by failed stage or by age (newest first)'],
  ['?', 'this help'],
  ['q  Ctrl-C', 'quit'],
];
