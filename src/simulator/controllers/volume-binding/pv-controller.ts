/**
 * persistentvolume-controller (pkg/controller/volume/persistentvolume): syncs unbound claims on
 * every claim/volume change and every 15 s (--pvclaimbinder-sync-period). Binds a matching
 * volume (for WaitForFirstConsumer claims only one the scheduler pre-bound), otherwise waits for
 * the first consumer, hands the claim to the external provisioner, or reports why it cannot.
 */
import type { Controller } from '../types.js';
import type { World } from '../../world/world.js';
import type { PodObj, PvObj, PvcObj } from '../../world/types.js';
import { bindVolume, ensureStatus } from './bind.js';
import {
  SELECTED_NODE,
  claimClass,
  defaultStorageClass,
  findBestMatch,
  isDelayBinding,
  podClaims,
  storageClass,
} from './matching.js';

export const PV_CONTROLLER = 'persistentvolume-controller';
const RESYNC_MS = 15_000;
export const PROVISIONER_ANNOTATIONS = [
  'volume.beta.kubernetes.io/storage-provisioner',
  'volume.kubernetes.io/storage-provisioner',
] as const;

export class PvController {
  /** Claim key → resourceVersion after its last sync, so that a claim's own update does not repeat its events. */
  private readonly lastSync = new Map<string, string | undefined>();

  constructor(private readonly world: World) {}

  start(): void {
    const w = this.world;
    w.watch('persistentvolumeclaims', (c) => {
      if (c.type !== 'DELETED') this.syncClaim(c.object as PvcObj, false);
    });
    w.watch('persistentvolumes', (c) => {
      if (c.type === 'DELETED') return;
      ensureStatus(c.object as PvObj);
      const ref = (c.object as PvObj).spec.claimRef;
      if (ref === undefined) {
        this.syncAll(true);
        return;
      }
      const pvc = w.store.get<PvcObj>('persistentvolumeclaims', ref.namespace, ref.name);
      if (pvc !== undefined) this.syncClaim(pvc, true);
    });
    w.watch('storageclasses', () => {
      this.syncAll(true);
    });
    const resync = (): void => {
      this.syncAll(true);
      w.after(RESYNC_MS, resync);
    };
    w.after(RESYNC_MS, resync);
  }

  private syncAll(force: boolean): void {
    for (const pvc of this.world.store.list<PvcObj>('persistentvolumeclaims'))
      if ((pvc.status as PvcObj['status'] | undefined)?.phase !== 'Bound') this.syncClaim(pvc, force);
  }

  private event(pvc: PvcObj, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.world.events.record({ object: pvc, type, reason, message, component: PV_CONTROLLER });
  }

  syncClaim(pvc: PvcObj, force: boolean): void {
    ensureStatus(pvc);
    if (pvc.status.phase === 'Bound' || pvc.metadata.deletionTimestamp !== undefined) return;
    const key = `${pvc.metadata.namespace ?? ''}/${pvc.metadata.name}`;
    // The updates a sync makes come back as changes: a version already synced needs no second pass.
    if (!force && this.lastSync.get(key) === pvc.metadata.resourceVersion) return;
    this.sync(pvc);
    this.lastSync.set(key, pvc.metadata.resourceVersion);
  }

  private sync(pvc: PvcObj): void {
    const store = this.world.store;
    if (pvc.spec.storageClassName === undefined) {
      // Retroactive default StorageClass assignment (and the DefaultStorageClass admission plugin).
      const def = defaultStorageClass(store);
      if (def !== undefined) {
        pvc.spec.storageClassName = def.metadata.name;
        store.update(pvc);
      }
    }
    const delay = isDelayBinding(store, pvc);
    const pv = this.volumeFor(pvc, delay);
    if (pv !== undefined) {
      bindVolume(this.world, pv, pvc);
      return;
    }
    if (pvc.status.phase === undefined) {
      pvc.status.phase = 'Pending';
      store.update(pvc);
    }
    if (delay && pvc.metadata.annotations?.[SELECTED_NODE] === undefined) this.waitForConsumer(pvc);
    else this.waitForProvisioner(pvc);
  }

  /** The volume the claim names, the one reserved for it (delayed binding), or the best match. */
  private volumeFor(pvc: PvcObj, delay: boolean): PvObj | undefined {
    const store = this.world.store;
    const pvs = store.list<PvObj>('persistentvolumes');
    const wanted = pvc.spec.volumeName;
    if (wanted !== undefined && wanted !== '')
      return store.get<PvObj>('persistentvolumes', undefined, wanted);
    if (!delay) return findBestMatch(pvs, pvc);
    return pvs.find(
      (v) =>
        v.spec.claimRef?.name === pvc.metadata.name && v.spec.claimRef.namespace === pvc.metadata.namespace,
    );
  }

  /** WaitForFirstConsumer: nothing to do until a pod using the claim is scheduled. */
  private waitForConsumer(pvc: PvcObj): void {
    const waiting = this.unscheduledPodsUsing(pvc);
    if (waiting.length === 0)
      this.event(
        pvc,
        'Normal',
        'WaitForFirstConsumer',
        'waiting for first consumer to be created before binding',
      );
    else
      this.event(
        pvc,
        'Normal',
        'WaitForPodScheduled',
        waiting.length === 1
          ? `waiting for pod ${waiting[0] ?? ''} to be scheduled`
          : `waiting for pods ${waiting.join(',')} to be scheduled`,
      );
  }

  /** Hands the claim to its class's external provisioner (or says why it cannot). */
  private waitForProvisioner(pvc: PvcObj): void {
    const store = this.world.store;
    const cls = claimClass(pvc);
    if (cls === '') {
      this.event(
        pvc,
        'Normal',
        'FailedBinding',
        'no persistent volumes available for this claim and no storage class is set',
      );
      return;
    }
    const sc = storageClass(store, cls);
    if (sc === undefined) {
      this.event(pvc, 'Warning', 'ProvisioningFailed', `storageclass.storage.k8s.io "${cls}" not found`);
      return;
    }
    const annotations = pvc.metadata.annotations ?? {};
    if (PROVISIONER_ANNOTATIONS.some((a) => annotations[a] !== sc.provisioner)) {
      pvc.metadata.annotations = {
        ...annotations,
        ...Object.fromEntries(PROVISIONER_ANNOTATIONS.map((a) => [a, sc.provisioner])),
      };
      store.update(pvc);
    }
    this.event(
      pvc,
      'Normal',
      'ExternalProvisioning',
      `Waiting for a volume to be created either by the external provisioner '${sc.provisioner}' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.`,
    );
  }

  private unscheduledPodsUsing(pvc: PvcObj): string[] {
    return this.world.store
      .list<PodObj>('pods', pvc.metadata.namespace)
      .filter((p) => (p.spec.nodeName ?? '') === '' && podClaims(p).includes(pvc.metadata.name))
      .map((p) => p.metadata.name);
  }
}

export const pvController: Controller = {
  name: 'persistentvolume-controller',
  start(world) {
    new PvController(world).start();
  },
};
