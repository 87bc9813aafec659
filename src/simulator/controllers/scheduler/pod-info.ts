/**
 * What the scheduler reads from a pod spec, beyond the model's subset: effective resource
 * requests (as the scheduler's resource helpers compute them), host ports, priority, and the
 * typed affinity / topology spread fields (the model keeps `affinity` opaque).
 */
import { parseQuantity } from '../../../k8s/index.js';
import type { Container, LabelSelector } from '../../../model/index.js';
import type { PodObj } from '../../world/types.js';

/** Requests per resource name: cpu in millicores, everything else in base units. */
export type Requests = Map<string, number>;

export interface HostPort {
  readonly ip: string;
  readonly protocol: string;
  readonly port: number;
}

export interface NodeSelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}
export interface NodeSelectorTerm {
  readonly matchExpressions?: readonly NodeSelectorRequirement[];
  readonly matchFields?: readonly NodeSelectorRequirement[];
}
export interface PodAffinityTerm {
  readonly labelSelector?: LabelSelector;
  readonly namespaces?: readonly string[];
  readonly namespaceSelector?: LabelSelector;
  readonly topologyKey: string;
}
export interface Affinity {
  readonly nodeAffinity?: {
    readonly requiredDuringSchedulingIgnoredDuringExecution?: {
      readonly nodeSelectorTerms?: readonly NodeSelectorTerm[];
    };
    readonly preferredDuringSchedulingIgnoredDuringExecution?: readonly {
      readonly weight: number;
      readonly preference: NodeSelectorTerm;
    }[];
  };
  readonly podAffinity?: {
    readonly requiredDuringSchedulingIgnoredDuringExecution?: readonly PodAffinityTerm[];
  };
  readonly podAntiAffinity?: {
    readonly requiredDuringSchedulingIgnoredDuringExecution?: readonly PodAffinityTerm[];
  };
}
export interface TopologySpreadConstraint {
  readonly maxSkew: number;
  readonly topologyKey: string;
  readonly whenUnsatisfiable: string;
  readonly labelSelector?: LabelSelector;
  readonly minDomains?: number;
  readonly matchLabelKeys?: readonly string[];
  readonly nodeAffinityPolicy?: string;
}

/** Pod spec fields the model does not carry. */
interface SpecExtra {
  readonly priority?: number;
  readonly preemptionPolicy?: string;
  readonly overhead?: Readonly<Record<string, string>>;
  readonly topologySpreadConstraints?: readonly TopologySpreadConstraint[];
}

const extra = (pod: PodObj): SpecExtra => pod.spec as unknown as SpecExtra;

export const affinityOf = (pod: PodObj): Affinity => pod.spec.affinity ?? {};
export const priorityOf = (pod: PodObj): number => extra(pod).priority ?? 0;
export const preemptionPolicyOf = (pod: PodObj): string =>
  extra(pod).preemptionPolicy ?? 'PreemptLowerPriority';
export const spreadConstraintsOf = (pod: PodObj): readonly TopologySpreadConstraint[] =>
  extra(pod).topologySpreadConstraints ?? [];

/** A quantity in the unit the scheduler keeps it in (cpu: millicores). */
export function quantity(resource: string, text: string | undefined): number {
  const v = parseQuantity(text) ?? 0;
  return resource === 'cpu' ? Math.round(v * 1000) : v;
}

/** A container's requests; the API server defaults a missing request to the limit. */
function containerRequests(c: Container): Requests {
  const out: Requests = new Map();
  const limits = c.resources?.limits ?? {};
  const requests = c.resources?.requests ?? {};
  for (const name of new Set([...Object.keys(limits), ...Object.keys(requests)]))
    out.set(name, quantity(name, requests[name] ?? limits[name]));
  return out;
}

function add(into: Requests, from: Requests): void {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + v);
}

/**
 * The pod's effective request: app containers and sidecars summed, each regular init container
 * running alone (with the sidecars started before it), the larger of the two, plus overhead.
 */
export function podRequests(pod: PodObj): Requests {
  const total: Requests = new Map();
  for (const c of pod.spec.containers) add(total, containerRequests(c));
  const sidecars: Requests = new Map();
  for (const c of pod.spec.initContainers ?? []) {
    const r = containerRequests(c);
    if (c.restartPolicy === 'Always') {
      add(total, r);
      add(sidecars, r);
      continue;
    }
    for (const [k, v] of r) {
      const whileInit = v + (sidecars.get(k) ?? 0);
      if (whileInit > (total.get(k) ?? 0)) total.set(k, whileInit);
    }
  }
  for (const [k, v] of Object.entries(extra(pod).overhead ?? {}))
    total.set(k, (total.get(k) ?? 0) + quantity(k, v));
  return total;
}

/** Default requests the scoring plugins assume for containers that set none (schedutil). */
const NONZERO_CPU = 100;
const NONZERO_MEMORY = 200 * 1024 * 1024;

/** cpu and memory as the scoring plugins count them (zero requests become the defaults). */
export function nonZeroRequests(pod: PodObj): { cpu: number; memory: number } {
  let cpu = 0;
  let memory = 0;
  for (const c of pod.spec.containers) {
    const r = containerRequests(c);
    cpu += r.get('cpu') || NONZERO_CPU;
    memory += r.get('memory') || NONZERO_MEMORY;
  }
  return { cpu, memory };
}

export function hostPorts(pod: PodObj): HostPort[] {
  const out: HostPort[] = [];
  // App containers and sidecars (restartable init containers) hold their ports for the pod's life.
  const sidecars = (pod.spec.initContainers ?? []).filter((c) => c.restartPolicy === 'Always');
  for (const c of [...sidecars, ...pod.spec.containers])
    for (const p of c.ports ?? [])
      if (p.hostPort !== undefined && p.hostPort > 0) {
        const hostIP = (p as { hostIP?: string }).hostIP;
        out.push({ ip: hostIP ?? '0.0.0.0', protocol: p.protocol ?? 'TCP', port: p.hostPort });
      }
  return out;
}

/** Two host ports collide when protocol and port match and either binds every address. */
export function portsConflict(a: HostPort, b: HostPort): boolean {
  return (
    a.port === b.port &&
    a.protocol === b.protocol &&
    (a.ip === b.ip || a.ip === '0.0.0.0' || b.ip === '0.0.0.0')
  );
}

/** Terminal pods hold no resources on their node. */
export const isTerminal = (pod: PodObj): boolean =>
  pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
