/**
 * `kubectl get pods` before 1.0 (v1beta1-v1beta3 APIs), one row per pod followed by one row per
 * container under it:
 *   POD  IP  CONTAINER(S)  IMAGE(S)  HOST  LABELS  STATUS  [CREATED  [MESSAGE]]
 *   foo  10.0.0.53                   127.0.0.1/127.0.0.1  <none>  Pending  About a minute
 *            bar1  fooimage1                        Waiting           Error: image library/fooimage1:latest not found
 * The pod row may carry its first container itself (before 0.17). A container row's STATUS is
 * its state (Running, Waiting, Terminated) and MESSAGE what that state said; the era's waiting
 * state had only that text, kept as the message (a failed pull also as today's ErrImagePull).
 */
import type { BlockParse, BlockParser, PastedObject } from '../common/types.js';
import { cellsOf, hasColumn, parseLabels, readHeader, type Header } from './table.js';
import { endsTable, value } from '../common/text.js';

type Raw = Record<string, unknown>;

/** Cells by column, placed by where each starts (the tabwriter's columns), blank columns left out. */
function byColumn(header: Header, line: string): Map<string, string> {
  const out = new Map<string, string>();
  const cols = header.columns;
  for (const cell of cellsOf(line)) {
    let j = 0;
    while (j + 1 < cols.length && (cols[j + 1]?.start ?? Infinity) <= cell.start + 1) j++;
    const key = cols[j]?.key ?? '';
    out.set(key, out.has(key) ? `${out.get(key) ?? ''} ${cell.text}` : cell.text);
  }
  return out;
}

const PULL_FAILED =
  /^(?:Error: )?(?:image \S+ not found|failed to pull image|pull(?:ing)? image \S+ failed)/i;

const STATES: Readonly<Record<string, string>> = {
  Running: 'running',
  Waiting: 'waiting',
  Terminated: 'terminated',
};

function container(row: Map<string, string>): Raw | undefined {
  const name = row.get('CONTAINER(S)');
  if (name === undefined || !/^[a-z0-9][-a-z0-9]*$/.test(name)) return undefined;
  const state = STATES[row.get('STATUS') ?? ''];
  const message = value(row.get('MESSAGE'));
  // The era's kubelet wrote a failed pull as the waiting text; today it says ErrImagePull and keeps the text.
  const pull = state === 'waiting' && message !== undefined && PULL_FAILED.test(message);
  return {
    name,
    ...(row.get('IMAGE(S)') === undefined ? {} : { image: row.get('IMAGE(S)') }),
    ...(state === undefined
      ? {}
      : {
          state: {
            [state]: {
              ...(pull ? { reason: 'ErrImagePull' } : {}),
              ...(message === undefined ? {} : { message }),
            },
          },
        }),
  };
}

function pod(row: Map<string, string>): Raw | undefined {
  const name = row.get('POD') ?? '';
  const phase = row.get('STATUS') ?? '';
  if (!/^[a-z0-9][-a-z0-9.]*$/.test(name) || !/^(?:Pending|Running|Succeeded|Failed|Unknown)$/.test(phase))
    return undefined;
  const host = value(row.get('HOST'))?.split('/')[0];
  const labels = parseLabels(row.get('LABELS'));
  return {
    kind: 'Pod',
    metadata: { name, ...(labels === undefined ? {} : { labels }) },
    spec: { containers: [], ...(host === undefined || host === '' ? {} : { nodeName: host }) },
    status: {
      phase,
      ...(value(row.get('IP')) === undefined ? {} : { podIP: row.get('IP') }),
      containerStatuses: [],
    },
  };
}

/** Adds a container row's spec and status to the pod. */
function addContainer(p: Raw, c: Raw): void {
  const spec = p.spec as { containers: Raw[] };
  const status = p.status as { containerStatuses: Raw[] };
  spec.containers.push({ name: c.name, ...(c.image === undefined ? {} : { image: c.image }) });
  if (c.state !== undefined) status.containerStatuses.push({ name: c.name, ready: false, state: c.state });
}

function readRows(lines: readonly string[], start: number, header: Header): BlockParse {
  const objects: PastedObject[] = [];
  let current: Raw | undefined;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (endsTable(line) || line.length > 5_000) break;
    const row = byColumn(header, line);
    const c = container(row);
    if (row.has('POD')) {
      current = pod(row);
      if (current === undefined) break;
      objects.push({ raw: current, line: i + 1 });
      if (c !== undefined) addContainer(current, c);
    } else if (current !== undefined && c !== undefined) addContainer(current, c);
    else break;
  }
  return { end: i, objects };
}

/** Pre-1.0 `kubectl get pods` tables (POD, CONTAINER(S), IMAGE(S) columns). */
export const parseGetPodsV0: BlockParser = (lines, start) => {
  const line = lines[start];
  if (line === undefined || !line.includes('CONTAINER(S)')) return undefined;
  const header = readHeader(line);
  if (header === undefined || !hasColumn(header, 'POD', 'CONTAINER(S)', 'IMAGE(S)', 'STATUS'))
    return undefined;
  return readRows(lines, start, header);
};
