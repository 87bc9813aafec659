/**
 * `kubectl get` tables whose runs of spaces were squeezed to one: text copied from a rendered page
 * (a chat message, an issue tracker without code fences, a web form) keeps the words and loses
 * the padding, and with it the column offsets the table readers go by. For the tables whose cells
 * hold no spaces, or only known ones (RESTARTS' "2 (7h40m ago)", a free MESSAGE at the end), the
 * words fall into the columns one by one, so the table is printed again as kubectl padded it.
 */

/** How a column takes its words: one, RESTARTS' count and "(… ago)", or all that are left. */
type Take = 'word' | 'restarts' | 'rest';

interface Column {
  /** The column's name as kubectl prints it (two words for "LAST SEEN", "NOMINATED NODE", …). */
  readonly name: string;
  readonly take: Take;
}

const col = (name: string, take: Take = 'word'): Column => ({ name, take });

const POD = [col('NAME'), col('READY'), col('STATUS'), col('RESTARTS', 'restarts'), col('AGE')];
/** `-o wide` adds these, older kubectl fewer of them. */
const POD_WIDE = [col('IP'), col('NODE'), col('NOMINATED NODE'), col('READINESS GATES')];

/** The tables read, each a header as word sequence (optional NAMESPACE first). */
const TABLES: readonly (readonly Column[])[] = [
  // get pods, -o wide (as each kubectl version printed it), --show-labels
  ...[0, 2, 3, 4].flatMap((wide) => {
    const t = [...POD, ...POD_WIDE.slice(0, wide)];
    return [t, [...t, col('LABELS')]];
  }),
  // get events, kubectl events
  [col('LAST SEEN'), col('TYPE'), col('REASON'), col('OBJECT'), col('MESSAGE', 'rest')],
  // get svc, endpoints, nodes (new and old), deployments
  [col('NAME'), col('TYPE'), col('CLUSTER-IP'), col('EXTERNAL-IP'), col('PORT(S)'), col('AGE')],
  [
    col('NAME'),
    col('TYPE'),
    col('CLUSTER-IP'),
    col('EXTERNAL-IP'),
    col('PORT(S)'),
    col('AGE'),
    col('SELECTOR'),
  ],
  [col('NAME'), col('ENDPOINTS'), col('AGE')],
  [col('NAME'), col('STATUS'), col('ROLES'), col('AGE'), col('VERSION')],
  [col('NAME'), col('STATUS'), col('AGE'), col('VERSION')],
  [col('NAME'), col('READY'), col('UP-TO-DATE'), col('AVAILABLE'), col('AGE')],
];

/** READY, RESTARTS and AGE as kubectl prints them: how a `get pods` row without its header is known. */
const READY = /^\d+\/\d+$/;
const COUNT = /^\d+$/;
const AGE = /^(?:\d+[smhdy](?:\d+[smh])?|<invalid>|<unknown>)$/;

/** Cells whose shape is known, so that a line of prose under a header is not taken for a row. */
const SHAPES: Readonly<Record<string, RegExp>> = {
  READY,
  RESTARTS: COUNT,
  AGE,
  'LAST SEEN': /^(?:\d+[smhdy](?:\d+[smh])?|<unknown>|<invalid>)$/,
  ENDPOINTS: /^(?:<none>|<unset>|[\d.:,[\]a-f]+(?:\s*\+\s*\d+ more\.\.\.)?)$/,
  'PORT(S)': /^(?:<none>|\d[\w/:,.-]*)$/,
};

const READY_WORD = / \d+\/\d+ /;

/** A squeezed `get pods` row with no header above it: the columns its words fall into, by their shape. */
function podRowTable(line: string): readonly Column[] | undefined {
  // READY as its own word: ruled out before splitting the line.
  if (!READY_WORD.test(line)) return undefined;
  const w = words(line);
  const readyAt = w.findIndex((x) => READY.test(x));
  if (readyAt !== 1 && readyAt !== 2) return undefined;
  const restartsAt = readyAt + 2;
  if (!COUNT.test(w[restartsAt] ?? '')) return undefined;
  const paren = w[restartsAt + 1]?.startsWith('(') === true && w[restartsAt + 2] === 'ago)';
  if (!AGE.test(w[restartsAt + (paren ? 3 : 1)] ?? '')) return undefined;
  const lead = readyAt === 2 ? [col('NAMESPACE')] : [];
  const after = w.length - (restartsAt + (paren ? 4 : 2));
  return after === 0 || after === 2 || after === 4
    ? [...lead, ...POD, ...POD_WIDE.slice(0, after)]
    : undefined;
}

const words = (line: string): string[] =>
  line
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');

/** The table a squeezed header line announces, with NAMESPACE first when it has it. */
function tableOf(line: string): readonly Column[] | undefined {
  const t = line.trimStart();
  // Every header read starts with one of these (cheap to rule a line out before splitting it).
  if (!t.startsWith('NAME') && !t.startsWith('LAST SEEN')) return undefined;
  // Only a header without the padding: a padded one is read as it is.
  if (/\S {2,}\S|\t/.test(line.trim())) return undefined;
  const said = words(line).join(' ');
  for (const table of TABLES) {
    const header = table.map((c) => c.name).join(' ');
    if (said === header) return table;
    if (said === `NAMESPACE ${header}`) return [col('NAMESPACE'), ...table];
  }
  return undefined;
}

/** A row's words in the table's columns, or undefined when they do not fall into them. */
function cellsOf(table: readonly Column[], line: string): string[] | undefined {
  const w = words(line);
  const row = rowAt(table, w, 0);
  return row !== undefined && row.next === w.length ? row.cells : undefined;
}

/**
 * One row's cells from the words at `at` (RESTARTS with its "(… ago)", a free last column taking
 * the rest), and where the next row starts; undefined when the words do not fall into the columns.
 */
function rowAt(
  table: readonly Column[],
  w: readonly string[],
  at: number,
): { cells: string[]; next: number } | undefined {
  const cells: string[] = [];
  let i = at;
  for (const c of table) {
    const first = w[i];
    if (first === undefined) return undefined;
    if (c.take === 'rest') {
      cells.push(w.slice(i).join(' '));
      i = w.length;
    } else if (c.take === 'restarts' && w[i + 1]?.startsWith('(') === true && w[i + 2] === 'ago)') {
      cells.push(`${first} ${w[i + 1] ?? ''} ${w[i + 2] ?? ''}`);
      i += 3;
    } else {
      if (SHAPES[c.name]?.test(first) === false) return undefined;
      cells.push(first);
      i++;
    }
  }
  return { cells, next: i };
}

/** A table printed again with kubectl's padding: columns as wide as their widest cell, three spaces apart. */
function padded(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((cell, j) => (widths[j] = Math.max(widths[j] ?? 0, cell.length)));
  return rows.map((r) =>
    r
      .map((cell, j) => (j === r.length - 1 ? cell : cell.padEnd((widths[j] ?? 0) + 3)))
      .join('')
      .trimEnd(),
  );
}

/**
 * The lines with each squeezed table (a header line of single spaces and the rows after it whose
 * words fall into its columns) printed again padded; every other line as it was. Linear in the text.
 */
export function unsqueezeTables(lines: readonly string[]): string[] {
  const out = [...lines];
  let i = 0;
  while (i < out.length) {
    const line = out[i] ?? '';
    const table = tableOf(line);
    const bare = table === undefined && !/\S {2,}\S|\t/.test(line.trim()) ? podRowTable(line) : undefined;
    if (table === undefined && bare === undefined) {
      i++;
      continue;
    }
    const indent = /^\s*/.exec(line)?.[0] ?? '';
    // Rows without a header are printed again without one: the row readers know them by shape.
    const rows: string[][] = table === undefined ? [] : [table.map((c) => c.name)];
    const columns = table ?? bare ?? [];
    let j = table === undefined ? i : i + 1;
    for (; j < out.length; j++) {
      const cells = cellsOf(columns, out[j] ?? '');
      if (cells === undefined) break;
      rows.push(cells);
    }
    if (rows.length > (table === undefined ? 0 : 1))
      padded(rows).forEach((row, k) => (out[i + k] = indent + row));
    i = Math.max(j, i + 1);
  }
  return out;
}

const POD_HEADER = ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'];
/** The words `-o wide` and `--show-labels` add after AGE, longest first. */
const POD_TAILS: readonly (readonly string[])[] = [
  ['IP', 'NODE', 'NOMINATED', 'NODE', 'READINESS', 'GATES'],
  ['IP', 'NODE', 'NOMINATED', 'NODE'],
  ['IP', 'NODE'],
  ['LABELS'],
  [],
];

const startsWith = (w: readonly string[], at: number, seq: readonly string[]): boolean =>
  seq.every((x, k) => w[at + k] === x);

/**
 * A `kubectl get pods` table whose line breaks a page lost: the command, the header and every row
 * on one line (`# kubectl get pods NAME READY STATUS RESTARTS AGE web-1 2/2 Running 0 44s`).
 * The table printed again padded, one row per line, or undefined when the line holds none.
 */
export function flattenedPodTable(line: string): string[] | undefined {
  // The header's words in a row, with the padding squeezed or not (cheap to rule a line out).
  if (!/\bNAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+\S/.test(line)) return undefined;
  const w = words(line);
  const at = w.findIndex((x, k) => x === 'NAME' && startsWith(w, k, POD_HEADER));
  if (at < 0) return undefined;
  const namespaced = w[at - 1] === 'NAMESPACE';
  const afterAge = at + POD_HEADER.length;
  for (const tail of POD_TAILS) {
    if (!startsWith(w, afterAge, tail)) continue;
    const names = [
      ...POD.map((c) => c.name),
      ...(tail[0] === 'LABELS' ? ['LABELS'] : POD_WIDE.slice(0, tail.length / 2).map((c) => c.name)),
    ];
    const table = [
      ...(namespaced ? [col('NAMESPACE')] : []),
      ...names.map((n) => POD.find((c) => c.name === n) ?? col(n)),
    ];
    const rows: string[][] = [];
    let i = afterAge + tail.length;
    for (let row = rowAt(table, w, i); row !== undefined; row = rowAt(table, w, i)) {
      rows.push(row.cells);
      i = row.next;
    }
    if (rows.length === 0) continue;
    return padded([table.map((c) => c.name), ...rows]);
  }
  return undefined;
}
