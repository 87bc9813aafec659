import type { Controller } from '../types.js';

export const ATTACH_DETACH_CONTROLLERS: readonly Controller[] = [];
