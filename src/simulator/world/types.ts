/**
 * The simulator's object shapes. Objects are stored as plain JSON (what the HTTP API serves);
 * controllers read and write them through the mutable views below, built from the model's
 * readonly subsets so both sides agree on field names.
 */
import type {
  Node,
  ObjectMeta,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  Service,
  EndpointSlice,
  StorageClass,
  Workload,
} from '../../model/index.js';

/** Deep mutable copy of a readonly model type. */
export type Mutable<T> = T extends readonly (infer U)[]
  ? Mutable<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type Meta = Mutable<ObjectMeta> & { namespace?: string };

/** Any object the store holds: apiVersion, kind and metadata are always set. */
export interface KObject {
  apiVersion: string;
  kind: string;
  metadata: Meta;
  [field: string]: unknown;
}

type Obj<T extends { kind: string }> = Mutable<Omit<T, 'kind'>> & {
  apiVersion: string;
  kind: T['kind'];
  metadata: Meta;
};

export type PodObj = Obj<Pod> & {
  status: Obj<Pod>['status'] & { podIPs?: { ip: string }[]; hostIPs?: { ip: string }[] };
};
export type NodeObj = Obj<Node>;
export type PvcObj = Obj<PersistentVolumeClaim>;
export type PvObj = Obj<PersistentVolume>;
export type StorageClassObj = Obj<StorageClass>;
export type ServiceObj = Obj<Service>;
export type EndpointSliceObj = Obj<EndpointSlice> & {
  endpoints: (Mutable<EndpointSlice['endpoints'][number]> & { zone?: string })[];
};
export type WorkloadObj = Obj<Workload> & {
  spec: Obj<Workload>['spec'] & {
    serviceName?: string;
    completions?: number;
    parallelism?: number;
    backoffLimit?: number;
    minReadySeconds?: number;
    progressDeadlineSeconds?: number;
    strategy?: { type?: string };
  };
  status: Obj<Workload>['status'] & {
    observedGeneration?: number;
    updatedReplicas?: number;
    currentNumberScheduled?: number;
    numberAvailable?: number;
    currentReplicas?: number;
    startTime?: string;
    completionTime?: string;
    ready?: number;
  };
};

/** A core/v1 Event as the recorder writes it (events.k8s.io/v1 is derived from it when served). */
export interface EventObj extends KObject {
  kind: 'Event';
  involvedObject: {
    apiVersion?: string;
    kind: string;
    namespace?: string;
    name: string;
    uid?: string;
    fieldPath?: string;
    resourceVersion?: string;
  };
  reason: string;
  message: string;
  type: 'Normal' | 'Warning';
  source: { component: string; host?: string };
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  eventTime: string | null;
  count?: number;
  series?: { count: number; lastObservedTime: string };
  reportingComponent: string;
  reportingInstance: string;
  action?: string;
}

export const isPod = (o: KObject): o is PodObj => o.kind === 'Pod';
