/**
 * Rows of `kubectl get deploy|rs|rc|sts|ds|job|cronjob` across releases:
 *   deploy   NAME READY UP-TO-DATE AVAILABLE AGE          (old: NAME DESIRED CURRENT UP-TO-DATE AVAILABLE AGE)
 *   rs, rc   NAME DESIRED CURRENT READY AGE
 *   sts      NAME READY AGE                                (old: NAME DESIRED CURRENT AGE)
 *   ds       NAME DESIRED CURRENT READY UP-TO-DATE AVAILABLE NODE SELECTOR AGE
 *   job      NAME [STATUS] COMPLETIONS DURATION AGE        (old: NAME DESIRED SUCCESSFUL AGE)
 *   cronjob  NAME SCHEDULE [TIMEZONE] SUSPEND ACTIVE LAST SCHEDULE AGE
 * with -o wide's CONTAINERS IMAGES SELECTOR. The kind comes from a `kind/name` prefix
 * (`kubectl get all`) or from the header's shape.
 */
import { hasColumn, parseLabels, type Header } from './table.js';
import { value } from '../common/text.js';

type Raw = Record<string, unknown>;
type Row = ReadonlyMap<string, string>;

export const WORKLOAD_KINDS: ReadonlySet<string> = new Set([
  'Deployment',
  'ReplicaSet',
  'ReplicationController',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
]);

/** The workload kind a header's columns belong to, or undefined. */
export function workloadKindOf(h: Header): string | undefined {
  if (hasColumn(h, 'SCHEDULE', 'SUSPEND')) return 'CronJob';
  if (hasColumn(h, 'COMPLETIONS') || hasColumn(h, 'SUCCESSFUL')) return 'Job';
  if (hasColumn(h, 'UP-TO-DATE', 'AVAILABLE'))
    return hasColumn(h, 'NODESELECTOR') ? 'DaemonSet' : 'Deployment';
  if (hasColumn(h, 'DESIRED', 'CURRENT', 'READY')) return 'ReplicaSet';
  if (hasColumn(h, 'DESIRED', 'CURRENT')) return 'StatefulSet';
  if (hasColumn(h, 'READY', 'AGE') && !hasColumn(h, 'STATUS') && !hasColumn(h, 'RESTARTS'))
    return 'StatefulSet';
  return undefined;
}

const INT = /^\d+$/;
const FRACTION = /^(\d+)\/(\d+)$/;

function int(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  return INT.test(text) ? Number(text) : null;
}

/** Containers of the wide CONTAINERS and IMAGES columns, zipped. */
function containers(row: Row): Raw[] | undefined {
  const names = value(row.get('CONTAINERS'))?.split(',');
  const images = value(row.get('IMAGES'))?.split(',');
  return names?.map((name, i) => ({ name, ...(images?.[i] ? { image: images[i] } : {}) }));
}

const JOB_CONDITIONS: ReadonlySet<string> = new Set(['Complete', 'Failed', 'Suspended', 'FailureTarget']);

/** The workload a row describes, or undefined when its cells do not fit the kind. */
export function workloadFrom(kind: string, row: Row): Raw | undefined {
  const spec: Raw = {};
  const status: Raw = {};
  const podSpec: Raw = {};
  const ready = row.get('READY');
  const fraction = ready === undefined ? undefined : FRACTION.exec(ready);
  const counts: [string, Raw, string][] = [];
  if (fraction !== undefined && fraction !== null) {
    status[kind === 'DaemonSet' ? 'numberReady' : 'readyReplicas'] = Number(fraction[1]);
    spec.replicas = Number(fraction[2]);
  } else if (ready !== undefined) {
    counts.push(['READY', status, kind === 'DaemonSet' ? 'numberReady' : 'readyReplicas']);
  }
  if (kind === 'DaemonSet') {
    counts.push(['DESIRED', status, 'desiredNumberScheduled'], ['CURRENT', status, 'currentNumberScheduled']);
    counts.push(['UP-TO-DATE', status, 'updatedNumberScheduled'], ['AVAILABLE', status, 'numberAvailable']);
    const selector = parseLabels(row.get('NODESELECTOR'));
    if (selector !== undefined) podSpec.nodeSelector = selector;
  } else if (kind === 'Job') {
    counts.push(['DESIRED', spec, 'completions'], ['SUCCESSFUL', status, 'succeeded']);
    const c = /^(\d+)\/(\d+)( of (\d+))?$/.exec(row.get('COMPLETIONS') ?? '');
    if (row.has('COMPLETIONS') && c === null) return undefined;
    if (c !== null) {
      status.succeeded = Number(c[1]);
      if (c[3] === undefined) spec.completions = Number(c[2]);
      else spec.parallelism = Number(c[4]);
    }
    const st = row.get('STATUS');
    if (st !== undefined && JOB_CONDITIONS.has(st)) status.conditions = [{ type: st, status: 'True' }];
  } else if (kind === 'CronJob') {
    spec.schedule = row.get('SCHEDULE');
    const suspend = row.get('SUSPEND');
    if (suspend === 'True' || suspend === 'False') spec.suspend = suspend === 'True';
    counts.push(['ACTIVE', status, 'active']);
  } else {
    counts.push(['DESIRED', spec, 'replicas'], ['CURRENT', status, 'replicas']);
    counts.push(['UP-TO-DATE', status, 'updatedReplicas'], ['AVAILABLE', status, 'availableReplicas']);
  }
  for (const [key, into, field] of counts) {
    const n = int(row.get(key));
    if (n === null) return undefined;
    if (n !== undefined) into[field] = n;
  }
  const list = containers(row);
  if (list !== undefined) podSpec.containers = list;
  if (Object.keys(podSpec).length > 0) spec.template = { spec: podSpec };
  const selector = parseLabels(row.get('SELECTOR'));
  if (selector !== undefined) spec.selector = { matchLabels: selector };
  return { kind, spec, status };
}
