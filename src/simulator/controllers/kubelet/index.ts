/** The kubelet controller with the real hosts (volume manager, CRI sandbox + CNI, image service). */
import type { Controller } from '../types.js';
import { kubeletController, type HostsFactory } from './controller.js';
import { createVolumeHost } from './volumes/index.js';
import { createSandboxHost } from './sandbox/index.js';
import { createImageHost } from './images/index.js';

export const realHosts: HostsFactory = (world, nodeName) => ({
  volumes: createVolumeHost(world, nodeName),
  sandbox: createSandboxHost(world, nodeName),
  images: createImageHost(world, nodeName),
});

export const KUBELET_CONTROLLERS: readonly Controller[] = [kubeletController(realHosts)];
