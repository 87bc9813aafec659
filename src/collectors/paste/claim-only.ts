/**
 * A paste that shows claims Pending and nothing else (`kubectl describe pvc` without a `Used By`
 * line, `kubectl get pvc`, the claim's `-o yaml`, its FailedBinding / ProvisioningFailed events):
 * no pod, workload or Service to judge. A pod that mounts a Pending claim stays Pending too (the
 * scheduler's VolumeBinding filter holds it until the claim binds), so each Pending claim gets one
 * unnamed pod that mounts it, and the report says that it stands for the claim's pods. Whether the
 * claim stays Pending for a reason that does not mend itself is the scheduling rules' to judge.
 */
import { rec, str, type Raw } from '../normalize/coerce.js';
import { UNNAMED_POD } from './common/types.js';
import { CLAIM_USED_BY } from '../../model/index.js';
import { hasTargetOfItsOwn } from './node-only.js';

/** A claim of a WaitForFirstConsumer class waits for a pod, so alone it shows nothing wrong. */
function waitsForConsumerOnly(objects: readonly Raw[], name: string): boolean {
  const reasons = objects
    .filter((o) => o.kind === 'Event')
    .filter((o) => {
      const about = rec(o.involvedObject);
      return str(about.kind) === 'PersistentVolumeClaim' && str(about.name) === name;
    })
    .map((o) => str(o.reason));
  return reasons.includes('WaitForFirstConsumer') && reasons.every((r) => r === 'WaitForFirstConsumer');
}

/**
 * Events the PersistentVolume controller and the provisioners record only on a claim that is not
 * bound: no volume for it (FailedBinding), provisioning failed (ProvisioningFailed), or waiting on
 * an external provisioner (ExternalProvisioning).
 */
const UNBOUND_REASONS: ReadonlySet<string> = new Set([
  'FailedBinding',
  'ProvisioningFailed',
  'ExternalProvisioning',
]);

/**
 * Claims the text shows only by such events (a `kubectl get events` line about
 * `persistentvolumeclaim/data`), as the Pending claims the events were recorded on. A claim the
 * text holds itself is judged by its own phase.
 */
function claimsOfUnboundEvents(objects: readonly Raw[], namespace: string): Raw[] {
  const held = new Set(
    objects.filter((o) => o.kind === 'PersistentVolumeClaim').map((o) => str(rec(o.metadata).name)),
  );
  const claims = new Map<string, Raw>();
  for (const o of objects) {
    if (o.kind !== 'Event' || !UNBOUND_REASONS.has(str(o.reason) ?? '')) continue;
    const about = rec(o.involvedObject);
    const name = str(about.name);
    if (str(about.kind) !== 'PersistentVolumeClaim' || name === undefined || held.has(name)) continue;
    const ns = str(about.namespace);
    // The provisioner's message names the claim's class: "failed to provision volume with StorageClass "x": ...".
    const cls =
      / with StorageClass "([^"]+)"/.exec(str(o.message) ?? '')?.[1] ??
      str(rec(claims.get(name)?.spec).storageClassName);
    claims.set(name, {
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace: ns ?? namespace },
      ...(cls === undefined ? {} : { spec: { storageClassName: cls } }),
      status: { phase: 'Pending' },
    });
  }
  return [...claims.values()];
}

/** Phases of a pod that got past scheduling: one whose claim is Pending never does. */
const PLACED = new Set(['Running', 'Succeeded']);

/**
 * Pods that run (or ran to completion), by name: none of them can be a user of a Pending claim,
 * so neither they nor events about them are targets that stand for the claim's pods (the
 * provisioner's own pod shown Running beside the claim).
 */
function placedPods(objects: readonly Raw[]): ReadonlySet<string> {
  const names = new Set<string>();
  for (const o of objects) {
    const name = str(rec(o.metadata).name);
    if (o.kind === 'Pod' && name !== undefined && PLACED.has(str(rec(o.status).phase) ?? '')) names.add(name);
  }
  return names;
}

function runsWithoutIt(o: Raw, placed: ReadonlySet<string>): boolean {
  if (o.kind === 'Pod')
    return placed.has(str(rec(o.metadata).name) ?? '') && PLACED.has(str(rec(o.status).phase) ?? '');
  if (o.kind !== 'Event') return false;
  const about = rec(o.involvedObject);
  return str(about.kind) === 'Pod' && placed.has(str(about.name) ?? '');
}

/**
 * The unnamed pods that stand for the pods of Pending claims, with the note that says so; none
 * when the paste has a target of its own (other than pods that run, which no Pending claim holds
 * back) or no claim it shows is Pending (or only waits for its
 * first consumer, or is used by no pod as kubectl's `Used By: <none>` says).
 */
export function podsOfPendingClaims(
  objects: readonly Raw[],
  namespace: string,
): { readonly pods: readonly Raw[]; readonly claims: readonly Raw[]; readonly notes: readonly string[] } {
  const byEvents = claimsOfUnboundEvents(objects, namespace);
  const pending = [
    ...objects.filter((o) => o.kind === 'PersistentVolumeClaim' && str(rec(o.status).phase) === 'Pending'),
    ...byEvents,
  ];
  const none = { pods: [], claims: [], notes: [] };
  if (pending.length === 0) return none;
  const placed = placedPods(objects);
  if (hasTargetOfItsOwn(objects.filter((o) => !runsWithoutIt(o, placed)))) return none;
  const claims = pending
    // kubectl said no pod uses it (`Used By: <none>`): there are no pods to stand for.
    .filter((o) => str(rec(rec(o.metadata).annotations)[CLAIM_USED_BY]) !== '<none>')
    .map((o) => ({ name: str(rec(o.metadata).name), namespace: str(rec(o.metadata).namespace) ?? namespace }))
    .filter((c): c is { name: string; namespace: string } => c.name !== undefined)
    .filter((c) => !waitsForConsumerOnly(objects, c.name))
    .sort((a, b) => a.namespace.localeCompare(b.namespace) || a.name.localeCompare(b.name));
  const pods = claims.map((c) => ({
    kind: 'Pod',
    metadata: {
      name: claims.length === 1 ? UNNAMED_POD : `${UNNAMED_POD}-using-${c.name}`,
      namespace: c.namespace,
    },
    spec: { containers: [], volumes: [{ name: c.name, persistentVolumeClaim: { claimName: c.name } }] },
    status: { phase: 'Pending' },
  }));
  const notes = claims.map(
    (c, i) =>
      `the text shows claim ${c.name} Pending${byEvents.some((b) => str(rec(b.metadata).name) === c.name) ? ' (by its events)' : ''} and no pod: pod ${str(rec(pods[i]?.metadata).name) ?? ''} stands for the pods that mount it`,
  );
  // The claims known by their events alone join the evidence, for the rules to read their events by.
  const named = new Set(claims.map((c) => c.name));
  return { pods, claims: byEvents.filter((b) => named.has(str(rec(b.metadata).name) ?? '')), notes };
}
