import type { Rule } from '../types.js';
import { rule as livenessProbeFailed } from './liveness-probe-failed.js';
import { rule as startupProbeFailed } from './startup-probe-failed.js';

/** Rules of the liveness stage, sorted by id. */
export const rules: readonly Rule[] = [livenessProbeFailed, startupProbeFailed];
