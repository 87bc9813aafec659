/**
 * `kubectl get pods` / `oc get pods` tables, with a header or as bare rows:
 *   [NAMESPACE] NAME  READY  STATUS  RESTARTS  AGE  [IP  NODE  [NOMINATED NODE  [READINESS GATES]]]  [LABELS]
 * and old layouts without READY. RESTARTS may read "2 (7h40m ago)"; names may carry `pod/`
 * (`kubectl get all`). Each row is a partial Pod; the STATUS column is inverted by
 * pod-status.ts and always kept as printed in an annotation.
 */
import {
  UNNAMED_CONTAINER,
  UNNAMED_POD,
  type BlockParse,
  type BlockParser,
  type PastedObject,
} from '../common/types.js';
import {
  alignRow,
  cellsOf,
  hasColumn,
  NAME,
  NAMESPACE,
  READY_COLUMN,
  READINESS_GATES_COLUMN,
  readHeader,
  STATUS_COLUMN,
  parseLabels,
  type Header,
} from './table.js';
import { isPodStatusWord, statusFromColumn } from './pod-status.js';
import { splitKindName } from '../common/kind-names.js';
import { parseAge, endsTable, value } from '../common/text.js';

/** A row as column key -> text. */
type Cells = ReadonlyMap<string, string>;

const READY = /^(\d+)\/(\d+)$/;
const RESTARTS = /^(\d+)(?: \((\S+) ago\))?$/;

/**
 * Annotation carrying the RESTARTS column's `(2m ago)` until the assembler knows when kubectl ran:
 * kubectl prints there the newest lastState.terminated.finishedAt of the pod's containers.
 */
export const LAST_RESTART_AGO = 'handoff.dev/last-restart-ago';

/**
 * A `Running` row of a one-container pod that restarted: the container runs again after
 * `restarts` restarts, its last run ended when `(… ago)` says (the assembler dates it). With more
 * containers the count and the time may belong to any of them, so nothing is said.
 */
function restartedContainer(
  status: StatusFields,
  ready: { ready: number; total: number } | undefined,
  restarts: number | undefined,
): StatusFields {
  if (status['phase'] !== 'Running' || status['containerStatuses'] !== undefined) return status;
  if (ready?.total !== 1 || restarts === undefined || restarts === 0) return status;
  const container = {
    name: UNNAMED_CONTAINER,
    ready: ready.ready === 1,
    restartCount: restarts,
    state: { running: {} },
  };
  return { ...status, containerStatuses: [container] };
}
const STATUS = /^[A-Za-z][\w:./-]*$/;

/** A name as people redact it under a header ("my_pod_1", "POD-A"): kubectl never prints one, people do. */
const REDACTED = /^[A-Za-z0-9][\w.-]*$/;

function podName(text: string | undefined, underHeader: boolean): string | undefined {
  if (text === undefined) return undefined;
  const valid = (n: string): boolean => NAME.test(n) || (underHeader && REDACTED.test(n));
  const kn = splitKindName(text);
  if (kn !== undefined) return kn.kind === 'Pod' && valid(kn.name) ? kn.name : undefined;
  return valid(text) ? text : undefined;
}

type StatusFields = NonNullable<ReturnType<typeof statusFromColumn>>;

/**
 * kubectl's READY column counts ready containers; READINESS GATES (`-o wide`) counts the
 * spec.readinessGates whose condition is True (`<none>` without gates). The pod is Ready only when
 * both are full, so a running pod with every container ready and a gate short is ContainersReady
 * and not Ready, for the kubelet's reason ReadinessGatesNotReady.
 */
function withGates(
  status: StatusFields,
  ready: { ready: number; total: number } | undefined,
  gatesCell: string | undefined,
): StatusFields {
  const gates = READY.exec(value(gatesCell) ?? '');
  if (gates === null || Number(gates[1]) >= Number(gates[2])) return status;
  if (status['phase'] !== 'Running' || ready === undefined || ready.total === 0 || ready.ready < ready.total)
    return status;
  return {
    ...status,
    conditions: [
      { type: 'ContainersReady', status: 'True' },
      { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady' },
    ],
  };
}

/** The Pod a row describes, or undefined when the cells are not a pod row. */
function podFromCells(row: Cells, line: number, underHeader = false): PastedObject | undefined {
  const name = podName(row.get('NAME'), underHeader);
  const ns = row.get('NAMESPACE');
  const status = row.get('STATUS') ?? '';
  const ready = row.get('READY');
  const restarts = row.get('RESTARTS');
  const readyM = ready === undefined ? undefined : READY.exec(ready);
  const restartsM = restarts === undefined ? undefined : RESTARTS.exec(restarts);
  if (name === undefined || (ns !== undefined && !NAMESPACE.test(ns)) || !STATUS.test(status))
    return undefined;
  if (readyM === null || restartsM === null) return undefined;
  const age = row.get('AGE');
  // kubectl always prints AGE: an empty cell under a header is a row the paste cut short, which
  // keeps the cells it has.
  if (age !== undefined && age !== '' && parseAge(age) === undefined && !age.startsWith('<'))
    return undefined;
  const readyFacts =
    readyM === undefined ? undefined : { ready: Number(readyM[1]), total: Number(readyM[2]) };
  const restartCount = restartsM === undefined ? undefined : Number(restartsM[1]);
  const fromColumn = restartedContainer(
    withGates(
      statusFromColumn(status, { ready: readyFacts, restarts: restartCount }) ?? {},
      readyFacts,
      row.get('READINESSGATES'),
    ),
    readyFacts,
    restartCount,
  );
  // The time of the last restart is one container's only when the pod has one.
  const restartAgo = readyFacts?.total === 1 ? restartsM?.[2] : undefined;
  const node = value(row.get('NODE'));
  const ip = value(row.get('IP'));
  const nominated = value(row.get('NOMINATEDNODE'));
  const labels = parseLabels(row.get('LABELS'));
  const gates = value(row.get('READINESSGATES'));
  const annotations = {
    [STATUS_COLUMN]: status,
    ...(ready === undefined ? {} : { [READY_COLUMN]: ready }),
    ...(gates === undefined || !READY.test(gates) ? {} : { [READINESS_GATES_COLUMN]: gates }),
    ...(restartAgo === undefined ? {} : { [LAST_RESTART_AGO]: restartAgo }),
  };
  const seconds = age === undefined ? undefined : parseAge(age);
  return {
    raw: {
      kind: 'Pod',
      metadata: {
        name,
        ...(ns === undefined ? {} : { namespace: ns }),
        ...(labels === undefined ? {} : { labels }),
        annotations,
      },
      ...(node === undefined ? {} : { spec: { nodeName: node } }),
      status: {
        ...fromColumn,
        ...(ip === undefined ? {} : { podIP: ip }),
        ...(nominated === undefined ? {} : { nominatedNodeName: nominated }),
      },
    },
    line,
    ...(seconds === undefined ? {} : { age: { last: seconds } }),
    ...(name === UNNAMED_POD ? { inferredName: 'the table names no pod' } : {}),
  };
}

function isPodsHeader(header: Header): boolean {
  return (
    hasColumn(header, 'NAME', 'STATUS', 'RESTARTS') || hasColumn(header, 'NAME', 'READY', 'STATUS', 'AGE')
  );
}

const WIDE = ['IP', 'NODE', 'NOMINATEDNODE', 'READINESSGATES'] as const;

/** A row with no header: found by its shape (READY N/M, a STATUS word, RESTARTS, AGE). */
function headerlessPod(line: string, lineNo: number): PastedObject | undefined {
  if (!line.includes('/') && !/\d/.test(line)) return undefined;
  const cells = cellsOf(line).map((c) => c.text);
  const layouts: { keys: string[]; status: number }[] = [
    { keys: ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', ...WIDE], status: 2 },
    { keys: ['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', ...WIDE], status: 3 },
    { keys: ['NAME', 'STATUS', 'RESTARTS', 'AGE', ...WIDE], status: 1 },
  ];
  for (const { keys, status } of layouts) {
    const statusWord = isPodStatusWord(cells[status] ?? '');
    // A row cut after its STATUS (RESTARTS and AGE left out of the paste) still is one when READY
    // reads N/M and STATUS is a word kubectl prints for pods.
    const cut = keys.includes('READY') && statusWord && READY.test(cells[status - 1] ?? '');
    const fixed = cut ? status + 1 : status + 3;
    if (cells.length < fixed || cells.length > keys.length) continue;
    // Without READY only a status word kubectl prints for pods will do.
    if (!keys.includes('READY') && !statusWord) continue;
    const row = new Map(keys.slice(0, cells.length).map((k, i) => [k, cells[i] ?? '']));
    const pod = podFromCells(row, lineNo);
    if (pod !== undefined) return pod;
  }
  return undefined;
}

function readRows(
  lines: readonly string[],
  from: number,
  read: (line: string, lineNo: number) => PastedObject | undefined,
): BlockParse {
  const objects: PastedObject[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > 5_000) break;
    const pod = read(line, i + 1);
    if (pod === undefined) break;
    objects.push(pod);
  }
  return { end: i, objects };
}

/** `kubectl get pods` tables and bare rows of them. */
export const parseGetPods: BlockParser = (lines, start) => {
  const line = lines[start];
  if (line === undefined || line.length > 5_000) return undefined;
  if (line.includes('NAME')) {
    const header = readHeader(line);
    if (header !== undefined && isPodsHeader(header)) {
      const r = readRows(lines, start + 1, (l, n) => podFromCells(alignRow(header, l), n, true));
      return r.objects.length > 0 || r.end > start + 1 ? r : { end: start + 1, objects: [] };
    }
  }
  if (headerlessPod(line, start + 1) === undefined) return undefined;
  return readRows(lines, start, headerlessPod);
};
