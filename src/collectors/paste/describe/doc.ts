/**
 * What the describe readers collect from one block before it is turned into Kubernetes objects.
 * Everything is as the text shows it; builders decide which object each part belongs to.
 */

export type StateKind = 'waiting' | 'running' | 'terminated';

/** A container's State or Last State as read so far. */
export interface StateAcc {
  kind: StateKind | undefined;
  reason: string | undefined;
  message: string | undefined;
  exitCode: number | undefined;
  signal: number | undefined;
  startedAt: string | undefined;
  finishedAt: string | undefined;
}

export type ContainerGroup = 'app' | 'init' | 'ephemeral';

export interface ContainerAcc {
  readonly name: string;
  /** False when the paste began inside the container and never named it. */
  readonly named: boolean;
  readonly group: ContainerGroup;
  /** Container spec fields (image, ports, command, resources, probes, env, volumeMounts). */
  readonly spec: Record<string, unknown>;
  /** Container status fields (containerID, imageID, ready, restartCount). */
  readonly status: Record<string, unknown>;
  hasStatus: boolean;
  state: StateAcc | undefined;
  lastState: StateAcc | undefined;
}

/** A top-level "Key: value" line with the lines indented under it. */
export interface HeaderEntry {
  readonly key: string;
  readonly value: string;
  readonly items: readonly string[];
  readonly line: number;
}

/** A row of a Conditions table, keyed by the header's lower-cased column names. */
export type ConditionRow = Readonly<Record<string, string>>;

export interface VolumeAcc {
  readonly name: string;
  /** Fields in order (a projected volume repeats keys). */
  readonly fields: Array<readonly [string, string]>;
}

export interface EventRow {
  readonly raw: Record<string, unknown>;
  readonly age?: { readonly last?: number; readonly first?: number };
  /** 0-based index of the row's line. */
  readonly index: number;
}

export interface Doc {
  readonly header: HeaderEntry[];
  readonly containers: ContainerAcc[];
  readonly conditions: ConditionRow[];
  readonly readinessGates: string[];
  readonly volumes: VolumeAcc[];
  readonly events: EventRow[];
  /** A workload's "Pod Template:" read as a pod of its own. */
  template: Doc | undefined;
  /** Lines recognised as describe output (not merely consumed). */
  recognised: number;
}

export function newDoc(): Doc {
  return {
    header: [],
    containers: [],
    conditions: [],
    readinessGates: [],
    volumes: [],
    events: [],
    template: undefined,
    recognised: 0,
  };
}

export function newState(kind?: StateKind): StateAcc {
  return {
    kind,
    reason: undefined,
    message: undefined,
    exitCode: undefined,
    signal: undefined,
    startedAt: undefined,
    finishedAt: undefined,
  };
}

/** The first header entry with this key. */
export function field(doc: Doc, key: string): HeaderEntry | undefined {
  return doc.header.find((h) => h.key === key);
}

export function hasField(doc: Doc, ...keys: string[]): boolean {
  return doc.header.some((h) => keys.includes(h.key));
}

/** The value of the first field with this key, without "<none>" and the like. */
export function fieldValue(doc: Doc, key: string): string | undefined {
  const v = field(doc, key)?.value;
  return v === undefined || v === '' || v.startsWith('<') ? undefined : v;
}

/** Sets a key unless the value is missing or empty (an empty list or object says nothing). */
export function put(o: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
    return;
  o[key] = value;
}
