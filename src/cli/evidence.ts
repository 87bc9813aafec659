import { UsageError } from '../errors/index.js';
import type { Snapshot } from '../model/index.js';
import { matchesServiceSelector } from '../k8s/index.js';
import { collectFiles } from '../collectors/files/index.js';
import { collectLive, loadConnection } from '../collectors/live/index.js';
import type { CliIO } from './io.js';
import { simulate } from './sim-command.js';

export interface EvidenceOptions {
  readonly file?: readonly string[];
  /** `--sim NAME|PATH`: a simulator scenario run in process. */
  readonly sim?: string;
  /** `--at D`: how far to run the scenario (default its own duration). */
  readonly at?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  /** `--probe`: active HTTP probes through pods/proxy (live clusters only). */
  readonly probe?: boolean;
}

/** What a live collection reads: the scope flags and TARGETs. */
export interface EvidenceScope {
  readonly namespace?: string;
  readonly allNamespaces: boolean;
  readonly targets: readonly { readonly kind: string; readonly name: string }[];
  readonly selector?: string;
}

export interface EvidenceTime {
  /** `--now`, epoch ms. */
  readonly now: number | undefined;
}

/** Gathers the evidence the flags name. Live clusters and the simulator are separate collectors. */
export async function collectEvidence(
  opts: EvidenceOptions,
  time: EvidenceTime,
  io: CliIO,
  scope: EvidenceScope = { allNamespaces: true, targets: [] },
): Promise<Snapshot> {
  const files = opts.file ?? [];
  const live = opts.kubeconfig !== undefined || opts.context !== undefined;
  if (live && (files.length > 0 || opts.sim !== undefined))
    throw new UsageError(
      '--kubeconfig/--context read a live cluster; they cannot be combined with -f or --sim',
    );
  if (opts.probe === true && (files.length > 0 || opts.sim !== undefined))
    throw new UsageError(
      '--probe sends HTTP probes to a live cluster; it cannot be combined with -f or --sim',
    );
  if (opts.sim !== undefined) {
    if (files.length > 0) throw new UsageError('--sim and -f/--file cannot be used together');
    return simulate(opts.sim, opts.at).snapshot;
  }
  if (opts.at !== undefined) throw new UsageError('--at only applies to --sim');
  if (files.length > 0) {
    return collectFiles(files, io.stdin, {
      ...(time.now === undefined ? {} : { now: time.now }),
      clock: io.now,
      env: io.env,
    });
  }
  // No files and no scenario: the cluster of the current kubeconfig context, as kubectl would.
  const connection = loadConnection({
    ...(opts.kubeconfig === undefined ? {} : { kubeconfig: opts.kubeconfig }),
    ...(opts.context === undefined ? {} : { context: opts.context }),
    env: io.env,
  });
  return collectLive(connection, scope, {
    now: () => new Date(io.now()),
    ...(opts.probe === true ? { probe: true } : {}),
  });
}

/** Pods behind each Service, as "namespace/name" keys, for svc/NAME targets. */
export function podsByService(snapshot: Snapshot): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const svc of snapshot.services) {
    const set = new Set<string>();
    for (const p of snapshot.pods) {
      if (
        (p.metadata.namespace ?? '') === (svc.metadata.namespace ?? '') &&
        matchesServiceSelector(svc.spec.selector, p.metadata.labels)
      ) {
        set.add(`${p.metadata.namespace ?? ''}/${p.metadata.name}`);
      }
    }
    out.set(svc.metadata.name, set);
  }
  return out;
}
