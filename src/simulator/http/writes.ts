/**
 * POST, PUT, PATCH and DELETE, all through the world's ApiServer (authorization, admission)
 * with the request's user. The HTTP layer adds what the REST handlers do before the registry:
 * body decoding, namespace and name checks, fieldValidation, dryRun, optimistic concurrency.
 */
import { notFound, status } from '../api/status.js';
import type { KObject } from '../world/types.js';
import { apiVersionOf, decode, serve } from './codec.js';
import { readBody, type RequestContext } from './context.js';
import { jsonPatch, mergePatch, strategicMerge } from './patch.js';
import { HttpError, badRequest, fail, sendJson } from './respond.js';
import type { ResourceRoute } from './route.js';

/** Top-level fields each kind's Go type has (unknown ones trip fieldValidation). */
const TOP_LEVEL: Readonly<Record<string, readonly string[]>> = {
  Event: [
    'involvedObject',
    'reason',
    'message',
    'source',
    'firstTimestamp',
    'lastTimestamp',
    'count',
    'type',
    'eventTime',
    'series',
    'action',
    'related',
    'reportingComponent',
    'reportingInstance',
  ],
  ConfigMap: ['data', 'binaryData', 'immutable'],
  Secret: ['data', 'stringData', 'type', 'immutable'],
  ServiceAccount: ['secrets', 'imagePullSecrets', 'automountServiceAccountToken'],
  EndpointSlice: ['addressType', 'endpoints', 'ports'],
  Endpoints: ['subsets'],
  StorageClass: [
    'provisioner',
    'parameters',
    'reclaimPolicy',
    'mountOptions',
    'allowVolumeExpansion',
    'volumeBindingMode',
    'allowedTopologies',
  ],
  ValidatingWebhookConfiguration: ['webhooks'],
  MutatingWebhookConfiguration: ['webhooks'],
};
const META_FIELDS = new Set([
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
]);

/** strict decoding: names the unknown fields the way the apiserver's decoder does. */
function unknownFields(obj: KObject): string[] {
  const allowed = new Set(['apiVersion', 'kind', 'metadata', ...(TOP_LEVEL[obj.kind] ?? ['spec', 'status'])]);
  const out = Object.keys(obj).filter((k) => !allowed.has(k));
  for (const k of Object.keys(obj.metadata)) if (!META_FIELDS.has(k)) out.push(`metadata.${k}`);
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`couldn't get version/kind; json parse error: ${(err as Error).message}`);
  }
}

async function bodyObject(ctx: RequestContext, route: ResourceRoute): Promise<KObject> {
  const value = parseJson(await readBody(ctx.req));
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(`couldn't get version/kind; json parse error: expected an object`);
  const obj = value as KObject;
  const want = apiVersionOf(route.info);
  if (obj.kind !== route.info.kind || obj.apiVersion !== want)
    throw badRequest(
      `the API version in the data (${obj.apiVersion}) does not match the expected API version (${want})`,
    );
  if (typeof obj.metadata !== 'object' || obj.metadata === null) obj.metadata = {} as KObject['metadata'];
  return obj;
}

function checkFieldValidation(ctx: RequestContext, obj: KObject): void {
  const mode = ctx.url.searchParams.get('fieldValidation') ?? 'Warn';
  if (!['Strict', 'Warn', 'Ignore'].includes(mode))
    throw badRequest(`fieldValidation must be one of "Ignore", "Warn", or "Strict", got ${mode}`);
  const unknown = unknownFields(obj);
  if (unknown.length === 0 || mode === 'Ignore') return;
  if (mode === 'Strict') {
    const list = unknown.map((f) => `unknown field "${f}"`).join(', ');
    throw badRequest(
      `${obj.kind} in version "${obj.apiVersion.split('/').pop() ?? ''}" cannot be handled as a ${obj.kind}: strict decoding error: ${list}`,
    );
  }
  ctx.res.setHeader(
    'Warning',
    unknown.map((f) => `299 - "unknown field \\"${f}\\""`),
  );
}

function dryRunOf(ctx: RequestContext): boolean {
  const values = ctx.url.searchParams.getAll('dryRun');
  for (const v of values) if (v !== 'All') throw badRequest(`Invalid dry run value: ${v}`);
  return values.length > 0;
}

function checkNamespace(route: ResourceRoute, obj: KObject): void {
  if (!route.info.namespaced) return;
  const ns = obj.metadata.namespace;
  if (ns !== undefined && ns !== '' && route.namespace !== undefined && ns !== route.namespace)
    throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  if (route.namespace !== undefined) obj.metadata.namespace = route.namespace;
}

export async function createObject(ctx: RequestContext, route: ResourceRoute): Promise<void> {
  if (route.info.namespaced && route.namespace === undefined)
    throw fail(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);
  const obj = await bodyObject(ctx, route);
  checkFieldValidation(ctx, obj);
  checkNamespace(route, obj);
  if (
    (obj.metadata.name ?? '') === '' &&
    (obj.metadata as { generateName?: string }).generateName === undefined
  )
    throw new HttpError(
      status(
        422,
        'Invalid',
        `${route.info.kind} "" is invalid: metadata.name: Required value: name or generateName is required`,
      ),
    );
  delete (obj.metadata as { resourceVersion?: string }).resourceVersion;
  const result = ctx.state.sim.api.create(decode(route.info, obj), ctx.user, { dryRun: dryRunOf(ctx) });
  if (!result.ok) throw new HttpError(result.status);
  sendJson(ctx.res, 201, serve(route.info, result.object));
}

const conflict = (route: ResourceRoute, name: string): HttpError =>
  new HttpError(
    status(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${route.info.group === '' ? route.info.resource : `${route.info.resource}.${route.info.group}`} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      { name, ...(route.info.group === '' ? {} : { group: route.info.group }), kind: route.info.resource },
    ),
  );

function current(ctx: RequestContext, route: ResourceRoute, name: string): KObject {
  const obj = ctx.state.sim.store.get(
    route.info.resource,
    route.info.namespaced ? route.namespace : undefined,
    name,
  );
  if (obj === undefined) throw new HttpError(notFound(route.info.resource, name, route.info.group));
  return obj;
}

/** Replaces `old` with `next` as the REST update handler does: status and spec per subresource, server fields kept. */
function store(ctx: RequestContext, route: ResourceRoute, old: KObject, next: KObject): void {
  const name = old.metadata.name;
  if (next.metadata.name !== undefined && next.metadata.name !== name)
    throw badRequest(
      `the name of the object (${next.metadata.name}) does not match the name on the URL (${name})`,
    );
  const sentRv = next.metadata.resourceVersion;
  if (sentRv !== undefined && sentRv !== '' && sentRv !== old.metadata.resourceVersion)
    throw conflict(route, name);
  let merged: KObject;
  if (route.subresource === 'status')
    merged = { ...structuredClone(old), status: structuredClone(next.status) };
  else {
    merged = structuredClone(next);
    if ('status' in old) merged.status = structuredClone(old.status);
    else delete merged.status;
  }
  merged.metadata = {
    ...merged.metadata,
    name,
    ...(old.metadata.uid === undefined ? {} : { uid: old.metadata.uid }),
    ...(old.metadata.creationTimestamp === undefined
      ? {}
      : { creationTimestamp: old.metadata.creationTimestamp }),
    ...(old.metadata.resourceVersion === undefined ? {} : { resourceVersion: old.metadata.resourceVersion }),
    ...(old.metadata.namespace === undefined ? {} : { namespace: old.metadata.namespace }),
    ...(old.metadata.deletionTimestamp === undefined
      ? {}
      : { deletionTimestamp: old.metadata.deletionTimestamp }),
  };
  if (old.metadata.generation !== undefined)
    merged.metadata.generation =
      JSON.stringify(old.spec) === JSON.stringify(merged.spec)
        ? old.metadata.generation
        : old.metadata.generation + 1;
  if (dryRunOf(ctx)) {
    sendJson(ctx.res, 200, serve(route.info, merged));
    return;
  }
  if (JSON.stringify(merged) === JSON.stringify(old)) {
    // A no-op update writes nothing (no new resourceVersion, no watch event), as etcd3's GuaranteedUpdate.
    sendJson(ctx.res, 200, serve(route.info, old));
    return;
  }
  const result = ctx.state.sim.api.update(merged, ctx.user);
  if (!result.ok) throw new HttpError(result.status);
  sendJson(ctx.res, 200, serve(route.info, result.object));
}

export async function replaceObject(ctx: RequestContext, route: ResourceRoute, name: string): Promise<void> {
  const obj = await bodyObject(ctx, route);
  checkFieldValidation(ctx, obj);
  checkNamespace(route, obj);
  const old = current(ctx, route, name);
  store(ctx, route, old, decode(route.info, obj));
}

export async function patchObject(ctx: RequestContext, route: ResourceRoute, name: string): Promise<void> {
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const patch = parseJson(await readBody(ctx.req));
  const old = current(ctx, route, name);
  const base = serve(route.info, old) as unknown;
  let next: unknown;
  if (type === 'application/merge-patch+json') next = mergePatch(base, patch);
  else if (type === 'application/strategic-merge-patch+json') next = strategicMerge(base, patch);
  else if (type === 'application/json-patch+json') next = jsonPatch(base, patch);
  else
    throw new HttpError(
      status(
        415,
        'NotAcceptable',
        `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json`,
      ),
    );
  if (typeof next !== 'object' || next === null) throw badRequest('the patch did not produce an object');
  const obj = next as KObject;
  checkFieldValidation(ctx, obj);
  // A patch that does not name a resourceVersion is applied to whatever is current.
  const patchRv = (patch as { metadata?: { resourceVersion?: unknown } } | null)?.metadata?.resourceVersion;
  if (patchRv === undefined) delete obj.metadata.resourceVersion;
  store(ctx, route, old, decode(route.info, obj));
}

export async function deleteObject(ctx: RequestContext, route: ResourceRoute, name: string): Promise<void> {
  const text = await readBody(ctx.req);
  let grace: number | undefined;
  let dryRun = dryRunOf(ctx);
  if (text.trim() !== '') {
    const opts = parseJson(text) as { gracePeriodSeconds?: unknown; dryRun?: unknown };
    if (typeof opts.gracePeriodSeconds === 'number') grace = opts.gracePeriodSeconds;
    if (Array.isArray(opts.dryRun) && opts.dryRun.includes('All')) dryRun = true;
  }
  const q = ctx.url.searchParams.get('gracePeriodSeconds');
  if (q !== null) {
    grace = Number(q);
    if (!Number.isInteger(grace)) throw badRequest(`invalid gracePeriodSeconds: ${q}`);
  }
  const result = ctx.state.sim.api.delete(
    route.info,
    route.info.namespaced ? route.namespace : undefined,
    name,
    ctx.user,
    { ...(grace === undefined ? {} : { gracePeriodSeconds: grace }), dryRun },
  );
  if (!result.ok) throw new HttpError(result.status);
  sendJson(ctx.res, 200, serve(route.info, result.object));
}
