/** Terminal size in columns and rows. */
export interface Viewport {
  readonly columns: number;
  readonly rows: number;
}

/** The smallest screen laid out; smaller terminals are clipped. */
export const MIN_VIEWPORT: Viewport = { columns: 60, rows: 10 };

/**
 * Lines the App may use. One row stays free: Ink clears the whole terminal on every frame once
 * its output fills the screen, which would flicker.
 */
export function screenRows(viewport: Viewport): number {
  return Math.max(MIN_VIEWPORT.rows, viewport.rows) - 1;
}

export function screenColumns(viewport: Viewport): number {
  return Math.max(MIN_VIEWPORT.columns, viewport.columns);
}

/** Header line above, status and key-hint lines below. */
const CHROME_ROWS = 3;

/** Lines of the scrolling body (the overview list, the detail page, the timeline). */
export function bodyRows(viewport: Viewport): number {
  return screenRows(viewport) - CHROME_ROWS;
}

/** Column widths of an overview row at `columns` wide (the rest goes to stage and reason). */
export interface RowColumns {
  readonly name: number;
  readonly owner: number;
  readonly rail: number;
  readonly age: number;
  readonly rest: number;
}

/** Cursor and verdict glyph ("› ✗ "), and the single spaces between the five columns. */
const ROW_FIXED = 4 + 4;

export function rowColumns(columns: number, railWidth: number): RowColumns {
  const width = screenColumns({ columns, rows: MIN_VIEWPORT.rows });
  const age = 3;
  const flex = Math.max(20, width - ROW_FIXED - railWidth - age);
  const name = Math.round(flex * 0.36);
  const owner = Math.round(flex * 0.22);
  return { name, owner, rail: railWidth, age, rest: flex - name - owner };
}
