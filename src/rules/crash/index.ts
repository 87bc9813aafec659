import type { Rule } from '../types.js';
import { rule as crashLoopBackOff } from './crash-loop-back-off.js';
import { rule as exitNonZero } from './exit-non-zero.js';
import { rule as exitZeroLoop } from './exit-zero-loop.js';
import { rule as killedExternally } from './killed-externally.js';
import { rule as oomKilled } from './oom-killed.js';

/** Rules of the crash stage, sorted by id. */
export const rules: readonly Rule[] = [
  crashLoopBackOff,
  exitNonZero,
  exitZeroLoop,
  killedExternally,
  oomKilled,
];
