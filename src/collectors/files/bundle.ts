import { EVIDENCE_KINDS, type EvidenceKind } from '../../model/index.js';
import { isRecord, str, type Raw } from '../normalize/coerce.js';
import type { Origin, SnapshotBuilder } from '../snapshot-builder.js';

/** An EvidenceBundle written by `handoff capture`: its objects, log tails and probe results, as captured. */
export function addBundle(builder: SnapshotBuilder, bundle: Raw, origin?: Origin): void {
  // A capture of a cluster keeps its object lists whole: what they lack no longer existed.
  const type = isRecord(bundle.source) ? str(bundle.source.type) : undefined;
  if (type === 'live' || type === 'simulator') {
    builder.markAuthoritative();
    // Bundles written before `collected` was recorded listed pods and workloads all the same.
    const listed = Array.isArray(bundle.collected) ? bundle.collected : ['pods', 'workloads'];
    for (const kind of listed) if (isEvidenceKind(kind)) builder.markCollected(kind);
  }
  const objects: unknown = bundle.objects;
  if (Array.isArray(objects)) {
    objects.forEach((o: unknown, i) => {
      builder.add(o, undefined, origin === undefined ? undefined : { ...origin, path: `objects[${i}]` });
    });
  }
  for (const l of Array.isArray(bundle.logs) ? (bundle.logs as unknown[]) : []) {
    if (!isRecord(l)) continue;
    const namespace = str(l.namespace);
    const pod = str(l.pod);
    const container = str(l.container);
    if (namespace === undefined || pod === undefined || container === undefined) continue;
    builder.addLog({
      namespace,
      pod,
      container,
      previous: l.previous === true,
      lines: Array.isArray(l.lines) ? l.lines.filter((x): x is string => typeof x === 'string') : [],
    });
  }
  for (const p of Array.isArray(bundle.probes) ? (bundle.probes as unknown[]) : []) {
    if (!isRecord(p)) continue;
    const namespace = str(p.namespace);
    const pod = str(p.pod);
    const container = str(p.container);
    const probe = str(p.probe);
    const url = str(p.url);
    if (
      !namespace ||
      !pod ||
      !container ||
      !url ||
      (probe !== 'liveness' && probe !== 'readiness' && probe !== 'startup')
    )
      continue;
    builder.addProbe({
      namespace,
      pod,
      container,
      probe,
      url,
      ...(typeof p.statusCode === 'number' ? { statusCode: p.statusCode } : {}),
      ...(typeof p.error === 'string' ? { error: p.error } : {}),
      ...(typeof p.latencyMs === 'number' ? { latencyMs: p.latencyMs } : {}),
    });
  }
}

function isEvidenceKind(value: unknown): value is EvidenceKind {
  return typeof value === 'string' && (EVIDENCE_KINDS as readonly string[]).includes(value);
}
