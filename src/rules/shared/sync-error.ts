/**
 * Kubelet sync errors as kubelets before 1.13 reported them in `FailedSync` events:
 * `Error syncing pod, skipping: failed to "StartContainer" for "app" with RunContainerError:
 * "GenerateRunContainerOptions: secrets \"x\" not found"` (pkg/kubelet/container/sync_result.go:
 * `failed to %q for %q with %v: %q`). Several results may be joined in one message
 * (`[failed to …, failed to …]`). Pure string work.
 */
import type { EventRecord } from '../../model/index.js';

export interface SyncError {
  /** The sync action: StartContainer, KillContainer, CreatePodSandbox, … */
  readonly action: string;
  /** The target: a container name for container actions. */
  readonly target: string;
  /** The error code (CreateContainerConfigError, RunContainerError, CrashLoopBackOff, …). */
  readonly code: string;
  /** The message, unquoted. */
  readonly message: string;
}

const RESULT = /failed to "(\w+)" for "([^"]*)" with (\w+): "((?:[^"\\]|\\.)*)"/g;

/** The sync results a `FailedSync` event reports; [] for anything else. */
export function syncErrors(e: EventRecord): SyncError[] {
  if (e.reason !== 'FailedSync') return [];
  const out: SyncError[] = [];
  for (const m of e.message.matchAll(RESULT)) {
    out.push({
      action: m[1] ?? '',
      target: m[2] ?? '',
      code: m[3] ?? '',
      message: (m[4] ?? '').replace(/\\(.)/g, '$1'),
    });
  }
  return out;
}
