/**
 * What the kubelet checks while it builds a container's config (kubelet_pods.go
 * makeEnvironmentVariables, then verifyRunAsNonRoot): env sources that do not exist and a
 * non-root policy the image breaks. Returns the error text the kubelet puts into
 * waiting.message (CreateContainerConfigError) and the `Error: …` event, or undefined.
 */
import type { Container } from '../../../model/index.js';
import type { World } from '../../world/world.js';
import type { KObject, PodObj } from '../../world/types.js';
import { formatPod } from './format.js';

type DataObject = KObject & { data?: Record<string, string>; stringData?: Record<string, string> };

function lookup(world: World, kind: 'ConfigMap' | 'Secret', namespace: string, name: string) {
  return world.store.get<DataObject>(kind === 'ConfigMap' ? 'configmaps' : 'secrets', namespace, name);
}

const notFound = (kind: 'ConfigMap' | 'Secret', name: string): string =>
  `${kind === 'ConfigMap' ? 'configmap' : 'secret'} "${name}" not found`;

function hasKey(obj: DataObject, key: string): boolean {
  const binary = (obj as { binaryData?: Record<string, string> }).binaryData;
  return (
    (obj.data !== undefined && key in obj.data) ||
    (obj.stringData !== undefined && key in obj.stringData) ||
    (binary !== undefined && key in binary)
  );
}

function envError(world: World, pod: PodObj, container: Container): string | undefined {
  const ns = pod.metadata.namespace ?? 'default';
  // envFrom is read first, as the kubelet does.
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    if (ref?.name === undefined) continue;
    const kind = from.configMapRef === undefined ? 'Secret' : 'ConfigMap';
    if (lookup(world, kind, ns, ref.name) === undefined && ref.optional !== true)
      return notFound(kind, ref.name);
  }
  for (const env of container.env ?? []) {
    const cm = env.valueFrom?.configMapKeyRef;
    const sec = env.valueFrom?.secretKeyRef;
    const ref = cm ?? sec;
    if (ref?.name === undefined) continue;
    const kind = cm === undefined ? 'Secret' : 'ConfigMap';
    const obj = lookup(world, kind, ns, ref.name);
    if (ref.optional === true && (obj === undefined || !hasKey(obj, ref.key))) continue;
    if (obj === undefined) return notFound(kind, ref.name);
    if (!hasKey(obj, ref.key)) return `couldn't find key ${ref.key} in ${kind} ${ns}/${ref.name}`;
  }
  return undefined;
}

interface SecurityContext {
  readonly runAsNonRoot?: boolean;
  readonly runAsUser?: number;
}

/**
 * The simulated images carry no USER, so they run as root (uid 0) as most images do; a
 * numeric runAsUser overrides that.
 */
function nonRootError(pod: PodObj, container: Container): string | undefined {
  const podSc = (pod.spec as { securityContext?: SecurityContext }).securityContext;
  const sc = container.securityContext;
  const nonRoot = sc?.runAsNonRoot ?? podSc?.runAsNonRoot;
  if (nonRoot !== true) return undefined;
  const uid = sc?.runAsUser ?? podSc?.runAsUser;
  if (uid === 0)
    return `container's runAsUser breaks non-root policy (pod: "${formatPod(pod)}", container: ${container.name})`;
  if (uid !== undefined) return undefined;
  return `container has runAsNonRoot and image will run as root (pod: "${formatPod(pod)}", container: ${container.name})`;
}

export function containerConfigError(world: World, pod: PodObj, container: Container): string | undefined {
  return envError(world, pod, container) ?? nonRootError(pod, container);
}
