/**
 * Stage `container-config`: `runAsNonRoot: true` (container level, else pod level) is verified by
 * the kubelet before it creates the container. An explicit `runAsUser: 0` (container level wins
 * over pod level) breaks it for certain; with no runAsUser the image's USER decides, which only
 * the image tells, so the check cannot decide.
 */
import type { Evidence } from '../../model/index.js';
import type { CheckContext, CheckFinding } from '../types.js';
import { containersOf, finding, specOf, type TemplateContainer } from './common.js';

export const CHECK_ID = 'run-as-non-root';

/** The kubelet's refusal when the image's user is root (facts §1.1). */
const IMAGE_RUNS_AS_ROOT = 'container has runAsNonRoot and image will run as root';

function check(
  podSc: { runAsNonRoot?: boolean; runAsUser?: number } | undefined,
  c: TemplateContainer,
): CheckFinding[] {
  const sc = c.container.securityContext;
  const nonRootHere = sc?.runAsNonRoot;
  const nonRoot = nonRootHere ?? podSc?.runAsNonRoot;
  if (nonRoot !== true) return [];
  const evidence: Evidence[] = [
    {
      source: 'spec',
      text:
        nonRootHere === undefined
          ? 'securityContext.runAsNonRoot: true'
          : `${c.path}.securityContext.runAsNonRoot: true`,
    },
  ];
  const uidHere = sc?.runAsUser;
  const uid = uidHere ?? podSc?.runAsUser;
  if (uid === 0) {
    evidence.push({
      source: 'spec',
      text: uidHere === undefined ? 'securityContext.runAsUser: 0' : `${c.path}.securityContext.runAsUser: 0`,
    });
    return [
      finding(CHECK_ID, {
        outcome: 'fail',
        stage: 'container-config',
        reason: 'RunAsNonRoot',
        message: `container "${c.name}" has runAsNonRoot but runs as user 0 (runAsUser: 0), so the kubelet will not create it`,
        evidence,
        nextSteps: [`set ${c.path}.securityContext.runAsUser to a non-zero uid, or drop runAsNonRoot`],
        container: c,
      }),
    ];
  }
  if (uid !== undefined) return [];
  const image = c.container.image ?? '';
  return [
    finding(CHECK_ID, {
      outcome: 'unknown',
      stage: 'container-config',
      reason: 'RunAsNonRoot',
      message: `container "${c.name}" has runAsNonRoot and no runAsUser: it starts only if image "${image}" runs as a numeric non-root USER; else the kubelet reports "${IMAGE_RUNS_AS_ROOT}"`,
      evidence,
      nextSteps: [
        `docker pull ${image} && docker image inspect ${image} --format '{{.Config.User}}'`,
        `set ${c.path}.securityContext.runAsUser to a non-zero uid`,
      ],
      container: c,
    }),
  ];
}

export function checkRunAsNonRoot(ctx: CheckContext): readonly CheckFinding[] {
  const spec = specOf(ctx.target);
  return containersOf(spec).flatMap((c) => check(spec.securityContext, c));
}
