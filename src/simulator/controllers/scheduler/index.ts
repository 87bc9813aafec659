import type { Controller } from '../types.js';
import { schedulerController } from './scheduler.js';

export const SCHEDULER_CONTROLLERS: readonly Controller[] = [schedulerController];
