import { InputError } from '../../errors/index.js';
import type { LogTail, Snapshot } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { appendAll, isRecord, rec, str, type Raw } from '../normalize/coerce.js';
import { assemble, newestTime } from '../paste/assemble.js';
import { parsePaste } from '../paste/driver.js';
import { PASTE_PARSERS } from '../paste/parsers.js';
import type { PastedObject } from '../paste/types.js';
import type { PastedLog } from '../paste/driver.js';
import { SnapshotBuilder } from '../snapshot-builder.js';
import { parseDocuments } from './documents.js';
import { rebuildPod } from './fragments.js';
import { readSources, type Source } from './sources.js';

export { readSources, checkText, STDIN_NAME, type Source } from './sources.js';

export interface ReadOptions {
  /** `--now`, epoch ms: relative ages in pasted text count back from it. */
  readonly now?: number;
  /** Wall clock for pasted ages when the evidence holds no time at all. */
  readonly clock?: () => number;
}

/** Everything read from the sources before it is normalised. */
interface Gathered {
  readonly objects: Raw[];
  readonly bundles: Raw[];
  readonly logs: LogTail[];
  readonly pasted: PastedObject[];
  readonly pastedLogs: PastedLog[];
  readonly commandNamespaces: string[];
  readonly notes: string[];
}

function addBundle(builder: SnapshotBuilder, bundle: Raw): void {
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

/**
 * True when the text is meant as JSON or YAML objects, or is a cluster-info dump: it is then read
 * as such, and its syntax error is the message to show. Anything else is read as pasted text
 * (which still finds YAML blocks and fragments inside prose).
 */
function looksStructured(text: string): boolean {
  const t = text.trimStart();
  return (
    t.startsWith('{') ||
    t.startsWith('[') ||
    t.startsWith('==== START logs for container ') ||
    /^(?:apiVersion|kind|items)\s*:/m.test(t.slice(0, 400))
  );
}

/** Reads structured text into `into`; returns how many things it found, or the syntax error. */
function gatherStructured(source: Source, into: Gathered): number | InputError {
  let parsed: ReturnType<typeof parseDocuments>;
  try {
    parsed = parseDocuments(source.name, source.text);
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  let used = parsed.logs.length;
  appendAll(into.logs, parsed.logs);
  for (const doc of parsed.documents) {
    const value = doc.value;
    if (isRecord(value) && value.kind === 'EvidenceBundle') {
      into.bundles.push(value);
      used++;
    } else if (isRecord(value) && typeof value.kind === 'string') {
      into.objects.push(value);
      used++;
    } else {
      const rebuilt = rebuildPod(value);
      if (rebuilt === undefined) continue;
      into.objects.push(rebuilt.raw);
      used++;
      if (rebuilt.inferredName !== undefined) {
        into.notes.push(
          `${source.name}:${doc.line}: a pod fragment without kind or name, read as pod ${str(rec(rebuilt.raw.metadata).name) ?? ''} (${rebuilt.inferredName})`,
        );
      }
    }
  }
  return used;
}

/**
 * Reads one source: JSON/YAML objects (single, Lists, multi-document, cluster-info dump, bundles)
 * when it is structured, else as pasted kubectl text.
 */
function gather(source: Source, into: Gathered): void {
  const structured = looksStructured(source.text) ? gatherStructured(source, into) : undefined;
  if (typeof structured === 'number' && structured > 0) return;
  const paste = parsePaste(source.text, PASTE_PARSERS);
  if (paste.objects.length > 0 || paste.logs.length > 0) {
    appendAll(into.pasted, paste.objects);
    appendAll(into.pastedLogs, paste.logs);
    appendAll(into.commandNamespaces, paste.commandNamespaces);
    return;
  }
  if (structured instanceof InputError) throw structured;
  throw new InputError(
    source.name,
    undefined,
    'holds no Kubernetes objects or kubectl output kube-handoff can read',
    'give kubectl output (describe, get, get events), or objects as JSON or YAML (kubectl get pods,events -o yaml)',
  );
}

/**
 * A pasted `kubectl logs` output as a log tail: the namespace the paste is about when the command
 * named none, and the pod's only container when it named no container (as kubectl itself picks).
 */
function resolveLog(log: PastedLog, namespace: string, objects: readonly Raw[]): LogTail {
  const ns = log.namespace ?? namespace;
  let container = log.container;
  if (container === undefined) {
    const pod = objects.find(
      (o) =>
        o.kind === 'Pod' &&
        str(rec(o.metadata).name) === log.pod &&
        (str(rec(o.metadata).namespace) ?? ns) === ns,
    );
    const listed = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
    const names = new Set(
      [...listed(rec(pod?.spec).containers), ...listed(rec(pod?.status).containerStatuses)]
        .map((c) => (isRecord(c) ? str(c.name) : undefined))
        .filter((n): n is string => n !== undefined),
    );
    container = names.size === 1 ? [...names][0] : undefined;
  }
  return {
    namespace: ns,
    pod: log.pod,
    container: container ?? '',
    previous: log.previous,
    lines: log.lines,
  };
}

/** Builds one Snapshot from already-read sources. */
export function snapshotFromSources(
  sources: readonly Source[],
  paths: readonly string[],
  options: ReadOptions = {},
): Snapshot {
  const g: Gathered = {
    objects: [],
    bundles: [],
    logs: [],
    pasted: [],
    pastedLogs: [],
    commandNamespaces: [],
    notes: [],
  };
  for (const source of sources) gather(source, g);

  const builder = new SnapshotBuilder();
  for (const o of g.objects) builder.add(o);
  for (const b of g.bundles) addBundle(builder, b);
  for (const l of g.logs) builder.addLog(l);
  for (const n of g.notes) builder.note(n);
  const captured = g.bundles.map((b) => str(b.capturedAt)).find((t) => t !== undefined);
  builder.setCapturedAt(captured);

  if (g.pasted.length > 0) {
    const elsewhere = [parseTime(captured), ...g.objects.map((o) => newestTime(o))].filter(
      (t): t is number => t !== undefined,
    );
    const assembled = assemble(g.pasted, {
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(elsewhere.length > 0 ? { newestElsewhere: elsewhere.reduce((a, b) => Math.max(a, b)) } : {}),
      clock: options.clock ?? (() => Date.now()),
      commandNamespaces: g.commandNamespaces,
    });
    for (const o of assembled.objects) builder.add(o);
    for (const n of assembled.notes) builder.note(n);
    for (const l of g.pastedLogs) builder.addLog(resolveLog(l, assembled.namespace, assembled.objects));
    if (captured === undefined) builder.setCapturedAt(assembled.referenceTime);
  }
  return builder.build({ type: 'file', paths });
}

/** Reads files, directories and stdin into one Snapshot. */
export async function collectFiles(
  paths: readonly string[],
  stdin: NodeJS.ReadableStream,
  options: ReadOptions = {},
): Promise<Snapshot> {
  return snapshotFromSources(await readSources(paths, stdin), paths, options);
}
