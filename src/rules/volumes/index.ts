import type { Rule } from '../types.js';
import { rule as attachFailed } from './attach-failed.js';
import { rule as mountFailed } from './mount-failed.js';
import { rule as mountTimeout } from './mount-timeout.js';
import { rule as multiAttach } from './multi-attach.js';
import { rule as sourceNotFound } from './source-not-found.js';

/** Rules of the volumes stage, sorted by id. */
export const rules: readonly Rule[] = [attachFailed, mountFailed, mountTimeout, multiAttach, sourceNotFound];
