/**
 * Stage `container-config`: the ConfigMaps and Secrets a container's environment reads. The
 * kubelet builds the environment (envFrom, then env) before it creates the container; a missing
 * object or key that is not `optional: true` leaves the container waiting in
 * CreateContainerConfigError with `configmap "<n>" not found`, `secret "<n>" not found` or
 * `couldn't find key <k> in ConfigMap <ns>/<n>`. envFrom takes whatever keys there are.
 */
import type { CheckContext, CheckFinding } from '../types.js';
import {
  addKeySteps,
  arrayOf,
  canIRead,
  containersOf,
  createCommand,
  dataKeys,
  finding,
  getCommand,
  lookupFor,
  notFoundText,
  specOf,
  type TemplateContainer,
} from './common.js';

export const CHECK_ID = 'env-sources';

interface EnvRef {
  readonly kind: 'ConfigMap' | 'Secret';
  readonly name: string;
  /** Set for valueFrom references; envFrom takes every key. */
  readonly key?: string;
  readonly optional: boolean;
  /** `containers[0].env[2]: valueFrom.configMapKeyRef app-config/LOG_LEVEL`. */
  readonly evidence: string;
}

function refsOf(c: TemplateContainer): EnvRef[] {
  const refs: EnvRef[] = [];
  arrayOf(c.container.envFrom).forEach((from, i) => {
    const cm = from.configMapRef;
    const sec = from.secretRef;
    const ref = cm ?? sec;
    if (ref?.name === undefined || ref.name === '') return;
    const field = cm === undefined ? 'secretRef' : 'configMapRef';
    refs.push({
      kind: cm === undefined ? 'Secret' : 'ConfigMap',
      name: ref.name,
      optional: ref.optional === true,
      evidence: `${c.path}.envFrom[${i}]: ${field} ${ref.name}`,
    });
  });
  arrayOf(c.container.env).forEach((env, i) => {
    const cm = env.valueFrom?.configMapKeyRef;
    const sec = env.valueFrom?.secretKeyRef;
    const ref = cm ?? sec;
    if (ref?.name === undefined || ref.name === '' || ref.key === undefined) return;
    const field = cm === undefined ? 'secretKeyRef' : 'configMapKeyRef';
    refs.push({
      kind: cm === undefined ? 'Secret' : 'ConfigMap',
      name: ref.name,
      key: ref.key,
      optional: ref.optional === true,
      evidence: `${c.path}.env[${i}]: valueFrom.${field} ${ref.name}/${ref.key}`,
    });
  });
  return refs;
}

const missingReason = (kind: 'ConfigMap' | 'Secret') =>
  kind === 'ConfigMap' ? ('ConfigMapMissing' as const) : ('SecretMissing' as const);

function checkRef(ctx: CheckContext, c: TemplateContainer, ref: EnvRef): CheckFinding[] {
  if (ref.optional) return [];
  const ns = ctx.target.namespace;
  const found = lookupFor(ctx, ref.kind, ref.name);
  const base = {
    stage: 'container-config' as const,
    evidence: [{ source: 'spec' as const, text: ref.evidence }],
    container: c,
  };
  if (found.status === 'unknown') {
    return [
      finding(CHECK_ID, {
        ...base,
        outcome: 'unknown',
        reason: missingReason(ref.kind),
        message: `cannot tell whether ${ref.kind === 'ConfigMap' ? 'configmap' : 'secret'} "${ref.name}" exists: ${found.why}`,
        nextSteps: [getCommand(ref.kind, ns, ref.name), canIRead(ref.kind, ns)],
      }),
    ];
  }
  if (found.status === 'absent') {
    return [
      finding(CHECK_ID, {
        ...base,
        outcome: 'fail',
        reason: missingReason(ref.kind),
        message: notFoundText(ref.kind, ref.name),
        nextSteps: [
          getCommand(ref.kind, ns, ref.name),
          createCommand(ref.kind, ns, ref.name, ref.key === undefined ? [] : [ref.key]),
        ],
      }),
    ];
  }
  if (ref.key === undefined || dataKeys(found.object).has(ref.key)) return [];
  return [
    finding(CHECK_ID, {
      ...base,
      outcome: 'fail',
      reason: 'KeyMissing',
      message: `couldn't find key ${ref.key} in ${ref.kind} ${ns}/${ref.name}`,
      nextSteps: addKeySteps(ref.kind, ns, ref.name, ref.key, found),
    }),
  ];
}

export function checkEnvSources(ctx: CheckContext): readonly CheckFinding[] {
  return containersOf(specOf(ctx.target)).flatMap((c) => refsOf(c).flatMap((ref) => checkRef(ctx, c, ref)));
}
