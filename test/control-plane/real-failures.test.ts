/**
 * Real components, real messages: each case makes the real API server, controllers or scheduler
 * fail at the stage it owns (or succeed, for the healthy control), waits until the real component
 * has acted, and then `node bin/handoff.js -A --kubeconfig <admin> -o json` must name the stage and
 * reason from the real text. Expectations the tool does not meet yet are marked `pending` in
 * cases.ts, described in MISMATCHES.md and checked by pending-fixes.test.ts instead.
 */
import { CASES } from './cases.js';
import { caseSuite } from './suite.js';

caseSuite('failures named from the real components', CASES, 'default');
