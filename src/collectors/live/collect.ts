import type { Snapshot } from '../../model/index.js';
import { collected, type Collector } from '../collector.js';
import { Collection, runBounded } from './collection.js';
import type { Connection } from './kubeconfig.js';
import { collectPod } from './pod-related.js';
import { LogPicker } from './previous-logs.js';
import { probePods, type ProbeOptions } from './probe.js';
import { scan } from './scan.js';
import { Transport, type TransportOptions } from './transport.js';
import { dateOf, systemClock } from '../../k8s/index.js';

/** What to collect: `-n`, `-A`, TARGETs and `-l`. */
export interface LiveScope {
  readonly namespace?: string;
  readonly allNamespaces: boolean;
  /** kind as TargetKind ('Pod', 'Deployment', …) or kubectl's short form ('pod', 'po'). */
  readonly targets: readonly { readonly kind: string; readonly name: string }[];
  readonly selector?: string;
}

export interface CollectLiveOptions {
  /** The clock that stamps capturedAt; real time by default. */
  readonly now?: () => Date;
  /** Lists in flight at once during a scan; 6 by default. */
  readonly concurrency?: number;
  readonly transport?: TransportOptions;
  /** Pod TARGETs up to this many are fetched one by one; more become a namespace scan. 5 by default. */
  readonly maxPodTargets?: number;
  /** Sees each raw object kept as evidence, as read (for capture bundles). */
  readonly onObject?: (raw: Record<string, unknown>) => void;
  /** Receives the number of GETs sent (retries included) when collection ends. */
  readonly onRequests?: (count: number) => void;
  /**
   * Keep every event a scan reads. By default a scan drops the old routine events of pods that
   * run quietly (event-filter.ts) and says so in a note; a capture keeps them all.
   */
  readonly keepAllEvents?: boolean;
  /** `--probe`: GET the readiness/liveness httpGet endpoints of Running pods through pods/proxy. */
  readonly probe?: boolean | ProbeOptions;
}

const POD_KINDS = new Set(['Pod', 'pod', 'pods', 'po']);

/**
 * Reads the evidence for `scope` from a live cluster into a Snapshot. Only GETs are sent.
 * Pod TARGETs (without -l or -A) are fetched with their related objects; anything else is a
 * namespace (or, with -A, cluster) scan of fixed cost. Forbidden lists become missing evidence.
 */
export async function collectLive(
  connection: Connection,
  scope: LiveScope,
  options: CollectLiveOptions = {},
): Promise<Snapshot> {
  const transport = new Transport(connection, options.transport);
  const c = new Collection(transport, options.onObject);
  const namespace = scope.namespace ?? connection.namespace ?? 'default';
  const concurrency = options.concurrency ?? 6;
  const podsOnly =
    scope.targets.length > 0 &&
    scope.targets.length <= (options.maxPodTargets ?? 5) &&
    scope.targets.every((t) => POD_KINDS.has(t.kind)) &&
    scope.selector === undefined &&
    !scope.allNamespaces;
  try {
    if (podsOnly) {
      const logs = new LogPicker();
      await runBounded(
        scope.targets.map((t) => () => collectPod(c, namespace, t.name, logs)),
        concurrency,
      );
    } else {
      await scan(c, {
        ...(scope.allNamespaces ? {} : { namespace }),
        ...(scope.selector === undefined ? {} : { selector: scope.selector }),
        ...(options.keepAllEvents === true
          ? {}
          : { filterEventsAt: (options.now ?? dateOf(systemClock))().getTime() }),
        concurrency,
      });
    }
    if (options.probe !== undefined && options.probe !== false) {
      const source = { type: 'live' as const };
      const run = await probePods(connection, c.build(source, '').pods, {
        ...(options.now === undefined ? {} : { now: options.now }),
        ...(options.probe === true ? {} : options.probe),
      });
      transport.requests += run.requests;
      for (const r of run.results) c.builder.addProbe(r);
      for (const n of run.notes) c.builder.note(n);
      if (run.results.length === 0 && run.notes.length === 0)
        c.builder.note('--probe: no running container in scope has an HTTP readiness or liveness probe');
    }
  } finally {
    options.onRequests?.(transport.requests);
  }
  const capturedAt = (options.now ?? dateOf(systemClock))().toISOString();
  return c.build({ type: 'live', context: connection.context, server: connection.server }, capturedAt);
}

/** The live collector: the evidence for `scope`, read from the cluster when collected. */
export function liveCollector(
  connection: Connection,
  scope: LiveScope,
  options: CollectLiveOptions = {},
): Collector {
  return { source: 'live', collect: async () => collected(await collectLive(connection, scope, options)) };
}
