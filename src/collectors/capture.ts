/**
 * Evidence bundles (docs/architecture.md): the objects a diagnosis read, bounded log tails and
 * probe results, written so `handoff -f BUNDLE` replays the same diagnosis offline. Secrets never
 * leave the cluster: Secret data, env values, last-applied annotations, credential-named
 * annotations and credential flag values are redacted (redact.ts) and listed under `redacted`;
 * managedFields (bulk, no evidence) are dropped.
 */
import { stringify } from 'yaml';
import type { EvidenceKind, LogTail, ProbeResult } from '../model/index.js';
import { redact, type Redaction } from './redact.js';

export { REDACTED, redactObject, type Redaction } from './redact.js';

export interface BundleSource {
  readonly type: 'live' | 'simulator' | 'file';
  readonly context?: string;
  readonly server?: string;
  readonly serverVersion?: string;
  readonly scenario?: string;
}

export interface BundleScope {
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly targets?: readonly string[];
  readonly selector?: string;
}

export interface BundleInput {
  readonly capturedAt: string;
  readonly source: BundleSource;
  readonly scope: BundleScope;
  /** The evidence kinds whose lists were read whole (possibly empty). */
  readonly collected: readonly EvidenceKind[];
  readonly objects: readonly unknown[];
  readonly logs: readonly LogTail[];
  readonly probes: readonly ProbeResult[];
}

/** The bundle document, YAML (default) or JSON. */
export function renderBundle(input: BundleInput, format: 'yaml' | 'json' = 'yaml'): string {
  const objects: unknown[] = [];
  const redacted: Redaction[] = [];
  for (const raw of input.objects) {
    const r = redact(raw);
    objects.push(r.object);
    for (const x of r.redacted) redacted.push(x);
  }
  const doc = {
    apiVersion: 'handoff/v1',
    kind: 'EvidenceBundle',
    capturedAt: input.capturedAt,
    source: input.source,
    scope: input.scope,
    // Lists read whole: an object they lack did not exist when captured (its events are history).
    collected: input.collected,
    objects,
    logs: input.logs,
    probes: input.probes,
    // What the objects above lack, so that a reader knows a value was taken out, not absent.
    redacted,
  };
  return format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc, { lineWidth: 0 });
}
