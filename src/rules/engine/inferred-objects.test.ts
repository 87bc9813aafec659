import { describe, expect, it } from 'vitest';
import { endpointSlice, endpoints, event, pod, service, snapshot, workload } from '../../../test/builders.js';
import type { ObjectMeta, OwnerReference, Snapshot } from '../../model/index.js';
import { KnownObjects } from './inferred-objects.js';
import { Index } from './snapshot-index.js';

function known(s: Snapshot): KnownObjects {
  return new KnownObjects(s, new Index(s));
}

function inferred(k: KnownObjects, o: object | undefined): boolean {
  return o !== undefined && k.inferred.has(o);
}

/** A copy of `o` without the key `key` (not even set to undefined). */
function without<T extends object>(o: T, key: keyof T): T {
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== key)) as T;
}

function noNs<T extends { metadata: { namespace?: string } }>(o: T): T {
  return { ...o, metadata: without(o.metadata, 'namespace') };
}

const backOff = (opts: { name?: string; namespace?: string } = {}) =>
  event({
    reason: 'BackOff',
    message: 'Back-off restarting failed container app in pod web-1_default(uid-web-1)',
    ...opts,
  });

describe('KnownObjects: objects known only from their events', () => {
  it('rebuilds a pod whose events were pasted without it, and marks it inferred', () => {
    const k = known(snapshot({ events: [backOff({ name: 'web-1', namespace: 'shop' })] }));
    expect(k.pods).toHaveLength(1);
    expect(k.pods[0]).toStrictEqual({
      kind: 'Pod',
      metadata: { name: 'web-1', namespace: 'shop' },
      spec: { containers: [] },
      status: {},
    });
    expect(inferred(k, k.pods[0])).toBe(true);
  });

  it('leaves out the namespace of a stub when the event has none', () => {
    const ev = backOff();
    const k = known(snapshot({ events: [{ ...ev, regarding: { kind: 'Pod', name: 'web-1' } }] }));
    expect(k.pods[0]?.metadata).toStrictEqual({ name: 'web-1' });
  });

  it('rebuilds no pod that is in the snapshot, with or without a namespace', () => {
    const p = noNs(pod({ name: 'web-1' }));
    const ev = backOff();
    const k = known(snapshot({ pods: [p], events: [{ ...ev, regarding: { kind: 'Pod', name: 'web-1' } }] }));
    expect(k.pods).toEqual([p]);
    expect(k.inferred.size).toBe(0);
  });

  it('rebuilds a workload from its events, with the uid they carry', () => {
    const ev = event({
      reason: 'FailedCreate',
      kind: 'ReplicaSet',
      name: 'web-5d9c7b8f4',
      uid: 'uid-rs',
      message:
        'Error creating: pods "web-5d9c7b8f4-abcde" is forbidden: exceeded quota: compute, requested: cpu=1, used: cpu=4, limited: cpu=4',
    });
    const k = known(snapshot({ events: [ev] }));
    expect(k.workloadList()).toStrictEqual([
      {
        kind: 'ReplicaSet',
        metadata: { name: 'web-5d9c7b8f4', namespace: 'default', uid: 'uid-rs' },
        spec: {},
        status: {},
      },
    ]);
    expect(k.pods).toEqual([]);
  });

  it('rebuilds nothing from the events of objects that are neither pods nor workloads', () => {
    const ev = event({
      reason: 'NodeNotReady',
      kind: 'Node',
      name: 'node-1',
      message: 'Node node-1 status is now: NodeNotReady',
    });
    const k = known(snapshot({ events: [{ ...ev, regarding: { kind: 'Node', name: 'node-1' } }] }));
    expect(k.workloadList()).toEqual([]);
    expect(k.pods).toEqual([]);
    expect(k.inferred.size).toBe(0);
  });
});

/** `namespace` null: the object has none. */
function meta(name: string, owners: OwnerReference[], namespace: string | null = 'default'): ObjectMeta {
  return { name, ...(namespace === null ? {} : { namespace }), ownerReferences: owners };
}

describe('KnownObjects.controllerChain', () => {
  it('follows the controller reference rather than the first one', () => {
    const k = known(snapshot({}));
    const chain = k.controllerChain(
      meta('web-1', [
        { kind: 'ReplicaSet', name: 'other', uid: 'uid-other', controller: false },
        { kind: 'ReplicaSet', name: 'web-5d9c7b8f4', uid: 'uid-rs', controller: true },
      ]),
      'Pod',
    );
    expect(chain.map((w) => w.metadata.name)).toEqual(['web-5d9c7b8f4']);
    expect(chain[0]?.metadata).toStrictEqual({ name: 'web-5d9c7b8f4', namespace: 'default', uid: 'uid-rs' });
  });

  it('falls back to the first reference when none is the controller', () => {
    const k = known(snapshot({}));
    const chain = k.controllerChain(meta('web-1', [{ kind: 'ReplicaSet', name: 'web-5d9c7b8f4' }]), 'Pod');
    expect(chain.map((w) => w.metadata)).toStrictEqual([{ name: 'web-5d9c7b8f4', namespace: 'default' }]);
  });

  it("a pod owned by a Node (a static pod's mirror) has no controller chain", () => {
    const k = known(snapshot({}));
    expect(
      k.controllerChain(
        meta('etcd-node-1', [{ kind: 'Node', name: 'node-1', controller: true }], 'kube-system'),
        'Pod',
      ),
    ).toEqual([]);
    expect(k.workloadList()).toEqual([]);
  });

  it('finds a namespace-less workload of the snapshot rather than rebuilding it', () => {
    const rs = noNs(workload({ kind: 'ReplicaSet', name: 'web-5d9c7b8f4' }));
    const k = known(snapshot({ workloads: [rs] }));
    const chain = k.controllerChain(
      meta('web-1', [{ kind: 'ReplicaSet', name: 'web-5d9c7b8f4', controller: true }], null),
      'Pod',
    );
    expect(chain).toHaveLength(1);
    expect(chain[0]).toBe(rs);
    expect(k.inferred.size).toBe(0);
  });

  it('tells apart workloads of one name in different namespaces', () => {
    const a = workload({ kind: 'ReplicaSet', name: 'web-5d9c7b8f4', namespace: 'default' });
    const b = workload({ kind: 'ReplicaSet', name: 'web-5d9c7b8f4', namespace: 'shop' });
    const k = known(snapshot({ workloads: [a, b] }));
    const owner = [{ kind: 'ReplicaSet', name: 'web-5d9c7b8f4', controller: true }];
    expect(k.workloadList()).toEqual([a, b]);
    expect(k.controllerChain(meta('web-1', owner, 'shop'), 'Pod')[0]).toBe(b);
    expect(k.controllerChain(meta('web-1', owner, 'default'), 'Pod')[0]).toBe(a);
  });

  it('rebuilds the owner of a namespace-less object without a namespace', () => {
    const k = known(snapshot({}));
    const chain = k.controllerChain(
      meta('web-1', [{ kind: 'ReplicaSet', name: 'web-5d9c7b8f4', controller: true }], null),
      'Pod',
    );
    expect(chain.map((w) => w.metadata)).toStrictEqual([{ name: 'web-5d9c7b8f4' }]);
  });

  it('stops after 8 owners', () => {
    // ReplicaSets each owned by the next: nothing real does this, the cap guards against bad input.
    const rss = Array.from({ length: 12 }, (_, i) =>
      workload({ kind: 'ReplicaSet', name: `rs-${i}`, owner: { kind: 'ReplicaSet', name: `rs-${i + 1}` } }),
    );
    const k = known(snapshot({ workloads: rss }));
    const chain = k.controllerChain(
      meta('web-1', [{ kind: 'ReplicaSet', name: 'rs-0', controller: true }]),
      'Pod',
    );
    expect(chain.map((w) => w.metadata.name)).toEqual([
      'rs-0',
      'rs-1',
      'rs-2',
      'rs-3',
      'rs-4',
      'rs-5',
      'rs-6',
      'rs-7',
    ]);
  });

  describe('a ReplicaSet without owner references belongs to the Deployment that scaled it', () => {
    const scaled = (namespace?: string) => {
      const ev = event({
        reason: 'ScalingReplicaSet',
        type: 'Normal',
        kind: 'Deployment',
        name: 'web',
        message: 'Scaled up replica set web-5d9c7b8f4 to 3 from 0',
      });
      return {
        ...ev,
        regarding: { kind: 'Deployment', name: 'web', ...(namespace === undefined ? {} : { namespace }) },
      };
    };

    it.each([
      ['in a namespace', 'default'],
      ['without a namespace', undefined],
    ])('%s', (_name, ns) => {
      const k = known(snapshot({ events: [scaled(ns)] }));
      const chain = k.controllerChain(meta('web-5d9c7b8f4', [], ns ?? null), 'ReplicaSet');
      expect(chain.map((w) => `${w.kind}/${w.metadata.name}`)).toEqual(['Deployment/web']);
      expect(inferred(k, chain[0])).toBe(true);
    });

    it('only for a ReplicaSet, and only for the one named', () => {
      const k = known(snapshot({ events: [scaled('default')] }));
      expect(k.controllerChain(meta('web-5d9c7b8f4', []), 'Pod')).toEqual([]);
      expect(k.controllerChain(meta('web-7f6b5c4d3', []), 'ReplicaSet')).toEqual([]);
    });
  });
});

describe('KnownObjects.services', () => {
  it('rebuilds a Service from its Endpoints and from its labelled EndpointSlices, once each', () => {
    const s = snapshot({
      services: [service({ name: 'web' })],
      endpoints: [endpoints({ service: 'web' }), endpoints({ service: 'api', namespace: 'shop' })],
      endpointSlices: [
        endpointSlice({ service: 'api', namespace: 'shop', endpoints: [] }),
        endpointSlice({ service: 'cart', endpoints: [] }),
      ],
    });
    const k = known(s);
    const list = k.services(s);
    expect(list.map((x) => `${x.metadata.namespace}/${x.metadata.name}`)).toEqual([
      'default/web',
      'shop/api',
      'default/cart',
    ]);
    expect(list[1]).toStrictEqual({
      kind: 'Service',
      metadata: { name: 'api', namespace: 'shop' },
      spec: {},
    });
    expect(list.slice(1).every((x) => k.inferred.has(x))).toBe(true);
    expect(inferred(k, list[0])).toBe(false);
  });

  it('rebuilds nothing from an EndpointSlice without a service-name label, or with an empty one', () => {
    const slice = endpointSlice({ service: 'web', endpoints: [] });
    const bare = without(slice.metadata, 'labels');
    const s = snapshot({
      endpointSlices: [
        { ...slice, metadata: bare },
        { ...slice, metadata: { ...bare, labels: { 'kubernetes.io/service-name': '' } } },
      ],
    });
    expect(known(s).services(s)).toEqual([]);
  });

  it('matches namespace-less Services and Endpoints, and rebuilds without a namespace', () => {
    const svc = noNs(service({ name: 'web' }));
    const s = snapshot({
      services: [svc],
      endpoints: [noNs(endpoints({ service: 'web' })), noNs(endpoints({ service: 'api' }))],
    });
    const list = known(s).services(s);
    expect(list).toHaveLength(2);
    expect(list[0]).toBe(svc);
    expect(list[1]).toStrictEqual({ kind: 'Service', metadata: { name: 'api' }, spec: {} });
  });
});
