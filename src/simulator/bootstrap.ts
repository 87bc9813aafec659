/**
 * Builds the cluster a scenario declares at t=0 (namespaces, service accounts, quotas, limit
 * ranges, storage, webhook configurations, registered nodes), then applies the scenario's
 * objects through the API server at their times, as `kubectl apply` would.
 */
import type { ApiWorld } from './api/server.js';
import type { ClusterSpec, NodeSpec, ScenarioObject, WebhookSpec } from './scenario/types.js';
import type { Store } from './world/store.js';
import type { KObject, NodeObj } from './world/types.js';
import type { World } from './world/world.js';
import { ADMIN, type UserInfo } from './api/types.js';
import type { StatusObj } from './api/status.js';
import { resourceByKind } from './world/resources.js';

export interface ApplyError {
  readonly at: number;
  readonly object: string;
  readonly status: StatusObj;
}

const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

export function bootstrap(sim: ApiWorld, errors: ApplyError[]): void {
  const { store, scenario } = sim;
  const cluster = scenario.cluster;
  createNamespaces(store, cluster);
  createStorage(store, cluster);
  for (const hook of cluster.webhooks) store.create(webhookConfiguration(hook));
  cluster.nodes.forEach((spec, i) => store.create(nodeObject(sim, spec, i)));
  for (const obj of scenario.objects) applyLater(sim, obj, errors);
}

/** The system namespaces and the scenario's, each with its service accounts, quota and limits. */
function createNamespaces(store: Store, cluster: ClusterSpec): void {
  const names = new Set([...SYSTEM_NAMESPACES, ...cluster.namespaces.map((n) => n.name)]);
  for (const name of names) {
    const spec = cluster.namespaces.find((n) => n.name === name);
    store.create({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...(spec?.labels ?? {}) } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    });
    for (const sa of ['default', ...(spec?.serviceAccounts ?? [])])
      store.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace: name } });
    if (spec?.quota !== undefined) {
      store.create({
        apiVersion: 'v1',
        kind: 'ResourceQuota',
        metadata: { name: `${name}-quota`, namespace: name },
        spec: { hard: { ...spec.quota } },
        status: {
          hard: { ...spec.quota },
          used: Object.fromEntries(Object.keys(spec.quota).map((k) => [k, '0'])),
        },
      });
    }
    if (spec?.limitRange !== undefined) {
      store.create({
        apiVersion: 'v1',
        kind: 'LimitRange',
        metadata: { name: `${name}-limits`, namespace: name },
        spec: { limits: structuredClone(spec.limitRange) },
      });
    }
  }
}

/** StorageClasses, then CSIDrivers. */
function createStorage(store: Store, cluster: ClusterSpec): void {
  for (const sc of cluster.storageClasses) {
    store.create({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: {
        name: sc.name,
        ...(sc.default ? { annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } : {}),
      },
      provisioner: sc.provisioner,
      reclaimPolicy: 'Delete',
      volumeBindingMode: sc.bindingMode,
      ...(sc.zones === undefined
        ? {}
        : {
            allowedTopologies: [
              { matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: [...sc.zones] }] },
            ],
          }),
    });
  }
  for (const driver of cluster.csiDrivers) {
    store.create({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'CSIDriver',
      metadata: { name: driver.name },
      spec: {
        attachRequired: driver.attachRequired,
        podInfoOnMount: false,
        volumeLifecycleModes: ['Persistent'],
      },
    });
  }
}

function webhookConfiguration(hook: WebhookSpec): KObject {
  const [svcNs = 'default', svcName = hook.name] = hook.service.split('/');
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: hook.type === 'validating' ? 'ValidatingWebhookConfiguration' : 'MutatingWebhookConfiguration',
    metadata: { name: hook.name },
    webhooks: [
      {
        name: hook.name,
        clientConfig: { service: { namespace: svcNs, name: svcName, path: '/validate', port: 443 } },
        rules: [
          {
            apiGroups: ['*'],
            apiVersions: ['*'],
            operations: ['CREATE'],
            resources: [...hook.resources],
            scope: '*',
          },
        ],
        failurePolicy: hook.failurePolicy,
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        timeoutSeconds: 10,
      },
    ],
  };
}

function userFor(sim: ApiWorld, name: string | undefined): UserInfo {
  if (name === undefined) return ADMIN;
  const user = sim.scenario.cluster.users.find((u) => u.name === name);
  return { name, groups: [...(user?.groups ?? []), 'system:authenticated'] };
}

function applyLater(sim: ApiWorld, obj: ScenarioObject, errors: ApplyError[]): void {
  sim.after(obj.at, () => {
    const manifest = structuredClone(obj.manifest) as unknown as KObject;
    const result = sim.api.create(manifest, userFor(sim, obj.as));
    if (!result.ok) {
      errors.push({
        at: sim.clock.elapsed(),
        object: `${manifest.kind}/${manifest.metadata.name}`,
        status: result.status,
      });
      return;
    }
    if (obj.deleteAt !== undefined) {
      const created = result.object;
      sim.after(obj.deleteAt - obj.at, () => {
        const info = resourceByKind(created.kind);
        if (info !== undefined)
          sim.api.delete(info, created.metadata.namespace, created.metadata.name, userFor(sim, obj.as));
      });
    }
  });
}

/** A registered, Ready node as the kubelet first reports it. */
export function nodeObject(world: World, spec: NodeSpec, index: number): NodeObj {
  const now = world.clock.iso();
  const allocatable = spec.allocatable ?? spec.capacity;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name: spec.name,
      labels: {
        'kubernetes.io/hostname': spec.name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        ...(spec.zone === undefined ? {} : { 'topology.kubernetes.io/zone': spec.zone }),
        ...spec.labels,
      },
      annotations: { 'node.alpha.kubernetes.io/ttl': '0' },
    },
    spec: {
      podCIDR: `10.244.${index % 256}.0/24`,
      ...(spec.unschedulable ? { unschedulable: true } : {}),
      ...(spec.taints.length > 0 || spec.unschedulable
        ? {
            taints: [
              ...spec.taints.map((t) => ({ ...t })),
              ...(spec.unschedulable
                ? [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: now }]
                : []),
            ],
          }
        : {}),
    },
    status: {
      capacity: { ...spec.capacity },
      allocatable: { ...allocatable },
      conditions: [
        cond(
          'MemoryPressure',
          'False',
          'KubeletHasSufficientMemory',
          'kubelet has sufficient memory available',
          now,
        ),
        cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure', now),
        cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available', now),
        cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status', now),
      ],
      addresses: [
        { type: 'InternalIP', address: `10.0.${Math.floor(index / 250)}.${(index % 250) + 2}` },
        { type: 'Hostname', address: spec.name },
      ],
      images: spec.images.map((name) => ({ names: [name], sizeBytes: 50_000_000 })),
      nodeInfo: {
        kubeletVersion: world.scenario.cluster.version,
        containerRuntimeVersion: 'containerd://1.7.22',
        kernelVersion: '6.1.0-27-cloud-amd64',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        operatingSystem: 'linux',
        architecture: 'amd64',
        kubeProxyVersion: world.scenario.cluster.version,
      },
    },
  } as NodeObj;
}

const cond = (type: string, status: string, reason: string, message: string, at: string) => ({
  type,
  status,
  reason,
  message,
  lastHeartbeatTime: at,
  lastTransitionTime: at,
});
