/** Printers of storage kinds: PersistentVolumeClaims, PersistentVolumes, StorageClasses. */
import { list, pick, record, text } from './json.js';
import { since } from './since.js';
import { AGE, NAME, col, type Printer } from './types.js';

const age = (o: unknown, now: number): string => since(text(o, 'metadata.creationTimestamp'), now);
const name = (o: unknown): string => text(o, 'metadata.name');

function accessModes(o: unknown, path: string): string {
  const short: Record<string, string> = {
    ReadWriteOnce: 'RWO',
    ReadOnlyMany: 'ROX',
    ReadWriteMany: 'RWX',
    ReadWriteOncePod: 'RWOP',
  };
  return list(o, path)
    .map((m) => short[String(m)] ?? String(m))
    .join(',');
}

export const pvcPrinter: Printer = {
  columns: [
    NAME,
    col('Status', 0, 'string', '', 'The phase of the claim'),
    col('Volume', 0, 'string', '', 'The volume bound to the claim'),
    col('Capacity', 0, 'string', '', 'The capacity of the volume'),
    col('Access Modes', 0, 'string', '', 'The access modes of the volume'),
    col('StorageClass', 0, 'string', '', 'The storage class of the claim'),
    col('VolumeAttributesClass', 0, 'string', '', 'The volume attributes class of the claim'),
    AGE,
    col('VolumeMode', 1, 'string', '', 'The volume mode of the claim'),
  ],
  row: (o, now) => {
    const bound = text(o, 'status.phase') === 'Bound';
    return [
      name(o),
      text(o, 'status.phase'),
      text(o, 'spec.volumeName'),
      bound ? text(o, 'status.capacity.storage') : '',
      bound ? accessModes(o, 'status.accessModes') : '',
      text(o, 'spec.storageClassName') || '<unset>',
      text(o, 'spec.volumeAttributesClassName') || '<unset>',
      age(o, now),
      text(o, 'spec.volumeMode') || 'Filesystem',
    ];
  },
};

export const pvPrinter: Printer = {
  columns: [
    NAME,
    col('Capacity', 0, 'string', '', 'The capacity of the volume'),
    col('Access Modes', 0, 'string', '', 'The access modes of the volume'),
    col('Reclaim Policy', 0, 'string', '', 'The reclaim policy of the volume'),
    col('Status', 0, 'string', '', 'The phase of the volume'),
    col('Claim', 0, 'string', '', 'The claim bound to the volume'),
    col('StorageClass', 0, 'string', '', 'The storage class of the volume'),
    col('VolumeAttributesClass', 0, 'string', '', 'The volume attributes class of the volume'),
    col('Reason', 0, 'string', '', 'Why the volume is in its phase'),
    AGE,
    col('VolumeMode', 1, 'string', '', 'The volume mode of the volume'),
  ],
  row: (o, now) => {
    const claim = record(o, 'spec.claimRef');
    return [
      name(o),
      text(o, 'spec.capacity.storage'),
      accessModes(o, 'spec.accessModes'),
      text(o, 'spec.persistentVolumeReclaimPolicy'),
      text(o, 'status.phase'),
      typeof claim.name === 'string' ? `${text(claim, 'namespace')}/${claim.name}` : '',
      text(o, 'spec.storageClassName'),
      text(o, 'spec.volumeAttributesClassName') || '<unset>',
      text(o, 'status.reason'),
      age(o, now),
      text(o, 'spec.volumeMode') || 'Filesystem',
    ];
  },
};

export const storageClassPrinter: Printer = {
  columns: [
    NAME,
    col('Provisioner', 0, 'string', '', 'Indicates the type of the provisioner.'),
    col(
      'ReclaimPolicy',
      0,
      'string',
      '',
      'Dynamically provisioned PersistentVolumes of this storage class are created with this reclaimPolicy.',
    ),
    col(
      'VolumeBindingMode',
      0,
      'string',
      '',
      'VolumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.',
    ),
    col(
      'AllowVolumeExpansion',
      0,
      'string',
      '',
      'AllowVolumeExpansion shows whether the storage class allow volume expand.',
    ),
    AGE,
  ],
  row: (o, now) => {
    const annotations = record(o, 'metadata.annotations');
    const isDefault =
      annotations['storageclass.kubernetes.io/is-default-class'] === 'true' ||
      annotations['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
    return [
      isDefault ? `${name(o)} (default)` : name(o),
      text(o, 'provisioner'),
      text(o, 'reclaimPolicy') || 'Delete',
      text(o, 'volumeBindingMode') || 'Immediate',
      String(pick(o, 'allowVolumeExpansion') === true),
      age(o, now),
    ];
  },
};
