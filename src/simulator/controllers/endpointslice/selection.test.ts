import { describe, expect, it } from 'vitest';
import { matchesServiceSelector } from '../../../k8s/index.js';
import { SimClock } from '../../world/clock.js';
import { Rng } from '../../world/rng.js';
import { Store } from '../../world/store.js';
import type { PodObj, ServiceObj } from '../../world/types.js';
import { compareIps } from './endpoints-controller.js';
import { ServiceSelection } from './selection.js';

const names = (objs: readonly { metadata: { name: string } }[]): string[] => objs.map((o) => o.metadata.name);

describe('ServiceSelection', () => {
  it('selects what a scan of the namespace selects, through random pod and Service changes', () => {
    const store = new Store(new SimClock(0), new Rng(1));
    const rng = new Rng(3);
    const apps = ['web', 'api', 'db'];
    const tiers = ['front', 'back'];
    const ns = (): string => rng.pick(['shop', 'blog']);
    const selector = (): Record<string, string> =>
      rng.int(3) === 0 ? { app: rng.pick(apps), tier: rng.pick(tiers) } : { app: rng.pick(apps) };
    // Services first, so some pods arrive into existing Services and some Services into pods.
    for (let i = 0; i < 6; i++)
      store.create<ServiceObj>({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: `svc-${i}`, namespace: ns() },
        spec: { selector: selector() },
      });
    const selection = new ServiceSelection(store);
    for (let step = 0; step < 500; step++) {
      const roll = rng.int(10);
      const namespace = ns();
      if (roll < 5) {
        const name = `pod-${rng.int(40)}`;
        const pod = store.get<PodObj>('pods', namespace, name);
        const labels = { app: rng.pick(apps), tier: rng.pick(tiers) };
        if (pod === undefined)
          store.create<PodObj>({
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name, namespace, labels },
            spec: { containers: [] },
            status: {},
          });
        else if (roll < 3) {
          pod.metadata.labels = labels;
          store.update(pod);
        } else store.remove('pods', namespace, name);
      } else {
        const name = `svc-${rng.int(10)}`;
        const svc = store.get<ServiceObj>('services', namespace, name);
        if (svc === undefined)
          store.create<ServiceObj>({
            apiVersion: 'v1',
            kind: 'Service',
            metadata: { name, namespace },
            spec: { selector: selector() },
          });
        else if (roll < 9) {
          svc.spec.selector = roll === 8 ? {} : selector();
          store.update(svc);
        } else store.remove('services', namespace, name);
      }
      for (const svc of store.list<ServiceObj>('services'))
        expect(names(selection.podsOf(svc))).toEqual(
          names(
            store
              .list<PodObj>('pods', svc.metadata.namespace)
              .filter((p) => matchesServiceSelector(svc.spec.selector, p.metadata.labels)),
          ),
        );
      for (const pod of store.list<PodObj>('pods'))
        expect(names(selection.servicesOf(pod)).sort()).toEqual(
          names(
            store
              .list<ServiceObj>('services', pod.metadata.namespace)
              .filter((s) => matchesServiceSelector(s.spec.selector, pod.metadata.labels)),
          ).sort(),
        );
    }
  });
});

describe('compareIps', () => {
  it('orders as the numeric collator does', () => {
    const ips = [
      '10.244.1.5',
      '10.244.1.10',
      '10.244.10.1',
      '10.244.2.255',
      '9.1.1.1',
      '10.244.1.5',
      '010.1.1.1',
      'fd00::1',
      '10.0.0.300',
    ];
    const collator = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
    for (const a of ips)
      for (const b of ips) expect(Math.sign(compareIps(a, b))).toBe(Math.sign(collator(a, b)));
  });
});
