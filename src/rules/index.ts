import type { Rule } from './types.js';
import { rules as admission } from './admission/index.js';
import { rules as containerConfig } from './container-config/index.js';
import { rules as containerStart } from './container-start/index.js';
import { rules as crash } from './crash/index.js';
import { rules as imagePull } from './image-pull/index.js';
import { rules as initContainers } from './init-containers/index.js';
import { rules as liveness } from './liveness/index.js';
import { rules as node } from './node/index.js';
import { rules as readiness } from './readiness/index.js';
import { rules as sandboxNetwork } from './sandbox-network/index.js';
import { rules as scheduling } from './scheduling/index.js';
import { rules as serviceEndpoints } from './service-endpoints/index.js';
import { rules as termination } from './termination/index.js';
import { rules as volumes } from './volumes/index.js';

/** Every rule: stages in chain order (docs/architecture.md §1), each stage's rules sorted by id. */
export const RULES: readonly Rule[] = [
  ...admission,
  ...scheduling,
  ...node,
  ...volumes,
  ...sandboxNetwork,
  ...imagePull,
  ...containerConfig,
  ...initContainers,
  ...containerStart,
  ...crash,
  ...liveness,
  ...readiness,
  ...serviceEndpoints,
  ...termination,
];
