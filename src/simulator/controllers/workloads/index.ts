import type { Controller } from '../types.js';

export const WORKLOADS_CONTROLLERS: readonly Controller[] = [];
