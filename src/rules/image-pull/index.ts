import type { Rule } from '../types.js';
import { rule as invalidImageName } from './invalid-image-name.js';
import { rule as neverPull } from './never-pull.js';
import { rule as pullFailed } from './pull-failed.js';
import { rule as registryUnreachable } from './registry-unreachable.js';

/** Rules of the image-pull stage, sorted by id. */
export const rules: readonly Rule[] = [invalidImageName, neverPull, pullFailed, registryUnreachable];
