import type { Rule } from '../types.js';
import { rule as disruptionTarget } from './disruption-target.js';
import { rule as evicted } from './evicted.js';
import { rule as kubeletRejected } from './kubelet-rejected.js';
import { rule as nodeLost } from './node-lost.js';
import { rule as nodeNotReady } from './node-not-ready.js';
import { rule as nodeShutdown } from './node-shutdown.js';
import { rule as preempted } from './preempted.js';

/** Rules of the node stage, sorted by id. */
export const rules: readonly Rule[] = [
  disruptionTarget,
  evicted,
  kubeletRejected,
  nodeLost,
  nodeNotReady,
  nodeShutdown,
  preempted,
];
