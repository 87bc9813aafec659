import { describe, expect, it } from 'vitest';
import {
  endpointSlice,
  event,
  limitRange,
  probeResult,
  pvc,
  pod,
  resourceQuota,
  service,
  snapshot,
  storageClass,
  workload,
} from '../../../test/builders.js';
import type { EventRecord, StorageClass } from '../../model/index.js';
import { Index } from './snapshot-index.js';

/** The object as a cluster-scoped-looking paste gives it: no metadata.namespace at all. */
/** A copy of `o` without the key `key` (not even set to undefined). */
function without<T extends object>(o: T, key: keyof T): T {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== key)) as T;
}

function noNs<T extends { metadata: { namespace?: string } }>(o: T): T {
  return { ...o, metadata: without(o.metadata, 'namespace') };
}

describe('Index: objects without a namespace are filed under the empty namespace', () => {
  const p = noNs(pod({ name: 'bare' }));
  const claim = noNs(pvc({ name: 'data' }));
  const svc = noNs(service({ name: 'api' }));
  const deploy = noNs(workload({ kind: 'Deployment', name: 'api' }));
  const quota = noNs(resourceQuota({ name: 'q', hard: { pods: '1' }, used: { pods: '1' } }));
  const limits = noNs(limitRange({ name: 'l', limits: [] }));
  const ev = event({ reason: 'FailedScheduling', name: 'bare' });
  const bareEvent = { ...ev, regarding: { kind: 'Pod', name: 'bare' } };
  const index = new Index(
    snapshot({
      pods: [p],
      pvcs: [claim],
      services: [svc],
      workloads: [deploy],
      resourceQuotas: [quota],
      limitRanges: [limits],
      events: [bareEvent],
    }),
  );

  it.each([
    ['pod', () => index.pod('', 'bare'), p],
    ['pvc', () => index.pvc('', 'data'), claim],
    ['service', () => index.service('', 'api'), svc],
    ['workload', () => index.workload('Deployment', '', 'api'), deploy],
  ])('%s by name', (_kind, lookup, expected) => {
    expect(lookup()).toBe(expected);
  });

  it.each([
    ['pods', () => index.podsInNamespace(''), [p]],
    ['pvcs', () => index.pvcsInNamespace(''), [claim]],
    ['services', () => index.servicesInNamespace(''), [svc]],
    ['workloads', () => index.workloadsInNamespace(''), [deploy]],
    ['quotas', () => index.resourceQuotas(''), [quota]],
    ['limit ranges', () => index.limitRanges(''), [limits]],
    ['events', () => index.eventsFor({ kind: 'Pod', name: 'bare' }), [bareEvent]],
    [
      'events asked with the empty namespace',
      () => index.eventsFor({ kind: 'Pod', namespace: '', name: 'bare' }),
      [bareEvent],
    ],
  ])('%s in the namespace', (_kind, lookup, expected) => {
    expect(lookup()).toEqual(expected);
  });

  it('other namespaces and unknown names find nothing', () => {
    expect(index.servicesInNamespace('default')).toEqual([]);
    expect(index.workloadsInNamespace('default')).toEqual([]);
    expect(index.service('default', 'api')).toBeUndefined();
    expect(index.workload('StatefulSet', '', 'api')).toBeUndefined();
    expect(index.probes('default', 'bare')).toEqual([]);
    expect(index.logs('default', 'bare')).toEqual([]);
  });
});

describe('Index: services and probes', () => {
  it('lists the workloads of a namespace in snapshot order, not those of others', () => {
    const a = workload({ kind: 'Deployment', name: 'a' });
    const b = workload({ kind: 'StatefulSet', name: 'b' });
    const other = workload({ kind: 'Deployment', name: 'a', namespace: 'shop' });
    const index = new Index(snapshot({ workloads: [a, other, b] }));
    expect(index.workloadsInNamespace('default')).toEqual([a, b]);
    expect(index.workloadsInNamespace('shop')).toEqual([other]);
  });

  it('lists the services of a namespace in snapshot order, not those of others', () => {
    const a = service({ name: 'a' });
    const b = service({ name: 'b' });
    const other = service({ name: 'a', namespace: 'shop' });
    const index = new Index(snapshot({ services: [a, other, b] }));
    expect(index.servicesInNamespace('default')).toEqual([a, b]);
    expect(index.servicesInNamespace('shop')).toEqual([other]);
    expect(index.service('shop', 'a')).toBe(other);
  });

  it('files an EndpointSlice under its kubernetes.io/service-name label only', () => {
    const labelled = endpointSlice({ service: 'web', endpoints: [] });
    const unlabelled = {
      ...labelled,
      metadata: { ...without(labelled.metadata, 'labels'), name: 'stray-abcde' },
    };
    // A Service may well be called "undefined": a slice with no label must not land under it.
    const index = new Index(snapshot({ endpointSlices: [labelled, unlabelled] }));
    expect(index.endpointSlicesFor('default', 'web')).toEqual([labelled]);
    expect(index.endpointSlicesFor('default', 'undefined')).toEqual([]);
  });

  it('returns the probe results of a pod, and none for a pod without any', () => {
    const r = probeResult(503, { pod: 'web-1' });
    const index = new Index(snapshot({ probes: [r] }));
    expect(index.probes('default', 'web-1')).toEqual([r]);
    expect(index.probes('default', 'web-2')).toEqual([]);
  });
});

describe('Index: default StorageClass', () => {
  const beta = (name: string, value: string): StorageClass => ({
    ...storageClass({ name }),
    metadata: { name, annotations: { 'storageclass.beta.kubernetes.io/is-default-class': value } },
  });
  const ga = (name: string, value: string): StorageClass => ({
    ...storageClass({ name }),
    metadata: { name, annotations: { 'storageclass.kubernetes.io/is-default-class': value } },
  });

  it.each<[string, StorageClass[], string | undefined]>([
    [
      'the GA annotation, ahead of classes that are not default',
      [ga('gp3', 'true'), ga('gp2', 'false'), storageClass({ name: 'standard' })],
      'gp3',
    ],
    [
      'the beta annotation',
      [beta('old', 'true'), beta('slow', 'false'), storageClass({ name: 'standard' })],
      'old',
    ],
    ['annotations set to "false" make no default', [ga('gp2', 'false'), beta('slow', 'false')], undefined],
    ['no annotations make no default', [storageClass({ name: 'standard' })], undefined],
    ['none at all', [], undefined],
  ])('%s', (_name, classes, expected) => {
    const index = new Index(snapshot({ storageClasses: classes }));
    expect(index.defaultStorageClass()?.metadata.name).toBe(expected);
    for (const c of classes) expect(index.storageClass(c.metadata.name)).toBe(c);
  });
});

describe('Index: events', () => {
  const old = event({ reason: 'Scheduled', name: 'web-1', uid: 'uid-old', firstS: 0, lastS: 0 });
  const cur = event({ reason: 'Pulling', name: 'web-1', uid: 'uid-new', firstS: 10, lastS: 10 });
  const bare = event({ reason: 'BackOff', name: 'web-1', firstS: 20, lastS: 20 });

  it.each<[string, string | undefined, string[]]>([
    ['the same uid or none, when events of another incarnation are there', 'uid-new', ['Pulling', 'BackOff']],
    ['the old incarnation likewise', 'uid-old', ['Scheduled', 'BackOff']],
    ['every event when the ref has no uid', undefined, ['Scheduled', 'Pulling', 'BackOff']],
    ['every event when the ref uid is empty', '', ['Scheduled', 'Pulling', 'BackOff']],
  ])('%s', (_name, uid, reasons) => {
    const index = new Index(snapshot({ events: [bare, cur, old] }));
    const ref = { kind: 'Pod', namespace: 'default', name: 'web-1', ...(uid === undefined ? {} : { uid }) };
    expect(index.eventsFor(ref).map((e) => e.reason)).toEqual(reasons);
  });

  it('keeps every event when all of them carry the uid asked for', () => {
    const a = event({ reason: 'Scheduled', uid: 'u', firstS: 0 });
    const b = event({ reason: 'Pulling', uid: 'u', firstS: 5 });
    const index = new Index(snapshot({ events: [b, a] }));
    expect(index.eventsFor({ kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u' })).toEqual([a, b]);
  });

  it('orders events by their last time, falling back to the first', () => {
    // Repeated BackOff: first seen at 0s, last at 100s; a single Pulled at 50s.
    const backOff = event({ reason: 'BackOff', firstS: 0, lastS: 100, count: 7 });
    const pulled = event({ reason: 'Pulled', firstS: 50, lastS: 50 });
    const onlyFirst = without(event({ reason: 'Pulling', firstS: 70 }), 'last');
    for (const order of [
      [backOff, pulled, onlyFirst],
      [pulled, onlyFirst, backOff],
      [onlyFirst, backOff, pulled],
    ] as EventRecord[][]) {
      const index = new Index(snapshot({ events: order }));
      expect(
        index.eventsFor({ kind: 'Pod', namespace: 'default', name: 'web-1' }).map((e) => e.reason),
      ).toEqual(['Pulled', 'Pulling', 'BackOff']);
    }
  });
});
