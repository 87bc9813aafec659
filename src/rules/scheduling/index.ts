import type { Rule } from '../types.js';
import { rule as gated } from './gated.js';
import { rule as schedulerError } from './scheduler-error.js';
import { rule as unboundPvc } from './unbound-pvc.js';
import { rule as unplaced } from './unplaced.js';
import { rule as unschedulable } from './unschedulable.js';
import { rule as volumeNodeAffinity } from './volume-node-affinity.js';

/** Rules of the scheduling stage, sorted by id. */
export const rules: readonly Rule[] = [
  gated,
  schedulerError,
  unboundPvc,
  unplaced,
  unschedulable,
  volumeNodeAffinity,
];
