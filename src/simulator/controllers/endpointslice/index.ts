import type { Controller } from '../types.js';

export const ENDPOINTSLICE_CONTROLLERS: readonly Controller[] = [];
