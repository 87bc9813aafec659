/**
 * Loads a golden fixture (test/fixtures/golden/<stage>/<case>/input*) into a real kube-apiserver
 * the way the cluster it was saved from held it: each object created (system fields stripped,
 * owner uids remapped to the new owners), its status written through the status subresource,
 * its events created as core/v1 (or events.k8s.io/v1) events with their reason, message, type,
 * count and timestamps.
 *
 * Where the API server refuses a field the fixture holds, the loader drops that field (the path
 * the server names in its 422 answer) and tries again, and records a Finding: what the fixture
 * assumed and the server's own words. What cannot be loaded at all (container logs, which a
 * kubelet serves; kinds it has no path for) is recorded too. Nothing is skipped silently.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocuments } from '../../src/collectors/normalize/documents.js';
import { ApiError, type Api } from './api.js';

type Obj = Record<string, unknown>;

export interface Finding {
  /** kind/namespace/name of the object (or the fixture part) concerned. */
  readonly object: string;
  /** What the fixture holds (a field and its value, or a kind). */
  readonly assumed: string;
  /** What the real API server did with it, in its own words where it said something. */
  readonly real: string;
  /**
   * Not a refusal: the loader did what a component that does not run here would have done (the
   * node lifecycle controller, the EndpointSlice controller) or supplied what a live read always
   * has and the fixture did not capture (Nodes).
   */
  readonly standIn?: true;
}

export interface Loaded {
  readonly namespaces: readonly string[];
  readonly findings: readonly Finding[];
  /** Object paths created, in creation order (for reset). */
  readonly created: readonly string[];
  /** Namespace labels set (removed again by reset). */
  readonly namespaceLabels: ReadonlyMap<string, readonly string[]>;
}

interface KindInfo {
  readonly prefix: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly status: boolean;
  /** Creation order: owners before what they own, the objects before their events. */
  readonly rank: number;
}

const K = (prefix: string, plural: string, namespaced: boolean, status: boolean, rank: number): KindInfo => ({
  prefix,
  plural,
  namespaced,
  status,
  rank,
});

/** `group/kind` → where it lives. The group is '' for core. */
const KINDS: Readonly<Record<string, KindInfo>> = {
  '/Namespace': K('/api/v1', 'namespaces', false, false, 0),
  '/ServiceAccount': K('/api/v1', 'serviceaccounts', true, false, 1),
  '/ConfigMap': K('/api/v1', 'configmaps', true, false, 1),
  '/Secret': K('/api/v1', 'secrets', true, false, 1),
  'storage.k8s.io/StorageClass': K('/apis/storage.k8s.io/v1', 'storageclasses', false, false, 2),
  '/PersistentVolumeClaim': K('/api/v1', 'persistentvolumeclaims', true, true, 3),
  '/PersistentVolume': K('/api/v1', 'persistentvolumes', false, true, 4),
  '/Node': K('/api/v1', 'nodes', false, true, 5),
  'apps/Deployment': K('/apis/apps/v1', 'deployments', true, true, 6),
  'apps/StatefulSet': K('/apis/apps/v1', 'statefulsets', true, true, 6),
  'apps/DaemonSet': K('/apis/apps/v1', 'daemonsets', true, true, 6),
  'batch/CronJob': K('/apis/batch/v1', 'cronjobs', true, true, 6),
  '/ReplicationController': K('/api/v1', 'replicationcontrollers', true, true, 6),
  'apps/ReplicaSet': K('/apis/apps/v1', 'replicasets', true, true, 7),
  'batch/Job': K('/apis/batch/v1', 'jobs', true, true, 7),
  '/Pod': K('/api/v1', 'pods', true, true, 8),
  '/Service': K('/api/v1', 'services', true, true, 9),
  '/Endpoints': K('/api/v1', 'endpoints', true, false, 10),
  'discovery.k8s.io/EndpointSlice': K('/apis/discovery.k8s.io/v1', 'endpointslices', true, false, 10),
  '/ResourceQuota': K('/api/v1', 'resourcequotas', true, true, 11),
  '/LimitRange': K('/api/v1', 'limitranges', true, false, 11),
  '/Event': K('/api/v1', 'events', true, false, 12),
  'events.k8s.io/Event': K('/apis/events.k8s.io/v1', 'events', true, false, 12),
};

const groupOf = (apiVersion: unknown): string => {
  const v = typeof apiVersion === 'string' ? apiVersion : 'v1';
  return v.includes('/') ? v.slice(0, v.indexOf('/')) : '';
};

const rec = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export interface FixtureContent {
  readonly objects: Obj[];
  /** Container log tails the fixture holds (a kubelet serves them: not loadable). */
  readonly logs: number;
  /** Probe answers the fixture holds (a pod serves them: not loadable). */
  readonly probes: number;
  readonly files: readonly string[];
}

/** The objects of a fixture's input files: bundles, Lists and single documents, flattened. */
export function readFixture(dir: string): FixtureContent {
  const files = readdirSync(dir)
    .filter((f) => f.startsWith('input'))
    .sort()
    .map((f) => path.join(dir, f));
  const objects: Obj[] = [];
  let logs = 0;
  let probes = 0;
  const take = (v: unknown, listKind?: string, listVersion?: string): void => {
    if (Array.isArray(v)) {
      for (const x of v) take(x, listKind, listVersion);
      return;
    }
    const o = rec(v);
    const kind = str(o.kind) ?? listKind;
    const apiVersion = str(o.apiVersion) ?? listVersion;
    if (kind === 'EvidenceBundle') {
      take(o.objects);
      logs += Array.isArray(o.logs) ? o.logs.length : 0;
      probes += Array.isArray(o.probes) ? o.probes.length : 0;
      return;
    }
    if (Array.isArray(o.items) && (kind === undefined || kind.endsWith('List'))) {
      const itemKind = kind !== undefined && kind !== 'List' ? kind.slice(0, -'List'.length) : undefined;
      for (const item of o.items) take(item, itemKind, kind === 'List' ? undefined : apiVersion);
      return;
    }
    if (kind === undefined) return;
    objects.push({ ...o, kind, ...(apiVersion === undefined ? {} : { apiVersion }) });
  };
  for (const f of files) {
    const parsed = parseDocuments(f, readFileSync(f, 'utf8'));
    logs += parsed.logs.length;
    for (const d of parsed.documents) take(d.value);
  }
  return { objects, logs, probes, files };
}

export const keyOf = (o: Obj): string => {
  const m = rec(o.metadata);
  return `${str(o.kind) ?? '?'}/${str(m.namespace) ?? ''}/${str(m.name) ?? str(m.generateName) ?? '?'}`;
};

/** The path of the object's collection, or undefined for a kind the loader has no path for. */
function kindInfo(o: Obj): KindInfo | undefined {
  return KINDS[`${groupOf(o.apiVersion)}/${str(o.kind) ?? ''}`];
}

function collectionOf(info: KindInfo, namespace: string | undefined): string {
  return info.namespaced
    ? `${info.prefix}/namespaces/${namespace ?? 'default'}/${info.plural}`
    : `${info.prefix}/${info.plural}`;
}

/** Replaces every string equal to an old uid by the new one, everywhere in the value. */
function remap(v: unknown, uids: ReadonlyMap<string, string>): unknown {
  if (typeof v === 'string') return uids.get(v) ?? v;
  if (Array.isArray(v)) return v.map((x) => remap(x, uids));
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, remap(x, uids)]));
  return v;
}

const TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/** Moves every RFC 3339 timestamp in the value by `ms`, keeping its precision. */
export function shiftTimes(v: unknown, ms: number): unknown {
  if (ms === 0) return v;
  if (typeof v === 'string') {
    const m = TIME.exec(v);
    if (m === null) return v;
    const frac = m[2] ?? '';
    const t = new Date(Date.parse(`${m[1] ?? ''}Z`) + ms).toISOString().slice(0, 19);
    return `${t}${frac}Z`;
  }
  if (Array.isArray(v)) return v.map((x) => shiftTimes(x, ms));
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shiftTimes(x, ms)]));
  return v;
}

/**
 * Fields the API server derives from another one: dropping the named field alone would have the
 * server derive it again (spec.clusterIPs is defaulted from spec.clusterIP).
 */
const DERIVED_FROM: Readonly<Record<string, string>> = { 'spec.clusterIPs': 'spec.clusterIP' };

/** Deletes the field a 422 cause names (`spec.clusterIPs`, `status.containerStatuses[0].state`). */
function dropField(obj: Obj, field: string): boolean {
  const source = DERIVED_FROM[field];
  const droppedSource = source !== undefined && dropOne(obj, source);
  return dropOne(obj, field) || droppedSource;
}

function dropOne(obj: Obj, field: string): boolean {
  const parts = field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\[([^\]]+)\]/g, '.$1')
    .split('.')
    .filter((p) => p !== '');
  let cur: unknown = obj;
  for (const p of parts.slice(0, -1)) {
    if (typeof cur !== 'object' || cur === null) return false;
    cur = (cur as Record<string, unknown>)[p];
  }
  const last = parts.at(-1);
  if (last === undefined || typeof cur !== 'object' || cur === null) return false;
  const c = cur as Record<string, unknown>;
  if (!(last in c)) return false;
  if (Array.isArray(c)) c.splice(Number(last), 1);
  else Reflect.deleteProperty(c, last);
  return true;
}

function valueAt(obj: Obj, field: string): unknown {
  let cur: unknown = obj;
  for (const p of field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((x) => x !== '')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

interface Cause {
  readonly field?: string;
  readonly message?: string;
}

/** The message of the API server's Status answer. */
function statusMessage(e: ApiError): string {
  try {
    return (JSON.parse(e.text) as { message?: string }).message ?? e.text;
  } catch {
    return e.text;
  }
}

function causesOf(e: ApiError): Cause[] {
  try {
    const body = JSON.parse(e.text) as { details?: { causes?: Cause[] } };
    return body.details?.causes ?? [];
  } catch {
    return [];
  }
}

const short = (v: unknown): string => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 120 ? `${s.slice(0, 117)}...` : s;
};

/** Loads the fixture into the API server. */
export async function loadFixture(
  api: Api,
  content: FixtureContent,
  opts: {
    /** The reference time of the diagnosis (already shifted). */
    readonly now: string;
    /**
     * Milliseconds added to every timestamp of the fixture. The API server stamps
     * creationTimestamp (and deletionTimestamp) with its own clock, so the fixture's times are
     * moved to the present: ages then read as in the fixture, give or take the shift's margin.
     */
    readonly shiftMs?: number;
  },
): Promise<Loaded> {
  const created: string[] = [];
  try {
    return await load(api, content, opts, created);
  } catch (e) {
    // Leave nothing behind for the next fixture.
    await resetFixture(api, { namespaces: [], findings: [], created, namespaceLabels: new Map() });
    throw e;
  }
}

async function load(
  api: Api,
  content: FixtureContent,
  opts: { readonly now: string; readonly shiftMs?: number },
  created: string[],
): Promise<Loaded> {
  const shift = opts.shiftMs ?? 0;
  const findings: Finding[] = [];
  const uids = new Map<string, string>();
  const find = (object: string, assumed: string, real: string): void => {
    if (!findings.some((f) => f.object === object && f.assumed === assumed && f.real === real))
      findings.push({ object, assumed, real });
  };
  const standIn = (object: string, assumed: string, real: string): void => {
    findings.push({ object, assumed, real, standIn: true });
  };
  if (content.logs > 0)
    find(
      'logs',
      `${String(content.logs)} container log tail(s)`,
      'not loadable: the API server serves pods/log from the kubelet, and no kubelet runs',
    );
  if (content.probes > 0)
    find('probes', `${String(content.probes)} probe answer(s)`, 'not loadable: a pod serves them');

  // One object per kind/namespace/name: the newest (highest resourceVersion) of duplicates.
  const byKey = new Map<string, Obj>();
  for (const o of content.objects) {
    const k = keyOf(o);
    const prev = byKey.get(k);
    const rv = (x: Obj | undefined): number => Number(str(rec(x?.metadata).resourceVersion) ?? '0') || 0;
    if (prev === undefined || rv(o) >= rv(prev)) byKey.set(k, o);
  }
  const objects = [...byKey.values()];

  const namespaces = new Set<string>();
  for (const o of objects) {
    const info = kindInfo(o);
    const ns = str(rec(o.metadata).namespace);
    if (info?.namespaced === true) namespaces.add(ns ?? 'default');
    if (str(o.kind) === 'Namespace') namespaces.add(str(rec(o.metadata).name) ?? 'default');
  }
  // Namespaces first, without labels: a PodSecurity `enforce` label would refuse the pods the
  // fixture holds (which a cluster can hold when the label came later); the labels are set last.
  const namespaceLabels = new Map<string, Obj>();
  for (const ns of [...namespaces].sort()) {
    const fixtureNs = objects.find((o) => str(o.kind) === 'Namespace' && str(rec(o.metadata).name) === ns);
    const labels = rec(rec(fixtureNs?.metadata).labels);
    if (Object.keys(labels).length > 0) namespaceLabels.set(ns, labels);
    const r = await api.request('POST', '/api/v1/namespaces', {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: ns },
    });
    if (r.status !== 201 && r.status !== 409)
      throw new ApiError(r.status, 'POST', '/api/v1/namespaces', r.text);
  }

  const loadable = objects.filter((o) => {
    if (str(o.kind) === 'Namespace') return false;
    if (kindInfo(o) === undefined) {
      find(
        keyOf(o),
        `an object of kind ${String(o.apiVersion)} ${String(o.kind)}`,
        'not loaded: no path known',
      );
      return false;
    }
    return true;
  });
  loadable.sort((a, b) => (kindInfo(a)?.rank ?? 99) - (kindInfo(b)?.rank ?? 99));

  // A pod's ServiceAccount must exist (ServiceAccount admission); the controller manager makes
  // `default` in every namespace, so only another one missing from the fixture is a finding.
  const accounts = new Set(loadable.filter((o) => str(o.kind) === 'ServiceAccount').map((o) => keyOf(o)));
  for (const o of loadable.filter((x) => str(x.kind) === 'Pod')) {
    const ns = str(rec(o.metadata).namespace) ?? 'default';
    const sa = str(rec(o.spec).serviceAccountName) ?? 'default';
    if (accounts.has(`ServiceAccount/${ns}/${sa}`)) continue;
    accounts.add(`ServiceAccount/${ns}/${sa}`);
    if (sa !== 'default')
      find(
        keyOf(o),
        `spec.serviceAccountName ${sa}, with no ServiceAccount ${sa} in the fixture`,
        'the ServiceAccount admission plugin refuses a pod whose ServiceAccount does not exist; the loader created it',
      );
    const path = `/api/v1/namespaces/${ns}/serviceaccounts`;
    const r = await api.request('POST', path, {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: sa },
    });
    if (r.status === 201) created.push(`${path}/${sa}`);
  }

  // A fixture without Node objects did not capture them; its pods ran on nodes all the same. A live
  // read always lists nodes, and a bound pod whose node is absent is a lost node, so each node a
  // pod names is created Ready, its heartbeat at the reference time.
  if (!loadable.some((o) => str(o.kind) === 'Node')) {
    const named = [
      ...new Set(
        loadable
          .filter((o) => str(o.kind) === 'Pod')
          .map((o) => str(rec(o.spec).nodeName))
          .filter((n): n is string => n !== undefined && n !== ''),
      ),
    ].sort();
    for (const name of named) {
      standIn(
        `Node//${name}`,
        `pods bound to node ${name}, with no Node objects in the fixture`,
        'a live read lists nodes, and a bound pod without its Node is a lost node: the loader created it Ready (heartbeat at the reference time)',
      );
      loadable.push(readyNode(name, opts.now));
    }
    loadable.sort((a, b) => (kindInfo(a)?.rank ?? 99) - (kindInfo(b)?.rank ?? 99));
  }

  let convertedEvents = 0;
  let eventsV1Refusal: string | undefined;
  for (const original of loadable) {
    const info = kindInfo(original);
    if (info === undefined) continue;
    const key = keyOf(original);
    const meta = rec(original.metadata);
    const oldUid = str(meta.uid);
    const obj = shiftTimes(remap(structuredClone(original), uids), shift) as Obj;
    const m = rec(obj.metadata);
    const status = obj.status;
    delete obj.status;
    for (const f of [
      'uid',
      'resourceVersion',
      'creationTimestamp',
      'managedFields',
      'selfLink',
      'generation',
    ])
      Reflect.deleteProperty(m, f);
    const deletion = str(meta.deletionTimestamp);
    const grace = typeof m.deletionGracePeriodSeconds === 'number' ? m.deletionGracePeriodSeconds : undefined;
    delete m.deletionTimestamp;
    delete m.deletionGracePeriodSeconds;
    if (deletion !== undefined)
      m.finalizers = [...((m.finalizers as string[] | undefined) ?? []), 'kube-handoff.test/hold'];
    obj.metadata = m;
    const kind = str(obj.kind) ?? '';

    if (kind === 'Job') {
      // The API server generates a Job's selector and its pods' controller-uid labels itself.
      const spec = rec(obj.spec);
      if (spec.manualSelector !== true && spec.selector !== undefined) {
        delete spec.selector;
        const tl = rec(rec(rec(spec.template).metadata).labels);
        for (const l of ['controller-uid', 'batch.kubernetes.io/controller-uid'])
          Reflect.deleteProperty(tl, l);
      }
    }
    if (kind === 'Event' && groupOf(obj.apiVersion) === '' && m.name === undefined) {
      m.generateName = `${str(rec(obj.involvedObject).name) ?? 'event'}.`;
    }

    let collection = collectionOf(info, str(m.namespace));
    if (kind === 'Event' && groupOf(obj.apiVersion) === 'events.k8s.io' && (obj.eventTime ?? null) === null) {
      // A core/v1 event read through events.k8s.io/v1: eventTime null, deprecated* fields set.
      // events.k8s.io/v1 refuses to create it; only core/v1 writes such an event.
      if (eventsV1Refusal === undefined) {
        const r = await api.request('POST', collection, obj);
        if (r.status === 201) {
          eventsV1Refusal = 'accepted';
          created.push(`${collection}/${String(rec(rec(r.body).metadata).name)}`);
          continue;
        }
        eventsV1Refusal = (JSON.parse(r.text) as { message?: string }).message ?? r.text;
      }
      if (eventsV1Refusal !== 'accepted') {
        Object.assign(obj, coreEventOf(obj));
        for (const k of Object.keys(obj)) if (!(k in CORE_EVENT_FIELDS)) Reflect.deleteProperty(obj, k);
        collection = collectionOf(KINDS['/Event'] as KindInfo, str(m.namespace));
        convertedEvents++;
      }
    }
    let body: Obj | undefined;
    for (let attempt = 0; attempt < 12; attempt++) {
      try {
        body = await api.must<Obj>('POST', collection, obj);
        break;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const causes = causesOf(e).filter((c) => c.field !== undefined);
        const dropped =
          e.status === 422 && causes.length > 0 && causes.every((c) => dropField(obj, c.field ?? ''));
        for (const c of causes)
          find(
            key,
            `${c.field ?? '?'} ${short(valueAt(original, c.field ?? ''))}`,
            `create refused: ${c.message ?? e.text}`,
          );
        if (!dropped) {
          find(key, 'the object', `not loaded: HTTP ${String(e.status)}: ${statusMessage(e)}`);
          break;
        }
      }
    }
    if (body === undefined) continue;
    const newMeta = rec(body.metadata);
    const name = str(newMeta.name) ?? '';
    const objectPath = `${collection}/${name}`;
    created.push(objectPath);
    const newUid = str(newMeta.uid);
    if (oldUid !== undefined && newUid !== undefined) uids.set(oldUid, newUid);

    if (info.status && status !== undefined && typeof status === 'object') {
      const st = status as Obj;
      // The API server sets metadata.generation (1 on create): keep how far the status lagged.
      const gen = typeof newMeta.generation === 'number' ? newMeta.generation : undefined;
      if (
        typeof st.observedGeneration === 'number' &&
        typeof meta.generation === 'number' &&
        gen !== undefined
      )
        st.observedGeneration = Math.max(0, gen - (meta.generation - st.observedGeneration));
      const wrapped: Obj = { status: st };
      for (let attempt = 0; attempt < 12; attempt++) {
        try {
          await api.patch(`${objectPath}/status`, wrapped, 'merge');
          break;
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          const causes = causesOf(e).filter((c) => c.field !== undefined);
          const dropped =
            e.status === 422 && causes.length > 0 && causes.every((c) => dropField(wrapped, c.field ?? ''));
          for (const c of causes)
            find(
              key,
              `${c.field ?? '?'} ${short(valueAt(original, c.field ?? ''))}`,
              `status refused: ${c.message ?? e.text}`,
            );
          if (!dropped) {
            find(key, 'its status', `not written: HTTP ${String(e.status)}: ${statusMessage(e)}`);
            break;
          }
        }
      }
    }
    if (kind === 'Node') {
      // TaintNodesByCondition (an admission plugin the API server enables by default) taints every
      // new Node node.kubernetes.io/not-ready:NoSchedule; the node lifecycle controller lifts it
      // once the node is Ready, and it does not run here.
      const want = (rec(original.spec).taints as { key: string; effect: string }[] | undefined) ?? [];
      const have = (rec(body.spec).taints as { key: string; effect: string }[] | undefined) ?? [];
      const added = have.filter((t) => !want.some((w) => w.key === t.key && w.effect === t.effect));
      if (added.length > 0) {
        standIn(
          key,
          `spec.taints ${short(want)}`,
          `the API server added ${added.map((t) => `${t.key}:${t.effect}`).join(', ')} on create (TaintNodesByCondition); the node lifecycle controller removes it from a Ready node, and does not run here: the loader removed it`,
        );
        await api.patch(objectPath, { spec: { taints: want.length > 0 ? want : null } }, 'merge');
      }
    }
    if (deletion !== undefined) {
      const q = grace === undefined ? '' : `?gracePeriodSeconds=${String(grace)}`;
      await api.must('DELETE', `${objectPath}${q}`);
      find(
        key,
        `metadata.deletionTimestamp ${deletion}`,
        `the API server sets it on delete, to the time of the request plus the grace period${grace === undefined ? '' : ` (${String(grace)} s)`}: the loader deleted the object (held by a finalizer), so its deletion is seconds old, not as old as in the fixture`,
      );
    }
  }

  // Services without EndpointSlices: the fixture did not capture them (a cluster-info dump has
  // none). The EndpointSlice controller would have written them from the pods; a live read lists
  // them, and a Service with none has no endpoints. Written here the way that controller writes them.
  const hasSlices = loadable.some((o) => str(o.kind) === 'EndpointSlice' || str(o.kind) === 'Endpoints');
  const services = loadable.filter(
    (o) => str(o.kind) === 'Service' && Object.keys(rec(rec(o.spec).selector)).length > 0,
  );
  if (!hasSlices)
    for (const svc of services) {
      const ns = str(rec(svc.metadata).namespace) ?? 'default';
      const name = str(rec(svc.metadata).name) ?? '';
      const made = await endpointSliceFor(api, ns, name);
      if (made === undefined) continue;
      created.push(made.path);
      standIn(
        `Service/${ns}/${name}`,
        'a Service with a selector, with no EndpointSlice in the fixture',
        `a live read lists EndpointSlices, and the EndpointSlice controller (not running here) writes one per Service: the loader wrote it from the loaded pods (${String(made.endpoints)} endpoint(s))`,
      );
    }

  if (convertedEvents > 0)
    find(
      'events',
      `${String(convertedEvents)} events.k8s.io/v1 event(s) with eventTime null and deprecatedFirstTimestamp/deprecatedLastTimestamp/deprecatedCount/deprecatedSource set (core/v1 events read through events.k8s.io/v1)`,
      `events.k8s.io/v1 refuses to create them: ${eventsV1Refusal ?? ''}; loaded through core/v1 (involvedObject, message, count, firstTimestamp, lastTimestamp, source from regarding, note and the deprecated* fields)`,
    );
  const labelled = new Map<string, string[]>();
  for (const [ns, labels] of namespaceLabels) {
    await api.patch(`/api/v1/namespaces/${ns}`, { metadata: { labels } }, 'merge');
    labelled.set(ns, Object.keys(labels));
  }
  return { namespaces: [...namespaces].sort(), findings, created, namespaceLabels: labelled };
}

interface PodView {
  metadata: { name: string; uid: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { nodeName?: string; containers: { ports?: { name?: string; containerPort: number }[] }[] };
  status: { podIP?: string; conditions?: { type: string; status: string }[] };
}

interface ServiceView {
  metadata: { uid: string };
  spec: {
    selector?: Record<string, string>;
    ports?: { name?: string; port: number; protocol?: string; targetPort?: number | string }[];
  };
}

/** One EndpointSlice for the Service, as the EndpointSlice controller derives it from the pods. */
async function endpointSliceFor(
  api: Api,
  ns: string,
  name: string,
): Promise<{ path: string; endpoints: number } | undefined> {
  const got = await api.request('GET', `/api/v1/namespaces/${ns}/services/${name}`);
  if (got.status === 404) return undefined; // not loaded (a finding says why)
  const svc = got.body as ServiceView;
  const selector = svc.spec.selector ?? {};
  const pods = ((await api.list(`/api/v1/namespaces/${ns}/pods`)) as unknown as PodView[]).filter(
    (p) =>
      p.status.podIP !== undefined &&
      Object.entries(selector).every(([k, v]) => p.metadata.labels?.[k] === v),
  );
  const first = pods[0];
  const ports = (svc.spec.ports ?? []).map((p) => {
    const target = p.targetPort ?? p.port;
    const number =
      typeof target === 'number'
        ? target
        : first?.spec.containers.flatMap((c) => c.ports ?? []).find((cp) => cp.name === target)
            ?.containerPort;
    return { ...(p.name === undefined ? {} : { name: p.name }), protocol: p.protocol ?? 'TCP', port: number };
  });
  const body = {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      generateName: `${name}-`,
      namespace: ns,
      labels: {
        'kubernetes.io/service-name': name,
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      },
      ownerReferences: [
        {
          apiVersion: 'v1',
          kind: 'Service',
          name,
          uid: svc.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    addressType: 'IPv4',
    endpoints: pods.map((p) => {
      const ready = p.status.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
      const terminating = p.metadata.deletionTimestamp !== undefined;
      return {
        addresses: [p.status.podIP],
        conditions: { ready: ready && !terminating, serving: ready, terminating },
        ...(p.spec.nodeName === undefined ? {} : { nodeName: p.spec.nodeName }),
        targetRef: { kind: 'Pod', namespace: ns, name: p.metadata.name, uid: p.metadata.uid },
      };
    }),
    ports: ports.filter((p) => p.port !== undefined),
  };
  const made = await api.must<{ metadata: { name: string } }>(
    'POST',
    `/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices`,
    body,
  );
  return {
    path: `/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices/${made.metadata.name}`,
    endpoints: pods.length,
  };
}

const CORE_EVENT_FIELDS: Readonly<Record<string, true>> = Object.fromEntries(
  [
    'apiVersion',
    'kind',
    'metadata',
    'involvedObject',
    'reason',
    'message',
    'source',
    'firstTimestamp',
    'lastTimestamp',
    'count',
    'type',
    'eventTime',
    'series',
    'action',
    'related',
    'reportingComponent',
    'reportingInstance',
  ].map((k) => [k, true]),
);

/** The core/v1 form of an events.k8s.io/v1 event (the API server's own field mapping). */
function coreEventOf(e: Obj): Obj {
  const out: Obj = {
    apiVersion: 'v1',
    kind: 'Event',
    involvedObject: e.regarding,
    reason: e.reason,
    message: e.note,
    type: e.type,
    count: e.deprecatedCount,
    firstTimestamp: e.deprecatedFirstTimestamp,
    lastTimestamp: e.deprecatedLastTimestamp,
    source: e.deprecatedSource,
    reportingComponent: e.reportingController,
    reportingInstance: e.reportingInstance,
    action: e.action,
    related: e.related,
    series: e.series,
    eventTime: null,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) Reflect.deleteProperty(out, k);
  return out;
}

function readyNode(name: string, now: string): Obj {
  const cond = (type: string, status: string, reason: string) => ({
    type,
    status,
    reason,
    lastHeartbeatTime: now,
    lastTransitionTime: now,
  });
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' } },
    spec: {},
    status: {
      capacity: { cpu: '4', memory: '8Gi', pods: '110' },
      allocatable: { cpu: '4', memory: '8Gi', pods: '110' },
      conditions: [
        cond('MemoryPressure', 'False', 'KubeletHasSufficientMemory'),
        cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure'),
        cond('PIDPressure', 'False', 'KubeletHasSufficientPID'),
        cond('Ready', 'True', 'KubeletReady'),
      ],
    },
  };
}

/** Deletes what loadFixture created (finalizers first, no grace), and the namespace labels it set. */
export async function resetFixture(api: Api, loaded: Loaded): Promise<void> {
  for (const p of [...loaded.created].reverse()) {
    const r = await api.request(
      'PATCH',
      p,
      { metadata: { finalizers: null } },
      'application/merge-patch+json',
    );
    if (r.status === 404) continue;
    // Background: without the garbage collector an `orphan` finalizer would never be removed.
    await api.delete(`${p}?gracePeriodSeconds=0&propagationPolicy=Background`);
  }
  for (const [ns, keys] of loaded.namespaceLabels)
    await api.patch(
      `/api/v1/namespaces/${ns}`,
      {
        metadata: {
          labels: Object.fromEntries(
            keys.filter((k) => k !== 'kubernetes.io/metadata.name').map((k) => [k, null]),
          ),
        },
      },
      'merge',
    );
}
