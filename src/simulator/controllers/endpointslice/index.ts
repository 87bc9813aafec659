import type { Controller } from '../types.js';
import { endpointsController } from './endpoints-controller.js';
import { endpointSliceController } from './endpointslice-controller.js';

export const ENDPOINTSLICE_CONTROLLERS: readonly Controller[] = [
  endpointSliceController,
  endpointsController,
];
