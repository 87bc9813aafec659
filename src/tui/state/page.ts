import { detailLines } from './detail-lines.js';
import type { Line } from './line.js';
import { leadOf } from './rows.js';
import { timelineLines } from './timeline-lines.js';
import type { TuiState } from './types.js';

/** The lines of the detail or timeline page for the selected pod (empty on the overview). */
export function pageLines(state: TuiState): Line[] {
  const row = state.rows[state.cursor];
  if (row === undefined || state.data === undefined) return [];
  const index = Math.max(0, Math.min(state.member, row.members.length - 1));
  const d = row.members[index] ?? leadOf(row);
  switch (state.view) {
    case 'overview':
      return [];
    case 'detail':
      return detailLines(state.data, d, state.viewport, { index, of: row.members.length });
    case 'timeline':
      return timelineLines(state.data, d, state.viewport);
  }
}
