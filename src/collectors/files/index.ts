import { InputError } from '../../errors/index.js';
import type { Snapshot } from '../../model/index.js';
import { isRecord, rec, str } from '../normalize/coerce.js';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { parseDocuments } from './documents.js';
import { rebuildPod } from './fragments.js';
import { readSources, type Source } from './sources.js';

export { readSources, checkText, STDIN_NAME, type Source } from './sources.js';

/** Adds an evidence bundle (`handoff capture`): its objects, logs, probe results and capture time. */
function addBundle(builder: SnapshotBuilder, bundle: Readonly<Record<string, unknown>>): void {
  builder.setCapturedAt(str(bundle.capturedAt));
  for (const o of Array.isArray(bundle.objects) ? bundle.objects : []) builder.add(o);
  for (const l of Array.isArray(bundle.logs) ? bundle.logs : []) {
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
  for (const p of Array.isArray(bundle.probes) ? bundle.probes : []) {
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
  for (const k of Array.isArray(rec(bundle.scope).collected)
    ? (rec(bundle.scope).collected as unknown[])
    : []) {
    if (typeof k === 'string') builder.markCollected(k as never);
  }
}

/** Adds one source's documents to the builder; throws InputError when it holds nothing kube-handoff can read. */
export function addSource(builder: SnapshotBuilder, source: Source): void {
  const parsed = parseDocuments(source.name, source.text);
  for (const log of parsed.logs) builder.addLog(log);
  let used = parsed.logs.length;
  for (const doc of parsed.documents) {
    const value = doc.value;
    if (isRecord(value) && value.kind === 'EvidenceBundle') {
      addBundle(builder, value);
      used++;
      continue;
    }
    if (isRecord(value) && typeof value.kind === 'string') {
      builder.add(value);
      used++;
      continue;
    }
    const rebuilt = rebuildPod(value);
    if (rebuilt !== undefined) {
      builder.add(rebuilt.raw);
      used++;
      if (rebuilt.inferredName !== undefined) {
        const name = str(rec(rebuilt.raw.metadata).name) ?? '';
        builder.note(
          `${source.name}:${doc.line}: a pod fragment without kind or name, read as pod ${name} (${rebuilt.inferredName})`,
        );
      }
    }
  }
  if (used === 0) {
    throw new InputError(
      source.name,
      parsed.documents[0]?.line,
      'holds no Kubernetes objects kube-handoff can read',
      'give objects as JSON or YAML (kubectl get pods,events -o yaml), a List, or a kubectl cluster-info dump',
    );
  }
}

/** Reads files, directories and stdin into one Snapshot. */
export async function collectFiles(
  paths: readonly string[],
  stdin: NodeJS.ReadableStream,
): Promise<Snapshot> {
  const builder = new SnapshotBuilder();
  for (const source of await readSources(paths, stdin)) addSource(builder, source);
  return builder.build({ type: 'file', paths });
}
