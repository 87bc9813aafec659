import { parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import {
  claimState,
  CLAIM_CAUSES,
  DEFINITE_CAUSES,
  claimNamesOf,
  storageClassEvidence,
  type ClaimCause,
  type ClaimState,
} from './pvc-state.js';
import { currentSchedulingFailure } from './analyse.js';
import { formatHistogram } from './scheduling-message.js';
import type { PodContext, Rule } from '../types.js';

const meta = {
  id: 'scheduling/unbound-pvc',
  stage: 'scheduling',
  target: 'pod',
  title: 'Pod waits for an unbound PersistentVolumeClaim',
  description:
    'The scheduler cannot place the pod because a PersistentVolumeClaim it uses is not bound ("pod has unbound immediate ' +
    'PersistentVolumeClaims", "persistentvolumeclaim \\"x\\" not found", "didn\'t find available persistent volumes to bind"). ' +
    "Names the claim, its phase and StorageClass, and the cause behind it from the PVC's own events: ProvisioningFailed, " +
    'FailedBinding ("no persistent volumes available for this claim and no storage class is set"), a missing StorageClass or default class. ' +
    'With no scheduling event in the evidence, a pod never placed whose claim is Pending for such a definite cause, or five ' +
    'minutes after its external provisioner was asked for the volume, fails here too.',
  reasons: ['UnboundPVC'],
  graceSeconds: 60,
  needs: ['pods', 'events', 'pvcs', 'pvs', 'storageclasses'],
  messages: {
    pvcMissing: 'The pod uses PersistentVolumeClaim {{pvc}}, which does not exist.',
    pvMissing:
      'PersistentVolumeClaim {{pvc}} is bound to PersistentVolume {{volume}}, which no longer exists.',
    classMissing:
      'PersistentVolumeClaim {{pvc}} is {{phase}}: its StorageClass {{storageClass}} does not exist.',
    noStorageClass:
      'PersistentVolumeClaim {{pvc}} is {{phase}}: it names no StorageClass, the cluster has no default one, and no PersistentVolume matches it.',
    provisioningFailed:
      'PersistentVolumeClaim {{pvc}} is {{phase}}: provisioning with StorageClass {{storageClass}} failed: {{detail}}',
    noMatchingPV:
      'PersistentVolumeClaim {{pvc}} is {{phase}}: no PersistentVolume matches its size, access modes and class.',
    provisionerWaiting:
      'PersistentVolumeClaim {{pvc}} is {{phase}}, waiting for provisioner {{provisioner}} to create its volume.',
    pending:
      'PersistentVolumeClaim {{pvc}} is {{phase}} (StorageClass {{storageClass}}), so the pod cannot be scheduled.',
    unknown: 'The pod waits for its PersistentVolumeClaims to bind ({{histogram}}).',
    bound:
      'The scheduler saw unbound claims ({{histogram}}), but {{pvc}} is Bound now; the next attempt should place the pod.',
  },
  docs: 'docs/rules/scheduling/unbound-pvc.md',
} as const;

function fixFor(c: ClaimState | undefined, ns: string | undefined): string {
  const pvc = c?.name ?? 'the claim';
  switch (c?.cause) {
    case 'pvcMissing':
      return `Create PersistentVolumeClaim ${pvc}${ns ? ` in namespace ${ns}` : ''}, or fix claimName (for a StatefulSet, its volumeClaimTemplates).`;
    case 'pvMissing':
      return `The PersistentVolume behind ${pvc} is gone: restore it from backup, or delete and recreate the claim.`;
    case 'classMissing':
      return `Create StorageClass ${c.storageClass || '(named by the claim)'} or recreate the claim with a class from kubectl get storageclass (storageClassName cannot be changed in place).`;
    case 'noStorageClass':
      return 'Mark a StorageClass as default (annotation storageclass.kubernetes.io/is-default-class=true) or set storageClassName on the claim; for static volumes create a matching PersistentVolume.';
    case 'provisioningFailed':
      return `Fix the provisioner error above (quota, permissions, zone, parameters of StorageClass ${c.storageClass || '(default)'}), then the claim binds on the next retry.`;
    case 'noMatchingPV':
      return `Create a PersistentVolume that matches ${pvc} (capacity, accessModes, storageClassName), or use a StorageClass that provisions volumes dynamically.`;
    case 'provisionerWaiting':
      return `Check that provisioner ${c.provisioner || '(of the StorageClass)'} is installed and running (kubectl get csidrivers; its controller pods).`;
    default:
      return "Read the claim's events (kubectl describe pvc) for the provisioning or binding error.";
  }
}

const rank = (cause: ClaimCause): number => CLAIM_CAUSES.indexOf(cause);

/**
 * Nothing shows the pod was ever placed: no node, no PodScheduled=True, no Scheduled event and no
 * event from a kubelet, and it is neither running, finished nor being deleted.
 */
function neverPlaced(ctx: PodContext): boolean {
  const { pod } = ctx;
  if (pod.spec.nodeName || pod.metadata.deletionTimestamp !== undefined) return false;
  if (['Running', 'Succeeded', 'Failed'].includes(pod.status.phase ?? '')) return false;
  if (pod.status.conditions?.some((c) => c.type === 'PodScheduled' && c.status === 'True')) return false;
  return !ctx.events.some((e) => e.reason === 'Scheduled' || e.source === 'kubelet' || e.host !== undefined);
}

/** A provisioner creates a volume in seconds to a couple of minutes; one asked this long ago is not acting. */
const PROVISIONER_PATIENCE_MS = 5 * 60_000;

/** A claim the external provisioner was asked for (ExternalProvisioning) that is older than the patience. */
function waitedTooLong(ctx: PodContext, c: ClaimState): boolean {
  const created = parseTime(c.pvc?.metadata.creationTimestamp);
  return created !== undefined && ctx.now - created >= PROVISIONER_PATIENCE_MS;
}

/**
 * No scheduling failure in the evidence (a `describe pvc` pasted alone, whose `Used By` names the
 * pod), but the pod was never placed and a claim it uses is Pending for a reason that does not
 * mend itself (its provisioning failed, its class is missing...) or that its external provisioner
 * has left unanswered for five minutes: the scheduler's VolumeBinding filter holds the pod until
 * the claim binds, so the pod stopped at scheduling.
 */
function claimOnlyFinding(ctx: PodContext) {
  if (!neverPlaced(ctx)) return [];
  const claims = claimNamesOf(ctx).map((n) => claimState(ctx, n, false));
  const definite = claims
    .filter(
      (c) =>
        c.pvc?.status?.phase === 'Pending' &&
        (DEFINITE_CAUSES.has(c.cause) || (c.cause === 'provisionerWaiting' && waitedTooLong(ctx, c))),
    )
    .sort((a, b) => rank(a.cause) - rank(b.cause));
  const primary = definite[0];
  if (primary === undefined) return [];
  const { pod } = ctx;
  const ns = pod.metadata.namespace;
  const scLine = storageClassEvidence(ctx, primary.storageClass);
  return [
    finding(meta, {
      reason: 'UnboundPVC',
      messageId: primary.cause,
      data: {
        pvc: primary.name,
        pvcs: definite.map((c) => c.name).join(', '),
        phase: primary.phase,
        storageClass: primary.storageClass || '(none)',
        provisioner: primary.provisioner || '(unknown)',
        volume: primary.pvc?.spec.volumeName ?? primary.detail,
        detail: primary.detail,
        histogram: 'no scheduling event in the evidence',
      },
      status: 'failed',
      basis: 'events',
      evidence: [...definite.flatMap((c) => c.evidence), ...(scLine === undefined ? [] : [scLine])],
      nextSteps: [
        kubectl.describe('pod', pod.metadata.name, ns),
        kubectl.describe('pvc', primary.name, ns),
        kubectl.raw('get storageclass'),
        fixFor(primary, ns),
      ],
    }),
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentSchedulingFailure(ctx);
    if (f === undefined) return claimOnlyFinding(ctx);
    if (f.code !== 'UnboundPVC') return [];
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    const notFound = new Set(
      f.parsed.reasons.flatMap((r) => {
        const at = r.text.indexOf('persistentvolumeclaim "');
        return at < 0 ? [] : [r.text.slice(at + 23, r.text.indexOf('"', at + 23))];
      }),
    );
    const names = [...new Set([...claimNamesOf(ctx), ...notFound])].filter((n) => n !== '');
    const claims = names.map((n) => claimState(ctx, n, notFound.has(n)));
    const open = claims.filter((c) => c.cause !== 'bound');
    const primary = [...(open.length > 0 ? open : claims)].sort((a, b) => rank(a.cause) - rank(b.cause))[0];
    const cause: ClaimCause = primary?.cause ?? 'unknown';
    const allBound = claims.length > 0 && open.length === 0;
    const status =
      allBound || f.progress !== undefined
        ? 'progressing'
        : DEFINITE_CAUSES.has(cause)
          ? 'failed'
          : graceStatus(meta, f.since, now);
    const scLine = primary === undefined ? undefined : storageClassEvidence(ctx, primary.storageClass);
    const evidence = [
      ...f.evidence,
      ...open.flatMap((c) => c.evidence),
      ...(scLine !== undefined &&
      ['classMissing', 'noStorageClass', 'provisioningFailed', 'provisionerWaiting', 'pending'].includes(
        cause,
      )
        ? [scLine]
        : []),
    ];
    return [
      finding(meta, {
        reason: 'UnboundPVC',
        messageId: allBound ? 'bound' : cause,
        data: {
          pvc: primary?.name ?? '(not in the evidence)',
          pvcs: (open.length > 0 ? open : claims).map((c) => c.name).join(', ') || '(not in the evidence)',
          phase: primary?.phase ?? 'Pending',
          storageClass: primary?.storageClass || '(none)',
          provisioner: primary?.provisioner || '(unknown)',
          volume: primary?.pvc?.spec.volumeName ?? primary?.detail ?? '',
          detail: primary?.detail ?? '',
          histogram: formatHistogram(f.parsed.reasons) || f.message || 'no details in the evidence',
        },
        status,
        basis: f.basis,
        evidence,
        at: f.at,
        nextSteps: [
          kubectl.describe('pod', pod.metadata.name, ns),
          ...(primary === undefined
            ? [kubectl.raw(`get pvc${kubectl.nsFlag(ns)}`)]
            : [kubectl.describe('pvc', primary.name, ns)]),
          kubectl.raw('get storageclass'),
          fixFor(primary, ns),
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
