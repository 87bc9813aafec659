/**
 * Label and field selectors of list and watch requests. Field selectors support only the
 * fields each resource's conversion functions register; anything else is the apiserver's
 * 400 `field label not supported: <field>`.
 */
import { matchesRequirements, parseSelector, type SelectorRequirement } from '../../k8s/index.js';
import type { ResourceInfo } from '../world/resources.js';
import type { KObject } from '../world/types.js';
import { badRequest } from './respond.js';

type FieldGetter = (o: KObject) => string;

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
const at = (o: unknown, path: readonly string[]): unknown => {
  let cur: unknown = o;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
};
const field =
  (...path: string[]): FieldGetter =>
  (o) =>
    str(at(o, path));

const META: Readonly<Record<string, FieldGetter>> = {
  'metadata.name': (o) => o.metadata.name,
  'metadata.namespace': (o) => o.metadata.namespace ?? '',
};

const INVOLVED = ['kind', 'namespace', 'name', 'uid', 'apiVersion', 'resourceVersion', 'fieldPath'];

const CORE_EVENT: Readonly<Record<string, FieldGetter>> = {
  ...Object.fromEntries(INVOLVED.map((k) => [`involvedObject.${k}`, field('involvedObject', k)])),
  reason: field('reason'),
  reportingComponent: field('reportingComponent'),
  source: field('source', 'component'),
  type: field('type'),
};

/** events.k8s.io serves the same objects; its field names are the new API's. */
const NEW_EVENT: Readonly<Record<string, FieldGetter>> = {
  ...Object.fromEntries(INVOLVED.map((k) => [`regarding.${k}`, field('involvedObject', k)])),
  reason: field('reason'),
  reportingController: field('reportingComponent'),
  type: field('type'),
};

const FIELDS: Readonly<Record<string, Readonly<Record<string, FieldGetter>>>> = {
  pods: {
    'spec.nodeName': field('spec', 'nodeName'),
    'spec.restartPolicy': field('spec', 'restartPolicy'),
    'spec.schedulerName': field('spec', 'schedulerName'),
    'spec.serviceAccountName': field('spec', 'serviceAccountName'),
    'spec.hostNetwork': (o) => str(at(o, ['spec', 'hostNetwork']) ?? false),
    'status.phase': field('status', 'phase'),
    'status.podIP': field('status', 'podIP'),
    'status.nominatedNodeName': field('status', 'nominatedNodeName'),
  },
  'core/events': CORE_EVENT,
  'events.k8s.io/events': NEW_EVENT,
  nodes: { 'spec.unschedulable': (o) => str(at(o, ['spec', 'unschedulable']) ?? false) },
  namespaces: { 'status.phase': field('status', 'phase') },
  secrets: { type: field('type') },
  replicasets: { 'status.replicas': field('status', 'replicas') },
  jobs: { 'status.successful': field('status', 'succeeded') },
  persistentvolumes: { name: (o) => o.metadata.name },
  persistentvolumeclaims: { name: (o) => o.metadata.name },
};

function fieldsOf(info: ResourceInfo): Readonly<Record<string, FieldGetter>> {
  const key =
    info.resource === 'events' ? `${info.group === '' ? 'core' : info.group}/events` : info.resource;
  return { ...META, ...(FIELDS[key] ?? {}) };
}

interface FieldRequirement {
  readonly get: FieldGetter;
  readonly value: string;
  readonly negate: boolean;
}

export interface Filter {
  readonly labels: readonly SelectorRequirement[];
  readonly fields: readonly FieldRequirement[];
  readonly empty: boolean;
}

export function parseFilter(info: ResourceInfo, query: URLSearchParams): Filter {
  const labelText = query.get('labelSelector') ?? '';
  let labels: SelectorRequirement[] = [];
  if (labelText.trim() !== '') {
    const parsed = parseSelector(labelText);
    if (typeof parsed === 'string') throw badRequest(`unable to parse requirement: ${parsed}`);
    labels = parsed;
  }
  const fields: FieldRequirement[] = [];
  const fieldText = query.get('fieldSelector') ?? '';
  const known = fieldsOf(info);
  for (const raw of fieldText.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const m = /^([^=!]+?)\s*(==|=|!=)\s*(.*)$/.exec(part);
    if (m === null) throw badRequest(`invalid selector: '${fieldText}'; can't understand '${part}'`);
    const name = m[1] ?? '';
    const get = known[name];
    if (get === undefined) throw badRequest(`field label not supported: ${name}`);
    fields.push({ get, value: m[3] ?? '', negate: m[2] === '!=' });
  }
  return { labels, fields, empty: labels.length === 0 && fields.length === 0 };
}

export function matchesFilter(filter: Filter, obj: KObject): boolean {
  if (filter.labels.length > 0 && !matchesRequirements(filter.labels, obj.metadata.labels)) return false;
  return filter.fields.every((f) => (f.get(obj) === f.value) !== f.negate);
}
