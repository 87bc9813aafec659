import { commandTarget, type CommandTarget } from '../common/command.js';
import { knownKind } from '../common/kind-names.js';
import { indentOf } from '../common/text.js';

/**
 * Line-level reading of `kubectl describe` text: "Key:  value" lines, table columns with their
 * offsets, and the vocabulary of keys describe prints across kubectl versions.
 */

export interface KeyLine {
  readonly indent: number;
  readonly key: string;
  readonly value: string;
  /** Screen column where the value starts (tabs every 8), -1 without a value: tabwriter aligns it. */
  readonly valueColumn: number;
}

function screenColumn(line: string, end: number): number {
  let col = 0;
  for (let i = 0; i < end; i++) col = line[i] === '\t' ? col + 8 - (col % 8) : col + 1;
  return col;
}

/**
 * A "Key:   value" line as describe prints it (tabwriter pads with spaces, or tabs survive):
 * the key ends at the first colon followed by white space or the end of the line, and holds no
 * column gap. Undefined for any other line.
 */
export function keyLine(line: string): KeyLine | undefined {
  let start = 0;
  while (start < line.length && (line[start] === ' ' || line[start] === '\t')) start++;
  if (start >= line.length) return undefined;
  let colon = line.indexOf(':', start);
  while (colon >= 0) {
    const next = line[colon + 1];
    if (next === undefined || next === ' ' || next === '\t') break;
    colon = line.indexOf(':', colon + 1);
  }
  if (colon <= start || colon - start > 60) return undefined;
  const key = line.slice(start, colon);
  if (key.includes('\t') || key.includes('  ') || key.endsWith(' ')) return undefined;
  let at = colon + 1;
  while (at < line.length && (line[at] === ' ' || line[at] === '\t')) at++;
  const value = line.slice(at).trim();
  return { indent: indentOf(line), key, value, valueColumn: value === '' ? -1 : screenColumn(line, at) };
}

/** A line that is only a lower-case object name and a colon: a container or volume heading. */
export function isNameLine(line: string): boolean {
  const t = line.trim();
  return t.length > 1 && t.length < 255 && /^[a-z0-9](?:[-a-z0-9._]*[a-z0-9])?:$/.test(t);
}

export interface Column {
  readonly text: string;
  /** Offset of the column's first character in the line. */
  readonly at: number;
}

/**
 * Columns of a table row with where each starts: cells are separated by a tab or by two or more
 * spaces (one space stays inside a cell). Like text.ts splitColumns, plus offsets, which are needed
 * to take a message verbatim (it may hold runs of spaces) and to line cells up with a header.
 */
export function columns(line: string): Column[] {
  const out: Column[] = [];
  const n = line.length;
  let i = 0;
  while (i < n) {
    while (i < n && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= n) break;
    const at = i;
    while (
      i < n &&
      line[i] !== '\t' &&
      !(line[i] === ' ' && (i + 1 === n || line[i + 1] === ' ' || line[i + 1] === '\t'))
    )
      i++;
    out.push({ text: line.slice(at, i), at });
  }
  return out;
}

/** The "----  ------" line under a table header. */
export function isUnderline(line: string): boolean {
  const t = line.trim();
  return t.length > 0 && /^[-\s]+$/.test(t) && t.includes('--');
}

/** An elision a person typed into the paste ("...", "…"): skipped inside a block. */
export function isElision(line: string): boolean {
  return /^\s*(?:\.{3,}|…)\s*$/.test(line);
}

/** A markdown fence: a block never runs across it. */
export function isFence(line: string): boolean {
  return /^\s*(?:```|~~~)/.test(line);
}

export function isNone(value: string): boolean {
  return value === '' || value === '<none>' || value === '<unset>' || value === '<nil>';
}

export function toInt(value: string): number | undefined {
  const t = value.trim();
  return /^-?\d{1,15}$/.test(t) ? Number(t) : undefined;
}

export function toBool(value: string): boolean | undefined {
  const t = value.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : undefined;
}

/** "k=v" lines (labels, selectors, node selectors) into a map; "<none>" gives nothing. */
export function labelMap(items: readonly string[], sep = '='): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  let any = false;
  // Label values hold no commas, so "a=1,b=2" (kubectl before 1.0, selectors) splits safely.
  const parts = sep === '=' ? items.flatMap((i) => i.split(',')) : items;
  for (const raw of parts) {
    const t = raw.trim();
    if (isNone(t)) continue;
    const at = t.indexOf(sep);
    const key = t.slice(0, at).trim();
    if (at <= 0 || !/^[A-Za-z0-9][\w./-]*$/.test(key)) continue; // not a key: a wrapped or multi-line value
    out[key] = t.slice(at + sep.length).trim();
    any = true;
  }
  return any ? out : undefined;
}

/** A set of keys written one per `|`, so the vocabularies stay readable. */
const set = (keys: string): ReadonlySet<string> =>
  new Set(
    keys
      .split('|')
      .map((k) => k.trim())
      .filter((k) => k !== ''),
  );

/** Top-level keys that open a section of their own: never a container field. */
export const SECTION_KEYS = set(`Containers|Init Containers|Ephemeral Containers|Conditions|Volumes|Events|
  Pod Template|Readiness Gates|QoS Class|Node-Selectors|Tolerations|Topology Spread Constraints`);

/** Fields of a container, any kubectl era. */
export const CONTAINER_KEYS = set(`Container ID|Image|Image ID|Port|Ports|Host Port|Host Ports|Command|Args|
  State|Last State|Last Termination State|Ready|Restart Count|Limits|Requests|Liveness|Readiness|Startup|
  Environment|Environment Variables|Environment Variables from|Mounts|Volume Mounts|Devices|SeccompProfile|
  Allocated Resources|Resize Policy`);

/** Fields nested under a container's State / Last State. */
export const STATE_KEYS = set('Reason|Message|Exit Code|Signal|Started|Finished');

/** Top-level fields of the objects describe prints (pods, workloads, services, nodes, claims). */
export const HEADER_KEYS = set(`Name|Namespace|Priority|Priority Class Name|PriorityClassName|
  Runtime Class Name|Service Account|Node|Start Time|Labels|Annotations|Status|Reason|Message|SeccompProfile|
  IP|IPs|Controlled By|Controllers|Created By|NominatedNodeName|Termination Grace Period|Image(s)|Host|
  Replication Controllers|Pod Status|Security Policy|QoS Tier|Resources|Kind|API Version|CreationTimestamp|
  Selector|Replicas|Pods Status|Pods Statuses|StrategyType|MinReadySeconds|RollingUpdateStrategy|
  NewReplicaSet|OldReplicaSets|Completions|Parallelism|Completion Mode|Backoff Limit|Active Deadline Seconds|
  Suspend|Schedule|Concurrency Policy|Last Schedule Time|Active Jobs|Starting Deadline Seconds|
  Update Strategy|Partition|Volume Claims|Desired Number of Nodes Scheduled|Current Number of Nodes Scheduled|
  Number of Nodes Scheduled with Up-to-date Pods|Number of Nodes Scheduled with Available Pods|
  Number of Nodes Misscheduled|Type|Port|TargetPort|NodePort|Endpoints|Session Affinity|
  External Traffic Policy|Internal Traffic Policy|IP Family Policy|IP Families|External Name|
  LoadBalancer Ingress|Roles|Taints|Unschedulable|Lease|Addresses|Capacity|Allocatable|System Info|PodCIDR|
  PodCIDRs|ProviderID|Non-terminated Pods|Allocated resources|StorageClass|Volume|Access Modes|VolumeMode|
  Used By|Mounted By|Finalizers|DataSource|Claim|Reclaim Policy|Source|Count|First Timestamp|Last Timestamp|
  Involved Object|Metadata|Reporting Component|Reporting Instance|Event Time|Series|Action|Related|
  Subsets|AddressType`);

/** Literal lines old kubectl printed for empty sections. */
export const EMPTY_SECTION_LINES = set('No events.|No volumes.');

/** Container reasons (kubernetes-facts.md §1): a bare "Reason:" with one belongs to a container. */
export const CONTAINER_REASONS = set(`ContainerCreating|PodInitializing|ErrImagePull|ImagePullBackOff|
  ImageInspectError|ErrImageNeverPull|InvalidImageName|RegistryUnavailable|SignatureValidationFailed|
  CrashLoopBackOff|RunContainerError|CreateContainerConfigError|CreateContainerError|PreCreateHookError|
  PreStartHookError|PostStartHookError|OOMKilled|Error|Completed|StartError|ContainerCannotRun|
  ContainerStatusUnknown`);

/** Terminated reasons (§1.2): a state with one of these and no explicit kind was a termination. */
export const TERMINATED_REASONS = set(
  'OOMKilled|Error|Completed|StartError|ContainerCannotRun|ContainerStatusUnknown',
);

/** The `describe` command on one of the few lines just above the block, as written. */
function describeLine(lines: readonly string[], start: number): string | undefined {
  let seen = 0;
  for (let i = start - 1; i >= 0 && i >= start - 8 && seen < 3; i--) {
    const l = lines[i] ?? '';
    if (l.trim() === '') continue;
    seen++;
    if (/\bdescribe\s+[A-Za-z]/.test(l)) return l;
  }
  return undefined;
}

/**
 * Kinds whose describe output the block reader builds objects from; under a `describe` of any
 * other kind (a ConfigMap, an Ingress) the fields decide what the text is.
 */
const READ_KINDS = new Set([
  'Pod',
  'ReplicaSet',
  'Deployment',
  'ReplicationController',
  'StatefulSet',
  'DaemonSet',
  'Job',
  'CronJob',
  'Service',
  'Node',
  'PersistentVolumeClaim',
  'PersistentVolume',
]);

/** The kind named by a `describe <kind>` command on one of the few lines just above the block, when it is one read here. */
export function commandKind(lines: readonly string[], start: number): string | undefined {
  const m = /\bdescribe\s+([A-Za-z]+)/.exec(describeLine(lines, start) ?? '');
  const kind = m === null ? undefined : knownKind(m[1] ?? '');
  return kind !== undefined && READ_KINDS.has(kind) ? kind : undefined;
}

export type DescribedByCommand = CommandTarget;

/**
 * The one object a `kubectl|oc [flags] describe KIND NAME [flags]` (or `KIND/NAME`) just above the
 * block names, with its `-n`; undefined when it names none, several, or selects by label or file
 * (common/command.ts reads every pasted command the same way). kubectl describe also accepts a
 * name prefix, so callers prefer names the output itself gives.
 */
export function describeCommand(lines: readonly string[], start: number): DescribedByCommand | undefined {
  const line = describeLine(lines, start);
  return line === undefined ? undefined : commandTarget(line, ['describe']);
}
