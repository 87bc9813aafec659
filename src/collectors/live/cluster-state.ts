/**
 * The cluster's current objects, read for `handoff preflight`: the kinds a check of a manifest
 * needs (namespaces, nodes, pods, quotas, LimitRanges, ServiceAccounts, ConfigMaps, Secrets,
 * volumes, Services, admission webhooks), each listed whole, page by page, with GETs only.
 * Secret and ConfigMap values never outlive their page: only their keys are kept.
 */
import { objectIdentity, stateObject, type StateObjects } from '../state-objects.js';
import { runBounded } from './collection.js';
import type { Connection } from './kubeconfig.js';
import { listPages, type ListOutcome } from './lister.js';
import {
  CONFIG_MAPS,
  CSI_DRIVERS,
  LIMIT_RANGES,
  MUTATING_WEBHOOKS,
  NAMESPACES,
  NODES,
  PODS,
  PVCS,
  PVS,
  RESOURCE_QUOTAS,
  SECRETS,
  SERVICE_ACCOUNTS,
  SERVICES,
  STORAGE_CLASSES,
  VALIDATING_WEBHOOKS,
  type ApiResource,
} from './resources.js';
import { Transport, type TransportOptions } from './transport.js';

export type { StateObjects } from '../state-objects.js';

export interface ClusterStateOptions {
  readonly transport?: TransportOptions;
  /** Lists in flight at once; 6 by default. */
  readonly concurrency?: number;
  /** Page size of every list; 500 by default, as kubectl. */
  readonly limit?: number;
  /** Receives the number of GETs sent (retries included) when collection ends. */
  readonly onRequests?: (count: number) => void;
}

/** What is read, in the order of preflight's STATE_KINDS. */
export const STATE_RESOURCES: readonly ApiResource[] = [
  NAMESPACES,
  NODES,
  PODS,
  RESOURCE_QUOTAS,
  LIMIT_RANGES,
  SERVICE_ACCOUNTS,
  CONFIG_MAPS,
  SECRETS,
  PVCS,
  PVS,
  STORAGE_CLASSES,
  CSI_DRIVERS,
  SERVICES,
  MUTATING_WEBHOOKS,
  VALIDATING_WEBHOOKS,
];

/** The pods that hold node resources: those not terminated (the scheduler's own view). */
export const RUNNING_PODS_SELECTOR = 'status.phase!=Succeeded,status.phase!=Failed';

interface PlannedList {
  readonly type: ApiResource;
  readonly namespace?: string;
  readonly fieldSelector?: string;
}

/**
 * Lists the state kinds of `namespaces` (namespaced kinds) and of the cluster (cluster-scoped
 * kinds, and the not-terminated pods of every namespace, which count on the nodes). A list that
 * RBAC forbids or that fails leaves its kind out of `known` and says why in `missing`, in the
 * words of the live collector; what it read before failing is kept. An unreachable cluster or
 * rejected credentials throw the ClusterError of the transport (exit 3).
 */
export async function collectClusterState(
  connection: Connection,
  namespaces: readonly string[] | 'all',
  options: ClusterStateOptions = {},
): Promise<StateObjects> {
  if (namespaces !== 'all' && namespaces.length === 0) {
    throw new Error('collectClusterState: no namespace to read (pass "all" for every namespace)');
  }
  const nsList = namespaces === 'all' ? undefined : [...new Set(namespaces)];
  const plan: PlannedList[] = [];
  for (const type of STATE_RESOURCES) {
    if (!type.namespaced || nsList === undefined) plan.push({ type });
    else for (const namespace of nsList) plan.push({ type, namespace });
  }
  // Pods of other namespaces use the nodes' capacity too; only those still running matter.
  if (nsList !== undefined) plan.push({ type: PODS, fieldSelector: RUNNING_PODS_SELECTOR });

  const transport = new Transport(connection, options.transport);
  const read: Record<string, unknown>[][] = plan.map(() => []);
  const outcomes: (ListOutcome | undefined)[] = plan.map(() => undefined);
  try {
    await runBounded(
      plan.map((p, i) => async () => {
        const kept = read[i] ?? [];
        outcomes[i] = await listPages(
          transport,
          {
            type: p.type,
            ...(p.namespace === undefined ? {} : { namespace: p.namespace }),
            ...(p.fieldSelector === undefined ? {} : { fieldSelector: p.fieldSelector }),
            ...(options.limit === undefined ? {} : { limit: options.limit }),
          },
          (item) => {
            kept.push(stateObject(item, p.type.kind));
            return 1;
          },
        );
      }),
      options.concurrency ?? 6,
    );
  } finally {
    options.onRequests?.(transport.requests);
  }

  const objects: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const incomplete = new Set<string>();
  const missing: { kind: string; why: string }[] = [];
  plan.forEach((p, i) => {
    for (const o of read[i] ?? []) {
      const key = objectIdentity(o);
      if (seen.has(key)) continue;
      seen.add(key);
      objects.push(o);
    }
    const outcome = outcomes[i];
    if (outcome === undefined || outcome.status === 'complete') return;
    incomplete.add(p.type.kind);
    missing.push({
      kind: p.type.kind,
      why:
        p.fieldSelector === undefined
          ? outcome.why
          : `${outcome.why}; only the pods of ${quoted(nsList ?? [])} were read, so what the pods of other namespaces request of the nodes is unknown`,
    });
  });
  const known = STATE_RESOURCES.map((t) => t.kind).filter((k) => !incomplete.has(k));
  return { objects, known, missing };
}

function quoted(names: readonly string[]): string {
  const q = names.map((n) => `"${n}"`);
  return q.length === 1 ? `the namespace ${q[0] ?? ''}` : `the namespaces ${q.join(', ')}`;
}
