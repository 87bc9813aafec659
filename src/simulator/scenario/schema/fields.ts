/**
 * The building blocks of the scenario schema. They read YAML as Kubernetes does (a number where
 * text belongs is its text), take a null value for an absent one, and refuse unknown fields so
 * a typo never passes silently. A message names its field as `{key}`; the loader puts in the
 * last key of the issue's path, and the file and line (load.ts).
 */
import * as v from 'valibot';
import { parseDuration } from '../../../k8s/index.js';

const isMapping = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === 'object' && !Array.isArray(x);

const isScalar = (x: unknown): x is string | number | boolean =>
  typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';

/** Text (numbers and booleans read as their text). */
export const text = v.pipe(
  v.custom<string | number | boolean>(isScalar, (issue) =>
    issue.input === undefined || issue.input === null ? '{key} is required' : '{key} must be a string',
  ),
  v.transform(String),
);

export const number = v.custom<number>(
  (x) => typeof x === 'number' && Number.isFinite(x),
  '{key} must be a number',
);

export const bool = v.boolean('{key} must be true or false');

const toMs = (x: unknown): number | undefined =>
  typeof x === 'number' && x >= 0 ? x * 1000 : typeof x === 'string' ? parseDuration(x) : undefined;

/** A duration such as "90s", "5m", "1h30m" (or a number of seconds), read as ms. */
export const duration = v.pipe(
  v.custom<string | number>((x) => toMs(x) !== undefined, '{key} must be a duration such as 30s, 5m or 1h'),
  v.transform((x) => toMs(x) ?? 0),
);

/** An RFC 3339 time, read as ms since the epoch. */
export const time = v.pipe(
  text,
  v.check((t) => !Number.isNaN(Date.parse(t)), '{key} must be an RFC 3339 time'),
  v.transform((t) => Date.parse(t)),
);

export const oneOf = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  v.pipe(
    text,
    v.picklist(
      allowed,
      (issue) => `{key} must be one of ${allowed.join(', ')}, not "${String(issue.input)}"`,
    ),
  );

export const list = <T extends v.GenericSchema>(item: T) => v.array(item, '{key} must be a list');

/** A mapping of any content, passed on as written (Kubernetes manifests, LimitRange items). */
export const mapping = v.custom<Record<string, unknown>>(isMapping, '{key} must be a mapping');

/** A string → string map (labels, capacity); numbers and booleans read as their text. */
export const stringMap = v.pipe(
  mapping,
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(dataset.value)) {
      if (isScalar(x)) out[k] = String(x);
      else {
        addIssue({ message: '{key} must be a string', path: [pathItem(dataset.value, k)] });
        return NEVER;
      }
    }
    return out;
  }),
);

const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish']);

/**
 * A mapping with these fields. Unknown fields are refused, and reported first (a misspelt field
 * often explains the errors after it), unless `others` keeps them. Null counts as absent: a
 * null mapping reads as an empty one, and a null field as a missing one. A missing required
 * field is read as undefined, so its own schema says what it needs.
 */
export function fields<const E extends v.ObjectEntries>(entries: E, others: 'refuse' | 'keep' = 'refuse') {
  const allowed = Object.keys(entries);
  const required = allowed.filter((k) => !OPTIONAL.has(entries[k]?.type ?? ''));
  return v.pipe(
    v.unknown(),
    v.transform((x) => x ?? {}),
    mapping,
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(dataset.value)) {
        if (others === 'refuse' && !allowed.includes(k)) {
          addIssue({
            message: `unknown field "${k}"; expected one of ${allowed.join(', ')}`,
            path: [pathItem(dataset.value, k)],
          });
          return NEVER;
        }
        if (x !== null) out[k] = x;
      }
      for (const k of required) if (!(k in out)) out[k] = undefined;
      return out;
    }),
    v.object(entries),
  );
}

type Path = [v.IssuePathItem, ...v.IssuePathItem[]];
type AddIssue = (info: { message: string; path?: Path }) => void;

/**
 * Reads `input` with `schema` inside a transform, for a choice the schema cannot express by
 * itself; the issues go on under the transform's path, so they keep naming the right line.
 */
export function readWith<T extends v.GenericSchema>(
  schema: T,
  input: unknown,
  config: { readonly abortEarly?: boolean | undefined },
  addIssue: AddIssue,
): { output: v.InferOutput<T> } | undefined {
  const read = v.safeParse(schema, input, { abortEarly: config.abortEarly });
  if (read.success) return { output: read.output };
  for (const issue of read.issues)
    addIssue({
      message: issue.message,
      ...(issue.path === undefined ? {} : { path: issue.path }),
    });
  return undefined;
}

/** One item or a list of them, read as a list; an item's issues keep the item's own path. */
export function oneOrList<T extends v.GenericSchema>(item: T) {
  const many = list(item);
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, config, addIssue, NEVER }): v.InferOutput<T>[] => {
      const input = dataset.value;
      if (Array.isArray(input)) return readWith(many, input, config, addIssue)?.output ?? NEVER;
      const one = readWith(item, input, config, addIssue);
      return one === undefined ? NEVER : [one.output];
    }),
  );
}

/** A path step for an issue raised by hand. */
export const pathItem = (input: unknown, key: string | number): v.IssuePathItem => ({
  type: 'unknown',
  origin: 'value',
  input,
  key,
  value: undefined,
});

/** The keys of an issue's path, as the loader maps them to a line. */
export const issueKeys = (issue: v.BaseIssue<unknown>): (string | number)[] =>
  (issue.path ?? []).map((p) => (typeof p.key === 'number' ? p.key : String(p.key)));
