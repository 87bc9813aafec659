/**
 * What stands between a pod and its PersistentVolumeClaims: which claims it uses, and why a
 * claim is not bound (missing claim, missing StorageClass, no default class, provisioning
 * failure, no matching PV, provisioner silent), from the PVC, its events and the StorageClasses.
 */
import type { EventRecord, Evidence, PersistentVolumeClaim, Pod } from '../../model/index.js';
import type { PodContext } from '../types.js';
import { eventEvidence, newest } from '../shared/events.js';
import { quoted } from '../shared/text-scan.js';

/** Claim names of the pod's volumes: persistentVolumeClaim.claimName and generic ephemeral volumes (`<pod>-<volume>`). */
export function podClaimNames(pod: Pod): string[] {
  return (pod.spec.volumes ?? []).flatMap((v) => {
    if (v.persistentVolumeClaim?.claimName) return [v.persistentVolumeClaim.claimName];
    if (v.ephemeral !== undefined) return [`${pod.metadata.name}-${v.name}`];
    return [];
  });
}

/**
 * The claims a pod uses. When the evidence lacks the pod's spec (a pod known from its events or a
 * table row), a StatefulSet's claims are still found by their names, `<template>-<pod>`.
 */
export function claimNamesOf(ctx: PodContext): string[] {
  const pod = ctx.pod;
  if (pod.spec.volumes !== undefined) return podClaimNames(pod);
  const suffix = `-${pod.metadata.name}`;
  return ctx.index
    .pvcsInNamespace(pod.metadata.namespace ?? '')
    .filter((c) => c.metadata.name.endsWith(suffix))
    .map((c) => c.metadata.name);
}

/** Ordered from most to least specific: the first cause found among the claims is reported. */
export const CLAIM_CAUSES = [
  'pvcMissing',
  'pvMissing',
  'classMissing',
  'noStorageClass',
  'provisioningFailed',
  'noMatchingPV',
  'provisionerWaiting',
  'pending',
  'unknown',
  'bound',
] as const;
export type ClaimCause = (typeof CLAIM_CAUSES)[number];

/** Causes that are definite at once: no retry of the scheduler or provisioner will fix them. */
export const DEFINITE_CAUSES: ReadonlySet<ClaimCause> = new Set([
  'pvcMissing',
  'pvMissing',
  'classMissing',
  'noStorageClass',
  'provisioningFailed',
  'noMatchingPV',
]);

export interface ClaimState {
  readonly name: string;
  readonly pvc: PersistentVolumeClaim | undefined;
  readonly cause: ClaimCause;
  readonly phase: string;
  readonly storageClass: string;
  readonly provisioner: string;
  readonly detail: string;
  readonly evidence: readonly Evidence[];
}

const NO_PROVISIONER = 'kubernetes.io/no-provisioner';
const INFO_REASONS: ReadonlySet<string> = new Set([
  'FailedBinding',
  'ExternalProvisioning',
  'WaitForFirstConsumer',
  'Provisioning',
]);

function causeOf(
  ctx: PodContext,
  pvc: PersistentVolumeClaim,
  events: readonly EventRecord[],
): [ClaimCause, string] {
  const phase = pvc.status.phase ?? 'Pending';
  if (phase === 'Bound' || phase === 'Lost') {
    const volume = pvc.spec.volumeName ?? '';
    const pvGone =
      phase === 'Lost' || (volume !== '' && ctx.collected.has('pvs') && ctx.index.pv(volume) === undefined);
    return pvGone ? ['pvMissing', volume] : ['bound', ''];
  }
  const failed = newest(events.filter((e) => e.reason === 'ProvisioningFailed'));
  const binding = newest(events.filter((e) => e.reason === 'FailedBinding'));
  const text = `${failed?.message ?? ''} ${binding?.message ?? ''}`;
  if (text.includes('storageclass.storage.k8s.io') && text.includes('not found'))
    return ['classMissing', quoted(text, text.indexOf('storageclass.storage.k8s.io'))];
  if (failed !== undefined) return ['provisioningFailed', failed.message];
  if (binding?.message.includes('no storage class is set')) return ['noStorageClass', binding.message];
  const sc = pvc.spec.storageClassName;
  const classes = ctx.collected.has('storageclasses');
  if (sc !== undefined && sc !== '' && classes && ctx.index.storageClass(sc) === undefined)
    return ['classMissing', sc];
  if (sc === undefined && classes && ctx.index.defaultStorageClass() === undefined)
    return ['noStorageClass', ''];
  if (binding !== undefined) return ['noMatchingPV', binding.message];
  if (sc === '' || (sc !== undefined && ctx.index.storageClass(sc)?.provisioner === NO_PROVISIONER))
    return ['noMatchingPV', ''];
  const waiting = newest(events.filter((e) => e.reason === 'ExternalProvisioning'));
  if (waiting !== undefined) return ['provisionerWaiting', waiting.message];
  return ['pending', ''];
}

function provisionerOf(ctx: PodContext, sc: string, events: readonly EventRecord[]): string {
  const fromClass = sc === '' ? undefined : ctx.index.storageClass(sc)?.provisioner;
  if (fromClass !== undefined) return fromClass;
  const msg = newest(events.filter((e) => e.reason === 'ExternalProvisioning'))?.message ?? '';
  // "waiting for a volume to be created, either by external provisioner "x" or ..." / newer "... provisioner 'x' ..."
  const dq = msg.indexOf('provisioner "');
  if (dq >= 0) return quoted(msg, dq);
  const sq = msg.indexOf("provisioner '");
  if (sq >= 0) {
    const end = msg.indexOf("'", sq + 13);
    return end < 0 ? '' : msg.slice(sq + 13, end);
  }
  return '';
}

/** The state of one claim the pod uses. */
export function claimState(ctx: PodContext, name: string, notFound: boolean): ClaimState {
  const ns = ctx.pod.metadata.namespace ?? '';
  const pvc = ctx.index.pvc(ns, name);
  const events = ctx.index.eventsFor({
    kind: 'PersistentVolumeClaim',
    namespace: ns,
    name,
    ...(pvc?.metadata.uid ? { uid: pvc.metadata.uid } : {}),
  });
  const sc = pvc?.spec.storageClassName ?? '';
  let cause: ClaimCause;
  let detail = '';
  if (pvc === undefined) {
    cause = notFound || ctx.collected.has('pvcs') ? 'pvcMissing' : 'unknown';
  } else {
    [cause, detail] = causeOf(ctx, pvc, events);
  }
  const phase = pvc?.status.phase ?? (cause === 'pvcMissing' ? 'missing' : 'Pending');
  const evidence: Evidence[] = [];
  if (pvc !== undefined) {
    const cls = pvc.spec.storageClassName;
    const clsText =
      cls === undefined
        ? 'no storageClassName'
        : cls === ''
          ? 'storageClassName ""'
          : `storageClassName ${cls}`;
    const bound = pvc.spec.volumeName ? `, volumeName ${pvc.spec.volumeName}` : '';
    evidence.push({
      source: 'pvc',
      text: `PersistentVolumeClaim ${name}: phase ${phase}, ${clsText}${bound}`,
    });
  } else if (cause === 'pvcMissing') {
    evidence.push({
      source: 'pvc',
      text: `PersistentVolumeClaim ${name} is not in namespace ${ns || 'default'}`,
    });
  }
  const warning = newest(events.filter((e) => e.type === 'Warning'));
  // FailedBinding is a Normal event from the PV controller; quote it like the warnings.
  const info = newest(events.filter((e) => e.type !== 'Warning' && INFO_REASONS.has(e.reason)));
  for (const e of [warning, info]) if (e !== undefined) evidence.push(eventEvidence(e, ctx.now));
  return {
    name,
    pvc,
    cause,
    phase,
    storageClass: sc,
    provisioner: provisionerOf(ctx, sc, events),
    detail,
    evidence,
  };
}

/** "StorageClass gp3: provisioner ebs.csi.aws.com, volumeBindingMode WaitForFirstConsumer" or the missing default. */
export function storageClassEvidence(ctx: PodContext, sc: string): Evidence | undefined {
  if (!ctx.collected.has('storageclasses')) return undefined;
  if (sc === '') {
    const def = ctx.index.defaultStorageClass();
    return {
      source: 'pvc',
      text:
        def === undefined
          ? 'no default StorageClass in the cluster'
          : `default StorageClass: ${def.metadata.name} (provisioner ${def.provisioner})`,
    };
  }
  const cls = ctx.index.storageClass(sc);
  if (cls === undefined) return { source: 'pvc', text: `StorageClass ${sc} does not exist` };
  return {
    source: 'pvc',
    text: `StorageClass ${sc}: provisioner ${cls.provisioner}, volumeBindingMode ${cls.volumeBindingMode ?? 'Immediate'}`,
  };
}
