import { describe, expect, it } from 'vitest';
import {
  cond,
  endpointSlice,
  endpoints,
  ms,
  pod,
  runningPod,
  service,
  snapshot,
} from '../../../test/builders.js';
import type { EndpointSlice, Endpoints, Pod, Service } from '../../model/index.js';
import { serviceContextsOf } from '../../../test/rule-tester.js';
import type { ServiceContext } from '../types.js';
import {
  endpointEvidence,
  listed,
  membership,
  possibleUnreadyBackends,
  selectorUnknown,
  serviceCommands,
  serviceEvidence,
  specUnknown,
} from './service-backends.js';

const svcWith = (spec: Service['spec']): Service => ({
  kind: 'Service',
  metadata: { name: 'web', namespace: 'default' },
  spec,
});
/** The same without metadata.namespace (a manifest that leaves it to the kubectl context). */
const noNamespace = (spec: Service['spec']): Service => ({
  kind: 'Service',
  metadata: { name: 'web' },
  spec,
});

/** An EndpointSlice the EndpointSlice controller manages (it labels its own slices so). */
const managed = (slice: EndpointSlice): EndpointSlice => ({
  ...slice,
  metadata: {
    ...slice.metadata,
    labels: {
      ...slice.metadata.labels,
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
    },
  },
});

const emptyEndpoints = endpoints({});
const withAddress = endpoints({ ready: [{ ip: '10.244.1.5', pod: 'web-1' }] });

describe('specUnknown: a Service known only by name', () => {
  it.each<[string, Service['spec'], boolean]>([
    ['nothing in the spec', {}, true],
    ['an empty ports list', { ports: [] }, true],
    ['a selector', { selector: { app: 'web' } }, false],
    ['an empty selector', { selector: {} }, false],
    ['a port', { ports: [{ port: 80 }] }, false],
    ['a type', { type: 'ClusterIP' }, false],
    ['a clusterIP', { clusterIP: '10.96.0.10' }, false],
    ['a headless clusterIP', { clusterIP: 'None' }, false],
    ['an externalName', { externalName: 'db.example.com' }, false],
    ['a selector but no type', { selector: { app: 'web' }, ports: [{ port: 80 }] }, false],
  ])('%s → %s', (_name, spec, expected) => {
    expect(specUnknown(svcWith(spec))).toBe(expected);
  });
});

describe('selectorUnknown: a selector the evidence does not show', () => {
  const slice = endpointSlice({ endpoints: [] });
  it.each<[string, Service['spec'], EndpointSlice[], Endpoints | undefined, boolean]>([
    ['selector shown', { selector: { app: 'web' } }, [], emptyEndpoints, false],
    ['type ExternalName, empty Endpoints', { type: 'ExternalName' }, [], emptyEndpoints, false],
    [
      'an externalName without type, empty Endpoints',
      { externalName: 'db.example.com' },
      [],
      emptyEndpoints,
      false,
    ],
    ['name only, nothing else', {}, [], undefined, true],
    [
      'a get svc row, neither Endpoints nor slices',
      { ports: [{ port: 80 }], type: 'ClusterIP' },
      [],
      undefined,
      false,
    ],
    ['a get svc row, an empty Endpoints object', { ports: [{ port: 80 }] }, [], emptyEndpoints, true],
    ['a get svc row, Endpoints listing an address', { ports: [{ port: 80 }] }, [], withAddress, false],
    [
      'a get svc row, a controller-managed slice',
      { ports: [{ port: 80 }] },
      [managed(slice)],
      undefined,
      true,
    ],
    ['a get svc row, a slice managed by someone else', { ports: [{ port: 80 }] }, [slice], undefined, false],
    [
      'a get svc row, one managed and one hand-made slice',
      { ports: [{ port: 80 }] },
      [slice, managed(slice)],
      undefined,
      true,
    ],
    [
      'a get svc row, a slice without labels',
      { ports: [{ port: 80 }] },
      [{ ...slice, metadata: { name: 'web-manual', namespace: 'default' } }],
      undefined,
      false,
    ],
  ])('%s → %s', (_name, spec, slices, ep, expected) => {
    expect(selectorUnknown(svcWith(spec), slices, ep)).toBe(expected);
  });
});

function serviceContext(svc: Service, parts: { pods?: Pod[]; endpoints?: Endpoints[] } = {}): ServiceContext {
  const ctx = serviceContextsOf(snapshot({ services: [svc], ...parts }), ms(60)).find(
    (c) => c.service === svc,
  );
  if (ctx === undefined) throw new Error('no context for the Service');
  return ctx;
}

const unready = (name: string, opts: { labels?: Record<string, string>; deletionS?: number } = {}): Pod =>
  pod({ name, phase: 'Running', conditions: [cond('Ready', 'False')], ...opts });

describe('possibleUnreadyBackends', () => {
  const names = (ps: readonly Pod[]): string[] => ps.map((p) => p.metadata.name);

  it('a Service without selector (manual endpoints): every not-ready pod of the namespace may be one', () => {
    const svc = service({ ports: [{ port: 80 }] });
    const pods = [
      unready('labelled', { labels: { app: 'web' } }),
      unready('unlabelled'),
      runningPod({ name: 'ready', labels: { app: 'web' } }),
      pod({ name: 'done', phase: 'Succeeded', labels: { app: 'web' } }),
      unready('going', { labels: { app: 'web' }, deletionS: 30 }),
      unready('elsewhere', { labels: { app: 'web' } }),
    ].map((p) =>
      p.metadata.name === 'elsewhere' ? { ...p, metadata: { ...p.metadata, namespace: 'prod' } } : p,
    );
    expect(names(possibleUnreadyBackends(serviceContext(svc, { pods })))).toEqual(['labelled', 'unlabelled']);
  });

  it('a selector shown: only not-ready pods whose labels the evidence lacks', () => {
    const svc = service({ selector: { app: 'web' } });
    const pods = [
      unready('labelled', { labels: { team: 'x' } }),
      unready('unlabelled'),
      unready('gone', { deletionS: 30 }),
    ];
    expect(names(possibleUnreadyBackends(serviceContext(svc, { pods })))).toEqual(['unlabelled']);
  });

  it('a Service and pods without namespace share the empty namespace', () => {
    const svc = noNamespace({});
    const p = unready('bare');
    const bare: Pod = { ...p, metadata: { name: 'bare' } };
    const ctx = serviceContext(svc, { pods: [bare, unready('other-ns')] });
    expect(names(possibleUnreadyBackends(ctx))).toEqual(['bare']);
  });
});

describe('membership', () => {
  const mixed: EndpointSlice = {
    kind: 'EndpointSlice',
    metadata: { name: 'web-abcde', namespace: 'default' },
    endpoints: [
      { addresses: ['10.0.0.1'], conditions: { ready: true }, targetRef: { kind: 'Pod', name: 'web-1' } },
      { addresses: ['10.0.0.2'], conditions: { ready: false }, targetRef: { kind: 'Pod', name: 'web-2' } },
      { addresses: ['10.0.0.3'], targetRef: { kind: 'Pod', name: 'web-3' } },
      { addresses: ['10.0.0.4'], conditions: {}, targetRef: { kind: 'Node', name: 'node-1' } },
      { addresses: ['10.0.0.5'], conditions: { ready: false } },
    ],
  };

  it('reads slices: missing conditions count as ready, only Pod targetRefs name pods', () => {
    const m = membership([mixed], undefined);
    expect([...m.pods]).toEqual([
      ['web-1', true],
      ['web-2', false],
      ['web-3', true],
    ]);
    expect([...m.ips]).toEqual([
      ['10.0.0.1', true],
      ['10.0.0.2', false],
      ['10.0.0.3', true],
      ['10.0.0.4', true],
      ['10.0.0.5', false],
    ]);
    expect({ total: m.total, ready: m.ready }).toEqual({ total: 5, ready: 3 });
  });

  it('reads Endpoints: addresses ready, notReadyAddresses not, each subset alone', () => {
    const ep: Endpoints = {
      kind: 'Endpoints',
      metadata: { name: 'web', namespace: 'default' },
      subsets: [
        { addresses: [{ ip: '10.0.0.1', targetRef: { kind: 'Pod', name: 'web-1' } }] },
        {
          notReadyAddresses: [
            { ip: '10.0.0.2', targetRef: { kind: 'Pod', name: 'web-2' } },
            { ip: '10.0.0.3' },
          ],
        },
      ],
    };
    const m = membership([], ep);
    expect([...m.pods]).toEqual([
      ['web-1', true],
      ['web-2', false],
    ]);
    expect([...m.ips]).toEqual([
      ['10.0.0.1', true],
      ['10.0.0.2', false],
      ['10.0.0.3', false],
    ]);
    expect({ total: m.total, ready: m.ready, unnamed: m.unnamed }).toEqual({
      total: 3,
      ready: 1,
      unnamed: 1,
    });
    expect(membership([], undefined)).toEqual({
      pods: new Map(),
      ips: new Map(),
      total: 0,
      ready: 0,
      unnamed: 0,
    });
  });

  it.each<[string, boolean, boolean, boolean]>([
    ['ready in the slice, not ready in Endpoints', true, false, true],
    ['not ready in the slice, ready in Endpoints', false, true, true],
    ['not ready in both', false, false, false],
    ['ready in both', true, true, true],
  ])('a pod listed twice, %s: ready if either says so', (_name, inSlice, inEndpoints, expected) => {
    const slice = endpointSlice({ endpoints: [{ ip: '10.0.0.7', pod: 'web-7', ready: inSlice }] });
    const ep = endpoints(
      inEndpoints
        ? { ready: [{ ip: '10.0.0.7', pod: 'web-7' }] }
        : { notReady: [{ ip: '10.0.0.7', pod: 'web-7' }] },
    );
    const m = membership([slice], ep);
    expect(m.pods.get('web-7')).toBe(expected);
    expect(m.ips.get('10.0.0.7')).toBe(expected);
    expect(m.total).toBe(2);
    expect(m.ready).toBe(Number(inSlice) + Number(inEndpoints));
  });
});

describe('listed', () => {
  const m = membership([], {
    kind: 'Endpoints',
    metadata: { name: 'web', namespace: 'default' },
    subsets: [{ addresses: [{ ip: '10.0.0.1', targetRef: { kind: 'Pod', name: 'web-1' } }, { ip: '' }] }],
  });
  const withIP = (name: string, podIP: string | undefined): Pod => {
    const p = runningPod({ name });
    return { ...p, status: { ...p.status, ...(podIP === undefined ? {} : { podIP }) } };
  };
  it.each<[string, string | undefined, boolean]>([
    ['web-1', undefined, true],
    ['web-9', '10.0.0.1', true],
    ['web-9', '10.0.0.2', false],
    ['web-9', undefined, false],
    ['web-9', '', false],
  ])('pod %s with IP %s → %s', (name, ip, expected) => {
    expect(listed(m, withIP(name, ip))).toBe(expected);
  });
});

describe('endpointEvidence', () => {
  const slice = (n: number, opts: { ready?: boolean } = {}): EndpointSlice =>
    endpointSlice({
      endpoints: Array.from({ length: n }, (_, i) => ({
        ip: `10.0.0.${i + 1}`,
        pod: `web-${i + 1}`,
        ...opts,
      })),
    });

  it.each<[string, EndpointSlice, string]>([
    ['no endpoint', slice(0), 'EndpointSlice web-abcde: 0 endpoints'],
    ['one endpoint', slice(1), 'EndpointSlice web-abcde: 1 endpoint (web-1 ready)'],
    ['one not ready', slice(1, { ready: false }), 'EndpointSlice web-abcde: 1 endpoint (web-1 not ready)'],
    [
      'five endpoints: all shown',
      slice(5),
      'EndpointSlice web-abcde: 5 endpoints (web-1 ready, web-2 ready, web-3 ready, web-4 ready, web-5 ready)',
    ],
    [
      'six endpoints: five shown, one more',
      slice(6),
      'EndpointSlice web-abcde: 6 endpoints (web-1 ready, web-2 ready, web-3 ready, web-4 ready, web-5 ready, +1 more)',
    ],
    [
      'eight endpoints: five shown, three more',
      slice(8),
      'EndpointSlice web-abcde: 8 endpoints (web-1 ready, web-2 ready, web-3 ready, web-4 ready, web-5 ready, +3 more)',
    ],
    [
      'no targetRef, no conditions: addresses, ready',
      {
        kind: 'EndpointSlice',
        metadata: { name: 'web-manual' },
        endpoints: [{ addresses: ['10.0.0.1', '10.0.0.2'] }],
      },
      'EndpointSlice web-manual: 1 endpoint (10.0.0.1/10.0.0.2 ready)',
    ],
  ])('slice with %s', (_name, s, text) => {
    expect(endpointEvidence([s], undefined, 'web')).toEqual([{ source: 'endpointslice', text }]);
  });

  it.each<[string, Endpoints, string]>([
    ['no subsets', endpoints({}), 'Endpoints web: <none>'],
    [
      'ready and not-ready addresses',
      endpoints({ ready: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], notReady: [{ ip: '10.0.0.3' }] }),
      'Endpoints web: 2 ready, 1 not ready addresses',
    ],
    [
      'one of each',
      endpoints({ ready: [{ ip: '10.0.0.1' }], notReady: [{ ip: '10.0.0.2' }] }),
      'Endpoints web: 1 ready, 1 not ready addresses',
    ],
    [
      'not ready only',
      endpoints({ notReady: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }] }),
      'Endpoints web: 0 ready, 2 not ready addresses',
    ],
    [
      'ready only',
      endpoints({ ready: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }] }),
      'Endpoints web: 2 ready, 0 not ready addresses',
    ],
  ])('Endpoints with %s', (_name, ep, text) => {
    expect(endpointEvidence([], ep, 'web')).toEqual([{ source: 'endpointslice', text }]);
  });

  it('slices first, then Endpoints; neither says so', () => {
    expect(endpointEvidence([slice(1)], endpoints({}), 'web')).toEqual([
      { source: 'endpointslice', text: 'EndpointSlice web-abcde: 1 endpoint (web-1 ready)' },
      { source: 'endpointslice', text: 'Endpoints web: <none>' },
    ]);
    expect(endpointEvidence([], undefined, 'api')).toEqual([
      { source: 'endpointslice', text: 'no EndpointSlice or Endpoints object for Service api' },
    ]);
  });
});

describe('serviceEvidence and serviceCommands', () => {
  it.each<[string, Service, string]>([
    [
      'selector and named port',
      service({ selector: { app: 'web', tier: 'front' } }),
      'Service default/web selector app=web,tier=front, ports http 80->8080/TCP',
    ],
    [
      'unnamed ports, no targetPort or protocol, two of them',
      service({
        selector: { app: 'dns' },
        ports: [
          { port: 53, protocol: 'UDP' },
          { port: 9153, targetPort: 'metrics' },
        ],
      }),
      'Service default/web selector app=dns, ports 53->53/UDP, 9153->metrics/TCP',
    ],
    ['no selector, no ports, no namespace', noNamespace({}), 'Service /web selector (none), ports (none)'],
    [
      'an empty ports list',
      svcWith({ selector: { app: 'web' }, ports: [] }),
      'Service default/web selector app=web, ports (none)',
    ],
  ])('%s', (_name, svc, text) => {
    expect(serviceEvidence(svc)).toEqual({ source: 'service', text });
  });

  it('lists the pods of the selector only when there is one', () => {
    expect(serviceCommands(service({ namespace: 'shop', selector: { app: 'web', tier: 'front' } }))).toEqual([
      'kubectl describe service web -n shop',
      'kubectl get endpointslices -n shop -l kubernetes.io/service-name=web -o wide',
      'kubectl get pods -n shop -l app=web,tier=front -o wide',
    ]);
    expect(serviceCommands(service({ ports: [{ port: 80 }] }))).toEqual([
      'kubectl describe service web -n default',
      'kubectl get endpointslices -n default -l kubernetes.io/service-name=web -o wide',
    ]);
  });
});
