/**
 * PodSecurity: enforces the namespace's `pod-security.kubernetes.io/enforce` level on pods,
 * denying with `violates PodSecurity "restricted:latest": <reason (detail)>, …`.
 */
import type { World } from '../../world/world.js';
import type { AdmissionPlugin } from '../types.js';
import { rec, type Fields } from '../fields.js';
import { admissionForbidden, isPodCreate } from './attributes.js';
import type { CheckResult } from './pod-security-checks.js';
import { BASELINE_CHECKS } from './pod-security-baseline.js';
import { RESTRICTED_CHECKS } from './pod-security-restricted.js';

/**
 * EvaluatePod runs baseline checks, then the overlapping baseline ones (at baseline) or the
 * restricted ones, each group in the order of the library's check_*.go file names.
 */
export function evaluatePod(level: 'baseline' | 'restricted', spec: Fields): CheckResult[] {
  const baseline = BASELINE_CHECKS.filter((c) => c.overlap !== true);
  const rest = level === 'restricted' ? RESTRICTED_CHECKS : BASELINE_CHECKS.filter((c) => c.overlap === true);
  return [...baseline, ...rest].map((c) => c.run(spec)).filter((r): r is CheckResult => r !== undefined);
}

export function podSecurity(world: World): AdmissionPlugin {
  return {
    name: 'PodSecurity',
    phase: 'validating',
    admit(req) {
      if (!isPodCreate(req)) return undefined;
      const ns = world.store.get('namespaces', undefined, req.object.metadata.namespace ?? 'default');
      const labels = ns?.metadata.labels ?? {};
      const level = labels['pod-security.kubernetes.io/enforce'];
      if (level !== 'baseline' && level !== 'restricted') return undefined;
      const version = labels['pod-security.kubernetes.io/enforce-version'] ?? 'latest';
      const results = evaluatePod(level, rec(req.object.spec) ?? {});
      if (results.length === 0) return undefined;
      const detail = results
        .map((r) => (r.detail === '' ? r.reason : `${r.reason} (${r.detail})`))
        .join(', ');
      return admissionForbidden(req, `violates PodSecurity "${level}:${version}": ${detail}`);
    },
  };
}
