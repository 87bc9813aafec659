import { InputError } from '../../errors/index.js';
import type { Snapshot } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { appendAll, str } from '../normalize/coerce.js';
import { assemble } from '../paste/assemble.js';
import { newestTime } from '../paste/reference-time.js';
import { parsePaste } from '../paste/driver.js';
import { resolveLog, type PastedLog } from '../paste/logs.js';
import { PASTE_PARSERS } from '../paste/parsers.js';
import type { PastedObject } from '../paste/common/types.js';
import { collected, type Collector } from '../collector.js';
import { isReadKind, SnapshotBuilder } from '../snapshot-builder.js';
import { gatherStructured, looksStructured, type StructuredParts } from '../normalize/structured.js';
import { addBundle } from './bundle.js';
import { inputLimit, readSources, type Source, type Unread } from './sources.js';
export {
  bundleStateOfText,
  stateObjectsOfBundle,
  type BundleState,
  type BundleStateOptions,
} from './bundle-state.js';
import { systemClock } from '../../k8s/index.js';

export {
  readSources,
  checkText,
  inputLimit,
  DEFAULT_INPUT_LIMIT,
  INPUT_LIMIT_ENV,
  STDIN_NAME,
  type Source,
  type Unread,
} from './sources.js';

export interface ReadOptions {
  /** `--now`, epoch ms: relative ages in pasted text count back from it. */
  readonly now?: number;
  /** Wall clock for pasted ages when the evidence holds no time at all. */
  readonly clock?: () => number;
  /** The environment to read HANDOFF_MAX_INPUT (the input limit per source) from. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** Everything read from the sources before it is normalised. */
interface Gathered extends StructuredParts {
  readonly pasted: PastedObject[];
  readonly pastedLogs: PastedLog[];
  readonly commandNamespaces: string[];
  /** Newest time a capture stamped on its lines (a CI runner's raw log): when kubectl ran. */
  printedAt?: number;
}

/**
 * Reads one source: JSON/YAML objects (single, Lists, multi-document, cluster-info dump, bundles)
 * when it is structured, else as pasted kubectl text.
 */
function gather(source: Source, into: Gathered): void {
  const structured = looksStructured(source.text)
    ? gatherStructured(source.name, source.text, into, isReadKind)
    : undefined;
  if (typeof structured === 'number' && structured > 0) return;
  const paste = parsePaste(source.text, PASTE_PARSERS);
  // A stray log line that names no pod is read only beside objects it can belong to.
  if (paste.objects.length > 0 || paste.logs.some((l) => l.pod !== '') || paste.notes.length > 0) {
    appendAll(into.pasted, paste.objects);
    appendAll(into.pastedLogs, paste.logs);
    appendAll(into.commandNamespaces, paste.commandNamespaces);
    if (paste.printedAt !== undefined) into.printedAt = Math.max(into.printedAt ?? 0, paste.printedAt);
    appendAll(
      into.notes,
      paste.notes.map((n) => `${source.name}: ${n}`),
    );
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
 * Builds one Snapshot from already-read sources. A file of a directory that cannot be read or
 * holds nothing usable becomes a note (`unread` are those that could not even be read as text);
 * only a directory in which no file was usable is an error.
 */
export function snapshotFromSources(
  sources: readonly Source[],
  paths: readonly string[],
  options: ReadOptions = {},
  unread: readonly Unread[] = [],
): Snapshot {
  const g: Gathered = {
    objects: [],
    bundles: [],
    logs: [],
    pasted: [],
    pastedLogs: [],
    commandNamespaces: [],
    notes: [],
    skipped: new Map(),
    origins: new WeakMap(),
  };
  const passedOver = [...unread];
  const usable = new Set<string>();
  for (const source of sources) {
    if (source.directory === undefined) {
      gather(source, g);
      continue;
    }
    try {
      gather(source, g);
      usable.add(source.directory);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      passedOver.push({ directory: source.directory, error: err });
    }
  }
  for (const directory of new Set(passedOver.map((u) => u.directory))) {
    if (usable.has(directory)) continue;
    const reasons = passedOver.filter((u) => u.directory === directory).map((u) => u.error.message);
    throw new InputError(
      directory,
      undefined,
      `no file in it could be read (${reasons.length} file${reasons.length === 1 ? '' : 's'}): ${reasons.join('; ')}`,
      'give a directory of kubectl output or JSON/YAML objects, or name the files with -f',
    );
  }
  passedOver.sort((a, b) => a.error.file.localeCompare(b.error.file));
  for (const u of passedOver) g.notes.push(`skipped ${u.error.message}`);

  const builder = new SnapshotBuilder();
  for (const o of g.objects) builder.add(o, undefined, g.origins.get(o));
  for (const b of g.bundles) addBundle(builder, b, g.origins.get(b));
  for (const l of g.logs) builder.addLog(l);
  for (const n of g.notes) builder.note(n);
  for (const [kind, n] of g.skipped) builder.countSkipped(kind, n);
  const captured = g.bundles.map((b) => str(b.capturedAt)).find((t) => t !== undefined);
  builder.setCapturedAt(captured);

  if (g.pasted.length > 0) {
    const elsewhere = [parseTime(captured), ...g.objects.map((o) => newestTime(o))].filter(
      (t): t is number => t !== undefined,
    );
    // Ages count back from `--now`, else from when the capture printed its last line.
    const now = options.now ?? g.printedAt;
    const assembled = assemble(g.pasted, {
      ...(now === undefined ? {} : { now }),
      ...(elsewhere.length > 0 ? { newestElsewhere: elsewhere.reduce((a, b) => Math.max(a, b)) } : {}),
      clock: options.clock ?? systemClock,
      commandNamespaces: g.commandNamespaces,
    });
    for (const o of assembled.objects) builder.add(o);
    for (const n of assembled.notes) builder.note(n);
    for (const l of g.pastedLogs) {
      const tail = resolveLog(l, assembled.namespace, assembled.objects);
      if (tail.pod !== '') builder.addLog(tail);
    }
    if (captured === undefined) builder.setCapturedAt(assembled.referenceTime);
  }
  const [unusable] = builder.unusableObjects();
  if (builder.kept === 0 && unusable !== undefined) {
    // Everything read had the wrong shape: say so rather than report zero targets.
    throw new InputError(
      unusable.origin?.file ?? paths.join(', '),
      unusable.origin?.line,
      `nothing usable: ${unusable.text}`,
      'give objects as kubectl writes them (kubectl get pods,events -o yaml)',
    );
  }
  return builder.build({ type: 'file', paths });
}

/** Reads files, directories and stdin into one Snapshot. */
export async function collectFiles(
  paths: readonly string[],
  stdin: NodeJS.ReadableStream,
  options: ReadOptions = {},
): Promise<Snapshot> {
  const { sources, unread } = await readSources(paths, stdin, inputLimit(options.env));
  return snapshotFromSources(sources, paths, options, unread);
}

/** The files collector: `-f` paths (files, directories, "-" for stdin) read when collected. */
export function filesCollector(
  paths: readonly string[],
  stdin: NodeJS.ReadableStream,
  options: ReadOptions = {},
): Collector {
  return { source: 'file', collect: async () => collected(await collectFiles(paths, stdin, options)) };
}
