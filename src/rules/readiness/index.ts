import type { Rule } from '../types.js';
import { rule as notReady } from './not-ready.js';
import { rule as readinessGateNotMet } from './readiness-gate-not-met.js';
import { rule as readinessProbeFailed } from './readiness-probe-failed.js';

/** Rules of the readiness stage, sorted by id. */
export const rules: readonly Rule[] = [notReady, readinessGateNotMet, readinessProbeFailed];
