/**
 * The scheduler's cache: per node, the requests of the pods bound (or assumed) there, kept
 * incrementally from pod changes so that a filter never re-sums a node's pods. Pods that are
 * terminal or gone release their share; an assumed pod counts from the moment the scheduler
 * picks its node, before the binding lands, as the real scheduler's assume step does.
 */
import type { NodeObj, PodObj } from '../../world/types.js';
import { normalizeImage } from './images.js';
import {
  hostPorts,
  isTerminal,
  nonZeroRequests,
  podRequests,
  quantity,
  affinityOf,
  type HostPort,
  type Requests,
} from './pod-info.js';

export interface CachedPod {
  readonly uid: string;
  readonly pod: PodObj;
  readonly node: string;
  readonly requests: Requests;
  readonly nonZero: { readonly cpu: number; readonly memory: number };
  readonly ports: readonly HostPort[];
  readonly hasAntiAffinity: boolean;
}

export class NodeInfo {
  readonly allocatable: Requests = new Map();
  readonly requested: Requests = new Map();
  nonZeroCpu = 0;
  nonZeroMemory = 0;
  readonly pods = new Map<string, CachedPod>();
  /** Normalised image name → size, for ImageLocality. */
  readonly images = new Map<string, number>();
  constructor(public node: NodeObj) {
    this.setNode(node);
  }

  setNode(node: NodeObj): void {
    this.node = node;
    this.allocatable.clear();
    for (const [k, v] of Object.entries(node.status.allocatable ?? node.status.capacity ?? {}))
      this.allocatable.set(k, quantity(k, v));
    this.images.clear();
    for (const img of node.status.images ?? [])
      for (const name of img.names ?? []) this.images.set(normalizeImage(name), img.sizeBytes ?? 0);
  }

  get name(): string {
    return this.node.metadata.name;
  }

  add(p: CachedPod): void {
    this.pods.set(p.uid, p);
    for (const [k, v] of p.requests) this.requested.set(k, (this.requested.get(k) ?? 0) + v);
    this.nonZeroCpu += p.nonZero.cpu;
    this.nonZeroMemory += p.nonZero.memory;
  }

  remove(p: CachedPod): void {
    if (!this.pods.delete(p.uid)) return;
    for (const [k, v] of p.requests) this.requested.set(k, (this.requested.get(k) ?? 0) - v);
    this.nonZeroCpu -= p.nonZero.cpu;
    this.nonZeroMemory -= p.nonZero.memory;
  }

  /** Host ports in use, recomputed on demand: only pods asking for host ports look. */
  usedPorts(): HostPort[] {
    const out: HostPort[] = [];
    for (const p of this.pods.values()) out.push(...p.ports);
    return out;
  }
}

/** What about a node the scheduling decisions depend on (not heartbeats or conditions). */
export function nodeFingerprint(node: NodeObj): string {
  return JSON.stringify([
    node.metadata.labels ?? {},
    node.spec.taints ?? [],
    node.spec.unschedulable ?? false,
    node.status.allocatable ?? {},
    (node.status.images ?? []).length,
  ]);
}

export class SchedulerCache {
  readonly nodes = new Map<string, NodeInfo>();
  /** Node names in store order, rebuilt when nodes come or go. */
  private order: NodeInfo[] | undefined;
  private readonly pods = new Map<string, CachedPod>();
  /** Pods carrying required anti-affinity: the only ones InterPodAffinity must scan for every pod. */
  readonly antiAffinityPods = new Map<string, CachedPod>();

  nodeList(): NodeInfo[] {
    this.order ??= [...this.nodes.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return this.order;
  }

  setNode(node: NodeObj): void {
    const info = this.nodes.get(node.metadata.name);
    if (info === undefined) {
      const fresh = new NodeInfo(node);
      this.nodes.set(node.metadata.name, fresh);
      this.order = undefined;
      // Pods bound to a node before the node was seen.
      for (const p of this.pods.values()) if (p.node === node.metadata.name) fresh.add(p);
    } else info.setNode(node);
  }

  removeNode(name: string): void {
    if (this.nodes.delete(name)) this.order = undefined;
  }

  cachedPod(uid: string): CachedPod | undefined {
    return this.pods.get(uid);
  }

  /** Counts `pod` on `node` (bound or assumed); a later change of the pod replaces the entry. */
  assume(pod: PodObj, node: string): void {
    const uid = pod.metadata.uid ?? pod.metadata.name;
    this.forget(uid);
    const entry: CachedPod = {
      uid,
      pod,
      node,
      requests: podRequests(pod),
      nonZero: nonZeroRequests(pod),
      ports: hostPorts(pod),
      hasAntiAffinity:
        (affinityOf(pod).podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).length > 0,
    };
    this.pods.set(uid, entry);
    if (entry.hasAntiAffinity) this.antiAffinityPods.set(uid, entry);
    this.nodes.get(node)?.add(entry);
  }

  forget(uid: string): void {
    const old = this.pods.get(uid);
    if (old === undefined) return;
    this.pods.delete(uid);
    this.antiAffinityPods.delete(uid);
    this.nodes.get(old.node)?.remove(old);
  }

  /** Applies a pod change; returns true when it freed room (the pod left a node). */
  updatePod(pod: PodObj, deleted: boolean): boolean {
    const uid = pod.metadata.uid ?? pod.metadata.name;
    const old = this.pods.get(uid);
    const node = pod.spec.nodeName;
    if (deleted || isTerminal(pod) || node === undefined || node === '') {
      // An assumed pod the API has not bound yet keeps its place.
      if (old !== undefined && !deleted && !isTerminal(pod) && (node === undefined || node === ''))
        return false;
      this.forget(uid);
      return old !== undefined;
    }
    if (old?.node === node) return false;
    this.assume(pod, node);
    return old !== undefined && old.node !== node;
  }
}
