import type { Controller } from '../types.js';

export const NODE_LIFECYCLE_CONTROLLERS: readonly Controller[] = [];
