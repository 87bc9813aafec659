/**
 * DefaultTolerationSeconds: every pod tolerates not-ready and unreachable nodes for 300 s
 * before the taint manager evicts it, unless it says otherwise.
 */
import type { AdmissionPlugin } from '../types.js';
import { ensure, list, str } from '../fields.js';
import { isPodCreate } from './attributes.js';

const KEYS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'] as const;

export function defaultTolerationSeconds(seconds = 300): AdmissionPlugin {
  return {
    name: 'DefaultTolerationSeconds',
    phase: 'mutating',
    admit(req) {
      if (!isPodCreate(req)) return undefined;
      const spec = ensure(req.object, 'spec');
      const tolerations = list(spec.tolerations);
      for (const key of KEYS) {
        const covered = tolerations.some((t) => {
          const effect = str(t.effect);
          const matchesEffect = effect === undefined || effect === '' || effect === 'NoExecute';
          const matchesKey =
            t.key === key || ((t.key === undefined || t.key === '') && t.operator === 'Exists');
          return matchesEffect && matchesKey;
        });
        if (!covered)
          tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds });
      }
      spec.tolerations = tolerations;
      return undefined;
    },
  };
}
