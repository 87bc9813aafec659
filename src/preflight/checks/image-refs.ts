/**
 * Stage `image-pull`: what can be told about a container's image before a pull.
 * - A reference the docker grammar rejects fails with InvalidImageName (the kubelet's
 *   `Failed to apply default image tag` text, after distribution/reference's parse error).
 * - `imagePullPolicy: Never` needs the image on the node: no node holding it fails with
 *   NeverPullMissing.
 * - Whether the registry has the image only a pull proves, unless a node already lists it in
 *   `status.images`: otherwise unknown.
 * - `:latest` (or no tag) with IfNotPresent warns: nodes keep whatever "latest" they hold.
 * - imagePullSecrets that do not exist are unknown: the kubelet only warns and pulls without
 *   them, which public images survive. The pod's own list wins; without one the
 *   ServiceAccount's is copied in at admission.
 */
import type { Evidence } from '../../model/index.js';
import {
  defaultPullPolicy,
  parseImage,
  type ImageRef,
} from '../../simulator/controllers/kubelet/images/reference.js';
import type { KObject } from '../../simulator/world/types.js';
import type { CheckContext, CheckFinding } from '../types.js';
import {
  arrayOf,
  canIRead,
  containersOf,
  finding,
  lookupFor,
  notRead,
  specOf,
  stateObjects,
  type TemplateContainer,
} from './common.js';

export const CHECK_ID = 'image-refs';

interface NodeImages {
  readonly name: string;
  readonly refs: readonly ImageRef[];
}

function nodeImages(node: KObject): NodeImages {
  const status = node['status'] as { images?: readonly { names?: readonly string[] }[] } | undefined;
  const refs = arrayOf(status?.images).flatMap((img) =>
    arrayOf(img.names).flatMap((n) => {
      const p = parseImage(n);
      return p.ok ? [p.ref] : [];
    }),
  );
  return { name: node.metadata.name ?? '', refs };
}

/** A node's image name is this reference: same repository and same digest, or same tag when no digest is asked. */
function holds(node: NodeImages, ref: ImageRef): boolean {
  return node.refs.some(
    (r) =>
      r.domain === ref.domain &&
      r.path === ref.path &&
      (ref.digest === undefined ? r.tag === ref.tag : r.digest === ref.digest),
  );
}

function checkContainer(ctx: CheckContext, c: TemplateContainer): CheckFinding[] {
  const image = c.container.image;
  if (image === undefined || image === '') return [];
  const imageEvidence: Evidence = { source: 'spec', text: `${c.path}.image: ${image}` };
  const parsed = parseImage(image);
  if (!parsed.ok) {
    return [
      finding(CHECK_ID, {
        outcome: 'fail',
        stage: 'image-pull',
        reason: 'InvalidImageName',
        message: `Failed to apply default image tag "${image}": ${parsed.error}`,
        evidence: [imageEvidence],
        nextSteps: [`fix ${c.path}.image in ${ctx.target.input.file}:${ctx.target.input.line}`],
        container: c,
      }),
    ];
  }
  const ref = parsed.ref;
  const policy = c.container.imagePullPolicy ?? defaultPullPolicy(image);
  // Only Never and an explicit IfNotPresent are quoted, so the policy is always as written.
  const policyEvidence: Evidence = { source: 'spec', text: `${c.path}.imagePullPolicy: ${policy}` };
  const nodes = stateObjects(ctx.state, 'Node')?.map(nodeImages);
  const holders = nodes?.filter((n) => holds(n, ref)) ?? [];
  const out: CheckFinding[] = [];
  if (policy === 'Never') {
    if (nodes === undefined) {
      out.push(
        finding(CHECK_ID, {
          outcome: 'unknown',
          stage: 'image-pull',
          reason: 'NeverPullMissing',
          message: `cannot tell whether a node holds image "${image}" (pull policy Never): ${notRead(ctx.state, 'Node')}`,
          evidence: [imageEvidence, policyEvidence],
          nextSteps: [
            'kubectl get nodes -o jsonpath=\'{range .items[*]}{.metadata.name}{": "}{.status.images[*].names}{"\\n"}{end}\'',
            canIRead('Node'),
          ],
          container: c,
        }),
      );
    } else if (holders.length === 0) {
      out.push(
        finding(CHECK_ID, {
          outcome: 'fail',
          stage: 'image-pull',
          reason: 'NeverPullMissing',
          message: `Container image "${image}" is not present with pull policy of Never`,
          evidence: [
            imageEvidence,
            policyEvidence,
            {
              source: 'node',
              text: `none of ${nodes.length} node(s) lists ${ref.canonical} in status.images`,
            },
          ],
          nextSteps: [`set ${c.path}.imagePullPolicy to IfNotPresent, or load ${image} onto the nodes first`],
          container: c,
        }),
      );
    } else if (holders.length < nodes.length) {
      const names = holders.map((n) => n.name);
      out.push(
        finding(CHECK_ID, {
          outcome: 'warn',
          stage: 'image-pull',
          reason: 'NeverPullMissing',
          message: `only ${holders.length} of ${nodes.length} nodes hold image "${image}" (${names.join(', ')}); with pull policy Never a pod placed on another node cannot start`,
          evidence: [
            imageEvidence,
            policyEvidence,
            ...names.map((n) => ({
              source: 'node' as const,
              text: `${n}: status.images lists ${ref.canonical}`,
            })),
          ],
          nextSteps: [`set ${c.path}.imagePullPolicy to IfNotPresent, or load ${image} onto every node`],
          container: c,
        }),
      );
    }
    return out;
  }
  if (holders.length === 0) {
    out.push(
      finding(CHECK_ID, {
        outcome: 'unknown',
        stage: 'image-pull',
        reason: 'ImageNotFound',
        message:
          nodes === undefined
            ? `only a pull proves ${image} exists (${notRead(ctx.state, 'Node')})`
            : `only a pull proves ${image} exists (no node holds it)`,
        evidence: [imageEvidence],
        nextSteps: [`docker manifest inspect ${ref.canonical}`],
        container: c,
      }),
    );
  }
  if (policy === 'IfNotPresent' && ref.digest === undefined && ref.tag === 'latest') {
    out.push(
      finding(CHECK_ID, {
        outcome: 'warn',
        stage: 'image-pull',
        message: `image "${image}" is ${image.endsWith(':latest') ? ':latest' : 'untagged (so :latest)'} with imagePullPolicy IfNotPresent: a node that already holds an older :latest runs that one`,
        evidence: [imageEvidence, policyEvidence],
        nextSteps: [`pin a version tag or digest in ${c.path}.image, or set imagePullPolicy: Always`],
        container: c,
      }),
    );
  }
  return out;
}

/** The pull secrets the pod will carry: its own, else its ServiceAccount's (copied at admission). */
function pullSecrets(ctx: CheckContext): { name: string; evidence: string }[] {
  const spec = specOf(ctx.target);
  const own = arrayOf(spec.imagePullSecrets).flatMap((s, i) =>
    s.name === undefined || s.name === ''
      ? []
      : [{ name: s.name, evidence: `imagePullSecrets[${i}]: ${s.name}` }],
  );
  if (own.length > 0) return own;
  const saName = spec.serviceAccountName ?? spec.serviceAccount ?? 'default';
  const sa = lookupFor(ctx, 'ServiceAccount', saName);
  if (sa.status !== 'present') return [];
  const list = sa.object['imagePullSecrets'] as readonly { name?: string }[] | undefined;
  return arrayOf(list).flatMap((s, i) =>
    s.name === undefined || s.name === ''
      ? []
      : [{ name: s.name, evidence: `serviceaccount ${saName}: imagePullSecrets[${i}]: ${s.name}` }],
  );
}

function checkPullSecrets(ctx: CheckContext): CheckFinding[] {
  const ns = ctx.target.namespace;
  return pullSecrets(ctx).flatMap(({ name, evidence }) => {
    const found = lookupFor(ctx, 'Secret', name);
    if (found.status === 'present') return [];
    return [
      finding(CHECK_ID, {
        outcome: 'unknown',
        stage: 'image-pull',
        reason: 'RegistryUnauthorized',
        message:
          found.status === 'absent'
            ? `imagePullSecret "${name}" does not exist in namespace ${ns}: the kubelet pulls without it, so only images that need no credentials will pull`
            : `cannot tell whether imagePullSecret "${name}" exists: ${found.why}`,
        evidence: [{ source: 'spec', text: evidence }],
        nextSteps:
          found.status === 'absent'
            ? [
                `kubectl -n ${ns} create secret docker-registry ${name} --docker-server=<registry> --docker-username=<user> --docker-password=<password>`,
              ]
            : [`kubectl -n ${ns} get secret ${name}`, canIRead('Secret', ns)],
      }),
    ];
  });
}

export function checkImageRefs(ctx: CheckContext): readonly CheckFinding[] {
  return [
    ...containersOf(specOf(ctx.target)).flatMap((c) => checkContainer(ctx, c)),
    ...checkPullSecrets(ctx),
  ];
}
