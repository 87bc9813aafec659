import { describe, expect, it } from 'vitest';
import { SimClock } from '../../world/clock.js';
import { Rng } from '../../world/rng.js';
import { Store } from '../../world/store.js';
import type { PodObj } from '../../world/types.js';
import { PodsByNode } from './pods-by-node.js';

const keys = (pods: readonly PodObj[]): string[] =>
  pods.map((p) => `${p.metadata.namespace ?? ''}/${p.metadata.name}`);

describe('PodsByNode', () => {
  it('returns what filtering every pod by nodeName returns, through binds, moves and deletes', () => {
    const store = new Store(new SimClock(0), new Rng(1));
    const rng = new Rng(5);
    const nodes = ['worker-a', 'worker-b', 'worker-c'];
    store.create<PodObj>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'early', namespace: 'shop' },
      spec: { containers: [], nodeName: 'worker-a' },
      status: {},
    });
    const index = new PodsByNode(store);
    for (let step = 0; step < 400; step++) {
      const ns = rng.pick(['shop', 'blog', 'a-b']);
      const name = `pod-${rng.int(30)}`;
      const pod = store.get<PodObj>('pods', ns, name);
      if (pod === undefined)
        store.create<PodObj>({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name, namespace: ns },
          spec: { containers: [], ...(rng.int(2) === 0 ? {} : { nodeName: rng.pick(nodes) }) },
          status: {},
        });
      else if (rng.int(3) > 0) {
        pod.spec.nodeName = rng.pick(nodes);
        store.update(pod);
      } else store.remove('pods', ns, name);
      for (const node of [...nodes, 'absent'])
        expect(keys(index.on(node))).toEqual(
          keys(store.list<PodObj>('pods').filter((p) => p.spec.nodeName === node)),
        );
    }
  });
});
