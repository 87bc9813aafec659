import { InputError } from '../../errors/index.js';
import type { LogTail } from '../../model/index.js';
import type { Origin } from '../snapshot-builder.js';
import { appendAll, isRecord, rec, str, type Raw } from './coerce.js';
import { parseDocuments } from './documents.js';
import { rebuildPod } from './pod-fragments.js';

/** What structured text holds, before the SnapshotBuilder normalises it. */
export interface StructuredParts {
  readonly objects: Raw[];
  /** EvidenceBundle documents (from `handoff capture`), read as a whole by the files collector. */
  readonly bundles: Raw[];
  readonly logs: LogTail[];
  readonly notes: string[];
  /** Objects of kinds kube-handoff does not read, by kind: counted before they were built. */
  readonly skipped: Map<string, number>;
  /** Where each of `objects` and `bundles` was read (file and line), for notes about it. */
  readonly origins: WeakMap<object, Origin>;
}

/**
 * True when the text is meant as JSON or YAML objects, or is a cluster-info dump: it is then read
 * as such, and its syntax error is the message to show. Anything else is read as pasted text
 * (which still finds YAML blocks and fragments inside prose).
 */
const TYPESET_QUOTING = /(?:^|[:,[{]) *(?:[\u201c\u201d\u2018\u2019]|&quot;)/m;

export function looksStructured(text: string): boolean {
  const t = text.trimStart();
  // Quotes set typographically, or HTML character references where quotes belong: the text went
  // through a blog, a wiki or a web page's source, and is read line by line as a paste (which
  // reads such quotes as kubectl printed them).
  if (TYPESET_QUOTING.test(t.slice(0, 4000))) return false;
  return (
    t.startsWith('{') ||
    t.startsWith('[') ||
    t.startsWith('==== START logs for container ') ||
    // A markdown fence at the start of a line is no YAML (a backtick cannot start a plain scalar):
    // the text is prose around pasted blocks, read as a paste.
    (/^(?:apiVersion|kind|items)\s*:/m.test(t.slice(0, 400)) && !/^(?:```|~~~)/m.test(t))
  );
}

/**
 * Reads structured text into `into`; returns how many things it found, or the syntax error.
 * Documents and List items of kinds `keepKind` refuses are counted in `into.skipped`, never built.
 */
export function gatherStructured(
  name: string,
  text: string,
  into: StructuredParts,
  keepKind?: (kind: string) => boolean,
): number | InputError {
  let parsed: ReturnType<typeof parseDocuments>;
  try {
    parsed = parseDocuments(name, text, keepKind === undefined ? {} : { keepKind });
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  let used = parsed.logs.length;
  for (const [kind, n] of parsed.skipped) {
    into.skipped.set(kind, (into.skipped.get(kind) ?? 0) + n);
    used += n;
  }
  let nameless = 0;
  appendAll(into.logs, parsed.logs);
  for (const doc of parsed.documents) {
    const value = doc.value;
    const origin: Origin = { file: name, line: doc.line };
    if (isRecord(value) && value.kind === 'EvidenceBundle') {
      into.bundles.push(value);
      into.origins.set(value, origin);
      used++;
    } else if (isRecord(value) && typeof value.kind === 'string') {
      // A single object trimmed of its name (`kubectl get pod web -o yaml` pasted with the command
      // above it) is left to the paste reader, which names it after the command.
      if (isNameless(value)) {
        nameless++;
        continue;
      }
      into.objects.push(value);
      into.origins.set(value, origin);
      used++;
    } else {
      const rebuilt = rebuildPod(value);
      if (rebuilt === undefined) continue;
      into.objects.push(rebuilt.raw);
      into.origins.set(rebuilt.raw, origin);
      used++;
      if (rebuilt.inferredName !== undefined) {
        into.notes.push(
          `${name}:${doc.line}: a pod fragment without kind or name, read as pod ${str(rec(rebuilt.raw.metadata).name) ?? ''} (${rebuilt.inferredName})`,
        );
      }
    }
  }
  if (nameless > 0 && used > 0)
    into.notes.push(`${name}: skipped ${nameless} object(s) pasted without a name`);
  return used;
}

/** An object (not a List) whose metadata has no name. */
function isNameless(value: Raw): boolean {
  if (typeof value.kind === 'string' && value.kind.endsWith('List')) return false;
  return str(rec(value.metadata).name) === undefined && str(rec(value.metadata).generateName) === undefined;
}
