import type { Controller } from '../types.js';
import { garbageCollector } from './garbage-collector.js';

export const GARBAGE_COLLECTOR_CONTROLLERS: readonly Controller[] = [garbageCollector];
