/**
 * The real-component failure cases of `npm run test:cluster`: manifests applied to the real API
 * server, the signal that shows the real component acted (an event reason in the namespace, ready
 * EndpointSlices), and the diagnosis kube-handoff must give. One namespace per case.
 */
import type { Api } from './api.js';
import type { FakeKubelet, NodeSpec } from './fake-kubelet.js';
import { freePort } from './harness.js';
import {
  makeWebhookCa,
  removeWebhookCa,
  startWebhookBackend,
  waitUntilEnforced,
  webhookConfiguration,
} from './webhook-backend.js';

/** Three fake nodes: two small workers in two zones and a tainted GPU node. */
export const NODES: readonly NodeSpec[] = [
  { name: 'worker-1', cpu: '2', memory: '8Gi', labels: { 'topology.kubernetes.io/zone': 'zone-a' } },
  { name: 'worker-2', cpu: '2', memory: '8Gi', labels: { 'topology.kubernetes.io/zone': 'zone-b' } },
  {
    name: 'gpu-1',
    cpu: '8',
    memory: '32Gi',
    labels: { 'topology.kubernetes.io/zone': 'zone-a', accelerator: 'nvidia' },
    taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }],
  },
];

export interface Expected {
  readonly kind: string;
  readonly name: string;
  readonly verdict: 'failed' | 'healthy' | 'progressing';
  readonly stage?: string;
  readonly reason?: string;
  readonly ruleId?: string;
  /** A piece of the real component's text that the evidence must quote. */
  readonly quotes?: string;
  /** Stages whose chain status is given (e.g. service-endpoints passed for a pod a Service serves). */
  readonly chain?: Readonly<Record<string, string>>;
  /** What the one-line summary must say. */
  readonly summary?: RegExp;
  /**
   * The MISMATCHES.md entry (M1, …) when the tool does not meet this expectation yet: it is then
   * checked only by pending-fixes.test.ts (`npm run test:cluster:pending`), not by the default suite.
   */
  readonly pending?: string;
}

export interface Case {
  readonly id: string;
  readonly title: string;
  readonly namespace: string;
  readonly namespaceLabels?: Readonly<Record<string, string>>;
  readonly manifests: string;
  /**
   * Runs after the namespace exists and before the manifests are applied (e.g. starts a webhook
   * backend and registers it); returns what undoes it, run after the suite.
   */
  readonly setup?: (api: Api, ns: string) => Promise<() => Promise<void>>;
  /** Waits until the real components produced what the case is about. */
  readonly ready: (api: Api, kubelet: FakeKubelet, ns: string) => Promise<void>;
  readonly expect: readonly Expected[];
}

function deployment(name: string, replicas: number, container: string, podSpec = ''): string {
  return `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
  labels: {app: ${name}}
spec:
  replicas: ${String(replicas)}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:${podSpec}
      containers:
        - name: app
          image: registry.example/shop/${name}:1.0${container}
`;
}

const requests = (cpu: string, memory = '64Mi'): string => `
          resources:
            requests: {cpu: '${cpu}', memory: ${memory}}
            limits: {cpu: '${cpu}', memory: ${memory}}`;

/** Polls the namespace's events until one has the reason; returns its message. */
export async function waitForEvent(
  api: Api,
  ns: string,
  reason: string,
  timeoutMs = 120_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = (await api.list(`/api/v1/namespaces/${ns}/events`)) as {
      reason?: string;
      message?: string;
    }[];
    const e = events.find((x) => x.reason === reason);
    if (e !== undefined) return e.message ?? '';
    if (Date.now() > deadline)
      throw new Error(
        `no ${reason} event in ${ns} after ${String(timeoutMs)} ms; events: ${JSON.stringify(events.map((x) => [x.reason, x.message]))}`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const failedCreate = async (api: Api, _k: FakeKubelet, ns: string): Promise<void> => {
  await waitForEvent(api, ns, 'FailedCreate');
};
const failedScheduling = async (api: Api, _k: FakeKubelet, ns: string): Promise<void> => {
  await waitForEvent(api, ns, 'FailedScheduling');
};

interface PodItem {
  metadata: { name: string };
  spec: { nodeName?: string };
}
interface SliceItem {
  endpoints?: { conditions?: { ready?: boolean } }[];
}

/** The denial a policy engine's webhook gives (Gatekeeper's allowed-repos wording). */
export const WEBHOOK_DENIAL =
  '[allowed-repos] container <app> has an invalid image repo <registry.example/shop/gate:1.0>, allowed repos are ["registry.example.com/"]';

/**
 * Registers a ValidatingWebhookConfiguration (failurePolicy Fail) for pod CREATE in the case's
 * namespace, whose backend either denies every pod (a server in this process) or is unreachable
 * (a 127.0.0.1 port where nothing listens), and waits until the API server enforces it.
 */
function webhookSetup(backend: 'denies' | 'unreachable', webhook: string) {
  return async (api: Api, ns: string): Promise<() => Promise<void>> => {
    const ca = makeWebhookCa();
    const server = backend === 'denies' ? await startWebhookBackend(ca, WEBHOOK_DENIAL) : undefined;
    const url = server?.url ?? `https://127.0.0.1:${String(await freePort())}/validate`;
    const name = `kube-handoff-test-${ns}`;
    await api.apply(
      webhookConfiguration({
        name,
        webhook,
        url,
        caBundle: Buffer.from(ca.caPem).toString('base64'),
        namespace: ns,
        failurePolicy: 'Fail',
      }),
    );
    await waitUntilEnforced(api, ns, webhook);
    return async () => {
      await api.delete(`/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/${name}`);
      await server?.close();
      removeWebhookCa(ca);
    };
  };
}

const spreadPod = (name: string): string => `
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  labels: {app: spread}
spec:
  topologySpreadConstraints:
    - maxSkew: 1
      minDomains: 3
      topologyKey: topology.kubernetes.io/zone
      whenUnsatisfiable: DoNotSchedule
      labelSelector:
        matchLabels: {app: spread}
  containers:
    - name: app
      image: registry.example/shop/spread:1.0
      resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}
`;

async function boundPods(api: Api, ns: string, n: number): Promise<PodItem[]> {
  return waitFor(`${String(n)} bound pods in ${ns}`, async () => {
    const items = (await api.list(`/api/v1/namespaces/${ns}/pods`)) as unknown as PodItem[];
    const bound = items.filter((p) => p.spec.nodeName !== undefined);
    return bound.length >= n ? bound : undefined;
  });
}

export const CASES: readonly Case[] = [
  {
    id: 'quota',
    title: 'a ResourceQuota exceeded by a Deployment',
    namespace: 'cp-quota',
    manifests: `
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute}
spec:
  hard: {requests.cpu: '1', requests.memory: 1Gi, limits.cpu: '2', limits.memory: 2Gi}
---
${deployment('web', 2, requests('2'))}`,
    ready: failedCreate,
    expect: [
      {
        kind: 'Deployment',
        name: 'web',
        verdict: 'failed',
        stage: 'admission',
        reason: 'QuotaExceeded',
        ruleId: 'admission/quota-exceeded',
        quotes: 'exceeded quota: compute',
      },
    ],
  },
  {
    id: 'limit-range',
    title: 'a LimitRange max violated by a Deployment',
    namespace: 'cp-limits',
    manifests: `
apiVersion: v1
kind: LimitRange
metadata: {name: per-container}
spec:
  limits:
    - type: Container
      max: {cpu: 500m, memory: 512Mi}
---
${deployment('api', 1, requests('1'))}`,
    ready: failedCreate,
    expect: [
      {
        kind: 'Deployment',
        name: 'api',
        verdict: 'failed',
        stage: 'admission',
        reason: 'LimitRangeViolation',
        ruleId: 'admission/limit-range',
        quotes: 'maximum cpu usage per Container is 500m',
      },
    ],
  },
  {
    id: 'pod-security',
    title: 'a PodSecurity restricted namespace rejecting a privileged pod template',
    namespace: 'cp-psa',
    namespaceLabels: { 'pod-security.kubernetes.io/enforce': 'restricted' },
    manifests: deployment(
      'agent',
      1,
      `
          securityContext: {privileged: true}`,
    ),
    ready: failedCreate,
    expect: [
      {
        kind: 'Deployment',
        name: 'agent',
        verdict: 'failed',
        stage: 'admission',
        reason: 'PodSecurityViolation',
        ruleId: 'admission/pod-security',
        quotes: 'violates PodSecurity "restricted:latest"',
      },
    ],
  },
  {
    id: 'service-account',
    title: 'a missing ServiceAccount',
    namespace: 'cp-sa',
    manifests: deployment('builder', 1, '', '\n      serviceAccountName: builder'),
    ready: failedCreate,
    expect: [
      {
        kind: 'Deployment',
        name: 'builder',
        verdict: 'failed',
        stage: 'admission',
        reason: 'ServiceAccountMissing',
        ruleId: 'admission/service-account-missing',
        quotes: 'serviceaccount "builder" not found',
      },
    ],
  },
  {
    id: 'insufficient-cpu',
    title: 'a pod unschedulable for insufficient cpu on the fake nodes',
    namespace: 'cp-cpu',
    manifests: deployment('batch', 1, requests('6')),
    ready: failedScheduling,
    expect: [
      {
        kind: 'Pod',
        name: 'batch-*',
        verdict: 'failed',
        stage: 'scheduling',
        reason: 'InsufficientResources',
        ruleId: 'scheduling/unschedulable',
        quotes: 'Insufficient cpu',
      },
    ],
  },
  {
    id: 'taint',
    title: 'a pod that needs the tainted node but does not tolerate its taint',
    namespace: 'cp-taint',
    manifests: deployment('trainer', 1, requests('1'), '\n      nodeSelector: {accelerator: nvidia}'),
    ready: failedScheduling,
    expect: [
      {
        kind: 'Pod',
        name: 'trainer-*',
        verdict: 'failed',
        stage: 'scheduling',
        reason: 'UntoleratedTaint',
        ruleId: 'scheduling/unschedulable',
        // kube-scheduler v1.37 no longer names the taint in the message (MISMATCHES.md M1) ...
        quotes: '1 node(s) had untolerated taint(s)',
        // ... but the Node objects the collector read do: the summary must name it.
        summary: /dedicated=gpu/,
      },
    ],
  },
  {
    id: 'node-affinity',
    title: 'a pod whose required node affinity matches no node',
    namespace: 'cp-affinity',
    manifests: deployment(
      'edge',
      1,
      requests('100m'),
      `
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms:
              - matchExpressions:
                  - {key: topology.kubernetes.io/zone, operator: In, values: [zone-c]}`,
    ),
    ready: failedScheduling,
    expect: [
      {
        kind: 'Pod',
        name: 'edge-*',
        verdict: 'failed',
        stage: 'scheduling',
        reason: 'NodeAffinityMismatch',
        ruleId: 'scheduling/unschedulable',
        quotes: "didn't match Pod's node affinity/selector",
      },
    ],
  },
  {
    id: 'selector-no-pods',
    title: 'a Service whose selector matches no pod',
    namespace: 'cp-svc-none',
    manifests: `
apiVersion: v1
kind: Service
metadata: {name: checkout}
spec:
  selector: {app: checkout}
  ports: [{port: 80, targetPort: 8080}]`,
    // The rule allows a new Service 30 s to get endpoints: wait until this one is older than that.
    ready: async (api, _k, ns) => {
      const svc = await api.get<{ metadata: { creationTimestamp: string } }>(
        `/api/v1/namespaces/${ns}/services/checkout`,
      );
      const wait = Date.parse(svc.metadata.creationTimestamp) + 35_000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    },
    expect: [
      {
        kind: 'Service',
        name: 'checkout',
        verdict: 'failed',
        stage: 'service-endpoints',
        reason: 'SelectorMatchesNoPods',
        ruleId: 'service-endpoints/selector-matches-no-pods',
      },
    ],
  },
  {
    id: 'service-ready',
    title: 'a Service with ready pods (EndpointSlices from the real controller)',
    namespace: 'cp-svc-ready',
    manifests: `
${deployment('web', 2, `${requests('100m')}\n          ports: [{containerPort: 8080, name: http}]`)}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80, targetPort: http}]`,
    ready: async (api, kubelet, ns) => {
      // The scheduler binds the pods to fake nodes; the fake kubelet then reports them running
      // and Ready, and the real EndpointSlice controller must publish both as ready endpoints.
      const pods = await waitFor('2 bound pods', async () => {
        const items = (await api.list(`/api/v1/namespaces/${ns}/pods`)) as unknown as PodItem[];
        const bound = items.filter((p) => p.spec.nodeName !== undefined);
        return bound.length === 2 ? bound : undefined;
      });
      let ip = 10;
      for (const p of pods) await kubelet.runPod(ns, p.metadata.name, { podIP: `10.244.1.${String(ip++)}` });
      await waitFor('2 ready endpoints', async () => {
        const slices = (await api.list(
          `/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dweb`,
        )) as unknown as SliceItem[];
        const ready = slices.flatMap((s) => s.endpoints ?? []).filter((e) => e.conditions?.ready === true);
        return ready.length === 2 ? true : undefined;
      });
      await waitFor('Deployment available', async () => {
        const d = await api.get<{ status?: { availableReplicas?: number } }>(
          `/apis/apps/v1/namespaces/${ns}/deployments/web`,
        );
        return d.status?.availableReplicas === 2 ? true : undefined;
      });
    },
    // Healthy Services are not targets of their own (as in the golden fixture
    // healthy-deployment-three-pods): the pods they serve pass the service-endpoints stage.
    expect: [{ kind: 'Pod', name: 'web-*', verdict: 'healthy', chain: { 'service-endpoints': 'passed' } }],
  },
  {
    id: 'webhook-deny',
    title: 'a validating webhook that denies the pods',
    namespace: 'cp-webhook-deny',
    setup: webhookSetup('denies', 'validation.gatekeeper.sh'),
    manifests: deployment('gate', 1, requests('100m')),
    ready: failedCreate,
    expect: [
      {
        kind: 'Deployment',
        name: 'gate',
        verdict: 'failed',
        stage: 'admission',
        reason: 'WebhookDenied',
        ruleId: 'admission/webhook',
        quotes: 'admission webhook "validation.gatekeeper.sh" denied the request: [allowed-repos]',
        // The denial reaches the ReplicaSet (its FailedCreate event), which the summary names.
        summary: /validation\.gatekeeper\.sh denied the pods of ReplicaSet gate-[a-z0-9]+: \[allowed-repos\]/,
      },
    ],
  },
  {
    id: 'webhook-unreachable',
    title: 'a webhook whose backend is unreachable, with failurePolicy Fail',
    namespace: 'cp-webhook-down',
    setup: webhookSetup('unreachable', 'validation.policy.example.com'),
    manifests: deployment('ledger', 1, requests('100m')),
    ready: failedCreate,
    expect: [
      {
        kind: 'Deployment',
        name: 'ledger',
        verdict: 'failed',
        stage: 'admission',
        reason: 'WebhookUnavailable',
        ruleId: 'admission/webhook',
        quotes: 'failed calling webhook "validation.policy.example.com"',
        summary: /cannot call admission webhook validation\.policy\.example\.com \(.*connection refused/,
      },
    ],
  },
  {
    id: 'topology-spread',
    title: 'a pod whose topology spread constraint cannot be met (minDomains above the zones there are)',
    namespace: 'cp-spread',
    // Two pods land in zone-a and zone-b; with minDomains 3 over two zones the global minimum is 0,
    // so a third pod would make the skew 2 in either zone.
    manifests: `${spreadPod('spread-a')}\n---\n${spreadPod('spread-b')}`,
    ready: async (api, kubelet, ns) => {
      const pods = await boundPods(api, ns, 2);
      let ip = 20;
      for (const p of pods) await kubelet.runPod(ns, p.metadata.name, { podIP: `10.244.2.${String(ip++)}` });
      await api.apply(spreadPod('spread-c'), ns);
      await waitForEvent(api, ns, 'FailedScheduling');
    },
    expect: [
      {
        kind: 'Pod',
        name: 'spread-c',
        verdict: 'failed',
        stage: 'scheduling',
        reason: 'TopologySpreadUnsatisfied',
        ruleId: 'scheduling/unschedulable',
        quotes: "2 node(s) didn't match pod topology spread constraints",
      },
      { kind: 'Pod', name: 'spread-a', verdict: 'healthy' },
    ],
  },
  {
    id: 'unbound-pvc-wffc',
    title: 'an unbound PVC of a WaitForFirstConsumer StorageClass with no provisioner',
    namespace: 'cp-pvc',
    manifests: `
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: cp-local-disks}
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data}
spec:
  storageClassName: cp-local-disks
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
${deployment(
  'db',
  1,
  `${requests('100m')}
          volumeMounts: [{name: data, mountPath: /var/lib/db}]`,
  `
      volumes:
        - name: data
          persistentVolumeClaim: {claimName: data}`,
)}`,
    ready: failedScheduling,
    expect: [
      {
        kind: 'Pod',
        name: 'db-*',
        verdict: 'failed',
        stage: 'scheduling',
        reason: 'UnboundPVC',
        ruleId: 'scheduling/unbound-pvc',
        quotes: "didn't find available persistent volumes to bind",
      },
    ],
  },
  {
    id: 'progress-deadline',
    title: 'a Deployment that exceeds progressDeadlineSeconds (pods running, never ready)',
    namespace: 'cp-deadline',
    manifests: deployment('slow', 1, requests('100m')).replace(
      'spec:\n  replicas: 1',
      'spec:\n  progressDeadlineSeconds: 10\n  replicas: 1',
    ),
    ready: async (api, kubelet, ns) => {
      const [pod] = await boundPods(api, ns, 1);
      if (pod === undefined) throw new Error('no bound pod');
      await kubelet.runPod(ns, pod.metadata.name, { podIP: '10.244.3.10', ready: false });
      await waitFor('ProgressDeadlineExceeded', async () => {
        const d = await api.get<{ status?: { conditions?: { type: string; reason?: string }[] } }>(
          `/apis/apps/v1/namespaces/${ns}/deployments/slow`,
        );
        const p = d.status?.conditions?.find((c) => c.type === 'Progressing');
        return p?.reason === 'ProgressDeadlineExceeded' ? true : undefined;
      });
    },
    expect: [
      {
        kind: 'Pod',
        name: 'slow-*',
        verdict: 'failed',
        stage: 'readiness',
        reason: 'NotReady',
        // Within readiness/not-ready's 60 s grace, but the deployment controller gave up (M2).
        quotes: 'Progressing=False ProgressDeadlineExceeded: ReplicaSet "slow-',
      },
    ],
  },
];
