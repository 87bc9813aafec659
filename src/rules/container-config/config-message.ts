import type { EventRecord, ReasonOf } from '../../model/index.js';
import { errorDetail, isOldStartError } from '../shared/container-evidence.js';
import { syncErrors } from '../shared/sync-error.js';
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

/**
 * `configmap "x" not found`; API errors use the plural (`secrets "x" not found`). A pasted table
 * may cut the message after "not" (`configmap "x" not`): nothing else follows that word there.
 */
const MISSING_OBJECT = /\b(config ?maps?|secrets?) "([^"]+)" not(?: found|\s*$)/i;
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

/** Sync error codes of building or creating a container; older kubelets reported env errors under RunContainerError. */
const CONFIG_SYNC_CODES = new Set(['CreateContainerConfigError', 'CreateContainerError']);
const RUN_OPTIONS = /^GenerateRunContainerOptions:/;

/** A create or config failure in a kubelet event: its detail, and the container when the message names it. */
export interface ConfigErrorEvent {
  readonly detail: string;
  readonly container?: string;
}

/**
 * A create or config failure (not an image or start failure) in a `Failed` `Error: …` event (or
 * the 1.5-1.6 `Failed to create container with error: …`), or in an older `FailedSync`
 * `failed to "StartContainer" for "app" with CreateContainerConfigError: "…"` (1.5-1.6 reported a
 * missing env Secret as RunContainerError "GenerateRunContainerOptions: secrets \"x\" not found").
 */
export function configErrorOf(e: EventRecord): ConfigErrorEvent | undefined {
  for (const s of syncErrors(e)) {
    if (s.action !== 'StartContainer' || s.message === '') continue;
    if (CONFIG_SYNC_CODES.has(s.code) || RUN_OPTIONS.test(s.message))
      return { detail: s.message, container: s.target };
  }
  if (isOldStartError(e)) return undefined;
  const detail = errorDetail(e);
  if (detail === undefined || detail === '' || IMAGE_ERROR.test(detail) || isProcessStartFailure(detail))
    return undefined;
  return { detail };
}

/** The detail of an event that reports a create or config failure (not an image or start failure). */
export function configErrorDetail(e: EventRecord): string | undefined {
  return configErrorOf(e)?.detail;
}
