/**
 * Rows of `kubectl get nodes` (NAME STATUS ROLES AGE VERSION [INTERNAL-IP EXTERNAL-IP OS-IMAGE
 * KERNEL-VERSION CONTAINER-RUNTIME]), `get pvc` (NAME STATUS VOLUME CAPACITY ACCESS MODES
 * STORAGECLASS [VOLUMEATTRIBUTESCLASS] AGE [VOLUMEMODE]) and `get pv`.
 */
import { value } from '../common/text.js';

type Raw = Record<string, unknown>;
type Row = ReadonlyMap<string, string>;

/** kubectl prints Ready / Not<Ready> (any other status) / Unknown (no Ready condition), then SchedulingDisabled. */
const NODE_STATUS = /^(Ready|NotReady|Unknown)(?:,SchedulingDisabled)?$/;

export function isNodeStatus(text: string | undefined): boolean {
  return text !== undefined && (NODE_STATUS.test(text) || text === 'SchedulingDisabled');
}

export function nodeFrom(row: Row): Raw | undefined {
  const status = row.get('STATUS') ?? '';
  if (!isNodeStatus(status)) return undefined;
  const ready = status.split(',')[0];
  const condition =
    ready === 'Ready' ? 'True' : ready === 'NotReady' ? 'False' : ready === 'Unknown' ? 'Unknown' : undefined;
  const roles = value(row.get('ROLES'));
  const labels =
    roles === undefined
      ? undefined
      : Object.fromEntries(roles.split(',').map((r) => [`node-role.kubernetes.io/${r}`, '']));
  const internal = value(row.get('INTERNAL-IP'));
  const external = value(row.get('EXTERNAL-IP'));
  const addresses = [
    ...(internal === undefined ? [] : [{ type: 'InternalIP', address: internal }]),
    ...(external === undefined ? [] : [{ type: 'ExternalIP', address: external }]),
  ];
  const info = {
    ...(value(row.get('VERSION')) === undefined ? {} : { kubeletVersion: row.get('VERSION') }),
    ...(value(row.get('OS-IMAGE')) === undefined ? {} : { osImage: row.get('OS-IMAGE') }),
    ...(value(row.get('KERNEL-VERSION')) === undefined ? {} : { kernelVersion: row.get('KERNEL-VERSION') }),
    ...(value(row.get('CONTAINER-RUNTIME')) === undefined
      ? {}
      : { containerRuntimeVersion: row.get('CONTAINER-RUNTIME') }),
  };
  return {
    kind: 'Node',
    ...(labels === undefined ? {} : { metadata: { labels } }),
    spec: status.includes('SchedulingDisabled') ? { unschedulable: true } : {},
    status: {
      ...(condition === undefined ? {} : { conditions: [{ type: 'Ready', status: condition }] }),
      ...(addresses.length > 0 ? { addresses } : {}),
      ...(Object.keys(info).length > 0 ? { nodeInfo: info } : {}),
    },
  };
}

const ACCESS_MODES: Readonly<Record<string, string>> = {
  RWO: 'ReadWriteOnce',
  ROX: 'ReadOnlyMany',
  RWX: 'ReadWriteMany',
  RWOP: 'ReadWriteOncePod',
};

/** "RWO,ROX" -> access modes; undefined when a part is not one kubectl prints. */
export function parseAccessModes(text: string | undefined): string[] | undefined {
  const t = text?.trim() ?? '';
  if (t === '') return [];
  const out: string[] = [];
  for (const part of t.split(',')) {
    const mode = ACCESS_MODES[part];
    if (mode === undefined) return undefined;
    out.push(mode);
  }
  return out;
}

const PHASE = /^[A-Z][a-z]+$/;

export function pvcFrom(row: Row): Raw | undefined {
  const phase = row.get('STATUS') ?? '';
  const modes = parseAccessModes(row.get('ACCESSMODES'));
  if (!PHASE.test(phase) || modes === undefined) return undefined;
  const volume = value(row.get('VOLUME'));
  const capacity = value(row.get('CAPACITY'));
  const cls = row.get('STORAGECLASS');
  const vac = value(row.get('VOLUMEATTRIBUTESCLASS'));
  const mode = value(row.get('VOLUMEMODE'));
  return {
    kind: 'PersistentVolumeClaim',
    spec: {
      ...(volume === undefined ? {} : { volumeName: volume }),
      // An empty STORAGECLASS cell is a claim with no class at all.
      ...(cls === undefined || cls.startsWith('<') ? {} : { storageClassName: cls }),
      ...(vac === undefined ? {} : { volumeAttributesClassName: vac }),
      ...(mode === undefined ? {} : { volumeMode: mode }),
    },
    status: {
      phase,
      ...(modes.length > 0 ? { accessModes: modes } : {}),
      ...(capacity === undefined ? {} : { capacity: { storage: capacity } }),
    },
  };
}

export function pvFrom(row: Row): Raw | undefined {
  const phase = row.get('STATUS') ?? '';
  const modes = parseAccessModes(row.get('ACCESSMODES'));
  if (!PHASE.test(phase) || modes === undefined) return undefined;
  const claim = value(row.get('CLAIM'));
  const slash = claim?.indexOf('/') ?? -1;
  const claimRef =
    claim === undefined
      ? undefined
      : slash > 0
        ? { namespace: claim.slice(0, slash), name: claim.slice(slash + 1) }
        : // kubectl prints namespace + "/" + name: a claimRef without a namespace reads "/name"
          { name: claim.slice(slash + 1) };
  const capacity = value(row.get('CAPACITY'));
  const cls = value(row.get('STORAGECLASS'));
  const policy = value(row.get('RECLAIMPOLICY'));
  const reason = value(row.get('REASON'));
  return {
    kind: 'PersistentVolume',
    spec: {
      ...(capacity === undefined ? {} : { capacity: { storage: capacity } }),
      ...(modes.length > 0 ? { accessModes: modes } : {}),
      ...(policy === undefined ? {} : { persistentVolumeReclaimPolicy: policy }),
      ...(claimRef === undefined ? {} : { claimRef }),
      ...(cls === undefined ? {} : { storageClassName: cls }),
    },
    status: { phase, ...(reason === undefined ? {} : { reason }) },
  };
}
