/**
 * Test support for the kubelet hosts: a World with the real clock, store, recorder and API
 * server but only the controllers a test asks for, and Ready nodes shaped as bootstrap makes
 * them, so hosts can be driven directly before (or without) the pod worker.
 */
import { ApiServer } from '../../../api/server.js';
import { apiServerHooks } from '../../../api/hooks.js';
import type { KObject, NodeObj, PodObj } from '../../../world/types.js';
import { TEST_SCENARIO_HEADER, TestWorldBase } from '../../../world/world-test-helpers.js';
import type { Controller } from '../../types.js';

export class TestWorld extends TestWorldBase {
  readonly api: ApiServer;

  constructor(yaml: string, controllers: readonly Controller[] = []) {
    super(`${TEST_SCENARIO_HEADER}${yaml}`);
    this.api = new ApiServer(this, apiServerHooks(this));
    for (const c of controllers) c.start(this);
    this.scenario.cluster.nodes.forEach((spec, i) => {
      this.store.create<NodeObj>({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: spec.name },
        spec: { podCIDR: `10.244.${i}.0/24` },
        status: {
          conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
          addresses: [{ type: 'InternalIP', address: `10.0.0.${i + 2}` }],
          images: spec.images.map((name) => ({ names: [name], sizeBytes: 50_000_000 })),
        },
      } as NodeObj);
    });
  }

  /** Seconds since the start, for asserting timings. */
  get seconds(): number {
    return this.clock.elapsed() / 1000;
  }

  pod(name: string, spec: Record<string, unknown>, nodeName = 'node-1', namespace = 'default'): PodObj {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace },
      spec: { nodeName, containers: [{ name: 'app', image: 'nginx:1.27' }], ...spec },
      status: { phase: 'Pending' },
    } as PodObj;
    return this.store.create(pod);
  }

  create(obj: KObject): KObject {
    return this.store.create(obj);
  }

  /** Events about an object, oldest first, as `Reason: message (xN)`. */
  eventsFor(name: string): string[] {
    return this.sortedEventLines((e) => e.involvedObject.name === name);
  }
}
