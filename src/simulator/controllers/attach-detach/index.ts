import type { Controller } from '../types.js';
import { attachDetachController } from './controller.js';

export const ATTACH_DETACH_CONTROLLERS: readonly Controller[] = [attachDetachController];
