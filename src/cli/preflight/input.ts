/**
 * The manifests of `handoff preflight -f`: one object per document (Lists expanded), with its file and line;
 * Kubernetes' own kinds preflight does not judge are noted, unknown kinds of its API groups refused.
 */
import { parseDocuments } from '../../collectors/normalize/documents.js';
import { InputError } from '../../errors/index.js';
import { type InputObject } from '../../preflight/types.js';
import { RESOURCES, type ResourceInfo } from '../../simulator/world/resources.js';
import type { KObject } from '../../simulator/world/types.js';

type Rec = Record<string, unknown>;
const rec = (x: unknown): Rec | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Rec) : undefined;

/**
 * Kubernetes' own API groups and their kinds that preflight does not judge (it judges the kinds
 * the simulator holds). A kind of one of these groups that is in neither is a typo; a kind of
 * any other group (a CRD's, Gateway API's `gateway.networking.k8s.io` too) is noted, not judged.
 */
const OWN_KINDS: Readonly<Record<string, readonly string[]>> = {
  '': ['Binding', 'ComponentStatus', 'PodTemplate'],
  apps: ['ControllerRevision'],
  batch: [],
  autoscaling: ['HorizontalPodAutoscaler'],
  policy: ['PodDisruptionBudget', 'Eviction'],
  'networking.k8s.io': ['Ingress', 'IngressClass', 'NetworkPolicy', 'IPAddress', 'ServiceCIDR'],
  'rbac.authorization.k8s.io': ['Role', 'RoleBinding', 'ClusterRole', 'ClusterRoleBinding'],
  'storage.k8s.io': ['CSINode', 'CSIStorageCapacity', 'VolumeAttributesClass'],
  'scheduling.k8s.io': ['PriorityClass'],
  'node.k8s.io': ['RuntimeClass'],
  'coordination.k8s.io': ['Lease', 'LeaseCandidate'],
  'discovery.k8s.io': [],
  'events.k8s.io': [],
  'admissionregistration.k8s.io': [
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyBinding',
    'MutatingAdmissionPolicy',
    'MutatingAdmissionPolicyBinding',
  ],
  'apiextensions.k8s.io': ['CustomResourceDefinition'],
  'apiregistration.k8s.io': ['APIService'],
  'certificates.k8s.io': ['CertificateSigningRequest', 'ClusterTrustBundle'],
  'flowcontrol.apiserver.k8s.io': ['FlowSchema', 'PriorityLevelConfiguration'],
  'resource.k8s.io': ['ResourceClaim', 'ResourceClaimTemplate', 'DeviceClass', 'ResourceSlice'],
};

/** The API group of an apiVersion: `apps` of `apps/v1`, the core group '' of `v1`. */
export const groupOf = (apiVersion: string): string =>
  apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';

/** Kubernetes' own kind of that group that preflight judges, else undefined (a kind is known in its group only). */
export const judgedKind = (group: string, kind: string): ResourceInfo | undefined =>
  RESOURCES.find((r) => r.kind === kind && r.group === group);

/** The input's objects, one per document (Lists expanded), each with the file and line it came from. */
export function inputObjects(
  sources: readonly { name: string; text: string }[],
  namespace: string,
  notes: string[],
): InputObject[] {
  const out: InputObject[] = [];
  const add = (value: unknown, file: string, line: number): void => {
    const o = rec(value);
    if (o === undefined)
      throw new InputError(
        file,
        line,
        'not a Kubernetes object (a mapping with apiVersion, kind and metadata)',
      );
    const kind = typeof o.kind === 'string' ? o.kind : undefined;
    const apiVersion = typeof o.apiVersion === 'string' ? o.apiVersion : undefined;
    if (kind === undefined || apiVersion === undefined)
      throw new InputError(
        file,
        line,
        `the object has no ${kind === undefined ? 'kind' : 'apiVersion'}`,
        'kubectl apply needs apiVersion, kind and metadata.name',
      );
    if (kind.endsWith('List') && Array.isArray(o.items)) {
      for (const item of o.items) add(item, file, line);
      return;
    }
    const meta = rec(o.metadata);
    const name = typeof meta?.name === 'string' && meta.name !== '' ? meta.name : undefined;
    if (name === undefined)
      throw new InputError(
        file,
        line,
        `${kind} has no metadata.name`,
        'preflight judges what kubectl apply would create: name every object',
      );
    const group = groupOf(apiVersion);
    const resource = judgedKind(group, kind);
    if (resource === undefined) {
      const own = OWN_KINDS[group];
      if (own?.includes(kind) === true) {
        notes.push(
          `${file}:${line}: ${kind} ${name} (${apiVersion}) is not judged: preflight judges workloads and what their pods need`,
        );
        return;
      }
      if (own !== undefined)
        throw new InputError(
          file,
          line,
          `unknown kind "${kind}" in ${apiVersion}`,
          "check the kind's spelling (kubectl api-resources lists them)",
        );
      notes.push(
        `${file}:${line}: ${kind} ${name} (${apiVersion}) is not judged: preflight knows only Kubernetes' own kinds`,
      );
      return;
    }
    const object = structuredClone(o) as unknown as KObject;
    if (resource.namespaced) object.metadata.namespace ??= namespace;
    else delete object.metadata.namespace;
    out.push({ object, file, line });
  };
  for (const s of sources) {
    for (const doc of parseDocuments(s.name, s.text).documents) {
      if (doc.value === null || doc.value === undefined) continue;
      add(doc.value, s.name, doc.line);
    }
  }
  return out;
}
