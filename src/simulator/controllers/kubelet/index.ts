import type { Controller } from '../types.js';

export const KUBELET_CONTROLLERS: readonly Controller[] = [];
