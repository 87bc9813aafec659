import type { Controller } from '../types.js';

export const GARBAGE_COLLECTOR_CONTROLLERS: readonly Controller[] = [];
