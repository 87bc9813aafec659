import { isRecord, str, type Raw } from '../normalize/coerce.js';
import type { SnapshotBuilder } from '../snapshot-builder.js';

/** An EvidenceBundle written by `handoff capture`: its objects, log tails and probe results, as captured. */
export function addBundle(builder: SnapshotBuilder, bundle: Raw): void {
  for (const o of Array.isArray(bundle.objects) ? (bundle.objects as unknown[]) : []) builder.add(o);
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
