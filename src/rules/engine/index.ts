/**
 * The engine's public face: `diagnose` runs the registry's rules over a snapshot and judges each
 * target; `referenceTime` is the "now" of saved evidence; `buildContexts` is what the rule tester
 * hands a single rule.
 */
export { buildContexts, type Contexts } from './contexts.js';
export {
  compareDiagnoses,
  diagnose,
  type EngineOptions,
  type EngineResult,
  type RuleFailure,
} from './diagnose.js';
export { referenceTime } from './reference-time.js';
