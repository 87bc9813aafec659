/**
 * The static checks of preflight, in chain order (docs/architecture.md §1): volumes, image pull,
 * container config, liveness/readiness, service endpoints. Each is a pure function of a target,
 * the cluster's state and the input. Services of the input are judged on their own by
 * `checkServices` (a Service is not a target).
 */
import type { Check } from '../types.js';
import { checkEnvSources } from './env-sources.js';
import { checkImageRefs } from './image-refs.js';
import { checkProbePorts } from './probe-ports.js';
import { checkRunAsNonRoot } from './run-as-non-root.js';
import { checkServiceTargets } from './services.js';
import { checkVolumeSources } from './volume-sources.js';

export const STATIC_CHECKS: readonly Check[] = [
  checkVolumeSources,
  checkImageRefs,
  checkEnvSources,
  checkRunAsNonRoot,
  checkProbePorts,
  checkServiceTargets,
];

export {
  checkEnvSources,
  checkImageRefs,
  checkProbePorts,
  checkRunAsNonRoot,
  checkServiceTargets,
  checkVolumeSources,
};
export { checkServices, inputTemplates, type InputTemplate, type ServiceResult } from './services.js';
