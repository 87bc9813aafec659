/**
 * The kubelet's image manager over the CRI image service of one node: pull policy, the
 * per pod+image back-off (10 s doubling to 300 s), serialized pulls (the kubelet default,
 * so "including waiting" counts the queue), and the events it records on the pod.
 */
import type { Container } from '../../../../model/index.js';
import type { ContainerBehavior } from '../../../scenario/types.js';
import type { World } from '../../../world/world.js';
import type { NodeObj, PodObj } from '../../../world/types.js';
import type { ImageHost, ImageResult } from '../hosts.js';
import { Backoff, goDuration } from './backoff.js';
import { behaviorOf, digestOf, findImage, pull, type PullOutcome } from './registry.js';
import { defaultPullPolicy, parseImage, type ImageRef } from './reference.js';

const PULL_BACKOFF_INITIAL = 10_000;
const PULL_BACKOFF_MAX = 300_000;

interface PullRequest {
  readonly ref: ImageRef;
  readonly pod: PodObj;
  readonly requestedAt: number;
  readonly finish: (outcome: PullOutcome, requestedAt: number) => void;
}

export function createImageHost(world: World, nodeName: string): ImageHost {
  return new NodeImages(world, nodeName);
}

export class NodeImages implements ImageHost {
  private present: Set<string> | undefined;
  private readonly backoff = new Backoff(PULL_BACKOFF_INITIAL, PULL_BACKOFF_MAX);
  private readonly queue: PullRequest[] = [];
  private pulling = false;

  constructor(
    private readonly world: World,
    private readonly nodeName: string,
  ) {}

  /** Images on the node: the scenario's cached ones, what the node reports, and what was pulled. */
  private images(): Set<string> {
    if (this.present === undefined) {
      const spec = this.world.scenario.cluster.nodes.find((n) => n.name === this.nodeName);
      const node = this.world.store.get<NodeObj>('nodes', undefined, this.nodeName);
      const names = [...(spec?.images ?? []), ...(node?.status.images ?? []).flatMap((i) => i.names ?? [])];
      this.present = new Set(names.map((n) => parseImage(n)).flatMap((p) => (p.ok ? [p.ref.canonical] : [])));
    }
    return this.present;
  }

  isPresent(image: string): boolean {
    const p = parseImage(image);
    return p.ok && this.images().has(p.ref.canonical);
  }

  ensure(pod: PodObj, container: Container, fieldPath: string, done: (result: ImageResult) => void): void {
    const image = container.image ?? '';
    const emit = (type: 'Normal' | 'Warning', reason: string, message: string): void => {
      this.world.events.record({
        object: pod,
        fieldPath,
        type,
        reason,
        message,
        component: 'kubelet',
        host: this.nodeName,
      });
    };
    const fail = (reason: Exclude<ImageResult, { ok: true }>['reason'], message: string): void => {
      emit('Warning', 'Failed', `Error: ${reason}`);
      done({ ok: false, reason, message });
    };
    const parsed = parseImage(image);
    if (!parsed.ok) {
      const message = `Failed to apply default image tag "${image}": ${parsed.error}`;
      emit('Warning', 'InspectFailed', message);
      fail('InvalidImageName', message);
      return;
    }
    const policy = container.imagePullPolicy ?? defaultPullPolicy(image);
    if (policy !== 'Always' && this.images().has(parsed.ref.canonical)) {
      emit('Normal', 'Pulled', `Container image "${image}" already present on machine`);
      done({ ok: true });
      return;
    }
    if (policy === 'Never') {
      const message = `Container image "${image}" is not present with pull policy of Never`;
      emit('Warning', 'ErrImageNeverPull', message);
      fail('ErrImageNeverPull', message);
      return;
    }
    const key = `${pod.metadata.uid ?? pod.metadata.name}_${image}`;
    if (this.backoff.inBackOffSinceUpdate(key, this.world.clock.now())) {
      const message = `Back-off pulling image "${image}"`;
      emit('Normal', 'BackOff', message);
      fail('ImagePullBackOff', message);
      return;
    }
    emit('Normal', 'Pulling', `Pulling image "${image}"`);
    this.enqueue({
      ref: parsed.ref,
      pod,
      requestedAt: this.world.clock.now(),
      finish: (outcome, requestedAt) => {
        if (!outcome.ok) {
          emit('Warning', 'Failed', `Failed to pull image "${image}": ${outcome.error}`);
          this.backoff.next(key, this.world.clock.now());
          fail('ErrImagePull', outcome.error);
          return;
        }
        const waited = this.world.clock.now() - requestedAt;
        emit(
          'Normal',
          'Pulled',
          `Successfully pulled image "${image}" in ${goDuration(outcome.duration)} (${goDuration(waited)} including waiting). Image size: ${outcome.size} bytes.`,
        );
        done({ ok: true });
      },
    });
  }

  behavior(image: string): ContainerBehavior {
    return behaviorOf(this.world.scenario.cluster.registry, image);
  }

  wrongArch(image: string): boolean {
    return findImage(this.world.scenario.cluster.registry, image)?.wrongArch ?? false;
  }

  private enqueue(request: PullRequest): void {
    this.queue.push(request);
    if (!this.pulling) this.startNext();
  }

  /** One pull at a time (serializeImagePulls: true); presence is judged when the pull starts. */
  private startNext(): void {
    const request = this.queue.shift();
    if (request === undefined) {
      this.pulling = false;
      return;
    }
    this.pulling = true;
    const outcome = pull(
      this.world.scenario.cluster.registry,
      request.ref,
      { hasCredentials: this.hasPullCredentials(request.pod) },
      this.images().has(request.ref.canonical),
    );
    this.world.after(outcome.duration, () => {
      if (outcome.ok) this.recordPresent(request.ref, outcome.size);
      request.finish(outcome, request.requestedAt);
      this.startNext();
    });
  }

  private hasPullCredentials(pod: PodObj): boolean {
    const spec = pod.spec as { imagePullSecrets?: readonly { name?: string }[] };
    const ns = pod.metadata.namespace ?? 'default';
    return (spec.imagePullSecrets ?? []).some(
      (s) => s.name !== undefined && this.world.store.get('secrets', ns, s.name) !== undefined,
    );
  }

  /** The image is on the node now: the kubelet reports it in node status.images. */
  private recordPresent(ref: ImageRef, size: number): void {
    const images = this.images();
    if (images.has(ref.canonical)) return;
    images.add(ref.canonical);
    const node = this.world.store.get<NodeObj>('nodes', undefined, this.nodeName);
    if (node === undefined) return;
    const list = (node.status.images ??= []);
    list.push({
      names: [`${ref.domain}/${ref.path}@${digestOf(ref.canonical)}`, ref.canonical],
      sizeBytes: size,
    });
    this.world.store.update(node);
  }
}
