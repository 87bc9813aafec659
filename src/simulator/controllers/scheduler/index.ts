import type { Controller } from '../types.js';

export const SCHEDULER_CONTROLLERS: readonly Controller[] = [];
