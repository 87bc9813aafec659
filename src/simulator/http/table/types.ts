/** Server-side printing (meta.k8s.io/v1 Table): column definitions and one row per object. */
export interface ColumnDefinition {
  readonly name: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  readonly format: string;
  readonly description: string;
  readonly priority: number;
}

export type Cell = string | number | boolean;

export interface Printer {
  readonly columns: readonly ColumnDefinition[];
  /** Cells for every column (the apiserver prints wide; kubectl hides priority > 0). */
  row(obj: unknown, now: number): Cell[];
}

export const col = (
  name: string,
  priority = 0,
  type: ColumnDefinition['type'] = 'string',
  format = '',
  description = '',
): ColumnDefinition => ({ name, type, format, description, priority });

export const NAME = col('Name', 0, 'string', 'name', 'Name must be unique within a namespace.');
export const AGE = col(
  'Age',
  0,
  'string',
  '',
  'CreationTimestamp is a timestamp representing the server time when this object was created.',
);
