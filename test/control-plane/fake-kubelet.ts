/**
 * Kubelet-side state for a control plane that has no kubelet: Node objects with status and
 * heartbeats (a Lease in kube-node-lease renewed every few seconds, the Ready condition's
 * heartbeat refreshed), pod status written through the pods/status subresource, and core/v1
 * events posted the way a kubelet's event recorder posts them. Everything else (binding, quota,
 * EndpointSlices, ReplicaSets, node lifecycle taints) is done by the real components.
 *
 * KWOK (sigs.k8s.io/kwok, v0.8.0 on the Go module proxy) could do this too, but its default
 * stages make every pod on a fake node Running and Ready, while these tests choose each pod's
 * status themselves; this file keeps that choice in the test and needs no extra build.
 */
import { randomBytes } from 'node:crypto';
import { Api, type KubeObject } from './api.js';

export interface NodeSpec {
  readonly name: string;
  readonly cpu?: string;
  readonly memory?: string;
  readonly pods?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly taints?: readonly { key: string; value?: string; effect: string }[];
}

export interface ReadyOptions {
  readonly podIP: string;
  readonly ready?: boolean;
}

interface PodObject {
  metadata: { name: string; namespace: string; uid: string; resourceVersion: string };
  spec: { nodeName?: string; containers: { name: string; image: string }[] };
  status?: { conditions?: { type: string; status: string }[] };
}

const microTime = (d = new Date()): string => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
const time = (d = new Date()): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class FakeKubelet {
  private readonly nodes = new Map<string, NodeSpec>();
  private timer: NodeJS.Timeout | undefined;
  private beats = 0;
  private lastError: string | undefined;

  constructor(
    private readonly api: Api,
    private readonly kubeletPort: number,
    private readonly version: string,
  ) {}

  /** Registers the nodes (Node, status, Lease) and starts the heartbeat. */
  async addNodes(specs: readonly NodeSpec[]): Promise<void> {
    for (const s of specs) {
      await this.api.create(
        {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: {
            name: s.name,
            labels: {
              'kubernetes.io/hostname': s.name,
              'kubernetes.io/os': 'linux',
              'kubernetes.io/arch': 'amd64',
              ...s.labels,
            },
          },
          spec: { ...(s.taints === undefined ? {} : { taints: s.taints }) },
        },
        { ifExists: 'ignore' },
      );
      this.nodes.set(s.name, s);
      await this.writeNodeStatus(s);
      const node = await this.api.get<{ metadata: { uid: string } }>(`/api/v1/nodes/${s.name}`);
      await this.api.create(
        {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: {
            name: s.name,
            namespace: 'kube-node-lease',
            ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: s.name, uid: node.metadata.uid }],
          },
          spec: { holderIdentity: s.name, leaseDurationSeconds: 40, renewTime: microTime() },
        },
        { ifExists: 'ignore' },
      );
    }
    this.timer ??= setInterval(() => void this.heartbeat(), 5000);
  }

  private async writeNodeStatus(s: NodeSpec): Promise<void> {
    const now = time();
    const resources = {
      cpu: s.cpu ?? '4',
      memory: s.memory ?? '8Gi',
      pods: s.pods ?? '110',
      'ephemeral-storage': '50Gi',
    };
    const cond = (type: string, status: string, reason: string, message: string) => ({
      type,
      status,
      reason,
      message,
      lastHeartbeatTime: now,
      lastTransitionTime: now,
    });
    await this.api.patch(
      `/api/v1/nodes/${s.name}/status`,
      {
        status: {
          capacity: resources,
          allocatable: resources,
          conditions: [
            cond(
              'MemoryPressure',
              'False',
              'KubeletHasSufficientMemory',
              'kubelet has sufficient memory available',
            ),
            cond('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
            cond('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
            cond('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
          ],
          // The API server reaches a kubelet (logs, proxy) at this address: loopback and a port where
          // nothing listens, so such a request fails at once and goes nowhere else.
          addresses: [
            { type: 'InternalIP', address: '127.0.0.1' },
            { type: 'Hostname', address: s.name },
          ],
          daemonEndpoints: { kubeletEndpoint: { Port: this.kubeletPort } },
          nodeInfo: {
            machineID: s.name,
            systemUUID: s.name,
            bootID: s.name,
            kernelVersion: '6.1.0',
            osImage: 'Debian GNU/Linux 12 (bookworm)',
            containerRuntimeVersion: 'containerd://2.0.0',
            kubeletVersion: this.version,
            kubeProxyVersion: '',
            operatingSystem: 'linux',
            architecture: 'amd64',
          },
        },
      },
      'strategic',
    );
  }

  /** Renews each node's Lease; every 4th beat also refreshes the Ready condition's heartbeat. */
  private async heartbeat(): Promise<void> {
    this.beats++;
    for (const s of this.nodes.values()) {
      try {
        await this.api.patch(
          `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${s.name}`,
          { spec: { renewTime: microTime() } },
          'merge',
        );
        if (this.beats % 4 === 0) await this.writeNodeStatus(s);
      } catch (e) {
        this.lastError = e instanceof Error ? e.message : String(e);
      }
    }
  }

  get heartbeatError(): string | undefined {
    return this.lastError;
  }

  /** Stops the heartbeat and deletes the nodes it registered (and their Leases). */
  async stop(opts: { deleteNodes?: boolean } = {}): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    if (opts.deleteNodes !== false)
      for (const name of this.nodes.keys()) {
        await this.api.delete(`/api/v1/nodes/${name}`);
        await this.api.delete(`/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${name}`);
      }
    this.nodes.clear();
  }

  /**
   * Deletes a namespace the way a cluster with kubelets would: with no kubelet to confirm that a
   * bound pod's containers stopped, its graceful deletion would never finish, so the pods go first
   * with grace period 0 (what a kubelet's final delete amounts to), then the namespace.
   */
  async deleteNamespace(namespace: string): Promise<void> {
    await this.api.delete(`/api/v1/namespaces/${namespace}/pods?gracePeriodSeconds=0`);
    await this.api.delete(`/api/v1/namespaces/${namespace}`);
  }

  /**
   * Writes the status a kubelet writes once a bound pod's containers run (and, unless
   * `ready: false`, pass their readiness probes), through pods/status.
   */
  async runPod(namespace: string, name: string, o: ReadyOptions): Promise<void> {
    const pod = await this.api.get<PodObject>(`/api/v1/namespaces/${namespace}/pods/${name}`);
    const node = pod.spec.nodeName;
    if (node === undefined) throw new Error(`pod ${namespace}/${name} is not bound to a node yet`);
    const ready = o.ready !== false ? 'True' : 'False';
    const now = time();
    const cond = (type: string, status: string) => ({
      type,
      status,
      lastProbeTime: null,
      lastTransitionTime: now,
    });
    await this.api.patch(`/api/v1/namespaces/${namespace}/pods/${name}/status`, {
      status: {
        phase: 'Running',
        hostIP: '127.0.0.1',
        hostIPs: [{ ip: '127.0.0.1' }],
        podIP: o.podIP,
        podIPs: [{ ip: o.podIP }],
        startTime: now,
        conditions: [
          cond('PodReadyToStartContainers', 'True'),
          cond('Initialized', 'True'),
          cond('ContainersReady', ready),
          cond('Ready', ready),
        ],
        containerStatuses: pod.spec.containers.map((c) => ({
          name: c.name,
          image: c.image,
          imageID: `${c.image}@sha256:${'0'.repeat(64)}`,
          containerID: `containerd://${randomBytes(32).toString('hex')}`,
          ready: o.ready !== false,
          started: true,
          restartCount: 0,
          state: { running: { startedAt: now } },
        })),
      },
    });
    await this.event(
      pod,
      'Normal',
      'Started',
      `Started container ${pod.spec.containers[0]?.name ?? ''}`,
      node,
    );
  }

  /** A core/v1 Event about a pod, as a kubelet's recorder posts it (source kubelet on its node). */
  async event(
    pod: { metadata: { name: string; namespace: string; uid: string; resourceVersion: string } },
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    node: string,
    fieldPath?: string,
  ): Promise<void> {
    const now = time();
    const obj: KubeObject = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: `${pod.metadata.name}.${randomBytes(8).toString('hex')}`,
        namespace: pod.metadata.namespace,
      },
      involvedObject: {
        apiVersion: 'v1',
        kind: 'Pod',
        name: pod.metadata.name,
        namespace: pod.metadata.namespace,
        uid: pod.metadata.uid,
        resourceVersion: pod.metadata.resourceVersion,
        ...(fieldPath === undefined ? {} : { fieldPath }),
      },
      reason,
      message,
      type,
      source: { component: 'kubelet', host: node },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
      eventTime: null,
      reportingComponent: 'kubelet',
      reportingInstance: node,
    };
    await this.api.create(obj);
  }
}
