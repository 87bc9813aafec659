/** Builders for the checks' tests: plain Kubernetes objects, a state and a target. */
import type { KObject } from '../../simulator/world/types.js';
import type { CheckContext, ClusterState, InputObject, PreflightTarget, StateKind } from '../types.js';
import { STATE_KINDS } from '../types.js';

export const NS = 'shop';

export function configMap(name: string, data: Record<string, string> = {}, namespace = NS): KObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data };
}

/** A Secret as a cluster read returns it when values are redacted: data keys only. */
export function secret(name: string, keys: readonly string[] = [], namespace = NS): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    type: 'Opaque',
    data: Object.fromEntries(keys.map((k) => [k, ''])),
  };
}

export function serviceAccount(name: string, pullSecrets: readonly string[] = [], namespace = NS): KObject {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name, namespace },
    ...(pullSecrets.length === 0 ? {} : { imagePullSecrets: pullSecrets.map((n) => ({ name: n })) }),
  };
}

export function node(name: string, images: readonly (readonly string[])[] = []): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name },
    spec: {},
    status: { images: images.map((names) => ({ names: [...names], sizeBytes: 1000 })) },
  };
}

export function pod(
  name: string,
  labels: Record<string, string>,
  namespace = NS,
  phase = 'Running',
): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace, labels },
    spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] },
    status: { phase },
  };
}

export interface StateInit {
  readonly objects?: readonly KObject[];
  /** Kinds read; all kinds when omitted. */
  readonly known?: readonly StateKind[];
  readonly missing?: readonly { readonly kind: StateKind; readonly why: string }[];
}

export function state(init: StateInit = {}): ClusterState {
  return {
    objects: init.objects ?? [],
    known: new Set(init.known ?? STATE_KINDS),
    missing: init.missing ?? [],
    at: Date.UTC(2026, 11, 2, 12, 0, 0),
  };
}

/** All kinds but the ones named, with a reason each. */
export function stateWithout(
  kinds: readonly StateKind[],
  why: string,
  objects: readonly KObject[] = [],
): ClusterState {
  return state({
    objects,
    known: STATE_KINDS.filter((k) => !kinds.includes(k)),
    missing: kinds.map((kind) => ({ kind, why })),
  });
}

export function input(object: KObject, line = 1, file = 'app.yaml'): InputObject {
  return { object, file, line };
}

export function deployment(
  name: string,
  spec: Record<string, unknown>,
  labels: Record<string, string> = { app: name },
  /** null: the manifest names no namespace. */
  namespace: string | null = NS,
): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, ...(namespace === null ? {} : { namespace }) },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec },
    },
  };
}

/** A Deployment target whose pod template has `spec`. */
export function target(
  spec: Record<string, unknown>,
  name = 'web',
  labels: Record<string, string> = { app: name },
): PreflightTarget {
  return {
    kind: 'Deployment',
    namespace: NS,
    name,
    template: { metadata: { labels }, spec },
    replicas: 1,
    input: input(deployment(name, spec, labels), 1, 'app.yaml'),
  };
}

/** A context whose target's manifest names no namespace (kubectl's namespace is then shop). */
export function ctxWithoutNamespace(
  spec: Record<string, unknown>,
  clusterState: ClusterState,
  inputs: readonly InputObject[],
): CheckContext {
  const t = target(spec);
  const unnamespaced = { ...t, input: input(deployment(t.name, spec, { app: t.name }, null), 1, 'app.yaml') };
  return { target: unnamespaced, state: clusterState, inputs: [unnamespaced.input, ...inputs] };
}

export function ctx(
  spec: Record<string, unknown>,
  clusterState: ClusterState = state(),
  inputs: readonly InputObject[] = [],
): CheckContext {
  const t = target(spec);
  return { target: t, state: clusterState, inputs: [t.input, ...inputs] };
}

/** `{ name, image }` plus whatever else the container needs. */
export function container(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, image: 'registry.example.com/shop/web:1.4.2', ...extra };
}
