/**
 * What the attach/detach controller and the kubelet's volume manager agree on: which of a
 * pod's volumes are CSI PersistentVolumes, whether their driver needs attaching, and the
 * name of the VolumeAttachment for a volume on a node (csi-<sha256(handle+driver+node)>,
 * as the CSI attacher names it).
 */
import { createHash } from 'node:crypto';
import type { CsiDriverSpec } from '../../scenario/types.js';
import type { KObject, NodeObj, PodObj, PvObj, PvcObj } from '../../world/types.js';
import type { World } from '../../world/world.js';

export interface VolumeAttachmentObj extends KObject {
  kind: 'VolumeAttachment';
  spec: { attacher: string; nodeName: string; source: { persistentVolumeName: string } };
  status?: {
    attached: boolean;
    attachmentMetadata?: Record<string, string>;
    attachError?: { time: string; message: string };
  };
}

export function attachmentName(volumeHandle: string, driver: string, nodeName: string): string {
  return `csi-${createHash('sha256').update(`${volumeHandle}${driver}${nodeName}`).digest('hex')}`;
}

/** The scenario's behaviour of a CSI driver; drivers it does not list work, and attach if their CSIDriver says so. */
export function csiDriverSpec(world: World, driver: string): CsiDriverSpec {
  const spec = world.scenario.cluster.csiDrivers.find((d) => d.name === driver);
  if (spec !== undefined) return spec;
  const obj = world.store.get<KObject & { spec?: { attachRequired?: boolean } }>(
    'csidrivers',
    undefined,
    driver,
  );
  return {
    name: driver,
    registered: true,
    // No CSIDriver object: Kubernetes assumes the driver needs attaching.
    attachRequired: obj?.spec?.attachRequired ?? true,
    attachDelay: 2000,
    mountDelay: 1000,
  };
}

export interface PvcVolume {
  /** The pod's name for the volume. */
  readonly volume: string;
  readonly claim: string;
  readonly pvc?: PvcObj;
  /** Set once the claim is Bound and its PV exists. */
  readonly pv?: PvObj;
}

/** The pod's PVC volumes, with their claim and bound PV when there is one. */
export function pvcVolumes(world: World, pod: PodObj): PvcVolume[] {
  const ns = pod.metadata.namespace ?? 'default';
  const out: PvcVolume[] = [];
  for (const v of pod.spec.volumes ?? []) {
    const claim = v.persistentVolumeClaim?.claimName;
    if (claim === undefined) continue;
    const pvc = world.store.get<PvcObj>('persistentvolumeclaims', ns, claim);
    const pvName = pvc?.status.phase === 'Bound' ? pvc.spec.volumeName : undefined;
    const pv =
      pvName === undefined ? undefined : world.store.get<PvObj>('persistentvolumes', undefined, pvName);
    out.push({
      volume: v.name,
      claim,
      ...(pvc === undefined ? {} : { pvc }),
      ...(pv === undefined ? {} : { pv }),
    });
  }
  return out;
}

/** A volume only one node may attach: ReadWriteOnce (or ReadWriteOncePod) without a shared mode. */
export function singleNode(pv: PvObj): boolean {
  const modes = pv.spec.accessModes ?? [];
  return !modes.includes('ReadWriteMany') && !modes.includes('ReadOnlyMany');
}

export function nodeReady(world: World, nodeName: string): boolean {
  const node = world.store.get<KObject & { status?: { conditions?: { type: string; status: string }[] } }>(
    'nodes',
    undefined,
    nodeName,
  );
  return node?.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/** node.status.volumesAttached, which `kubectl describe node` lists as Attached Volumes. */
export function reportOnNode(world: World, nodeName: string, uniqueName: string, attached: boolean): void {
  const node = world.store.get<NodeObj>('nodes', undefined, nodeName);
  if (node === undefined) return;
  const status = node.status as { volumesAttached?: { name: string; devicePath: string }[] };
  const list = status.volumesAttached ?? [];
  if (list.some((v) => v.name === uniqueName) === attached) return;
  status.volumesAttached = attached
    ? [...list, { name: uniqueName, devicePath: '' }]
    : list.filter((v) => v.name !== uniqueName);
  world.store.update(node);
}
