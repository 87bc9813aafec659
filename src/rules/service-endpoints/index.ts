import type { Rule } from '../types.js';
import { rule as noReadyEndpoints } from './no-ready-endpoints.js';
import { rule as notInEndpoints } from './not-in-endpoints.js';
import { rule as podServiceBackend } from './pod-service-backend.js';
import { rule as selectorMatchesNoPods } from './selector-matches-no-pods.js';
import { rule as targetPortMismatch } from './target-port-mismatch.js';

/** Rules of the service-endpoints stage, sorted by id. */
export const rules: readonly Rule[] = [
  noReadyEndpoints,
  notInEndpoints,
  podServiceBackend,
  selectorMatchesNoPods,
  targetPortMismatch,
];
