/**
 * The engine's public face: `diagnose` runs the registry's rules over a snapshot and judges each
 * target; `buildContexts` is what the rule tester hands a single rule.
 */
export { buildContexts, type Contexts } from './contexts.js';
export {
  compareDiagnoses,
  diagnose,
  type EngineOptions,
  type EngineResult,
  type RuleFailure,
} from './diagnose.js';
