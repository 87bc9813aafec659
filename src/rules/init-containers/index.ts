import type { Rule } from '../types.js';
import { rule as initFailed } from './init-failed.js';
import { rule as initStuck } from './init-stuck.js';

/** Rules of the init-containers stage, sorted by id. */
export const rules: readonly Rule[] = [initFailed, initStuck];
