/**
 * The simulated kube-apiserver's policy: authentication, RBAC, defaulting, validation and the
 * admission chain in the order kube-apiserver runs its default plugins (all mutating ones,
 * then all validating ones; ResourceQuota last).
 */
import type { World } from '../world/world.js';
import type { ApiServerHooks } from './server.js';
import type { AdmissionPlugin } from './types.js';
import { authenticator, authorizer } from './auth.js';
import { ServiceAllocator, setObjectDefaults } from './object-defaults.js';
import { preparePodStatus } from './pod-defaults.js';
import { validate } from './validation.js';
import { beginDelete } from './deletion.js';
import { namespaceLifecycle } from './admission/namespace-lifecycle.js';
import { limitRanger } from './admission/limit-ranger.js';
import { serviceAccount } from './admission/service-account.js';
import { podSecurity } from './admission/pod-security.js';
import { defaultTolerationSeconds } from './admission/default-toleration-seconds.js';
import { defaultStorageClass } from './admission/default-storage-class.js';
import { webhookPlugins } from './admission/webhooks.js';
import { QuotaLedger, resourceQuota } from './admission/resource-quota.js';

const EMPTY_STATUS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);

/**
 * The registries' PrepareForCreate and Validate, which run after mutating admission: clients
 * cannot set status on create, so it is reset (pods to Pending with their QoS class,
 * workloads to {}), and the mutated pod is validated.
 */
const prepareForCreate: AdmissionPlugin = {
  name: 'PrepareForCreate',
  phase: 'mutating',
  admit(req) {
    if (req.operation !== 'CREATE') return undefined;
    if (EMPTY_STATUS.has(req.resource.kind)) req.object.status = {};
    if (req.resource.kind !== 'Pod') return undefined;
    preparePodStatus(req.object);
    // The strategy validates the pod as mutating admission left it (LimitRange defaults can
    // put a request above its limit).
    return validate(req.object, req.resource);
  },
};

export function admissionChain(world: World): AdmissionPlugin[] {
  const [limitRangerMutating, limitRangerValidating] = limitRanger(world);
  const [mutatingWebhooks, validatingWebhooks] = webhookPlugins(world);
  const ledger = new QuotaLedger(world);
  const chain: (AdmissionPlugin | undefined)[] = [
    namespaceLifecycle(world),
    limitRangerMutating,
    serviceAccount(world),
    defaultTolerationSeconds(),
    defaultStorageClass(world),
    mutatingWebhooks,
    prepareForCreate,
    limitRangerValidating,
    podSecurity(world),
    validatingWebhooks,
    resourceQuota(world, ledger),
  ];
  return chain.filter((p): p is AdmissionPlugin => p !== undefined);
}

export function apiServerHooks(world: World): ApiServerHooks {
  const users = world.scenario.cluster.users;
  const services = new ServiceAllocator(world);
  return {
    authenticate: authenticator(users),
    authorize: authorizer(users),
    setDefaults: (obj, resource) => {
      setObjectDefaults(world, services, obj, resource);
    },
    validate,
    plugins: admissionChain(world),
    beginDelete: (obj, resource, grace) => beginDelete(world, obj, resource, grace),
  };
}
