import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../api/types.js';
import { resourceByKind } from '../../world/resources.js';
import type { EndpointSliceObj, KObject, PodObj } from '../../world/types.js';
import { TestWorld } from '../workloads/workloads-test-helpers.js';
import { endpointsController } from './endpoints-controller.js';
import { endpointSliceController } from './endpointslice-controller.js';

const cluster = `cluster:
  nodes:
    - {name: worker-a, zone: europe-west1-b}`;

const service = (targetPort: number | string, extra: Record<string, unknown> = {}): KObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
  spec: {
    selector: { app: 'web' },
    ports: [{ name: 'http', port: 80, targetPort, protocol: 'TCP' }],
    ...extra,
  },
});

const pod = (name: string, portName = 'http'): PodObj => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: 'shop', labels: { app: 'web' } },
  spec: {
    containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ name: portName, containerPort: 8080 }] }],
  },
  status: { phase: 'Pending' },
});

const slices = (w: TestWorld): EndpointSliceObj[] => w.store.list<EndpointSliceObj>('endpointslices', 'shop');

describe('endpointslice and endpoints controllers', () => {
  it('publishes ready and not-ready pods with their resolved named port', () => {
    const w = new TestWorld([endpointSliceController, endpointsController], { cluster });
    w.apply(service('http'));
    const a = w.apply(pod('web-a'));
    const b = w.apply(pod('web-b'));
    w.run(10);
    // Before any pod has an IP: the placeholder slice.
    expect(slices(w)).toHaveLength(1);
    expect(slices(w)[0]?.endpoints).toEqual([]);
    expect(slices(w)[0]?.ports).toBeNull();
    w.runPod(a, 'worker-a', '10.244.0.11');
    w.runPod(b, 'worker-a', '10.244.0.12', false);
    w.run(10);
    const [slice] = slices(w);
    expect(slices(w)).toHaveLength(1);
    expect(slice?.metadata.name).toMatch(/^web-\w{5}$/);
    expect(slice?.metadata.labels).toEqual({
      app: 'web',
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      'kubernetes.io/service-name': 'web',
    });
    expect(slice?.addressType).toBe('IPv4');
    expect(slice?.ports).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(
      slice?.endpoints.map((e) => [
        e.addresses[0],
        e.conditions,
        e.nodeName,
        (e as { zone?: string }).zone,
        e.targetRef?.name,
      ]),
    ).toEqual([
      [
        '10.244.0.11',
        { ready: true, serving: true, terminating: false },
        'worker-a',
        'europe-west1-b',
        'web-a',
      ],
      [
        '10.244.0.12',
        { ready: false, serving: false, terminating: false },
        'worker-a',
        'europe-west1-b',
        'web-b',
      ],
    ]);
    const ep = w.store.get('endpoints', 'shop', 'web');
    expect(ep?.['subsets']).toEqual([
      {
        addresses: [
          {
            ip: '10.244.0.11',
            nodeName: 'worker-a',
            targetRef: { kind: 'Pod', namespace: 'shop', name: 'web-a', uid: a.metadata.uid },
          },
        ],
        notReadyAddresses: [
          {
            ip: '10.244.0.12',
            nodeName: 'worker-a',
            targetRef: { kind: 'Pod', namespace: 'shop', name: 'web-b', uid: b.metadata.uid },
          },
        ],
        ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
      },
    ]);
  });

  it('leaves a pod without the named port out of that port, in a slice of its own', () => {
    const w = new TestWorld([endpointSliceController, endpointsController], { cluster });
    w.apply(service('http'));
    const a = w.apply(pod('web-a'));
    const b = w.apply(pod('web-b', 'web'));
    w.runPod(a, 'worker-a', '10.244.0.11');
    w.runPod(b, 'worker-a', '10.244.0.12');
    w.run(10);
    const byPorts = slices(w).map((s) => [
      JSON.stringify(s.ports),
      s.endpoints.map((e) => e.targetRef?.name),
    ]);
    expect(byPorts.sort()).toEqual([
      ['[{"name":"http","port":8080,"protocol":"TCP"}]', ['web-a']],
      ['null', ['web-b']],
    ]);
    // Endpoints has no subset without ports: web-b is simply absent.
    const subsets = w.store.get('endpoints', 'shop', 'web')?.['subsets'] as { addresses: { ip: string }[] }[];
    expect(subsets.map((s) => s.addresses.map((x) => x.ip))).toEqual([['10.244.0.11']]);
  });

  it('marks deleted pods terminating and coalesces changes in one instant', () => {
    const w = new TestWorld([endpointSliceController, endpointsController], { cluster });
    w.apply(service(8080));
    const a = w.apply(pod('web-a'));
    w.runPod(a, 'worker-a', '10.244.0.11');
    w.run(10);
    const generation = slices(w)[0]?.metadata.generation;
    const info = resourceByKind('Pod');
    if (info === undefined) throw new Error('no pod resource');
    w.api.delete(info, 'shop', 'web-a', ADMIN);
    w.run(10);
    expect(slices(w)[0]?.endpoints[0]?.conditions).toEqual({
      ready: false,
      serving: true,
      terminating: true,
    });
    expect(slices(w)[0]?.metadata.generation).toBe((generation ?? 0) + 1);
    expect(w.store.get('endpoints', 'shop', 'web')?.['subsets']).toBeUndefined();
  });
});
