/**
 * `kubectl get` tables other than pods and events, recognised by their header: endpoints,
 * endpoint slices, services, PVCs, PVs, nodes and workloads, with or without a NAMESPACE column, and the
 * `kind/name` rows of `kubectl get all`. Each row becomes the object it describes, holding only
 * what the table shows; the table ends at the first line that is not a row of it.
 */
import type { BlockParse, BlockParser, PastedObject } from '../common/types.js';
import { alignRow, hasColumn, NAME, NAMESPACE, readHeader, type Header } from './table.js';
import { splitKindName } from '../common/kind-names.js';
import { endpointSliceFrom, endpointsFrom, serviceFrom } from './services.js';
import { isNodeStatus, nodeFrom, pvcFrom, pvFrom } from './nodes-storage.js';
import { WORKLOAD_KINDS, workloadFrom, workloadKindOf } from './workloads.js';
import { parseAge, endsTable } from '../common/text.js';

type Raw = Record<string, unknown>;
type Row = ReadonlyMap<string, string>;

interface Table {
  /** The kind a row without a `kind/` prefix describes. */
  readonly kind: string;
  readonly build: (row: Row, kind: string) => Raw | undefined;
  /** Leading columns that are never empty, for rows whose offsets cannot be trusted. */
  readonly lead: number;
}

/** What a header's columns say the table lists, or undefined. */
function tableOf(h: Header): Table | undefined {
  if (!hasColumn(h, 'NAME')) return undefined;
  if (hasColumn(h, 'ENDPOINTS') && !hasColumn(h, 'ADDRESSTYPE')) {
    return { kind: 'Endpoints', build: endpointsFrom, lead: 1 };
  }
  if (hasColumn(h, 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS')) {
    return { kind: 'EndpointSlice', build: endpointSliceFrom, lead: 2 };
  }
  if (
    hasColumn(h, 'PORT(S)') &&
    (hasColumn(h, 'TYPE') || hasColumn(h, 'CLUSTER-IP') || hasColumn(h, 'IP(S)'))
  ) {
    return { kind: 'Service', build: serviceFrom, lead: 1 };
  }
  if (hasColumn(h, 'STATUS', 'VOLUME', 'CAPACITY'))
    return { kind: 'PersistentVolumeClaim', build: pvcFrom, lead: 2 };
  if (hasColumn(h, 'CAPACITY', 'CLAIM', 'STATUS'))
    return { kind: 'PersistentVolume', build: pvFrom, lead: 1 };
  if (hasColumn(h, 'STATUS') && (hasColumn(h, 'ROLES') || hasColumn(h, 'VERSION'))) {
    return { kind: 'Node', build: nodeFrom, lead: 1 };
  }
  const workload = workloadKindOf(h);
  if (workload !== undefined)
    return { kind: workload, build: (row, kind) => workloadFrom(kind, row), lead: 1 };
  // kubectl <= 1.5 printed nodes as NAME STATUS AGE; the rows tell them from namespaces.
  if (hasColumn(h, 'STATUS', 'AGE') && h.columns.length <= 4)
    return { kind: 'Node', build: nodeFrom, lead: 1 };
  return undefined;
}

function objectFrom(table: Table, row: Row, line: number): PastedObject | undefined {
  const nameCell = row.get('NAME') ?? '';
  const prefixed = splitKindName(nameCell);
  const kind = prefixed?.kind ?? table.kind;
  const name = prefixed?.name ?? nameCell;
  // A `get all` row of another kind under this header belongs to a table this parser does not read.
  if (
    prefixed !== undefined &&
    kind !== table.kind &&
    !(WORKLOAD_KINDS.has(kind) && WORKLOAD_KINDS.has(table.kind))
  ) {
    return undefined;
  }
  const ns = row.get('NAMESPACE');
  if (!/^\S+$/.test(name) || (kind !== 'Node' && !NAME.test(name))) return undefined;
  if (ns !== undefined && !NAMESPACE.test(ns)) return undefined;
  const built = table.build(row, kind);
  if (built === undefined) return undefined;
  const age = row.get('AGE');
  const seconds = age === undefined ? undefined : parseAge(age);
  const metadata: Raw = {
    ...(typeof built.metadata === 'object' ? (built.metadata as Raw) : {}),
    name,
    ...(ns === undefined ? {} : { namespace: ns }),
  };
  return {
    raw: { ...built, kind: built.kind ?? kind, metadata },
    line,
    ...(seconds === undefined ? {} : { age: { last: seconds } }),
  };
}

function readRows(lines: readonly string[], start: number, header: Header, table: Table): BlockParse {
  const objects: PastedObject[] = [];
  const lead = table.lead + (header.columns[0]?.key === 'NAMESPACE' ? 1 : 0);
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > 5_000) break;
    const obj = objectFrom(table, alignRow(header, line, { lead }), i + 1);
    if (obj === undefined) break;
    objects.push(obj);
  }
  return { end: i, objects };
}

/** Tables of endpoints, services, PVCs, PVs, nodes and workloads. */
export const parseGetOther: BlockParser = (lines, start) => {
  const line = lines[start];
  if (line === undefined || line.length > 600 || !line.includes('NAME')) return undefined;
  const header = readHeader(line);
  if (header === undefined) return undefined;
  const table = tableOf(header);
  if (table === undefined) return undefined;
  if (table.kind === 'Node' && !hasColumn(header, 'ROLES') && !hasColumn(header, 'VERSION')) {
    const first = lines[start + 1];
    if (first === undefined || !isNodeStatus(alignRow(header, first).get('STATUS'))) return undefined;
  }
  return readRows(lines, start, header, table);
};
