import type { Rule } from '../types.js';
import { rule as evicted } from './evicted.js';

/** Rules of the node stage, sorted by id. */
export const rules: readonly Rule[] = [evicted];
