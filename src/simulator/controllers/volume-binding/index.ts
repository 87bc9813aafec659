import type { Controller } from '../types.js';
import { provisionerController } from './provisioner.js';
import { pvController } from './pv-controller.js';

export const VOLUME_BINDING_CONTROLLERS: readonly Controller[] = [pvController, provisionerController];
