import type { Rule } from '../types.js';
import { rule as hookFailed } from './hook-failed.js';
import { rule as startFailed } from './start-failed.js';

/** Rules of the container-start stage, sorted by id. */
export const rules: readonly Rule[] = [hookFailed, startFailed];
