/**
 * Scoring among feasible nodes with the default profile's main plugins and weights:
 * NodeResourcesFit LeastAllocated (1), NodeResourcesBalancedAllocation (1), ImageLocality (1),
 * TaintToleration (3, PreferNoSchedule taints) and NodeAffinity (2, preferred terms).
 */
import { isTolerated } from '../../../k8s/index.js';
import type { PodObj } from '../../world/types.js';
import type { NodeInfo } from './node-cache.js';
import { matchesTerm } from './node-selector.js';
import { affinityOf, nonZeroRequests } from './pod-info.js';
import { normalizeImage } from './images.js';

const MB = 1024 * 1024;
const MIN_IMAGE = 23 * MB;
const MAX_IMAGE_PER_CONTAINER = 1000 * MB;

export interface ScoreContext {
  readonly pod: PodObj;
  /** The pod's cpu/memory as scoring counts them, and its normalised images. */
  readonly req: { readonly cpu: number; readonly memory: number };
  readonly images: readonly string[];
  readonly totalNodes: number;
  /** How many nodes hold each normalised image (ImageLocality's spread factor). */
  readonly imageNodes: ReadonlyMap<string, number>;
}

function leastAllocated(alloc: number, used: number): number {
  if (alloc <= 0 || used > alloc) return 0;
  return ((alloc - used) * 100) / alloc;
}

function imageScore(ctx: ScoreContext, n: NodeInfo): number {
  let sum = 0;
  for (const ref of ctx.images) {
    const size = n.images.get(ref);
    if (size !== undefined) sum += size * ((ctx.imageNodes.get(ref) ?? 1) / Math.max(1, ctx.totalNodes));
  }
  const max = MAX_IMAGE_PER_CONTAINER * Math.max(1, ctx.images.length);
  const clamped = Math.min(Math.max(sum, MIN_IMAGE), max);
  return ((clamped - MIN_IMAGE) * 100) / (max - MIN_IMAGE);
}

export function scoreContext(
  pod: PodObj,
  totalNodes: number,
  imageNodes: ReadonlyMap<string, number>,
): ScoreContext {
  return {
    pod,
    totalNodes,
    imageNodes,
    req: nonZeroRequests(pod),
    images: [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) =>
      normalizeImage(c.image ?? ''),
    ),
  };
}

export function scoreNode(ctx: ScoreContext, n: NodeInfo): number {
  const req = ctx.req;
  const allocCpu = n.allocatable.get('cpu') ?? 0;
  const allocMem = n.allocatable.get('memory') ?? 0;
  const cpuUsed = n.nonZeroCpu + req.cpu;
  const memUsed = n.nonZeroMemory + req.memory;
  const least = (leastAllocated(allocCpu, cpuUsed) + leastAllocated(allocMem, memUsed)) / 2;
  const cpuFrac = allocCpu > 0 ? Math.min(1, cpuUsed / allocCpu) : 1;
  const memFrac = allocMem > 0 ? Math.min(1, memUsed / allocMem) : 1;
  const balanced = (1 - Math.abs(cpuFrac - memFrac) / 2) * 100;
  const prefer = (n.node.spec.taints ?? []).filter(
    (t) => t.effect === 'PreferNoSchedule' && !isTolerated(t, ctx.pod.spec.tolerations),
  ).length;
  const taints = 100 - Math.min(100, prefer * 50);
  const preferred = affinityOf(ctx.pod).nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
  const total = preferred.reduce((s, p) => s + p.weight, 0);
  const affinity =
    total === 0
      ? 0
      : (preferred.reduce((s, p) => s + (matchesTerm(p.preference, n.node) ? p.weight : 0), 0) * 100) / total;
  return least + balanced + imageScore(ctx, n) + 3 * taints + 2 * affinity;
}
