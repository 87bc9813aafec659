/**
 * A scenario file, the one declaration of its format (docs/scenarios.md): the cluster, what is
 * applied to it and when, how long to run, and the diagnosis it must produce. The loader
 * (load.ts) reads YAML into plain values and hands them to `scenario`; the types in types.ts
 * are inferred from here.
 */
import * as v from 'valibot';
import { isReasonCode, isStageId, stageOfReason } from '../../../model/index.js';
import { cluster } from './cluster.js';
import {
  duration,
  fields,
  list,
  mapping,
  number,
  oneOf,
  oneOrList,
  pathItem,
  readWith,
  text,
  time,
} from './fields.js';

/**
 * What the diagnosis must say: a verdict, or the failed stage and reason. `at` checks an earlier
 * moment than the end of the run, e.g. a slow pull that must be `progressing` at 1m.
 */
const expectation = v.pipe(
  fields({
    target: v.exactOptional(text),
    stage: v.exactOptional(text),
    reason: v.exactOptional(text),
    verdict: v.exactOptional(oneOf(['healthy', 'progressing'])),
    at: v.exactOptional(duration),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { target, stage, reason, verdict, at } = dataset.value;
    const when = { ...(target === undefined ? {} : { target }), ...(at === undefined ? {} : { at }) };
    const fail = (key: string, message: string) => {
      addIssue({ message, path: [pathItem(dataset.value, key)] });
      return NEVER;
    };
    if (verdict !== undefined)
      return stage === undefined && reason === undefined
        ? { ...when, verdict }
        : fail('verdict', 'an expectation names either a verdict or a stage and reason, not both');
    if (stage === undefined) return fail('stage', 'stage is required');
    if (!isStageId(stage)) return fail('stage', `unknown stage "${stage}" (see docs/architecture.md §1)`);
    if (reason === undefined) return fail('reason', 'reason is required');
    if (!isReasonCode(reason) || stageOfReason(reason) !== stage)
      return fail('reason', `"${reason}" is not a reason code of stage ${stage}`);
    return { ...when, stage, reason };
  }),
);

const expectations = v.pipe(
  v.custom<unknown>(
    (x) => x !== undefined,
    'expect is required: {stage, reason} or {verdict: healthy|progressing}',
  ),
  oneOrList(expectation),
);

/** A manifest is applied as written; it needs what `kubectl apply` needs to name it. */
const manifestHead = fields(
  {
    apiVersion: text,
    kind: text,
    metadata: v.optional(fields({ name: text }, 'keep'), {}),
  },
  'keep',
);

const manifest = v.pipe(
  v.unknown(),
  v.transform((x) => x ?? {}),
  mapping,
  v.rawCheck(({ dataset, config, addIssue }) => {
    if (dataset.typed) readWith(manifestHead, dataset.value, config, addIssue);
  }),
);

/** A manifest with when and as whom it is applied, and when it is deleted (ms after start). */
const placed = v.pipe(
  fields({
    at: v.optional(duration, 0),
    /** A user from `cluster.users` (default the cluster admin). */
    as: v.exactOptional(text),
    deleteAt: v.exactOptional(duration),
    manifest,
  }),
  v.forward(
    v.check(
      (o) => o.deleteAt === undefined || o.deleteAt > o.at,
      'deleteAt must be later than at (the object must exist to be deleted)',
    ),
    ['deleteAt'],
  ),
);

/** An object given as `{at, as, deleteAt, manifest}` rather than as the manifest itself. */
export const isPlaced = (item: unknown): boolean =>
  item !== null && typeof item === 'object' && 'manifest' in item && !('kind' in item);

const PLACEMENT = ['at', 'as', 'deleteAt'] as const;

/** An item of `objects`: a plain manifest, applied at t=0 by the admin, or a placed one. */
const scenarioObject = v.pipe(
  v.unknown(),
  v.transform((x) => x ?? {}),
  mapping,
  v.rawTransform(({ dataset, config, addIssue, NEVER }): v.InferOutput<typeof placed> => {
    const item = dataset.value;
    if (isPlaced(item)) return readWith(placed, item, config, addIssue)?.output ?? NEVER;
    const misplaced = PLACEMENT.find((key) => key in item);
    if (misplaced !== undefined) {
      addIssue({
        message: `${misplaced} belongs beside the object, not in it: write {${misplaced}: …, manifest: {apiVersion: …}}`,
        path: [pathItem(item, misplaced)],
      });
      return NEVER;
    }
    const read = readWith(manifest, item, config, addIssue);
    return read === undefined ? NEVER : { at: 0, manifest: read.output };
  }),
);

export const DEFAULT_START = Date.parse('2026-01-01T00:00:00Z');
export const DEFAULT_DURATION = 10 * 60_000;

export const scenario = v.pipe(
  fields({
    name: text,
    description: text,
    seed: v.optional(number, 1),
    /** Simulated start time (ms since the epoch). */
    start: v.optional(time, '2026-01-01T00:00:00Z'),
    /** How long `sim run` lets the world run before diagnosing. */
    duration: v.optional(duration, '10m'),
    expect: expectations,
    cluster: v.optional(cluster, {}),
    /** Plain Kubernetes manifests applied through admission, as `kubectl apply` would. */
    objects: v.optional(list(scenarioObject), []),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const s = dataset.value;
    const fail = (path: [string, ...(string | number)[]], message: string) => {
      addIssue({
        message,
        path: [pathItem(s, path[0]), ...path.slice(1).map((k) => pathItem(undefined, k))],
      });
      return NEVER;
    };
    const users = new Set(s.cluster.users.map((u) => u.name));
    for (const [i, o] of s.objects.entries())
      if (o.as !== undefined && !users.has(o.as))
        return fail(['objects', i, 'as'], `as: "${o.as}" is not one of cluster.users`);
    for (const [i, e] of s.expect.entries())
      if (e.at !== undefined && e.at > s.duration)
        return fail(['expect', i], "expect.at is after the scenario's duration");
    return {
      ...s,
      cluster: { ...s.cluster, namespaces: withImpliedNamespaces(s.cluster.namespaces, s.objects) },
    };
  }),
);

type Namespace = v.InferOutput<typeof cluster>['namespaces'][number];

/** Namespaces the objects use exist, as if created before the scenario began. */
function withImpliedNamespaces(
  declared: Namespace[],
  objects: readonly { readonly manifest: Record<string, unknown> }[],
): Namespace[] {
  const out = [...declared];
  const known = new Set(out.map((n) => n.name));
  for (const obj of objects) {
    const meta = obj.manifest.metadata as { namespace?: unknown } | undefined;
    const ns = typeof meta?.namespace === 'string' ? meta.namespace : undefined;
    if (ns === undefined || known.has(ns)) continue;
    known.add(ns);
    out.push({ name: ns, labels: {}, serviceAccounts: [] });
  }
  return out;
}
