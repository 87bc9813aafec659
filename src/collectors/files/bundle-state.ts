/**
 * A capture bundle (`handoff capture`, apiVersion handoff/v1, kind EvidenceBundle) as the cluster
 * state of `handoff preflight --against BUNDLE`: its objects of the state kinds, the kinds its
 * capture read whole, and the capture time. A bundle holds only the evidence kinds of a
 * diagnosis, so Namespaces, ServiceAccounts, ConfigMaps, Secrets, CSIDrivers and webhook
 * configurations are never known from one.
 */
import { InputError } from '../../errors/index.js';
import { isRecord, rec, str, strings } from '../normalize/coerce.js';
import { parseDocuments } from '../normalize/documents.js';
import { objectIdentity, STATE_OBJECT_KINDS, stateObject, type StateObjects } from '../state-objects.js';

/** The state of a bundle, at the time it was captured. */
export interface BundleState extends StateObjects {
  /** capturedAt, epoch ms. */
  readonly at: number;
  /** The API server's version when the capture recorded it (`source.serverVersion`). */
  readonly serverVersion?: string;
}

export interface BundleStateOptions {
  /** Where the bundle was read, for errors; "(bundle)" by default. */
  readonly file?: string;
  /**
   * The namespaces the input goes to: a namespaced kind is known only when the bundle read the
   * whole of it there. Not checked when undefined.
   */
  readonly namespaces?: readonly string[] | 'all';
}

/** The evidence kind (`collected` of a bundle) whose whole list holds each state kind. */
const EVIDENCE_OF: Readonly<Record<string, string>> = {
  Node: 'nodes',
  Pod: 'pods',
  ResourceQuota: 'resourcequotas',
  LimitRange: 'limitranges',
  PersistentVolumeClaim: 'pvcs',
  PersistentVolume: 'pvs',
  StorageClass: 'storageclasses',
  Service: 'services',
};

const NAMESPACED = new Set([
  'Pod',
  'ResourceQuota',
  'LimitRange',
  'ServiceAccount',
  'ConfigMap',
  'Secret',
  'PersistentVolumeClaim',
  'Service',
]);

/** Pod TARGETs up to this many make a capture fetch them one by one (collect.ts maxPodTargets). */
const MAX_POD_TARGETS = 5;
const POD_TARGET_KINDS = new Set(['Pod', 'pod', 'pods', 'po']);

/**
 * The state objects of a parsed bundle. A kind is known when the bundle was captured from a
 * cluster (source.type live or simulator), its `collected` list names the kind's evidence, and
 * the capture listed it whole where the input goes: a scan (not up to five pod TARGETs), of
 * every namespace or of the one the input goes to, and, for Pod, of every namespace without -l,
 * since the pods of all namespaces count on the nodes.
 */
export function stateObjectsOfBundle(bundle: unknown, options: BundleStateOptions = {}): BundleState {
  const file = options.file ?? '(bundle)';
  if (!isRecord(bundle) || bundle.kind !== 'EvidenceBundle') {
    throw new InputError(
      file,
      undefined,
      'not an evidence bundle (apiVersion: handoff/v1, kind: EvidenceBundle)',
      'write one with handoff capture --out FILE',
    );
  }
  const capturedAt = str(bundle.capturedAt);
  const at = capturedAt === undefined ? NaN : Date.parse(capturedAt);
  if (Number.isNaN(at)) {
    throw new InputError(
      file,
      undefined,
      capturedAt === undefined
        ? 'the bundle has no capturedAt'
        : `capturedAt "${capturedAt}" is not an RFC 3339 time`,
    );
  }

  const objects: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const count = new Map<string, number>();
  for (const raw of Array.isArray(bundle.objects) ? (bundle.objects as unknown[]) : []) {
    if (!isRecord(raw)) continue;
    const kind = str(raw.kind);
    if (kind === undefined || !STATE_OBJECT_KINDS.includes(kind)) continue;
    if (str(raw.apiVersion) === undefined || str(rec(raw.metadata).name) === undefined) continue;
    const o = stateObject(raw, kind);
    const key = objectIdentity(o);
    if (seen.has(key)) continue;
    seen.add(key);
    objects.push(o);
    count.set(kind, (count.get(kind) ?? 0) + 1);
  }

  const unknownWhy = whyUnknown(bundle, options.namespaces, count);
  const known: string[] = [];
  const missing: { kind: string; why: string }[] = [];
  for (const kind of STATE_OBJECT_KINDS) {
    const why = unknownWhy(kind);
    if (why === undefined) known.push(kind);
    else missing.push({ kind, why });
  }
  const serverVersion = str(rec(bundle.source).serverVersion);
  return { objects, known, missing, at, ...(serverVersion === undefined ? {} : { serverVersion }) };
}

/**
 * The state of the one evidence bundle in `text` (YAML or JSON, as `handoff capture` writes it),
 * read from `name`; errors (exit 2) name the file, and the line of a bundle among several.
 */
export function bundleStateOfText(
  name: string,
  text: string,
  options: Omit<BundleStateOptions, 'file'> = {},
): BundleState {
  const bundles = parseDocuments(name, text).documents.filter(
    (d) => isRecord(d.value) && d.value.kind === 'EvidenceBundle',
  );
  const [first, second] = bundles;
  if (first === undefined) {
    throw new InputError(
      name,
      undefined,
      'holds no evidence bundle (apiVersion: handoff/v1, kind: EvidenceBundle)',
      'write one with handoff capture --out FILE',
    );
  }
  if (second !== undefined) {
    throw new InputError(
      name,
      second.line,
      `a second evidence bundle (the first starts at line ${first.line}); --against takes one`,
    );
  }
  return stateObjectsOfBundle(first.value, { ...options, file: name });
}

/** Why a kind is not known from this bundle; undefined when its capture read it whole. */
function whyUnknown(
  bundle: Readonly<Record<string, unknown>>,
  namespaces: readonly string[] | 'all' | undefined,
  count: ReadonlyMap<string, number>,
): (kind: string) => string | undefined {
  const source = str(rec(bundle.source).type);
  const fromCluster = source === 'live' || source === 'simulator';
  // Bundles written before `collected` was recorded listed pods and workloads (files/bundle.ts).
  const collected = Array.isArray(bundle.collected) ? strings(bundle.collected) : ['pods', 'workloads'];
  const scope = rec(bundle.scope);
  const all = scope.allNamespaces === true;
  const namespace = str(scope.namespace);
  const selector = str(scope.selector);
  const targets = strings(scope.targets);
  const podsOnly =
    targets.length > 0 &&
    targets.length <= MAX_POD_TARGETS &&
    targets.every(isPodTarget) &&
    selector === undefined &&
    !all;
  const elsewhere = all ? undefined : otherNamespaces(namespaces, namespace);

  return (kind) => {
    const plural = pluralOf(kind);
    const evidence = EVIDENCE_OF[kind];
    if (evidence === undefined) {
      const n = count.get(kind) ?? 0;
      return n === 0
        ? `the bundle does not hold ${plural}`
        : `the bundle holds ${n} ${n === 1 ? kind : plural} but not the whole list of them`;
    }
    if (!fromCluster)
      return `the bundle does not say it was captured from a cluster (source.type live), so its ${plural} may not be all there were`;
    if (!collected.includes(evidence)) return `the bundle's capture did not read the whole list of ${plural}`;
    if (podsOnly)
      return `the bundle was captured for ${targets.join(', ')}: its ${plural} are those the pods use, not the whole list`;
    if (!NAMESPACED.has(kind)) return undefined;
    if (!all) {
      if (namespace === undefined) return `the bundle does not name the namespace it was captured in`;
      if (elsewhere !== undefined)
        return `the bundle was captured in the namespace "${namespace}": it does not hold the ${plural} of ${elsewhere}`;
    }
    if (kind !== 'Pod') return undefined;
    if (selector !== undefined)
      return `the bundle's pods were selected by -l ${selector}: it does not hold all the pods${all ? '' : ` of "${namespace ?? ''}"`}`;
    if (!all)
      return `the bundle holds the pods of the namespace "${namespace ?? ''}" only, so what the pods of other namespaces request of the nodes is unknown`;
    return undefined;
  };
}

function isPodTarget(text: string): boolean {
  const slash = text.indexOf('/');
  return slash < 0 || POD_TARGET_KINDS.has(text.slice(0, slash));
}

function pluralOf(kind: string): string {
  return `${kind}${kind.endsWith('s') ? 'es' : 's'}`;
}

/** The namespaces the input goes to that are not the bundle's, in words; undefined when none. */
function otherNamespaces(
  namespaces: readonly string[] | 'all' | undefined,
  captured: string | undefined,
): string | undefined {
  if (namespaces === undefined) return undefined;
  if (namespaces === 'all') return 'the other namespaces';
  const others = [...new Set(namespaces)].filter((n) => n !== captured);
  return others.length === 0 ? undefined : others.map((n) => `"${n}"`).join(', ');
}
