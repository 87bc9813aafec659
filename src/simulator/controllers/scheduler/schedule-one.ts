/**
 * One scheduling attempt (schedule_one.go findNodesThatFitPod + prioritizeNodes): PreFilter,
 * then filters over at most numFeasibleNodesToFind nodes starting where the last attempt
 * stopped, then scores among the feasible ones. Pure with respect to the world: it reads the
 * store and cache and returns a decision; the controller acts on it.
 */
import type { PodObj, PvObj } from '../../world/types.js';
import type { Store } from '../../world/store.js';
import type { Rng } from '../../world/rng.js';
import { NODE_FILTERS, podState, reject, type NodeStatus } from './filters.js';
import type { NodeInfo, SchedulerCache } from './node-cache.js';
import { pinnedNodeNames } from './node-selector.js';
import { podRequests, preemptionPolicyOf } from './pod-info.js';
import { affinityFilter, affinityPreFilter } from './pod-affinity.js';
import { scoreContext, scoreNode } from './score.js';
import { spreadFilter, spreadPreFilter } from './topology-spread.js';
import { volumeFilter, volumePreFilter, volumesOnNode, type PodVolumes } from './volume-binding.js';
import { fitErrorMessage, NO_NODES_MESSAGE } from './fit-error.js';

const MIN_FEASIBLE_NODES = 100;
const MIN_FEASIBLE_PERCENTAGE = 5;
const BASE_PERCENTAGE = 50;

/** The adaptive percentageOfNodesToScore (integer arithmetic, as the Go code does it). */
export function numFeasibleNodesToFind(numAllNodes: number): number {
  if (numAllNodes < MIN_FEASIBLE_NODES) return numAllNodes;
  const percentage = Math.max(MIN_FEASIBLE_PERCENTAGE, BASE_PERCENTAGE - Math.trunc(numAllNodes / 125));
  const numNodes = Math.trunc((numAllNodes * percentage) / 100);
  return Math.max(MIN_FEASIBLE_NODES, numNodes);
}

export type Decision =
  | {
      readonly ok: true;
      readonly node: string;
      readonly volumes: PodVolumes;
      /** Static volumes picked for WaitForFirstConsumer claims (undefined: provision). */
      readonly picks: ReadonlyMap<string, PvObj | undefined>;
      /** Nodes the filters looked at (for tests of the bounded search). */
      readonly evaluated: number;
    }
  | { readonly ok: false; readonly message: string; readonly rejectedBy: ReadonlySet<string> };

export interface ScheduleEnv {
  readonly store: Store;
  readonly cache: SchedulerCache;
  readonly rng: Rng;
  readonly imageNodes: ReadonlyMap<string, number>;
  /** Round-robin start of the node search, carried between attempts. */
  nextStartNodeIndex: number;
  /** The Kubernetes version imitated (scenario `cluster.version`): some reason texts depend on it. */
  readonly version: string;
}

const ALL_PLUGINS = new Set(['*']);

export function scheduleOne(env: ScheduleEnv, pod: PodObj): Decision {
  const nodes = env.cache.nodeList();
  if (nodes.length === 0) return { ok: false, message: NO_NODES_MESSAGE, rejectedBy: ALL_PLUGINS };
  const never = preemptionPolicyOf(pod) === 'Never';
  const vol = volumePreFilter(env.store, pod);
  if (!vol.ok) {
    const status = reject('VolumeBinding', 'UnschedulableAndUnresolvable', vol.message);
    return {
      ok: false,
      message: fitErrorMessage({
        numAllNodes: nodes.length,
        preFilterMsg: vol.message,
        statuses: nodes.map(() => status),
        preemptionNever: never,
      }),
      rejectedBy: new Set(['VolumeBinding']),
    };
  }
  const { feasible, statuses, processed } = findFeasible(env, pod, nodes, vol.volumes);
  if (feasible.length === 0)
    return {
      ok: false,
      message: fitErrorMessage({ numAllNodes: nodes.length, statuses, preemptionNever: never }),
      rejectedBy: new Set(statuses.map((s) => s.plugin)),
    };
  const chosen = pickBest(env, pod, nodes.length, feasible);
  const on = volumesOnNode(env.store, vol.volumes, chosen);
  return {
    ok: true,
    node: chosen.name,
    volumes: vol.volumes,
    picks: on.ok ? on.picks : new Map(),
    evaluated: processed,
  };
}

/**
 * Runs the filters over at most numFeasibleNodesToFind nodes, starting where the last attempt
 * stopped (or over the pinned nodes only), and moves that start on.
 */
function findFeasible(
  env: ScheduleEnv,
  pod: PodObj,
  nodes: readonly NodeInfo[],
  volumes: PodVolumes,
): { feasible: NodeInfo[]; statuses: NodeStatus[]; processed: number } {
  const state = podState(pod, podRequests(pod), env.version);
  const spread = spreadPreFilter(pod, nodes);
  const affinity = affinityPreFilter(env.store, env.cache, pod);
  const pinned = pinnedNodeNames(pod);
  const statuses: NodeStatus[] = [];
  let candidates: readonly NodeInfo[] = nodes;
  if (pinned !== undefined) {
    candidates = nodes.filter((n) => pinned.has(n.name));
    const absent = reject(
      'NodeAffinity',
      'UnschedulableAndUnresolvable',
      "node(s) didn't satisfy plugin(s) [NodeAffinity]",
    );
    for (let i = candidates.length; i < nodes.length; i++) statuses.push(absent);
  }
  const hasVolumes = volumes.bound.length > 0 || volumes.delayed.length > 0;
  const filter = (n: NodeInfo): NodeStatus | undefined => {
    for (const f of NODE_FILTERS) {
      const s = f(state, n);
      if (s !== undefined) return s;
    }
    return (
      (hasVolumes ? volumeFilter(env.store, volumes, n, env.version) : undefined) ??
      spreadFilter(spread, n) ??
      affinityFilter(affinity, n)
    );
  };
  const limit = numFeasibleNodesToFind(candidates.length);
  const feasible: NodeInfo[] = [];
  const start = pinned === undefined ? env.nextStartNodeIndex % candidates.length : 0;
  let processed = 0;
  for (let i = 0; i < candidates.length && feasible.length < limit; i++) {
    const n = candidates[(start + i) % candidates.length];
    if (n === undefined) continue;
    processed++;
    const s = filter(n);
    if (s === undefined) feasible.push(n);
    else statuses.push(s);
  }
  if (pinned === undefined) env.nextStartNodeIndex = (start + processed) % candidates.length;
  return { feasible, statuses, processed };
}

/** The highest-scoring feasible node; a tie is broken at random, as selectHost does. */
function pickBest(
  env: ScheduleEnv,
  pod: PodObj,
  numAllNodes: number,
  feasible: readonly NodeInfo[],
): NodeInfo {
  const ctx = scoreContext(pod, numAllNodes, env.imageNodes);
  let best: NodeInfo[] = [];
  let bestScore = -Infinity;
  for (const n of feasible) {
    const score = feasible.length === 1 ? 0 : scoreNode(ctx, n);
    if (score > bestScore + 1e-9) {
      best = [n];
      bestScore = score;
    } else if (Math.abs(score - bestScore) <= 1e-9) best.push(n);
  }
  const chosen = best.length === 1 ? best[0] : env.rng.pick(best);
  if (chosen === undefined) throw new Error('no node chosen among feasible nodes');
  return chosen;
}
