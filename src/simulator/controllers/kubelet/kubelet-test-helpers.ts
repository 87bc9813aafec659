/**
 * A small world for the kubelet's tests: the real clock, store, recorder and queue, a kubelet
 * controller with fake hosts (volumes mount at once, the sandbox takes 500 ms, images are
 * present), nodes from the scenario, and pods placed straight on a node.
 */
import { DEFAULT_BEHAVIOR } from '../../scenario/schema/images.js';
import { ApiServer } from '../../api/server.js';
import { apiServerHooks } from '../../api/hooks.js';
import type { EventObj, KObject, PodObj } from '../../world/types.js';
import type { World } from '../../world/world.js';
import { TestWorldBase } from '../../world/world-test-helpers.js';
import type { ImageResult, KubeletHosts } from './hosts.js';
import { kubeletController } from './controller.js';

export class TestWorld extends TestWorldBase {
  readonly api: ApiServer;
  /** Image results the fake image host gives, by image (default: present). */
  readonly imageResults = new Map<string, ImageResult>();

  constructor(yaml: string) {
    super(yaml);
    this.api = new ApiServer(this, apiServerHooks(this));
    kubeletController((world, nodeName) => fakeHosts(this, world, nodeName)).start(this);
    this.scenario.cluster.nodes.forEach((spec, i) => {
      this.store.create({
        apiVersion: 'v1',
        kind: 'Node',
        metadata: { name: spec.name, labels: { 'kubernetes.io/hostname': spec.name, ...spec.labels } },
        spec: {},
        status: {
          capacity: { ...spec.capacity },
          allocatable: { ...(spec.allocatable ?? spec.capacity) },
          addresses: [{ type: 'InternalIP', address: `10.0.0.${i + 2}` }],
        },
      });
    });
  }

  /** Creates a pod bound to `node` (the scheduler is not part of these tests). */
  addPod(manifest: Record<string, unknown>, node = 'node-1'): PodObj {
    const pod = structuredClone(manifest) as unknown as PodObj;
    pod.apiVersion = 'v1';
    pod.kind = 'Pod';
    pod.metadata.namespace ??= 'default';
    pod.spec.nodeName = node;
    pod.status = { phase: 'Pending' };
    return this.store.create(pod);
  }

  pod(name: string, namespace = 'default'): PodObj {
    const pod = this.store.get<PodObj>('pods', namespace, name);
    if (pod === undefined) throw new Error(`no pod ${name}`);
    return pod;
  }

  eventsFor(name: string): EventObj[] {
    return this.store.list<EventObj>('events').filter((e) => e.involvedObject.name === name);
  }

  /** `reason: message` of each event about `name`, in creation order. */
  eventLines(name: string): string[] {
    return this.eventsFor(name).map((e) => `${e.reason}: ${e.message}`);
  }

  create(obj: KObject): void {
    this.store.create(obj);
  }
}

function fakeHosts(t: TestWorld, world: World, nodeName: string): KubeletHosts {
  let nextIP = 7;
  const registry = world.scenario.cluster.registry.images;
  return {
    volumes: {
      mount: (_pod, done) => world.after(0, done),
      unmount: (_pod, done) => world.after(0, done),
    },
    sandbox: {
      create: (_pod, done) => {
        const ip = `10.244.1.${nextIP++}`;
        world.after(500, () => {
          done(ip);
        });
      },
      remove: () => undefined,
    },
    images: {
      ensure: (pod, container, fieldPath, done) => {
        const image = container.image ?? '';
        const result = t.imageResults.get(image) ?? { ok: true };
        if (result.ok)
          world.events.record({
            object: pod,
            fieldPath,
            type: 'Normal',
            reason: 'Pulled',
            message: `Container image "${image}" already present on machine`,
            component: 'kubelet',
            host: nodeName,
          });
        world.after(0, () => {
          done(result);
        });
      },
      behavior: (image) => registry.find((i) => i.name === image)?.run ?? DEFAULT_BEHAVIOR,
      wrongArch: (image) => registry.find((i) => i.name === image)?.wrongArch ?? false,
    },
  };
}
