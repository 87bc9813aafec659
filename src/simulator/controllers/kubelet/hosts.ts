/**
 * The seams inside the simulated kubelet. The pod worker (pod-worker.ts and what it uses)
 * drives each pod through the kubelet's sync order; the hosts below do the parts that talk to
 * other components: the volume manager (and, through it, the attach/detach controller and CSI),
 * the CRI sandbox with CNI, and the CRI image service with the registry. Each host emits its
 * own events on the pod and keeps its own back-off; results come back through callbacks in
 * simulated time (`world.after`), never synchronously from a blocking wait.
 */
import type { Container } from '../../../model/index.js';
import type { ContainerBehavior } from '../../scenario/types.js';
import type { PodObj } from '../../world/types.js';

export interface VolumeHost {
  /**
   * Attach and mount every volume of the pod. While a volume cannot be mounted, emits the
   * kubelet's FailedMount / FailedAttachVolume (and the attach/detach controller's
   * "Multi-Attach error") events and keeps retrying; calls `done` once, when all are mounted.
   * If they never mount, `done` is never called and the pod stays ContainerCreating.
   */
  mount(pod: PodObj, done: () => void): void;
  /** Unmount and detach; `done` when torn down (termination waits for it). */
  unmount(pod: PodObj, done: () => void): void;
}

export interface SandboxHost {
  /**
   * RunPodSandbox + CNI ADD. On failure emits FailedCreatePodSandBox (or NetworkNotReady while
   * the node's network is not ready) and retries itself; calls `done` with the pod IP once the
   * sandbox exists. Host-network pods get the node IP.
   */
  create(pod: PodObj, done: (podIP: string) => void): void;
  /** KillPodSandbox + CNI DEL: releases the IP. */
  remove(pod: PodObj): void;
}

export type ImageResult =
  | { readonly ok: true }
  /** The waiting reason and message the container status shows while this lasts. */
  | {
      readonly ok: false;
      readonly reason: 'ErrImagePull' | 'ImagePullBackOff' | 'InvalidImageName' | 'ErrImageNeverPull';
      readonly message: string;
    };

export interface ImageHost {
  /**
   * Makes the container's image present per its imagePullPolicy. Emits Pulling, Pulled
   * ("Successfully pulled image … in 2.31s (2.31s including waiting). Image size: N bytes."),
   * "already present on machine", Failed and BackOff events with the container's fieldPath.
   * Back-off per pod+image: 10 s doubling to 300 s; a call while backing off answers
   * ImagePullBackOff at once (and emits BackOff). `done` may be called after simulated time
   * passes (the pull takes size / bandwidth).
   */
  ensure(pod: PodObj, container: Container, fieldPath: string, done: (result: ImageResult) => void): void;
  /** What a container of this image does when it runs (the registry's `run`, defaults filled). */
  behavior(image: string): ContainerBehavior;
  /** The image's platform does not match the node: starting it fails with exec format error. */
  wrongArch(image: string): boolean;
}

export interface KubeletHosts {
  readonly volumes: VolumeHost;
  readonly sandbox: SandboxHost;
  readonly images: ImageHost;
}

/** `spec.containers{name}` / `spec.initContainers{name}`, the fieldPath kubelet events carry. */
export const fieldPathOf = (container: Container, init: boolean): string =>
  `${init ? 'spec.initContainers' : 'spec.containers'}{${container.name}}`;
