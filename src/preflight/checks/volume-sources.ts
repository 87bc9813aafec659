/**
 * Stage `volumes`: the ConfigMaps and Secrets the template mounts (configMap and secret volumes,
 * projected sources) must exist, and so must the keys their `items` list, unless the source is
 * `optional: true`. The kubelet's volume manager reports a missing one as
 * `MountVolume.SetUp failed for volume "<v>" : configmap "<n>" not found` and keeps the pod
 * waiting. PVC volumes are judged by the simulator, not here.
 */
import type { CheckContext, CheckFinding } from '../types.js';
import {
  addKeySteps,
  arrayOf,
  canIRead,
  createCommand,
  dataKeys,
  finding,
  getCommand,
  lookupFor,
  notFoundText,
  specOf,
  type KeyToPath,
  type ObjectRefSource,
} from './common.js';

export const CHECK_ID = 'volume-sources';

interface SourceRef {
  readonly kind: 'ConfigMap' | 'Secret';
  readonly name: string;
  readonly optional: boolean;
  readonly items: readonly KeyToPath[];
  readonly volume: string;
  /** `volumes[0]`, `volumes[2].projected.sources[1]`. */
  readonly path: string;
}

function refOf(
  kind: 'ConfigMap' | 'Secret',
  source: ObjectRefSource,
  name: string | undefined,
  volume: string,
  path: string,
): SourceRef[] {
  if (name === undefined || name === '') return [];
  return [{ kind, name, optional: source.optional === true, items: arrayOf(source.items), volume, path }];
}

function sourceRefs(ctx: CheckContext): SourceRef[] {
  const refs: SourceRef[] = [];
  arrayOf(specOf(ctx.target).volumes).forEach((v, i) => {
    const volume = v.name ?? '';
    const path = `volumes[${i}]`;
    if (v.configMap !== undefined)
      refs.push(...refOf('ConfigMap', v.configMap, v.configMap.name, volume, path));
    if (v.secret !== undefined) refs.push(...refOf('Secret', v.secret, v.secret.secretName, volume, path));
    arrayOf(v.projected?.sources).forEach((s, j) => {
      const sp = `${path}.projected.sources[${j}]`;
      if (s.configMap !== undefined)
        refs.push(...refOf('ConfigMap', s.configMap, s.configMap.name, volume, sp));
      if (s.secret !== undefined) refs.push(...refOf('Secret', s.secret, s.secret.name, volume, sp));
    });
  });
  return refs;
}

const field = (kind: 'ConfigMap' | 'Secret'): string => (kind === 'ConfigMap' ? 'configMap' : 'secret');

function checkRef(ctx: CheckContext, ref: SourceRef): CheckFinding[] {
  const ns = ctx.target.namespace;
  const found = lookupFor(ctx, ref.kind, ref.name);
  const evidence = [
    { source: 'spec' as const, text: `${ref.path}: ${field(ref.kind)} ${ref.name} (volume "${ref.volume}")` },
  ];
  if (found.status === 'unknown') {
    if (ref.optional) return [];
    return [
      finding(CHECK_ID, {
        outcome: 'unknown',
        stage: 'volumes',
        reason: 'VolumeSourceNotFound',
        message: `cannot tell whether ${ref.kind === 'ConfigMap' ? 'configmap' : 'secret'} "${ref.name}" for volume "${ref.volume}" exists: ${found.why}`,
        evidence,
        nextSteps: [getCommand(ref.kind, ns, ref.name), canIRead(ref.kind, ns)],
      }),
    ];
  }
  if (found.status === 'absent') {
    if (ref.optional) return [];
    return [
      finding(CHECK_ID, {
        outcome: 'fail',
        stage: 'volumes',
        reason: 'VolumeSourceNotFound',
        message: `MountVolume.SetUp failed for volume "${ref.volume}" : ${notFoundText(ref.kind, ref.name)}`,
        evidence,
        nextSteps: [
          getCommand(ref.kind, ns, ref.name),
          createCommand(
            ref.kind,
            ns,
            ref.name,
            ref.items.flatMap((i) => (i.key === undefined ? [] : [i.key])),
          ),
        ],
      }),
    ];
  }
  if (ref.optional) return [];
  const keys = dataKeys(found.object);
  const out: CheckFinding[] = [];
  ref.items.forEach((item, k) => {
    if (item.key === undefined || keys.has(item.key)) return;
    out.push(
      finding(CHECK_ID, {
        outcome: 'fail',
        stage: 'volumes',
        reason: 'VolumeSourceNotFound',
        message:
          ref.kind === 'ConfigMap'
            ? `MountVolume.SetUp failed for volume "${ref.volume}" : configmap references non-existent config key: ${item.key}`
            : `volume "${ref.volume}" lists key ${item.key}, which secret "${ref.name}" does not have`,
        evidence: [
          {
            source: 'spec',
            text: `${ref.path}: ${field(ref.kind)} ${ref.name} items[${k}].key ${item.key} (volume "${ref.volume}")`,
          },
        ],
        nextSteps: addKeySteps(ref.kind, ns, ref.name, item.key, found),
      }),
    );
  });
  return out;
}

export function checkVolumeSources(ctx: CheckContext): readonly CheckFinding[] {
  return sourceRefs(ctx).flatMap((ref) => checkRef(ctx, ref));
}
