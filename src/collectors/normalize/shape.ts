/**
 * The normalisers drop a field of the wrong type instead of failing. That keeps the rules safe,
 * but a Pod whose `status` is a number then reads as a Pod with no status, and nobody is told.
 * This table names the fields whose type decides what can be read of an object, so that the one
 * reading it can say which field of which object was unusable.
 */
import { WORKLOAD_KINDS } from '../../model/index.js';
import type { Raw } from './coerce.js';

type Expected = 'mapping' | 'list' | 'scalar';

/** Paths from the object's root; `[]` stands for every element of a list. */
type Shape = Readonly<Record<string, Expected>>;

const META: Shape = {
  metadata: 'mapping',
  'metadata.labels': 'mapping',
  'metadata.annotations': 'mapping',
  'metadata.ownerReferences': 'list',
  'metadata.ownerReferences[]': 'mapping',
  'metadata.name': 'scalar',
  'metadata.namespace': 'scalar',
};

const containerShape = (at: string): Shape => ({
  [at]: 'list',
  [`${at}[]`]: 'mapping',
  [`${at}[].name`]: 'scalar',
  [`${at}[].ports`]: 'list',
  [`${at}[].env`]: 'list',
  [`${at}[].envFrom`]: 'list',
  [`${at}[].readinessProbe`]: 'mapping',
  [`${at}[].livenessProbe`]: 'mapping',
  [`${at}[].startupProbe`]: 'mapping',
});

const statusShape = (at: string): Shape => ({
  [at]: 'list',
  [`${at}[]`]: 'mapping',
  [`${at}[].state`]: 'mapping',
  [`${at}[].lastState`]: 'mapping',
});

const POD_SPEC = (at: string): Shape => ({
  [at]: 'mapping',
  ...containerShape(`${at}.containers`),
  ...containerShape(`${at}.initContainers`),
  [`${at}.volumes`]: 'list',
  [`${at}.volumes[]`]: 'mapping',
  [`${at}.tolerations`]: 'list',
  [`${at}.nodeSelector`]: 'mapping',
  [`${at}.affinity`]: 'mapping',
});

const CONDITIONS: Shape = { 'status.conditions': 'list', 'status.conditions[]': 'mapping' };

const WORKLOAD: Shape = {
  spec: 'mapping',
  status: 'mapping',
  'spec.selector': 'mapping',
  'spec.template': 'mapping',
  ...POD_SPEC('spec.template.spec'),
  ...CONDITIONS,
};

const SHAPES: Readonly<Record<string, Shape>> = {
  Pod: {
    ...POD_SPEC('spec'),
    status: 'mapping',
    'status.phase': 'scalar',
    ...CONDITIONS,
    ...statusShape('status.containerStatuses'),
    ...statusShape('status.initContainerStatuses'),
    ...statusShape('status.ephemeralContainerStatuses'),
  },
  Event: {
    involvedObject: 'mapping',
    regarding: 'mapping',
    source: 'mapping',
    series: 'mapping',
    reason: 'scalar',
  },
  Node: {
    spec: 'mapping',
    status: 'mapping',
    'spec.taints': 'list',
    'spec.taints[]': 'mapping',
    ...CONDITIONS,
  },
  Service: { spec: 'mapping', 'spec.ports': 'list', 'spec.ports[]': 'mapping', 'spec.selector': 'mapping' },
  EndpointSlice: {
    endpoints: 'list',
    'endpoints[]': 'mapping',
    'endpoints[].conditions': 'mapping',
    'endpoints[].targetRef': 'mapping',
    ports: 'list',
    'ports[]': 'mapping',
  },
  Endpoints: { subsets: 'list', 'subsets[]': 'mapping' },
  PersistentVolumeClaim: { spec: 'mapping', status: 'mapping' },
  PersistentVolume: { spec: 'mapping', status: 'mapping' },
  ResourceQuota: { spec: 'mapping', status: 'mapping' },
  LimitRange: { spec: 'mapping', 'spec.limits': 'list', 'spec.limits[]': 'mapping' },
  ...Object.fromEntries(WORKLOAD_KINDS.map((k) => [k, WORKLOAD])),
};

interface Node {
  expected?: Expected;
  readonly children: Map<string, Node>;
}

function compile(shape: Shape): Node {
  const root: Node = { children: new Map() };
  for (const [path, expected] of Object.entries({ ...META, ...shape })) {
    let node = root;
    for (const part of path.replace(/\[\]/g, '.[]').split('.')) {
      let next = node.children.get(part);
      if (next === undefined) {
        next = { children: new Map() };
        node.children.set(part, next);
      }
      node = next;
    }
    node.expected = expected;
  }
  return root;
}

const COMPILED = new Map<string, Node>();
const GENERIC = compile({});

function shapeOf(kind: string): Node {
  const shape = SHAPES[kind];
  if (shape === undefined) return GENERIC;
  let node = COMPILED.get(kind);
  if (node === undefined) {
    node = compile(shape);
    COMPILED.set(kind, node);
  }
  return node;
}

/** "a number", "a mapping": how a value reads in a note. */
export function typeName(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return 'true or false';
  return typeof v;
}

function fits(v: unknown, expected: Expected): boolean {
  switch (expected) {
    case 'mapping':
      return typeof v === 'object' && !Array.isArray(v);
    case 'list':
      return Array.isArray(v);
    case 'scalar':
      return typeof v !== 'object';
  }
}

/** Reported per object at most; the rest are counted. */
const MAX_FIELDS = 5;

/**
 * The fields of `raw` (an object of `kind`) whose type makes them unreadable, each as
 * "status.containerStatuses[0].state is a number, not a mapping". Absent and null fields are fine.
 */
export function unusableFields(kind: string, raw: Raw): string[] {
  const out: string[] = [];
  const visit = (value: unknown, node: Node, path: string): void => {
    for (const [key, child] of node.children) {
      if (out.length > MAX_FIELDS) return;
      if (key === '[]') {
        if (!Array.isArray(value)) continue;
        value.forEach((item: unknown, i) => {
          check(item, child, `${path}[${i}]`);
        });
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      check((value as Raw)[key], child, path === '' ? key : `${path}.${key}`);
    }
  };
  const check = (value: unknown, node: Node, path: string): void => {
    if (value === undefined || value === null) return;
    if (node.expected !== undefined && !fits(value, node.expected)) {
      out.push(
        `${path} is ${typeName(value)}, not ${node.expected === 'scalar' ? 'a single value' : `a ${node.expected}`}`,
      );
      return;
    }
    visit(value, node, path);
  };
  visit(raw, shapeOf(kind), '');
  if (out.length > MAX_FIELDS) return [...out.slice(0, MAX_FIELDS), 'and more'];
  return out;
}
