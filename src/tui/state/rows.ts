import type { Diagnosis, Pod, Verdict } from '../../model/index.js';
import { stageOrder } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { TuiData } from '../feed.js';
import { oneLine, shortKind } from '../format.js';
import { groupKey } from '../../report/index.js';

/** One line of the overview: a target, or pods of one workload with the same failure folded. */
export interface OverviewRow {
  /** Stable across updates (the cursor follows it). */
  readonly key: string;
  readonly verdict: Verdict;
  /** The diagnoses folded into this row, at least one; the first stands for all. */
  readonly members: readonly Diagnosis[];
  /** "namespace/name", or "namespace/prefix*" for a fold. */
  readonly name: string;
  /** "×3" for three folded pods; empty for one target. */
  readonly count: string;
  /** The top-level owner, "deploy/web"; the target itself when it is not a pod. */
  readonly owner: string;
  /** Creation time (epoch ms) of the newest member, when the evidence dates it. */
  readonly createdMs: number | undefined;
  /** Lower-case text the filter searches: name, owner, stage, reason, container, pods. */
  readonly haystack: string;
}

export type SortKey = 'stage' | 'age';
export const SORT_KEYS: readonly SortKey[] = ['stage', 'age'];

/** Overview sections, in screen order. */
export const VERDICT_ORDER: readonly Verdict[] = ['failed', 'progressing', 'unknown', 'healthy'];

export type ListItem =
  | { readonly kind: 'header'; readonly verdict: Verdict; readonly targets: number }
  | { readonly kind: 'row'; readonly row: OverviewRow; readonly index: number };

/** The row's stand-in diagnosis. */
export function leadOf(row: OverviewRow): Diagnosis {
  const lead = row.members[0];
  if (lead === undefined) throw new Error('an overview row without members');
  return lead;
}

function foldKey(d: Diagnosis): string {
  const t = d.target;
  return groupKey(d) ?? `${t.kind}/${t.namespace}/${t.name}`;
}

function commonPrefix(names: readonly string[]): string {
  let prefix = names[0] ?? '';
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

export function podIndex(data: TuiData): ReadonlyMap<string, Pod> {
  const out = new Map<string, Pod>();
  for (const p of data.snapshot?.pods ?? []) out.set(`${p.metadata.namespace ?? ''}/${p.metadata.name}`, p);
  return out;
}

function createdOf(d: Diagnosis, pods: ReadonlyMap<string, Pod>): number | undefined {
  const created =
    d.startup?.createdAt ?? pods.get(`${d.target.namespace}/${d.target.name}`)?.metadata.creationTimestamp;
  return parseTime(created);
}

function makeRow(key: string, members: readonly Diagnosis[], pods: ReadonlyMap<string, Pod>): OverviewRow {
  const lead = members[0];
  if (lead === undefined) throw new Error('an overview row without members');
  const t = lead.target;
  const folded = members.length > 1;
  const ns = t.namespace === '' ? '' : `${t.namespace}/`;
  const name = folded ? `${ns}${commonPrefix(members.map((m) => m.target.name))}*` : `${ns}${t.name}`;
  const owner =
    t.kind !== 'Pod'
      ? `${shortKind(t.kind)}/${t.name}`
      : lead.group === undefined
        ? '-'
        : `${shortKind(lead.group.kind)}/${lead.group.name}`;
  let createdMs: number | undefined;
  for (const m of members) {
    const c = createdOf(m, pods);
    if (c !== undefined && (createdMs === undefined || c > createdMs)) createdMs = c;
  }
  const haystack = oneLine(
    [
      name,
      owner,
      lead.verdict,
      lead.stage ?? '',
      lead.reason ?? '',
      lead.container?.name ?? '',
      ...(folded ? members.map((m) => m.target.name) : []),
    ].join(' '),
  ).toLowerCase();
  const count = folded ? `×${members.length}` : '';
  return {
    key,
    verdict: lead.verdict,
    members,
    name: oneLine(name),
    count,
    owner: oneLine(owner),
    createdMs,
    haystack,
  };
}

/** Folds pods of one workload with the same verdict, stage, reason and container into one row. */
export function foldRows(data: TuiData): OverviewRow[] {
  const pods = podIndex(data);
  const groups = new Map<string, Diagnosis[]>();
  for (const d of data.report.diagnoses) {
    const key = foldKey(d);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [d]);
    else list.push(d);
  }
  return [...groups].map(([key, members]) => makeRow(key, members, pods));
}

const byName = (a: OverviewRow, b: OverviewRow): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function stageRank(row: OverviewRow): number {
  const stage = leadOf(row).stage;
  return stage === null ? Number.MAX_SAFE_INTEGER : stageOrder(stage);
}

/** Within each section: by the failed stage in chain order, or newest first; then by name. */
export function sortRows(rows: readonly OverviewRow[], sort: SortKey): OverviewRow[] {
  const verdictRank = new Map(VERDICT_ORDER.map((v, i) => [v, i]));
  const section = (r: OverviewRow): number => verdictRank.get(r.verdict) ?? VERDICT_ORDER.length;
  return [...rows].sort((a, b) => {
    const s = section(a) - section(b);
    if (s !== 0) return s;
    if (sort === 'stage') {
      const d = stageRank(a) - stageRank(b);
      if (d !== 0) return d;
    } else {
      const d = (b.createdMs ?? -Infinity) - (a.createdMs ?? -Infinity);
      if (d !== 0 && !Number.isNaN(d)) return d;
    }
    return byName(a, b);
  });
}

/** Keeps rows (already sorted) that match every word of the filter, and only failed ones if asked. */
export function filterRows(rows: readonly OverviewRow[], filter: string, failedOnly: boolean): OverviewRow[] {
  const words = filter
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  return rows.filter(
    (r) => (!failedOnly || r.verdict === 'failed') && words.every((w) => r.haystack.includes(w)),
  );
}

/** Section headers and rows, as the list shows them. */
export function listItems(rows: readonly OverviewRow[]): ListItem[] {
  const targets = new Map<Verdict, number>();
  for (const r of rows) targets.set(r.verdict, (targets.get(r.verdict) ?? 0) + r.members.length);
  const out: ListItem[] = [];
  let current: Verdict | undefined;
  rows.forEach((row, index) => {
    if (row.verdict !== current) {
      current = row.verdict;
      out.push({ kind: 'header', verdict: row.verdict, targets: targets.get(row.verdict) ?? 0 });
    }
    out.push({ kind: 'row', row, index });
  });
  return out;
}
