import type { Rule } from '../types.js';
import { rule as createContainerError } from './create-container-error.js';
import { rule as missingEnvSource } from './missing-env-source.js';
import { rule as runAsNonRoot } from './run-as-non-root.js';

/** Rules of the container-config stage, sorted by id. */
export const rules: readonly Rule[] = [createContainerError, missingEnvSource, runAsNonRoot];
