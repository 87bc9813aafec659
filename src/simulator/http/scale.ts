/**
 * The `scale` subresource of Deployments, ReplicaSets and StatefulSets (autoscaling/v1 Scale),
 * as the apps registries serve it: GET reads spec.replicas, status.replicas and the selector as a
 * string; PUT and PATCH change only spec.replicas of the object, which the controllers then act on.
 */
import { notFound, status } from '../api/status.js';
import type { WorkloadObj } from '../world/types.js';
import { readBody, type RequestContext } from './context.js';
import { jsonPatch, mergePatch, strategicMerge } from './patch.js';
import { HttpError, badRequest, fail, sendJson } from './respond.js';
import type { ResourceRoute } from './route.js';

const SCALABLE = new Set(['deployments', 'replicasets', 'statefulsets']);

interface Scale {
  kind: 'Scale';
  apiVersion: 'autoscaling/v1';
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    creationTimestamp?: string;
  };
  spec: { replicas: number };
  status: { replicas: number; selector: string };
}

/** metav1.LabelSelectorAsSelector(...).String(): requirements sorted by key, values sorted. */
export function selectorString(selector: WorkloadObj['spec']['selector']): string {
  const parts: { key: string; text: string }[] = [];
  for (const [key, value] of Object.entries(selector?.matchLabels ?? {}))
    parts.push({ key, text: `${key}=${value}` });
  for (const e of selector?.matchExpressions ?? []) {
    const values = [...(e.values ?? [])].sort().join(',');
    const text =
      e.operator === 'In'
        ? `${e.key} in (${values})`
        : e.operator === 'NotIn'
          ? `${e.key} notin (${values})`
          : e.operator === 'Exists'
            ? e.key
            : `!${e.key}`;
    parts.push({ key: e.key, text });
  }
  return parts
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((p) => p.text)
    .join(',');
}

function scaleOf(obj: WorkloadObj): Scale {
  const m = obj.metadata;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: m.name,
      ...(m.namespace === undefined ? {} : { namespace: m.namespace }),
      ...(m.uid === undefined ? {} : { uid: m.uid }),
      ...(m.resourceVersion === undefined ? {} : { resourceVersion: m.resourceVersion }),
      ...(m.creationTimestamp === undefined ? {} : { creationTimestamp: m.creationTimestamp }),
    },
    spec: { replicas: obj.spec.replicas ?? 1 },
    status: { replicas: obj.status.replicas ?? 0, selector: selectorString(obj.spec.selector) },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`couldn't get version/kind; json parse error: ${(err as Error).message}`);
  }
}

function current(ctx: RequestContext, route: ResourceRoute, name: string): WorkloadObj {
  const obj = ctx.state.sim.store.get<WorkloadObj>(route.info.resource, route.namespace, name);
  if (obj === undefined) throw new HttpError(notFound(route.info.resource, name, route.info.group));
  return obj;
}

/** Applies a Scale sent by the client: its replicas, after the checks the scale REST handler makes. */
function store(ctx: RequestContext, route: ResourceRoute, old: WorkloadObj, sent: unknown): void {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent))
    throw badRequest("couldn't get version/kind; json parse error: expected an object");
  // What the client sent: nothing in it is trusted to have its type.
  const scale = sent as {
    kind?: unknown;
    apiVersion?: unknown;
    metadata?: { name?: unknown; resourceVersion?: unknown };
    spec?: { replicas?: unknown };
  };
  if (scale.kind !== 'Scale' || scale.apiVersion !== 'autoscaling/v1')
    throw badRequest(
      `the API version in the data (${String(scale.apiVersion)}) does not match the expected API version (autoscaling/v1)`,
    );
  const name = old.metadata.name;
  if (scale.metadata?.name !== undefined && scale.metadata.name !== name)
    throw badRequest(
      `the name of the object (${typeof scale.metadata.name === 'string' ? scale.metadata.name : JSON.stringify(scale.metadata.name)}) does not match the name on the URL (${name})`,
    );
  const rv = scale.metadata?.resourceVersion;
  if (typeof rv === 'string' && rv !== '' && rv !== old.metadata.resourceVersion)
    throw fail(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${route.info.resource}.${route.info.group} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    );
  const replicas = scale.spec?.replicas;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)
    throw new HttpError(
      status(
        422,
        'Invalid',
        `Scale.autoscaling "${name}" is invalid: spec.replicas: Invalid value: ${JSON.stringify(replicas ?? null)}: must be greater than or equal to 0`,
      ),
    );
  const dryRun = ctx.url.searchParams.getAll('dryRun').includes('All');
  if (replicas === (old.spec.replicas ?? 1) || dryRun) {
    sendJson(ctx.res, 200, { ...scaleOf(old), spec: { replicas } });
    return;
  }
  const next = structuredClone(old);
  next.spec.replicas = replicas;
  next.metadata.generation = (old.metadata.generation ?? 1) + 1;
  const result = ctx.state.sim.api.update(next, ctx.user);
  if (!result.ok) throw new HttpError(result.status);
  sendJson(ctx.res, 200, scaleOf(result.object));
}

export async function scaleSubresource(
  ctx: RequestContext,
  route: ResourceRoute,
  name: string,
  verb: string,
): Promise<void> {
  if (!SCALABLE.has(route.info.resource) || route.namespace === undefined)
    throw fail(404, 'NotFound', 'the server could not find the requested resource');
  const old = current(ctx, route, name);
  switch (verb) {
    case 'get':
      sendJson(ctx.res, 200, scaleOf(old));
      return;
    case 'update':
      store(ctx, route, old, parseJson(await readBody(ctx.req)));
      return;
    case 'patch': {
      const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
      const patch = parseJson(await readBody(ctx.req));
      const base = scaleOf(old) as unknown;
      let next: unknown;
      if (type === 'application/merge-patch+json') next = mergePatch(base, patch);
      else if (type === 'application/strategic-merge-patch+json') next = strategicMerge(base, patch);
      else if (type === 'application/json-patch+json') next = jsonPatch(base, patch);
      else
        throw fail(
          415,
          'NotAcceptable',
          'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json',
        );
      // A patch that names no resourceVersion applies to whatever is current.
      const named = (patch as { metadata?: { resourceVersion?: unknown } } | null)?.metadata?.resourceVersion;
      if (named === undefined && typeof next === 'object' && next !== null)
        delete (next as Scale).metadata.resourceVersion;
      store(ctx, route, old, next);
      return;
    }
    default:
      throw fail(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  }
}
