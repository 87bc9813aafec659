/**
 * Loose readers for manifest fields. Objects reach the API server as decoded JSON that only
 * claims a shape, so defaulting, validation and admission read them defensively.
 */
export type Fields = Record<string, unknown>;

export const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The object at `v`, or undefined. */
export const rec = (v: unknown): Fields | undefined => (isFields(v) ? v : undefined);

/** The object at `parent[key]`, created empty when absent (for defaulting in place). */
export function ensure(parent: Fields, key: string): Fields {
  const v = parent[key];
  if (isFields(v)) return v;
  const fresh: Fields = {};
  parent[key] = fresh;
  return fresh;
}

export const list = (v: unknown): Fields[] => (Array.isArray(v) ? v.filter(isFields) : []);

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const strMap = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(rec(v) ?? {})) if (typeof val === 'string') out[k] = val;
  return out;
};

/** Containers and init containers with their field paths, in the order the apiserver walks them. */
export function podContainers(spec: Fields, base: string): { c: Fields; path: string; init: boolean }[] {
  return [
    ...list(spec.initContainers).map((c, i) => ({ c, path: `${base}.initContainers[${i}]`, init: true })),
    ...list(spec.containers).map((c, i) => ({ c, path: `${base}.containers[${i}]`, init: false })),
  ];
}

/** The pod spec a workload stamps out (spec.template.spec; jobTemplate for CronJobs). */
export function templateSpec(obj: Fields): Fields | undefined {
  const spec = rec(obj.spec);
  if (spec === undefined) return undefined;
  const jobTemplate = rec(rec(spec.jobTemplate)?.spec);
  return rec(rec((jobTemplate ?? spec).template)?.spec);
}

/** `docker.io/library/nginx:1.27` for `nginx:1.27`, as the container runtime normalises names. */
export function normalizeImage(image: string): string {
  const slash = image.indexOf('/');
  const first = slash < 0 ? '' : image.slice(0, slash);
  const hasHost = first.includes('.') || first.includes(':') || first === 'localhost';
  if (hasHost) return image;
  return `docker.io/${slash < 0 ? `library/${image}` : image}`;
}
