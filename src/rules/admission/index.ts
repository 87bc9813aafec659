import type { Rule } from '../types.js';
import { rule as forbidden } from './forbidden.js';
import { rule as limitRange } from './limit-range.js';
import { rule as podRejected } from './pod-rejected.js';
import { rule as podSecurity } from './pod-security.js';
import { rule as quotaExceeded } from './quota-exceeded.js';
import { rule as serviceAccountMissing } from './service-account-missing.js';
import { rule as webhook } from './webhook.js';

/** Rules of the admission stage, sorted by id. */
export const rules: readonly Rule[] = [
  forbidden,
  limitRange,
  podRejected,
  podSecurity,
  quotaExceeded,
  serviceAccountMissing,
  webhook,
];
