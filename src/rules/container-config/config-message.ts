import type { EventRecord, ReasonOf } from '../../model/index.js';
import { errorDetail } from '../shared/container-evidence.js';
import { isProcessStartFailure } from '../shared/start-failure.js';
import { normaliseMessage } from '../shared/text-scan.js';

/**
 * Classifies the error text of the kubelet building a container's config
 * (CreateContainerConfigError) or of the runtime creating it (CreateContainerError): the missing
 * ConfigMap, Secret or key, or the runAsNonRoot refusal. Runtime errors about starting the
 * process belong to container-start.
 */
export type ConfigCode = ReasonOf<'container-config'>;

export interface ConfigErrorClass {
  readonly code: ConfigCode;
  readonly objectKind?: 'ConfigMap' | 'Secret';
  readonly object?: string;
  readonly key?: string;
  readonly namespace?: string;
  /** The image user runAsNonRoot could not verify ("non-numeric user (x)"). */
  readonly user?: string;
}

/** `configmap "x" not found`; API errors use the plural (`secrets "x" not found`). */
const MISSING_OBJECT = /\b(config ?maps?|secrets?) "([^"]+)" not found/i;
const MISSING_KEY = /couldn't find key (\S+) in (ConfigMap|Secret) ([^/\s]+)\/([^\s,;]+)/i;
const NON_ROOT = /runAsNonRoot/i;
const NON_NUMERIC_USER = /non-numeric user \(([^)]*)\)/i;

export function classifyConfigError(message: string): ConfigErrorClass {
  const text = normaliseMessage(message);
  const key = MISSING_KEY.exec(text);
  if (key !== null) {
    return {
      code: 'KeyMissing',
      key: key[1] ?? '',
      objectKind: key[2]?.toLowerCase() === 'secret' ? 'Secret' : 'ConfigMap',
      namespace: key[3] ?? '',
      object: (key[4] ?? '').replace(/[.)]+$/, ''),
    };
  }
  const missing = MISSING_OBJECT.exec(text);
  if (missing !== null) {
    const secret = /^secret/i.test(missing[1] ?? '');
    return {
      code: secret ? 'SecretMissing' : 'ConfigMapMissing',
      objectKind: secret ? 'Secret' : 'ConfigMap',
      object: missing[2] ?? '',
    };
  }
  if (NON_ROOT.test(text)) {
    const user = NON_NUMERIC_USER.exec(text)?.[1];
    return user === undefined ? { code: 'RunAsNonRoot' } : { code: 'RunAsNonRoot', user };
  }
  return { code: 'CreateContainerError' };
}

const IMAGE_ERROR =
  /^\**\s*(?:ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull|ImageInspectError|RegistryUnavailable|SignatureValidationFailed|ErrImageNotEnsured)\b/;

/** The detail of an `Error: …` event that reports a create or config failure (not an image or start failure). */
export function configErrorDetail(e: EventRecord): string | undefined {
  const detail = errorDetail(e);
  if (detail === undefined || detail === '' || IMAGE_ERROR.test(detail) || isProcessStartFailure(detail))
    return undefined;
  return detail;
}
