import type { Controller } from '../types.js';
import { nodeLifecycleController } from './node-lifecycle.js';

export const NODE_LIFECYCLE_CONTROLLERS: readonly Controller[] = [nodeLifecycleController];
