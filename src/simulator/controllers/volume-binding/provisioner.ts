/**
 * The external provisioners (csi-provisioner sidecars, local-path-provisioner), one per
 * StorageClass provisioner: pick up claims the PV controller annotated with their name (for
 * WaitForFirstConsumer classes only once the scheduler chose a node), create the volume after
 * the class's provisionDelay, or fail with its provisionError and retry with back-off.
 */
import type { Controller } from '../types.js';
import type { World } from '../../world/world.js';
import type { NodeObj, PvObj, PvcObj, StorageClassObj } from '../../world/types.js';
import type { StorageClassSpec } from '../../scenario/types.js';
import { NO_PROVISIONER, SELECTED_NODE, claimClass, isDelayBinding, storageClass } from './matching.js';
import { PROVISIONER_ANNOTATIONS } from './pv-controller.js';
import { ensureStatus } from './bind.js';

const RETRY_START_MS = 1000;
const RETRY_MAX_MS = 300_000;
const ZONE = 'topology.kubernetes.io/zone';
const HOSTNAME = 'kubernetes.io/hostname';

interface Attempt {
  failures: number;
  busy: boolean;
}

export class Provisioner {
  private readonly attempts = new Map<string, Attempt>();
  private readonly identities = new Map<string, string>();

  constructor(private readonly world: World) {}

  start(): void {
    this.world.watch('persistentvolumeclaims', (c) => {
      if (c.type !== 'DELETED') this.consider(c.object as PvcObj);
    });
  }

  /** The reporting component as the provisioner library names itself: `<driver>_<pod>_<uuid>`. */
  private identity(provisioner: string): string {
    let id = this.identities.get(provisioner);
    if (id === undefined) {
      const pod =
        provisioner === 'rancher.io/local-path'
          ? `local-path-provisioner-${this.world.rng.hex(9)}-${this.world.rng.nameSuffix()}`
          : `${provisioner.split('.')[0] ?? 'csi'}-csi-controller-${this.world.rng.hex(9)}-${this.world.rng.nameSuffix()}`;
      id = `${provisioner}_${pod}_${this.world.rng.uid()}`;
      this.identities.set(provisioner, id);
    }
    return id;
  }

  private spec(name: string): StorageClassSpec | undefined {
    return this.world.scenario.cluster.storageClasses.find((s) => s.name === name);
  }

  private consider(pvc: PvcObj): void {
    const store = this.world.store;
    ensureStatus(pvc);
    if (pvc.status.phase === 'Bound' || (pvc.spec.volumeName ?? '') !== '') return;
    const sc = storageClass(store, claimClass(pvc));
    if (sc === undefined || sc.provisioner === NO_PROVISIONER) return;
    if (pvc.metadata.annotations?.[PROVISIONER_ANNOTATIONS[1]] !== sc.provisioner) return;
    const selected = pvc.metadata.annotations[SELECTED_NODE];
    if (isDelayBinding(store, pvc) && selected === undefined) return;
    const key = pvc.metadata.uid ?? `${pvc.metadata.namespace ?? ''}/${pvc.metadata.name}`;
    let a = this.attempts.get(key);
    if (a === undefined) {
      a = { failures: 0, busy: false };
      this.attempts.set(key, a);
    }
    if (a.busy) return;
    a.busy = true;
    const attempt = a;
    const who = this.identity(sc.provisioner);
    const ns = pvc.metadata.namespace ?? 'default';
    this.world.events.record({
      object: pvc,
      type: 'Normal',
      reason: 'Provisioning',
      message: `External provisioner is provisioning volume for claim "${ns}/${pvc.metadata.name}"`,
      component: who,
    });
    const spec = this.spec(sc.metadata.name);
    this.world.after(spec?.provisionDelay ?? 3000, () => {
      const current = store.get<PvcObj>('persistentvolumeclaims', ns, pvc.metadata.name);
      if (
        current === undefined ||
        current.metadata.uid !== pvc.metadata.uid ||
        current.status.phase === 'Bound'
      ) {
        attempt.busy = false;
        return;
      }
      if (spec?.provisionError !== undefined) {
        const err = spec.provisionError;
        this.world.events.record({
          object: current,
          type: 'Warning',
          reason: 'ProvisioningFailed',
          message: err.startsWith('failed to provision volume')
            ? err
            : `failed to provision volume with StorageClass "${sc.metadata.name}": ${err}`,
          component: who,
        });
        attempt.failures++;
        const backoff = Math.min(RETRY_MAX_MS, RETRY_START_MS * 2 ** (attempt.failures - 1));
        this.world.after(backoff, () => {
          attempt.busy = false;
          const again = store.get<PvcObj>('persistentvolumeclaims', ns, pvc.metadata.name);
          if (again !== undefined) this.consider(again);
        });
        return;
      }
      const node = selected === undefined ? undefined : store.get<NodeObj>('nodes', undefined, selected);
      const pv = this.volumeFor(current, sc, spec, node);
      store.create(pv);
      this.world.events.record({
        object: current,
        type: 'Normal',
        reason: 'ProvisioningSucceeded',
        message: `Successfully provisioned volume ${pv.metadata.name}`,
        component: who,
      });
      this.attempts.delete(key);
    });
  }

  private volumeFor(
    pvc: PvcObj,
    sc: StorageClassObj,
    spec: StorageClassSpec | undefined,
    node: NodeObj | undefined,
  ): PvObj {
    const name = `pvc-${pvc.metadata.uid ?? this.world.rng.uid()}`;
    const local = sc.provisioner === 'rancher.io/local-path';
    const zones = spec?.zones ?? [];
    const zone = node?.metadata.labels?.[ZONE] ?? (zones.length > 0 ? this.world.rng.pick(zones) : undefined);
    const affinity: [string, string] | undefined = local
      ? node === undefined
        ? undefined
        : [HOSTNAME, node.metadata.labels?.[HOSTNAME] ?? node.metadata.name]
      : zone === undefined
        ? undefined
        : [ZONE, zone];
    const ns = pvc.metadata.namespace ?? 'default';
    const pv = {
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: {
        name,
        annotations: { 'pv.kubernetes.io/provisioned-by': sc.provisioner },
        finalizers: [
          'kubernetes.io/pv-protection',
          ...(local ? [] : ['external-provisioner.volume.kubernetes.io/finalizer']),
        ],
      },
      spec: {
        accessModes: [...(pvc.spec.accessModes ?? ['ReadWriteOnce'])],
        capacity: { storage: pvc.spec.resources?.requests?.storage ?? '1Gi' },
        claimRef: {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          namespace: ns,
          name: pvc.metadata.name,
          ...(pvc.metadata.uid === undefined ? {} : { uid: pvc.metadata.uid }),
          resourceVersion: pvc.metadata.resourceVersion ?? '',
        },
        ...(local
          ? {
              hostPath: {
                path: `/opt/local-path-provisioner/${name}_${ns}_${pvc.metadata.name}`,
                type: 'DirectoryOrCreate',
              },
            }
          : {
              csi: {
                driver: sc.provisioner,
                volumeHandle: `vol-${this.world.rng.hex(17)}`,
                fsType: 'ext4',
              },
            }),
        persistentVolumeReclaimPolicy: sc.reclaimPolicy ?? 'Delete',
        storageClassName: sc.metadata.name,
        volumeMode: pvc.spec.volumeMode ?? 'Filesystem',
        ...(affinity === undefined
          ? {}
          : {
              nodeAffinity: {
                required: {
                  nodeSelectorTerms: [
                    { matchExpressions: [{ key: affinity[0], operator: 'In', values: [affinity[1]] }] },
                  ],
                },
              },
            }),
      },
      status: { phase: 'Pending' },
    };
    return pv as PvObj;
  }
}

export const provisionerController: Controller = {
  name: 'external-provisioner',
  start(world) {
    new Provisioner(world).start();
  },
};
