/**
 * One check of one pod volume by the kubelet's volume manager: mounted (after how long), still
 * waiting on another component (the claim to bind, the attach/detach controller), or failed
 * with the operation executor's message `<Operation> failed for volume "<name>" : <err>`.
 */
import type { Volume } from '../../../../model/index.js';
import type { PodObj } from '../../../world/types.js';
import type { World } from '../../../world/world.js';
import {
  attachmentName,
  csiDriverSpec,
  pvcVolumes,
  type VolumeAttachmentObj,
} from '../../attach-detach/attachment.js';

export type VolumeCheck =
  | { readonly kind: 'mount'; readonly after: number }
  /** Waiting, not failing: for the claim to bind or the attach/detach controller to attach. */
  | { readonly kind: 'wait' }
  | { readonly kind: 'error'; readonly message: string };

/** Published in every namespace by kube-controller-manager's root CA publisher. */
const ALWAYS_PRESENT_CONFIGMAPS = new Set(['kube-root-ca.crt']);

const setUpFailed = (volume: string, err: string): VolumeCheck => ({
  kind: 'error',
  message: `MountVolume.SetUp failed for volume "${volume}" : ${err}`,
});

function missingObject(world: World, pod: PodObj, volume: Volume): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  const refs: { kind: 'configmap' | 'secret'; name?: string; optional?: boolean }[] = [];
  if (volume.configMap !== undefined) refs.push({ kind: 'configmap', ...volume.configMap });
  if (volume.secret !== undefined)
    refs.push({
      kind: 'secret',
      ...(volume.secret.secretName === undefined ? {} : { name: volume.secret.secretName }),
      ...(volume.secret.optional === undefined ? {} : { optional: volume.secret.optional }),
    });
  for (const s of volume.projected?.sources ?? []) {
    if (s.configMap !== undefined) refs.push({ kind: 'configmap', ...s.configMap });
    if (s.secret !== undefined) refs.push({ kind: 'secret', ...s.secret });
  }
  for (const ref of refs) {
    if (ref.optional === true || ref.name === undefined) continue;
    if (ref.kind === 'configmap' && ALWAYS_PRESENT_CONFIGMAPS.has(ref.name)) continue;
    const resource = ref.kind === 'configmap' ? 'configmaps' : 'secrets';
    // The kubelet's object managers say "configmap"/"secret", singular, unlike the API.
    if (world.store.get(resource, ns, ref.name) === undefined) return `${ref.kind} "${ref.name}" not found`;
  }
  return undefined;
}

/** The name the operation executor gives a volume: the PV name for claims, else the pod's name for it. */
export function outerName(world: World, pod: PodObj, volume: Volume): string {
  if (volume.persistentVolumeClaim === undefined) return volume.name;
  return pvcVolumes(world, pod).find((v) => v.volume === volume.name)?.pv?.metadata.name ?? volume.name;
}

export function checkVolume(world: World, pod: PodObj, volume: Volume, nodeName: string): VolumeCheck {
  if (volume.configMap !== undefined || volume.secret !== undefined || volume.projected !== undefined) {
    const missing = missingObject(world, pod, volume);
    return missing === undefined ? { kind: 'mount', after: 0 } : setUpFailed(volume.name, missing);
  }
  if (volume.persistentVolumeClaim === undefined) return { kind: 'mount', after: 0 };
  const claim = pvcVolumes(world, pod).find((v) => v.volume === volume.name);
  const pv = claim?.pv;
  if (pv === undefined) return { kind: 'wait' };
  const name = pv.metadata.name;
  const csi = pv.spec.csi;
  if (csi === undefined) return { kind: 'mount', after: 0 };
  const driver = csiDriverSpec(world, csi.driver);
  if (driver.attachRequired) {
    const va = world.store.get<VolumeAttachmentObj>(
      'volumeattachments',
      undefined,
      attachmentName(csi.volumeHandle ?? name, csi.driver, nodeName),
    );
    if (va?.status?.attached !== true) return { kind: 'wait' };
  }
  if (!driver.registered) {
    return {
      kind: 'error',
      message: `MountVolume.MountDevice failed for volume "${name}" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ${csi.driver} not found in the list of registered CSI drivers`,
    };
  }
  if (driver.mountError !== undefined)
    return setUpFailed(name, `rpc error: code = Internal desc = ${driver.mountError}`);
  return { kind: 'mount', after: driver.mountDelay };
}
