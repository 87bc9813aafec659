import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EVIDENCE_KINDS, type EvidenceKind } from '../../model/index.js';
import { InputError } from '../../errors/index.js';
import { renderBundle, type BundleScope, type BundleSource } from '../capture.js';
import { STATE_OBJECT_KINDS } from '../state-objects.js';
import { bundleStateOfText, stateObjectsOfBundle, type BundleStateOptions } from './bundle-state.js';

const CAPTURED_AT = '2026-11-30T09:15:00Z';
const AT = Date.UTC(2026, 10, 30, 9, 15, 0);

const o = (apiVersion: string, kind: string, name: string, namespace?: string, rest = {}) => ({
  apiVersion,
  kind,
  metadata: { name, ...(namespace === undefined ? {} : { namespace }), uid: `uid-${kind}-${name}` },
  ...rest,
});

/** What a namespace scan of "shop" keeps, state kinds and others. */
const OBJECTS = [
  o('v1', 'Node', 'worker-1', undefined, { status: { allocatable: { cpu: '4', memory: '16Gi' } } }),
  o('v1', 'Pod', 'web-1', 'shop', {
    spec: { nodeName: 'worker-1', containers: [{ name: 'web', image: 'web:1' }] },
  }),
  o('v1', 'ResourceQuota', 'compute', 'shop', { spec: { hard: { 'requests.cpu': '2' } } }),
  o('v1', 'LimitRange', 'defaults', 'shop', { spec: { limits: [{ type: 'Container' }] } }),
  o('v1', 'PersistentVolumeClaim', 'data', 'shop', { spec: { storageClassName: 'standard' } }),
  o('v1', 'PersistentVolume', 'pv-1'),
  o('storage.k8s.io/v1', 'StorageClass', 'standard', undefined, { provisioner: 'rancher.io/local-path' }),
  o('v1', 'Service', 'web', 'shop', { spec: { selector: { app: 'web' } } }),
  o('v1', 'Event', 'web-1.17a', 'shop', { reason: 'Scheduled' }),
  o('apps/v1', 'ReplicaSet', 'web-6d4', 'shop'),
  o('discovery.k8s.io/v1', 'EndpointSlice', 'web-abc', 'shop'),
];

/** A bundle as `handoff capture` writes it (YAML, read back). */
function bundle(
  scope: BundleScope = { namespace: 'shop' },
  collected: readonly EvidenceKind[] = EVIDENCE_KINDS.filter((k) => k !== 'logs' && k !== 'probes'),
  objects: readonly unknown[] = OBJECTS,
  source: BundleSource = { type: 'live', context: 'prod', server: 'https://10.0.0.1:6443' },
): Record<string, unknown> {
  const text = renderBundle({
    capturedAt: CAPTURED_AT,
    source,
    scope,
    collected,
    objects,
    logs: [],
    probes: [],
  });
  return parse(text) as Record<string, unknown>;
}

const whyOf = (b: unknown, kind: string, options?: BundleStateOptions): string | undefined =>
  stateObjectsOfBundle(b, options).missing.find((m) => m.kind === kind)?.why;

const NEVER_CAPTURED = [
  'Namespace',
  'ServiceAccount',
  'ConfigMap',
  'Secret',
  'CSIDriver',
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
];
const NODE_USAGE =
  'the bundle holds the pods of the namespace "shop" only, so what the pods of other namespaces request of the nodes is unknown';

describe('stateObjectsOfBundle: a namespace scan', () => {
  const state = stateObjectsOfBundle(bundle());

  it('at is capturedAt in epoch ms', () => {
    expect(state.at).toBe(AT);
  });

  it('keeps the objects of state kinds only, as captured', () => {
    expect(state.objects.map((x) => `${String(x.kind)}/${(x.metadata as { name: string }).name}`)).toEqual([
      'Node/worker-1',
      'Pod/web-1',
      'ResourceQuota/compute',
      'LimitRange/defaults',
      'PersistentVolumeClaim/data',
      'PersistentVolume/pv-1',
      'StorageClass/standard',
      'Service/web',
    ]);
    expect(state.objects[6]).toEqual(OBJECTS[6]);
  });

  it('knows the kinds its capture listed whole; Pod is not, the nodes also hold the pods of other namespaces', () => {
    expect(state.known).toEqual([
      'Node',
      'ResourceQuota',
      'LimitRange',
      'PersistentVolumeClaim',
      'PersistentVolume',
      'StorageClass',
      'Service',
    ]);
    expect(state.missing.map((m) => m.kind)).toEqual([
      'Namespace',
      'Pod',
      'ServiceAccount',
      'ConfigMap',
      'Secret',
      'CSIDriver',
      'MutatingWebhookConfiguration',
      'ValidatingWebhookConfiguration',
    ]);
    expect(whyOf(bundle(), 'Pod')).toBe(NODE_USAGE);
  });

  it.each([
    ['Namespace', 'the bundle does not hold Namespaces'],
    ['ServiceAccount', 'the bundle does not hold ServiceAccounts'],
    ['ConfigMap', 'the bundle does not hold ConfigMaps'],
    ['Secret', 'the bundle does not hold Secrets'],
    ['CSIDriver', 'the bundle does not hold CSIDrivers'],
    ['ValidatingWebhookConfiguration', 'the bundle does not hold ValidatingWebhookConfigurations'],
  ])('%s: never in a bundle', (kind, why) => {
    expect(whyOf(bundle(), kind)).toBe(why);
  });

  it('every kind is either known or missing, once', () => {
    expect([...state.known, ...state.missing.map((m) => m.kind)].sort()).toEqual(
      [...STATE_OBJECT_KINDS].sort(),
    );
  });
});

describe('stateObjectsOfBundle: what the capture scope makes whole', () => {
  it('-A: Pod is known', () => {
    const s = stateObjectsOfBundle(bundle({ namespace: 'shop', allNamespaces: true }));
    expect(s.known).toContain('Pod');
    expect(s.missing.map((m) => m.kind)).toEqual(NEVER_CAPTURED);
  });

  it.each<[string, BundleScope, string]>([
    [
      '-A -l',
      { namespace: 'shop', allNamespaces: true, selector: 'app=web' },
      "the bundle's pods were selected by -l app=web: it does not hold all the pods",
    ],
    [
      '-n -l',
      { namespace: 'shop', selector: 'app=web' },
      'the bundle\'s pods were selected by -l app=web: it does not hold all the pods of "shop"',
    ],
  ])('%s: Pod is not known, the rest of the scan is', (_, scope, why) => {
    const s = stateObjectsOfBundle(bundle(scope));
    expect(whyOf(bundle(scope), 'Pod')).toBe(why);
    expect(s.known).toContain('Service');
    expect(s.known).toContain('Node');
  });

  it.each([[['web']], [['pod/web', 'po/api']], [['pods/a', 'b', 'c', 'd', 'e']]])(
    'up to five pod TARGETs %j: only their objects were fetched, no kind is known',
    (targets) => {
      const s = stateObjectsOfBundle(bundle({ namespace: 'shop', targets }));
      expect(s.known).toEqual([]);
      expect(whyOf(bundle({ namespace: 'shop', targets }), 'Node')).toBe(
        `the bundle was captured for ${targets.join(', ')}: its Nodes are those the pods use, not the whole list`,
      );
    },
  );

  it.each([[['deploy/web']], [['web', 'svc/web']], [['a', 'b', 'c', 'd', 'e', 'f']]])(
    'TARGETs %j were a namespace scan: the scan kinds are known',
    (targets) => {
      const s = stateObjectsOfBundle(bundle({ namespace: 'shop', targets }));
      expect(s.known).toEqual(stateObjectsOfBundle(bundle()).known);
    },
  );

  it('pod TARGETs with -l are a scan: the scan kinds are known, Pod is not (selected)', () => {
    const b = bundle({ namespace: 'shop', targets: ['web'], selector: 'app=web' });
    expect(stateObjectsOfBundle(b).known).toContain('Service');
    expect(whyOf(b, 'Pod')).toBe(
      'the bundle\'s pods were selected by -l app=web: it does not hold all the pods of "shop"',
    );
  });

  it('pod TARGETs with -A are a scan of every namespace: Pod is known', () => {
    const s = stateObjectsOfBundle(bundle({ namespace: 'shop', allNamespaces: true, targets: ['web'] }));
    expect(s.known).toContain('Pod');
    expect(s.known).toContain('Node');
  });

  it.each<[string, readonly string[] | 'all', string | undefined]>([
    ['the same namespace', ['shop'], undefined],
    ['another namespace', ['shop', 'billing'], '"billing"'],
    ['two others, repeated', ['billing', 'ops', 'billing'], '"billing", "ops"'],
    ['every namespace', 'all', 'the other namespaces'],
  ])('the input goes to %s', (_, namespaces, where) => {
    const s = stateObjectsOfBundle(bundle(), { namespaces });
    const quotaWhy = s.missing.find((m) => m.kind === 'ResourceQuota')?.why;
    if (where === undefined) {
      expect(quotaWhy).toBeUndefined();
      expect(whyOf(bundle(), 'Pod', { namespaces })).toBe(NODE_USAGE);
    } else {
      expect(quotaWhy).toBe(
        `the bundle was captured in the namespace "shop": it does not hold the ResourceQuotas of ${where}`,
      );
      expect(s.known).toEqual(['Node', 'PersistentVolume', 'StorageClass']);
    }
  });

  it('a capture of every namespace holds any namespace the input goes to', () => {
    const s = stateObjectsOfBundle(bundle({ namespace: 'shop', allNamespaces: true }), {
      namespaces: ['billing'],
    });
    expect(s.known).toContain('ResourceQuota');
    expect(s.known).toContain('Pod');
  });

  it('a scope without a namespace: namespaced kinds are not known', () => {
    const b = bundle({});
    expect(whyOf(b, 'Service')).toBe('the bundle does not name the namespace it was captured in');
    expect(stateObjectsOfBundle(b).known).toEqual(['Node', 'PersistentVolume', 'StorageClass']);
  });
});

describe('stateObjectsOfBundle: what the bundle says it collected', () => {
  it('a kind its capture could not list whole (e.g. forbidden) is not known', () => {
    const b = bundle({ namespace: 'shop', allNamespaces: true }, ['pods', 'events', 'services']);
    const s = stateObjectsOfBundle(b);
    expect(s.known).toEqual(['Pod', 'Service']);
    expect(whyOf(b, 'Node')).toBe("the bundle's capture did not read the whole list of Nodes");
    expect(whyOf(b, 'StorageClass')).toBe(
      "the bundle's capture did not read the whole list of StorageClasses",
    );
    // Its objects are kept all the same.
    expect(s.objects.some((x) => x.kind === 'Node')).toBe(true);
  });

  it('a bundle written before `collected` was recorded listed pods (and workloads)', () => {
    const b = { ...bundle({ namespace: 'shop', allNamespaces: true }), collected: undefined };
    expect(stateObjectsOfBundle(b).known).toEqual(['Pod']);
  });

  it.each<[string, unknown]>([
    ['a file', { type: 'file' }],
    ['no source', undefined],
  ])('%s as source: no list is known whole', (_, source) => {
    const b = { ...bundle({ namespace: 'shop', allNamespaces: true }), source };
    expect(stateObjectsOfBundle(b).known).toEqual([]);
    expect(whyOf(b, 'Pod')).toBe(
      'the bundle does not say it was captured from a cluster (source.type live), so its Pods may not be all there were',
    );
  });

  it('a simulator capture counts as a cluster', () => {
    const b = bundle({ namespace: 'shop', allNamespaces: true }, undefined, OBJECTS, {
      type: 'simulator',
      scenario: 'x',
    });
    expect(stateObjectsOfBundle(b).known).toContain('Pod');
  });
});

describe('stateObjectsOfBundle: objects of kinds a capture never lists', () => {
  const cm = (name: string) => o('v1', 'ConfigMap', name, 'shop', { data: { DB_URL: 'postgres://planted' } });

  it.each([
    [1, 'the bundle holds 1 ConfigMap but not the whole list of them'],
    [2, 'the bundle holds 2 ConfigMaps but not the whole list of them'],
  ])('%i ConfigMap(s): kept with keys only, and the kind is still unknown', (n, why) => {
    const b = bundle(undefined, undefined, [...OBJECTS, ...['a', 'b'].slice(0, n).map(cm)]);
    const s = stateObjectsOfBundle(b);
    expect(whyOf(b, 'ConfigMap')).toBe(why);
    expect(s.objects.filter((x) => x.kind === 'ConfigMap').map((x) => x.data)).toEqual(
      Array.from({ length: n }, () => ({ DB_URL: '' })),
    );
    expect(JSON.stringify(s)).not.toContain('planted');
  });

  it('a redacted Secret keeps its keys only', () => {
    const secret = o('v1', 'Secret', 'db', 'shop', { type: 'Opaque', data: { password: 'c2VjcmV0' } });
    const s = stateObjectsOfBundle(bundle(undefined, undefined, [secret]));
    expect(s.objects).toEqual([{ ...secret, data: { password: '' } }]);
  });
});

describe('stateObjectsOfBundle: objects that are not kept', () => {
  it('duplicates once; objects without a name, an apiVersion or a state kind not at all', () => {
    const b = {
      ...bundle(),
      objects: [
        OBJECTS[7],
        OBJECTS[7],
        { apiVersion: 'v1', kind: 'Service', metadata: { namespace: 'shop' } },
        { kind: 'Service', metadata: { name: 'bare', namespace: 'shop' } },
        { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web', namespace: 'shop' } },
        'not an object',
      ],
    };
    expect(stateObjectsOfBundle(b).objects).toEqual([OBJECTS[7]]);
  });
});

describe('stateObjectsOfBundle: what is not a bundle (exit 2)', () => {
  it.each<[string, unknown, string]>([
    [
      'another kind',
      { apiVersion: 'v1', kind: 'List', items: [] },
      'web.yaml: not an evidence bundle (apiVersion: handoff/v1, kind: EvidenceBundle)',
    ],
    ['no document', null, 'web.yaml: not an evidence bundle (apiVersion: handoff/v1, kind: EvidenceBundle)'],
    ['no capturedAt', { ...bundle(), capturedAt: undefined }, 'web.yaml: the bundle has no capturedAt'],
    [
      'a capturedAt that is no time',
      { ...bundle(), capturedAt: 'yesterday' },
      'web.yaml: capturedAt "yesterday" is not an RFC 3339 time',
    ],
  ])('%s', (_, b, message) => {
    let err: unknown;
    try {
      stateObjectsOfBundle(b, { file: 'web.yaml' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toBe(message);
    expect((err as InputError).exitCode).toBe(2);
  });

  it('without a file name the errors say "(bundle)"', () => {
    expect(() => stateObjectsOfBundle({ kind: 'Pod' })).toThrow('(bundle): not an evidence bundle');
  });
});

describe('bundleStateOfText: the bundle of a file', () => {
  const yaml = renderBundle({
    capturedAt: CAPTURED_AT,
    source: { type: 'live', context: 'prod' },
    scope: { namespace: 'shop', allNamespaces: true },
    collected: ['pods', 'nodes'],
    objects: OBJECTS.slice(0, 2),
    logs: [],
    probes: [],
  });
  const json = renderBundle(
    {
      capturedAt: CAPTURED_AT,
      source: { type: 'live' },
      scope: { namespace: 'shop' },
      collected: ['nodes'],
      objects: [],
      logs: [],
      probes: [],
    },
    'json',
  );

  it.each([
    ['YAML', yaml, ['Node', 'Pod'], 2],
    ['JSON', json, ['Node'], 0],
  ])('%s', (_, text, known, objects) => {
    const s = bundleStateOfText('b.yaml', text);
    expect(s.known).toEqual(known);
    expect(s.objects).toHaveLength(objects);
    expect(s.at).toBe(AT);
  });

  it('passes the namespaces on', () => {
    const s = bundleStateOfText('b.yaml', yaml, { namespaces: ['billing'] });
    expect(s.known).toEqual(['Node', 'Pod']);
    const t = bundleStateOfText('b.yaml', yaml.replace('allNamespaces: true', 'allNamespaces: false'), {
      namespaces: ['billing'],
    });
    expect(t.missing.find((m) => m.kind === 'Pod')?.why).toBe(
      'the bundle was captured in the namespace "shop": it does not hold the Pods of "billing"',
    );
  });

  it.each([
    [
      'no bundle',
      'apiVersion: v1\nkind: Pod\nmetadata: { name: web }\n',
      'b.yaml: holds no evidence bundle (apiVersion: handoff/v1, kind: EvidenceBundle)',
    ],
    [
      'two bundles',
      `${yaml}---\n${yaml}`,
      `b.yaml:${String(yaml.split('\n').length + 1)}: a second evidence bundle (the first starts at line 1); --against takes one`,
    ],
  ])('%s: an InputError naming the file', (_, text, message) => {
    expect(() => bundleStateOfText('b.yaml', text)).toThrow(message);
  });
});
