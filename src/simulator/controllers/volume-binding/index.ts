import type { Controller } from '../types.js';

export const VOLUME_BINDING_CONTROLLERS: readonly Controller[] = [];
