import { UsageError } from '../errors/index.js';
import type { Snapshot } from '../model/index.js';
import { matchesServiceSelector } from '../k8s/index.js';
import { collectFiles } from '../collectors/files/index.js';
import type { CliIO } from './io.js';

export interface EvidenceOptions {
  readonly file?: readonly string[];
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
): Promise<Snapshot> {
  const files = opts.file ?? [];
  if (files.length > 0) {
    return collectFiles(files, io.stdin, {
      ...(time.now === undefined ? {} : { now: time.now }),
      clock: io.now,
    });
  }
  throw new UsageError(
    'no evidence given',
    'pass -f PATH (files or directories of kubectl get -o yaml/json output, or - for stdin); this build does not read live clusters yet',
  );
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
