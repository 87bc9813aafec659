/**
 * A scenario as the loader hands it to the simulation: the types are inferred from the schema
 * (schema/), read-only all the way down, so the format is declared once.
 */
import type { InferOutput } from 'valibot';
import type { behavior } from './schema/images.js';
import type { scenario } from './schema/scenario.js';

type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

type ScenarioSpec = DeepReadonly<InferOutput<typeof scenario>>;

export type ScenarioObject = ScenarioSpec['objects'][number] & {
  /** 1-based line in the scenario file, for messages. */
  readonly line?: number;
};

export type Scenario = Omit<ScenarioSpec, 'objects'> & {
  /** The stage folder it was found in, if any (`scenarios/<stage>/<name>.yaml`). */
  readonly group?: string;
  /** Where it was loaded from (for messages). */
  readonly path?: string;
  readonly objects: readonly ScenarioObject[];
};

export type Expectation = ScenarioSpec['expect'][number];
export type ClusterSpec = ScenarioSpec['cluster'];
export type NodeSpec = ClusterSpec['nodes'][number];
export type NodeIncident = NodeSpec['incidents'][number];
export type NamespaceSpec = ClusterSpec['namespaces'][number];
export type WebhookSpec = ClusterSpec['webhooks'][number];
export type StorageClassSpec = ClusterSpec['storageClasses'][number];
export type CsiDriverSpec = ClusterSpec['csiDrivers'][number];
export type CniSpec = ClusterSpec['cni'];
export type RegistrySpec = ClusterSpec['registry'];
export type ImageSpec = RegistrySpec['images'][number];
export type ContainerBehavior = DeepReadonly<InferOutput<typeof behavior>>;
export type HttpEndpoint = ContainerBehavior['http'][number];
export type UserSpec = ClusterSpec['users'][number];
