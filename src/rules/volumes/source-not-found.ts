import type { Evidence, Pod } from '../../model/index.js';
import { eventTime } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { VolumeError } from '../shared/volume-message.js';
import { failureEvidence, specVolume, volumeFailures, volumeSources } from './analyse.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'volumes/source-not-found',
  stage: 'volumes',
  target: 'pod',
  title: 'Volume source ConfigMap, Secret or key not found',
  description:
    'The kubelet cannot set up a configMap, secret or projected volume because the object or a key it maps does not exist: ' +
    'FailedMount "MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found", "secret "x" not found", ' +
    '"configmap references non-existent config key: k", "couldn\'t find key k in ConfigMap ns/name" (and a PVC that does not exist). ' +
    'Names the volume and the missing object, and checks spec.volumes to show where the pod uses it. Definite: no grace.',
  reasons: ['VolumeSourceNotFound'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    objectMissing:
      'Volume {{volume}} cannot be mounted: {{kind}} {{object}} does not exist in namespace {{namespace}}.',
    keyMissing: 'Volume {{volume}} cannot be mounted: {{kind}} {{object}} has no key {{key}}.',
    keyMissingUnnamed: 'Volume {{volume}} cannot be mounted: its {{kind}} has no key {{key}}.',
  },
  docs: 'docs/rules/volumes/source-not-found.md',
} as const;

interface SpecUse {
  readonly volume: string;
  readonly object: string;
  readonly line: Evidence;
}

/** Where spec.volumes uses the object (or, for a key error without a name, what the volume reads). */
function specUse(pod: Pod, error: VolumeError): SpecUse | undefined {
  for (const v of pod.spec.volumes ?? []) {
    for (const s of volumeSources(v)) {
      if (s.kind !== error.objectKind) continue;
      const matches = error.object !== undefined ? s.name === error.object : v.name === error.volume;
      if (matches)
        return {
          volume: v.name,
          object: s.name,
          line: { source: 'spec', text: `spec.volumes[${v.name}].${s.path}: ${s.name}` },
        };
    }
  }
  return undefined;
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace ?? 'default';
    const specKnown = (pod.spec.volumes ?? []).length > 0;
    return volumeFailures(ctx, ['objectNotFound', 'keyNotFound']).map((f) => {
      const { error } = f;
      const use = specUse(pod, error);
      const volume = error.volume !== '' ? error.volume : (use?.volume ?? 'unknown');
      const object = error.object ?? use?.object;
      const kind = error.objectKind ?? 'ConfigMap';
      const usedAsVolume = use !== undefined ? 'yes' : specKnown ? 'no' : 'unknown';
      const messageId =
        error.kind === 'objectNotFound'
          ? 'objectMissing'
          : object === undefined
            ? 'keyMissingUnnamed'
            : 'keyMissing';
      const data: Record<string, string> = { volume, kind, namespace: ns, usedAsVolume };
      if (object !== undefined) data.object = object;
      if (error.key !== undefined) data.key = error.key;
      const volumeInSpec = specVolume(pod, volume) !== undefined ? `spec.volumes[${volume}]` : 'spec.volumes';
      const fix =
        error.kind === 'objectNotFound'
          ? `Create ${kind} ${object ?? ''} in namespace ${ns} (or correct the name in ${volumeInSpec}); the kubelet retries the mount by itself.`
          : `Add key ${error.key ?? ''} to the ${kind}, or fix items[].key in ${volumeInSpec}; the kubelet retries the mount by itself.`;
      return finding(meta, {
        reason: 'VolumeSourceNotFound',
        messageId,
        data,
        basis: 'events',
        evidence: [...failureEvidence(f, now), ...(use === undefined ? [] : [use.line])],
        at: eventTime(f.newest),
        since: f.since,
        confidence: usedAsVolume === 'no' ? 'medium' : 'high',
        nextSteps: [
          object === undefined
            ? kubectl.raw(`get ${kind.toLowerCase()}s${kubectl.nsFlag(ns)}`)
            : kubectl.get(kind, object, ns),
          kubectl.describe('pod', pod.metadata.name, pod.metadata.namespace),
          fix.replace(/\s+/g, ' '),
        ],
      });
    });
  },
} satisfies Rule<'pod'>;
