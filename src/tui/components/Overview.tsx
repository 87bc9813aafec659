import type { Line } from '../state/line.js';
import { headerLine, rowLine } from '../state/row-line.js';
import type { ListItem } from '../state/rows.js';
import { LineWindow } from './LineWindow.js';

export interface OverviewProps {
  readonly items: readonly ListItem[];
  readonly scrollTop: number;
  readonly cursor: number;
  readonly height: number;
  readonly columns: number;
  readonly nowMs: number;
  readonly colour: boolean;
  /** A filter or failed-only is hiding targets. */
  readonly narrowed: boolean;
}

/** The overview list: only the items in the window are turned into lines (10,000 targets stay cheap). */
export function Overview({
  items,
  scrollTop,
  cursor,
  height,
  columns,
  nowMs,
  colour,
  narrowed,
}: OverviewProps): React.JSX.Element {
  const lines: Line[] = items
    .slice(scrollTop, scrollTop + height)
    .map((item) =>
      item.kind === 'header' ? headerLine(item) : rowLine(item.row, columns, item.index === cursor, nowMs),
    );
  if (items.length === 0)
    lines.push([
      {
        text: narrowed
          ? 'no targets match (Esc clears the filter, f shows all verdicts)'
          : 'no targets in scope (yet): no pods, and no workload or Service with a problem',
        dim: true,
      },
    ]);
  return <LineWindow lines={lines} top={0} height={height} colour={colour} />;
}
