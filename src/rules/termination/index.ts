import type { Rule } from '../types.js';
import { rule as finalizerBlocking } from './finalizer-blocking.js';
import { rule as nodeGone } from './node-gone.js';
import { rule as stuckTerminating } from './stuck-terminating.js';
import { rule as volumeTeardownStuck } from './volume-teardown-stuck.js';
import { rule as workloadFinalizers } from './workload-finalizers.js';

/** Rules of the termination stage, sorted by id. */
export const rules: readonly Rule[] = [
  finalizerBlocking,
  nodeGone,
  stuckTerminating,
  volumeTeardownStuck,
  workloadFinalizers,
];
