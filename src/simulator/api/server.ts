/**
 * The simulated kube-apiserver's write path: authentication, authorization, defaulting,
 * validation and admission, then the store. Both the HTTP layer and the in-world controllers
 * go through it, so a denial looks the same to `kubectl apply` and to a ReplicaSet.
 */
import type { World } from '../world/world.js';
import type { KObject } from '../world/types.js';
import { resourceByKind, type ResourceInfo } from '../world/resources.js';
import { alreadyExists, notFound, status, type StatusObj } from './status.js';
import type { AdmissionPlugin, ApiResult, AttributesRecord, UserInfo } from './types.js';

export interface ApiServerHooks {
  /** Bearer token → user; undefined when the token is unknown. */
  authenticate(token: string): UserInfo | undefined;
  /** Undefined when allowed; otherwise the 403 Status. */
  authorize(attrs: AttributesRecord): StatusObj | undefined;
  /** Fills defaults (pod spec defaults, generated names) in place. */
  setDefaults(obj: KObject, resource: ResourceInfo): void;
  /** Schema validation (object meta, container names, image references, …). */
  validate(obj: KObject, resource: ResourceInfo): StatusObj | undefined;
  /** Admission plugins in the order the real server runs them (mutating first). */
  readonly plugins: readonly AdmissionPlugin[];
  /** Graceful deletion: returns true when it took over (e.g. set deletionTimestamp on a pod). */
  beginDelete(obj: KObject, resource: ResourceInfo, gracePeriodSeconds: number | undefined): boolean;
}

/** The world with the API server that writes it: what controllers and the bootstrap act through. */
export interface ApiWorld extends World {
  readonly api: ApiServer;
}

export interface DeleteOptions {
  readonly gracePeriodSeconds?: number;
  readonly dryRun?: boolean;
}

export class ApiServer {
  constructor(
    private readonly world: World,
    private readonly hooks: ApiServerHooks,
  ) {}

  authenticate(token: string | undefined): UserInfo | undefined {
    return token === undefined ? undefined : this.hooks.authenticate(token);
  }

  authorize(attrs: AttributesRecord): StatusObj | undefined {
    return this.hooks.authorize(attrs);
  }

  /** Create through the whole admission chain. */
  create<T extends KObject>(input: T, user: UserInfo, opts: { dryRun?: boolean } = {}): ApiResult<T> {
    const resource = resourceByKind(input.kind);
    if (resource === undefined)
      return {
        ok: false,
        status: status(
          404,
          'NotFound',
          `the server could not find the requested resource (kind ${input.kind})`,
        ),
      };
    const obj = structuredClone(input);
    const meta = obj.metadata as KObject['metadata'] & { generateName?: string };
    if (!resource.namespaced) delete meta.namespace;
    else meta.namespace ??= 'default';
    const denied = this.hooks.authorize({
      user,
      verb: 'create',
      resource,
      ...(meta.namespace === undefined ? {} : { namespace: meta.namespace }),
    });
    if (denied !== undefined) return { ok: false, status: denied };
    if (
      resource.namespaced &&
      meta.namespace !== undefined &&
      this.world.store.get('namespaces', undefined, meta.namespace) === undefined
    )
      return { ok: false, status: notFound('namespaces', meta.namespace) };
    // Generated here, but mutating admission still sees the request as unnamed (`unnamedAs`).
    let unnamedAs: string | undefined;
    if ((meta.name === undefined || meta.name === '') && meta.generateName !== undefined) {
      unnamedAs = meta.generateName;
      meta.name = meta.generateName + this.world.rng.nameSuffix();
    }
    this.hooks.setDefaults(obj, resource);
    const invalid = this.hooks.validate(obj, resource);
    if (invalid !== undefined) return { ok: false, status: invalid };
    for (const phase of ['mutating', 'validating'] as const) {
      for (const plugin of this.hooks.plugins) {
        if (plugin.phase !== phase) continue;
        const denial = plugin.admit({
          operation: 'CREATE',
          user,
          resource,
          object: obj,
          dryRun: opts.dryRun === true,
          ...(phase === 'mutating' && unnamedAs !== undefined ? { unnamedAs } : {}),
        });
        if (denial !== undefined) return { ok: false, status: denial };
      }
    }
    if (this.world.store.get(resource.resource, meta.namespace, meta.name) !== undefined)
      return { ok: false, status: alreadyExists(resource.resource, meta.name, resource.group) };
    if (opts.dryRun === true) return { ok: true, object: obj };
    return { ok: true, object: this.world.store.create(obj) };
  }

  /** Replace (PUT) through authorization and UPDATE admission. */
  update<T extends KObject>(obj: T, user: UserInfo): ApiResult<T> {
    const resource = resourceByKind(obj.kind);
    if (resource === undefined)
      return { ok: false, status: status(404, 'NotFound', `unknown kind ${obj.kind}`) };
    const denied = this.hooks.authorize({
      user,
      verb: 'update',
      resource,
      ...(obj.metadata.namespace === undefined ? {} : { namespace: obj.metadata.namespace }),
      name: obj.metadata.name,
    });
    if (denied !== undefined) return { ok: false, status: denied };
    const old = this.world.store.get(resource.resource, obj.metadata.namespace, obj.metadata.name);
    if (old === undefined)
      return { ok: false, status: notFound(resource.resource, obj.metadata.name, resource.group) };
    for (const plugin of this.hooks.plugins) {
      const denial = plugin.admit({
        operation: 'UPDATE',
        user,
        resource,
        object: obj,
        oldObject: old,
        dryRun: false,
      });
      if (denial !== undefined) return { ok: false, status: denial };
    }
    return { ok: true, object: this.world.store.update(obj) };
  }

  /** DELETE: graceful for pods and objects with finalizers, immediate otherwise. */
  delete(
    resource: ResourceInfo,
    namespace: string | undefined,
    name: string,
    user: UserInfo,
    opts: DeleteOptions = {},
  ): ApiResult {
    const denied = this.hooks.authorize({
      user,
      verb: 'delete',
      resource,
      ...(namespace === undefined ? {} : { namespace }),
      name,
    });
    if (denied !== undefined) return { ok: false, status: denied };
    const obj = this.world.store.get(resource.resource, namespace, name);
    if (obj === undefined) return { ok: false, status: notFound(resource.resource, name, resource.group) };
    if (opts.dryRun === true) return { ok: true, object: obj };
    if (this.hooks.beginDelete(obj, resource, opts.gracePeriodSeconds)) return { ok: true, object: obj };
    this.world.store.remove(resource.resource, namespace, name);
    return { ok: true, object: obj };
  }
}
