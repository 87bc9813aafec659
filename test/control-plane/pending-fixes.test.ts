/**
 * The expectations of MISMATCHES.md: each asserts the correct diagnosis, which the tool does not
 * give yet against the real components. Excluded from `npm run test:cluster`; run them with
 * `npm run test:cluster:pending`. Once src/ is fixed, drop the `pending` mark in cases.ts so the
 * default suite keeps it.
 */
import { CASES } from './cases.js';
import { caseSuite } from './suite.js';

caseSuite('pending fixes: correct diagnoses the tool does not give yet', CASES, 'pending');
