/** Container state reasons kubectl prints (kubernetes-facts.md §1), shared by the table and line readers. */

/** Reasons kubectl shows from a container's state.waiting (kubernetes-facts.md §1.1). */
export const WAITING_REASONS: ReadonlySet<string> = new Set([
  'ContainerCreating',
  'PodInitializing',
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'ErrImageNeverPull',
  'InvalidImageName',
  'ImageInspectError',
  'RegistryUnavailable',
  'SignatureValidationFailed',
  'ErrImageNotEnsured',
  'CreateContainerConfigError',
  'CreateContainerError',
  'RunContainerError',
  'PreCreateHookError',
  'PreStartHookError',
  'PostStartHookError',
]);

/** Reasons kubectl shows from a container's state.terminated (kubernetes-facts.md §1.2). */
export const TERMINATED_REASONS: ReadonlySet<string> = new Set([
  'Completed',
  'Error',
  'OOMKilled',
  'StartError',
  'ContainerCannotRun',
  'ContainerStatusUnknown',
]);
