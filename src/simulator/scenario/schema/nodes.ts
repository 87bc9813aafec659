/**
 * `cluster.nodes`: node pools, each expanded by `count` into nodes `<name>-1 … <name>-N`, with
 * what happens to them during the run (incidents).
 */
import * as v from 'valibot';
import { bool, duration, fields, list, number, oneOf, pathItem, stringMap, text } from './fields.js';

const taint = fields({
  key: text,
  value: v.exactOptional(text),
  effect: v.optional(oneOf(['NoSchedule', 'PreferNoSchedule', 'NoExecute']), 'NoSchedule'),
});

/**
 * Things that happen to a node, `at` ms after start. lost: the kubelet stops posting status
 * (NotReady after the grace period, then taints and eviction); not-ready: the kubelet reports
 * NotReady itself, e.g. the runtime is down (`message`); *-pressure: a node condition;
 * shutdown, recover, cordon.
 */
const incident = v.pipe(
  fields({
    at: v.optional(duration, 0),
    type: v.optional(
      oneOf([
        'lost',
        'not-ready',
        'memory-pressure',
        'disk-pressure',
        'pid-pressure',
        'shutdown',
        'recover',
        'cordon',
      ]),
      'lost',
    ),
    message: v.exactOptional(text),
  }),
  // Only a not-ready kubelet says why.
  v.transform(({ at, type, message }) =>
    type === 'not-ready' ? { at, type, ...(message === undefined ? {} : { message }) } : { at, type },
  ),
);

const pool = v.pipe(
  fields({
    name: text,
    /** Nodes in the pool: one is named `name`, more are `name-1`, `name-2`, … */
    count: v.optional(
      v.pipe(
        number,
        v.check((n) => Number.isInteger(n) && n >= 1, '{key} must be a whole number, 1 or more'),
      ),
      1,
    ),
    cpu: v.optional(text, '4'),
    memory: v.optional(text, '16Gi'),
    pods: v.optional(text, '110'),
    /** More capacity (e.g. nvidia.com/gpu), over cpu, memory, pods and 100Gi of ephemeral-storage. */
    capacity: v.optional(stringMap, {}),
    /** Defaults to capacity; what is given here overrides it. */
    allocatable: v.exactOptional(stringMap),
    labels: v.optional(stringMap, {}),
    taints: v.optional(list(taint), []),
    unschedulable: v.optional(bool, false),
    /** Images already on the node (image locality; no pull needed with IfNotPresent). */
    images: v.optional(list(text), []),
    /** Pod IPs this node's CNI can hand out (from its pod CIDR). */
    podIPs: v.optional(number, 254),
    zone: v.exactOptional(text),
    incidents: v.optional(list(incident), []),
  }),
  v.transform(({ name, count, cpu, memory, pods, allocatable, zone, ...p }) => {
    const capacity = { cpu, memory, pods, 'ephemeral-storage': '100Gi', ...p.capacity };
    const spec = {
      capacity,
      ...(allocatable === undefined ? {} : { allocatable: { ...capacity, ...allocatable } }),
      labels: p.labels,
      taints: p.taints,
      unschedulable: p.unschedulable,
      images: p.images,
      podIPs: p.podIPs,
      ...(zone === undefined ? {} : { zone }),
      incidents: p.incidents,
    };
    const names = count === 1 ? [name] : Array.from({ length: count }, (_, k) => `${name}-${k + 1}`);
    return names.map((n) => ({ name: n, ...spec }));
  }),
);

/** No pools: one default node, `node-1`. Two nodes of one name are an error. */
export const nodes = v.pipe(
  list(pool),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const pools = dataset.value;
    if (pools.length === 0) return v.parse(pool, { name: 'node-1' });
    const seen = new Set<string>();
    for (const [i, members] of pools.entries())
      for (const { name } of members) {
        if (seen.has(name)) {
          addIssue({
            message: `node "${name}" is declared twice`,
            path: [pathItem(pools, i), pathItem(members, 'name')],
          });
          return NEVER;
        }
        seen.add(name);
      }
    return pools.flat();
  }),
);
