/**
 * Event messages recognised on their own, by their start, mapped to the reason and type
 * Kubernetes records them with (kubernetes-facts.md §2 and §4). Matching is on the message's
 * first words only, so prose that merely mentions an error is not taken for it. Also the pod
 * status messages and status.reason words, which single lines and `get pods` tables both read.
 */
import {
  ENDPOINTS_NOT_FOUND_MESSAGE,
  EPHEMERAL_LIMIT_EVICTION,
  KUBELET_ADMISSION_REASONS,
  MISSING_ENDPOINTS_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../../../k8s/index.js';

export interface MessageShape {
  /** Anchored test of the message's start. */
  readonly start: RegExp;
  readonly reason: string;
  readonly type: 'Normal' | 'Warning';
  /** The kind of object the event is recorded on, when it is no Pod. */
  readonly kind?: string;
  /** The whole message the component records, when the pasted text is only its detail. */
  readonly recorded?: (detail: string) => string;
  /** A klog structured line of this message names the image in a key of its own (`image="..."`). */
  readonly imageKey?: boolean;
}

/** The image a runtime's pull error names (containerd's `image "X"`, dockerd's `for X,`, `manifest for X not found`). */
function pulledImage(detail: string): string {
  const m =
    /(?:image|reference) "([^"\s]{1,500})"/.exec(detail) ??
    /pull access denied for ([^\s,]{1,500})/.exec(detail) ??
    /manifest for (\S{1,500}) not found/.exec(detail);
  return m?.[1] ?? '';
}

const PULL_LOG =
  /^(?:(?:Pull image|PullImage) "([^"]{1,500})"(?: from image service)? failed|(?:Failed to pull image|PullImage from image service failed)(?: "([^"]{0,500})")?): ([\s\S]*)$/;

/** A kubelet log line of a failed pull as the event it records: `Failed to pull image "X": <error>`. */
function pullLogRecorded(message: string): string {
  const m = PULL_LOG.exec(message);
  if (m?.[3] === undefined) return message;
  return `Failed to pull image "${m[1] ?? m[2] ?? pulledImage(m[3])}": ${m[3]}`;
}

/** Kubelet `Failed` texts that follow "Error: " (kuberuntime_container.go "Error: %v"). */
const KUBELET_ERROR =
  /^Error: (?:ErrImagePull|ImagePullBackOff|ErrImageNeverPull|InvalidImageName|ImageInspectError|RegistryUnavailable|SignatureValidationFailed|configmaps? "|secrets? "|couldn't find key|container has runAsNonRoot|failed to (?:create|start|generate|prepare|reserve|get|resolve)|Error response from daemon|container create failed|cannot find volume|stat |exec:|context deadline exceeded|OCI runtime|failed to sync|configmap references non-existent|services have not yet been read|container's runAsUser breaks non-root|sandbox container )/;

export const MESSAGE_SHAPES: readonly MessageShape[] = [
  { start: /^Multi-Attach error for volume /, reason: 'FailedAttachVolume', type: 'Warning' },
  // The node lifecycle controller marks a NotReady node's pods not ready and records it on each pod
  // (controller/util/node MarkPodsNotReady: "NodeNotReady", "Node is not ready").
  { start: /^Node is not ready$/, reason: 'NodeNotReady', type: 'Warning' },
  // The kubelet trimming a pod's resolv.conf (dns.go): a warning on pods that run fine.
  {
    start: /^(?:Search Line|Nameserver) limits were exceeded, some [\w ]+ have been omitted/,
    reason: 'DNSConfigForming',
    type: 'Warning',
  },
  // The API aggregator's Available=False condition of an APIService (k8s/aggregator.ts), on its Service.
  { start: MISSING_ENDPOINTS_MESSAGE, reason: 'MissingEndpoints', type: 'Warning', kind: 'Service' },
  { start: ENDPOINTS_NOT_FOUND_MESSAGE, reason: 'EndpointsNotFound', type: 'Warning', kind: 'Service' },
  // The API server's service proxy, the ingress-nginx controller and `minikube service` finding no
  // endpoint of a Service (k8s/service-unavailable.ts); the proxy's Status reason names them all.
  { start: SERVICE_UNAVAILABLE_MESSAGE, reason: 'ServiceUnavailable', type: 'Warning', kind: 'Service' },
  { start: /^AttachVolume\.Attach failed /, reason: 'FailedAttachVolume', type: 'Warning' },
  {
    start:
      /^(?:MountVolume\.[A-Za-z]+ (?:initialization )?failed |Unable to attach or mount volumes|Unable to mount volumes for pod|Unable to mount volume )/,
    reason: 'FailedMount',
    type: 'Warning',
  },
  // operation_generator.go: "MountVolume.NewMounter initialization failed", "MapVolume.NewBlockVolumeMapper
  // initialization failed" beside "MountVolume.SetUp failed" and the like.
  { start: /^MapVolume\.[A-Za-z]+ (?:initialization )?failed /, reason: 'FailedMapVolume', type: 'Warning' },
  // The kubelet cannot create the pod's cgroup (kubelet.go SyncPod: "unable to ensure pod container
  // exists: %v"), before any volume or sandbox.
  {
    start: /^unable to ensure pod container exists: /,
    reason: 'FailedCreatePodContainer',
    type: 'Warning',
  },
  // The Job controller giving up on a Job (job_controller.go).
  {
    start: /^Job has reached the specified backoff limit/,
    reason: 'BackoffLimitExceeded',
    type: 'Warning',
    kind: 'Job',
  },
  {
    start: /^Job was active longer than specified deadline/,
    reason: 'DeadlineExceeded',
    type: 'Warning',
    kind: 'Job',
  },
  // The kubelet's volume manager logs a failed unmount (nestedpendingoperations "Operation for …
  // failed. … Error: UnmountVolume.TearDown failed for volume …"); its event reason is FailedUnMount.
  // A block volume's teardown fails the same way in operation_generator.go ("UnmapVolume.UnmapBlockVolume
  // failed", "UnmapDevice.UnmapBlockDevice failed"), as does the node-wide "UnmountDevice failed".
  // Before TearDown the same operation removes the volume's subPath bind mounts (GenerateUnmountVolumeFunc:
  // GenerateError("error cleaning subPath mounts", err)), which fails on a stale NFS handle or a busy mount.
  {
    start:
      /^(?:(?:(?:UnmountVolume|UnmapVolume|UnmapDevice)\.[A-Za-z]+|UnmountDevice) failed |error cleaning subPath mounts for volume )/,
    reason: 'FailedUnMount',
    type: 'Warning',
  },
  {
    start:
      /^(?:0\/\d+ nodes are (?:un)?available|all nodes are unavailable: |No nodes are available that match all of the|no nodes available to schedule pods|pod has unbound immediate PersistentVolumeClaims|PersistentVolumeClaim is not bound: ")/,
    reason: 'FailedScheduling',
    type: 'Warning',
  },
  { start: /^Failed to pull image "/, reason: 'Failed', type: 'Warning' },
  // The kubelet's own log of a failed pull, behind that event: kuberuntime_image.go "Pull image %q
  // failed: %v" and remote_image.go "PullImage %q from image service failed: %v" (klog), then with
  // structured logging "Failed to pull image" / "PullImage from image service failed" err="..."
  // image="..." (the floor joins err and image). The event it records reads "Failed to pull image %q: %v".
  {
    start:
      /^(?:(?:Pull image|PullImage) "[^"]{1,500}"(?: from image service)? failed: |(?:Failed to pull image|PullImage from image service failed)(?:(?=" err=)|(?: "[^"]{0,500}")?: ))/,
    reason: 'Failed',
    type: 'Warning',
    recorded: pullLogRecorded,
    imageKey: true,
  },
  {
    start: /^Failed to (?:inspect image|apply default image tag) "/,
    reason: 'InspectFailed',
    type: 'Warning',
  },
  {
    start: /^Container image "[^"]*" is not present with pull policy of Never/,
    reason: 'ErrImageNeverPull',
    type: 'Warning',
  },
  { start: KUBELET_ERROR, reason: 'Failed', type: 'Warning' },
  { start: /^Back-off pulling image /, reason: 'BackOff', type: 'Normal' },
  { start: /^Back-off restarting failed container/, reason: 'BackOff', type: 'Warning' },
  // cluster-autoscaler's verdict on an unschedulable pod (its NotTriggerScaleUp / TriggeredScaleUp
  // events): it only ever considers pods the scheduler could not place.
  { start: /^pod didn't trigger scale-up\b/, reason: 'NotTriggerScaleUp', type: 'Normal' },
  { start: /^pod triggered scale-up: /, reason: 'TriggeredScaleUp', type: 'Normal' },
  { start: /^(?:Liveness|Readiness|Startup) probe (?:failed|errored)/, reason: 'Unhealthy', type: 'Warning' },
  { start: /^(?:Liveness|Readiness|Startup) probe warning/, reason: 'ProbeWarning', type: 'Warning' },
  {
    start: /^Container \S+ failed (?:liveness|startup) probe, will be restarted/,
    reason: 'Killing',
    type: 'Normal',
  },
  { start: /^Stopping container \S/, reason: 'Killing', type: 'Normal' },
  { start: /^Failed to create pod sandbox: /, reason: 'FailedCreatePodSandBox', type: 'Warning' },
  { start: /^network is not ready: /, reason: 'NetworkNotReady', type: 'Warning' },
  // The kubelet's log line behind that event (kubelet.go, both klog forms): the runtime's network
  // plugin is not ready, so no pod on the node gets a sandbox.
  {
    start: /^Container runtime network not ready\b/,
    reason: 'NetworkNotReady',
    type: 'Warning',
  },
  { start: /^Error creating: /, reason: 'FailedCreate', type: 'Warning' },
  { start: /^create Pod \S+ in StatefulSet \S+ failed error: /, reason: 'FailedCreate', type: 'Warning' },
  { start: /^The node was low on resource: /, reason: 'Evicted', type: 'Warning' },
  { start: /^The node had condition: /, reason: 'Evicted', type: 'Warning' },
  { start: EPHEMERAL_LIMIT_EVICTION, reason: 'Evicted', type: 'Warning' },
  { start: /^Successfully assigned \S+ to \S/, reason: 'Scheduled', type: 'Normal' },
  { start: /^Started container\b/, reason: 'Started', type: 'Normal' },
  { start: /^Created container\b/, reason: 'Created', type: 'Normal' },
  {
    start: /^(?:Successfully pulled image "|Container image "[^"]*" already present on machine)/,
    reason: 'Pulled',
    type: 'Normal',
  },
  { start: /^[Pp]ulling image "/, reason: 'Pulling', type: 'Normal' },
  { start: /^Preempted by /, reason: 'Preempted', type: 'Normal' },
  {
    start: /^Pod sandbox changed, it will be killed and re-created/,
    reason: 'SandboxChanged',
    type: 'Normal',
  },
  { start: /^PostStartHook failed/, reason: 'FailedPostStartHook', type: 'Warning' },
  // kubelet pod worker and kill path (pkg/kubelet/pod_workers.go, kubelet.go killPod).
  { start: /^Error syncing pod\b/, reason: 'FailedSync', type: 'Warning' },
  { start: /^error killing pod: /, reason: 'FailedKillPod', type: 'Warning' },
  {
    start: /^Container runtime did not kill the pod within specified grace period/,
    reason: 'ExceededGracePeriod',
    type: 'Warning',
  },
  // Before 1.10 the kubelet said "Failed create pod sandbox" and named docker ids.
  { start: /^Failed create pod sandbox: /, reason: 'FailedCreatePodSandBox', type: 'Warning' },
  // containerd's CRI plugin logs the same failure (level=error msg="..." error="..."); its start
  // ("RunPodSandbox for &PodSandboxMetadata{...}" alone) is no failure.
  {
    start: /^RunPodSandbox for &?PodSandboxMetadata\{[^}]{0,400}\} failed\b/,
    reason: 'FailedCreatePodSandBox',
    type: 'Warning',
  },
  // CRI-O's log while a sandbox request of the kubelet is still stuck: each retry finds the sandbox's
  // name (k8s_<pod>_<namespace>_<uid>_<attempt>) held by it ("Error reserving pod name %s for id %s: name is reserved").
  {
    start: /^[Ee]rror reserving pod name k8s_\S+ for id \S+: name is reserved/,
    reason: 'FailedCreatePodSandBox',
    type: 'Warning',
  },
  // containerd's CRI log of a failed teardown (level=error msg="StopPodSandbox for \"<id>\" failed"
  // error="failed to destroy network for sandbox ..."): the kubelet cannot kill the pod's sandbox.
  { start: /^StopPodSandbox for "[^"]{1,200}" failed\b/, reason: 'FailedKillPod', type: 'Warning' },
  // The kubelet's own log lines for the same failure (klog structured logging, its err="..."
  // follows): kuberuntime_manager.go, kuberuntime_sandbox.go and remote_runtime.go.
  {
    start:
      /^(?:[Cc]reatePodSandbox for pod (?:"[^"]{1,300}" )?failed|Failed to create sandbox for pod|RunPodSandbox from runtime service failed)\b/,
    reason: 'FailedCreatePodSandBox',
    type: 'Warning',
  },
  {
    start: /^Failed to (?:(?:start|create) (?:docker )?container\b|start with docker id )/,
    reason: 'Failed',
    type: 'Warning',
  },
  { start: /^Killing container with (?:docker )?id /, reason: 'Killing', type: 'Normal' },
  // Runtime start failures quoted without the kubelet's "Error: " (runc, docker).
  {
    start:
      /^(?:OCI runtime (?:create|start|exec) failed|oci runtime error: |starting container process caused )/,
    reason: 'Failed',
    type: 'Warning',
  },
  {
    start: /^(?:AttachVolume\.Attach|MountVolume\.SetUp) succeeded /,
    reason: 'SuccessfulAttachVolume',
    type: 'Normal',
  },
  // The apiserver's denial of a pod a controller creates, quoted without "Error creating: ".
  { start: /^Error creating job: /, reason: 'FailedCreate', type: 'Warning' },
  // Also where a wrap breaks the line after the colon (a YAML scalar folded at "is forbidden:").
  { start: /^pods "?[a-z0-9][-a-z0-9.]*"? is forbidden:(?: |$)/, reason: 'FailedCreate', type: 'Warning' },
  // PodSecurity admission before 1.23's wording ("pod violates PodSecurity ..."), and the namespace
  // lifecycle admission refusing objects in a namespace being deleted.
  {
    start:
      /^(?:pod violates PodSecurity "|unable to create new content in namespace \S+ because it is being terminated)/,
    reason: 'FailedCreate',
    type: 'Warning',
  },
  // Taint manager (node lifecycle controller) eviction of a pod: "Marking for deletion Pod ns/name".
  { start: /^Marking for deletion Pod \S/, reason: 'TaintManagerEviction', type: 'Normal' },
  // PersistentVolume controller and external provisioners, on the claim (pkg/controller/volume/persistentvolume).
  {
    start: /^(?:no persistent volumes available for this claim|Cannot bind to requested volume )/,
    reason: 'FailedBinding',
    type: 'Warning',
    kind: 'PersistentVolumeClaim',
  },
  {
    start:
      /^(?:failed to provision volume with StorageClass |storageclass\.storage\.k8s\.io "[^"]*" not found)/,
    reason: 'ProvisioningFailed',
    type: 'Warning',
    kind: 'PersistentVolumeClaim',
  },
  {
    start: /^waiting for first consumer to be created before binding/,
    reason: 'WaitForFirstConsumer',
    type: 'Normal',
    kind: 'PersistentVolumeClaim',
  },
  {
    start: /^waiting for a volume to be created,? either by external provisioner /,
    reason: 'ExternalProvisioning',
    type: 'Normal',
    kind: 'PersistentVolumeClaim',
  },
  // (Volcano words the FitError "0/N nodes are unavailable: ..." or "all nodes are unavailable: ...".)
  // Karpenter's FailedScheduling of a pod no node pool can take (provisioning/scheduling: "Failed to
  // schedule pod, %s" as an event, "could not schedule pod" as its log line).
  {
    start: /^(?:Failed to schedule pod, |[Cc]ould not schedule pod, )/,
    reason: 'FailedScheduling',
    type: 'Warning',
  },
  // Scheduler framework errors (framework/runtime: "running %s plugin %q: %w"; 1.16-1.18 'running "VolumeBinding"
  // filter plugin for pod "x"', 'error while running "VolumeBinding" prebind plugin'), the old scheduler's
  // log of a failed bind (scheduler.go 1.6-1.10 "Internal error binding pod: (%v)") and older fit failures.
  {
    start:
      /^(?:(?:error while )?running "\w+" (?:filter|prefilter|prebind|bind|reserve|permit) plugin for pod |running (?:PreEnqueue|PreFilter|Filter|PostFilter|PreScore|Score|Reserve|Permit|PreBind|Bind) plugin "|[Bb]inding rejected: |Internal error binding pod: |nodeinfo not found for node name |pod \([a-z0-9][-a-z0-9.]*\) failed to fit in any node|fit failure summary on nodes|Failed for reason \w+ and possibly others)/,
    reason: 'FailedScheduling',
    type: 'Warning',
  },
];

/**
 * The inner parts of those messages (what follows the kubelet's "Error: ", the runtime's error
 * inside "Failed to pull image", the CNI plugin's inside "Failed to create pod sandbox", a
 * scheduler or eviction detail), read only where a line starts with one: a container's waiting
 * message, a log line, a quote in prose. Anywhere else in a line they are the continuation of the
 * message they belong to, which a terminal may have wrapped there.
 */
export const DETAIL_SHAPES: readonly MessageShape[] = [
  // The scheduler's per-node histogram (FitError's filter part) without its "0/N nodes are
  // available: " (cut off in the paste): "1 node(s) had untolerated taint {k: v}, 2 Insufficient cpu".
  {
    start:
      /^\d+ (?:node\(s\) (?:had (?:untolerated )?taints?|didn't (?:match (?:Pod's node affinity|node selector|pod (?:anti-)?affinity|the requested node name|pod topology spread|PersistentVolume's node affinity)|have free ports|find available persistent volumes|satisfy existing pods anti-affinity)|were unschedulable|exceed max volume count|had volume node affinity conflict)|Insufficient \S|Too many pods)/,
    reason: 'FailedScheduling',
    type: 'Warning',
  },
  // Karpenter's reasons inside that message: a node pool whose requirements the pod's do not meet, a
  // topology constraint no domain satisfies (topologyError: "unsatisfiable topology constraint for %s,
  // key=%s (counts = ..."), no instance type with the resources.
  {
    start:
      /^(?:incompatible with (?:nodepool|provisioner) "|unsatisfiable topology constraint for (?:topology spread|pod (?:anti-)?affinity), key=|no instance type satisfied resources |all available instance types exceed limits for (?:nodepool|provisioner))/,
    reason: 'FailedScheduling',
    type: 'Warning',
  },
  // The crash back-off as the kubelet words it in the container's waiting message and inside its
  // "Error syncing pod" error (kuberuntime_manager.go "back-off %s restarting failed container=%s
  // pod=%s"): inside that error it continues a message, so it is a detail.
  { start: /^[Bb]ack-off \d[\dhms.]* restarting failed container=\S/, reason: 'BackOff', type: 'Warning' },
  // CreateContainerConfigError details (kubelet_pods.go, kuberuntime_container.go): "Error: %v".
  {
    start:
      /^(?:couldn't find key \S+ in (?:ConfigMap|Secret) \S|(?:configmap|secret) "[^"]{1,253}" not found|container has runAsNonRoot and image (?:will run as root|has non-numeric user)|container's runAsUser breaks non-root policy)/,
    reason: 'Failed',
    type: 'Warning',
    recorded: (detail) => `Error: ${detail}`,
  },
  // The runtime's pull error (containerd: rpc error ... failed to pull and unpack image, failed to
  // resolve reference; dockerd: pull access denied, manifest for X not found): kuberuntime_image.go
  // records it as "Failed to pull image %q: %v".
  {
    start:
      /^(?:rpc error: code = \w+ desc = (?:failed to pull and unpack image|failed to pull image|failed to resolve reference|Error response from daemon: (?:pull access denied|manifest for))|failed to pull and unpack image "|failed to resolve reference "|pull access denied(?: for |, repository does not exist or may require authorization)|(?:Error response from daemon: )?manifest for \S+ not found)/,
    reason: 'Failed',
    type: 'Warning',
    recorded: (detail) => `Failed to pull image "${pulledImage(detail)}": ${detail}`,
  },
  // The network of a sandbox, as containerd words it (sandbox_run.go "failed to setup network for
  // sandbox %q: %w") and libcni the plugin's error (api.go "plugin %s failed (add): %w", the
  // plugin as type="calico", newer with name="...").
  {
    start:
      /^(?:failed to setup network for sandbox \\?"|plugin type=\\?"[^"\\]{1,100}\\?"(?: name=\\?"[^"\\]{0,200}\\?")? failed \(add\): )/,
    reason: 'FailedCreatePodSandBox',
    type: 'Warning',
  },
  // Tearing the pod network down failed (sandbox_stop.go "failed to destroy network for sandbox
  // %q: %w", libcni "plugin %s failed (delete): %w"): the kubelet cannot kill the pod's sandbox, so
  // it records FailedKillPod and the pod stays Terminating.
  {
    start:
      /^(?:failed to destroy network for sandbox \\?"|plugin type=\\?"[^"\\]{1,100}\\?"(?: name=\\?"[^"\\]{0,200}\\?")? failed \(delete\): )/,
    reason: 'FailedKillPod',
    type: 'Warning',
  },
  // The node's Ready condition message (KubeletNotReady): the runtime's network is not ready.
  { start: /^container runtime network not ready\b/, reason: 'NetworkNotReady', type: 'Warning' },
  // k8s.io/mount-utils (mount_linux.go) running mount(8) for the kubelet or a CSI node plugin:
  // logged as "Mount failed: %v\nMounting command: ...", returned as "mount failed: %v\n...", which
  // the kubelet's MountVolume.SetUp / MountDevice message carries after its own words.
  { start: /^[Mm]ount failed: (?:exit status \d+|signal: \w+)/, reason: 'FailedMount', type: 'Warning' },
  // The mount wait's detail after "Unable to attach or mount volumes: " (volume_manager.go).
  { start: /^unmounted volumes=\[/, reason: 'FailedMount', type: 'Warning' },
  // The attach/detach controller's Multi-Attach message without its "Multi-Attach error for volume
  // %q " (reconciler.go: "Volume is already exclusively attached to one node and can't be attached to another").
  {
    start:
      /^Volume is already (?:exclusively attached to one node and can't be attached to another|used by pod\(s\) )/,
    reason: 'FailedAttachVolume',
    type: 'Warning',
  },
  // containerd refusing a container name still held by an earlier create that timed out
  // (CreateContainerError; the kubelet records "Error: failed to reserve container name ...").
  {
    start: /^failed to reserve container name "/,
    reason: 'Failed',
    type: 'Warning',
    recorded: (detail) => `Error: ${detail}`,
  },
  // The scheduler's lookup of a claim the pod names (VolumeBinding: "persistentvolumeclaim %q not
  // found"). Its per-node reasons alone ("1 node(s) had ...") are not read: a wrapped
  // FailedScheduling message goes on with them.
  { start: /^persistentvolumeclaim "[^"]{1,253}" not found/, reason: 'FailedScheduling', type: 'Warning' },
  // The apiserver's admission refusals without "Error creating: " or "Error from server".
  {
    start:
      /^(?:admission webhook "[^"]{1,253}" denied the request|[Ii]nternal error occurred: failed calling (?:admission )?webhook "|failed calling (?:admission )?webhook ")/,
    reason: 'FailedCreate',
    type: 'Warning',
  },
  // The quota admission's refusal without its "pods "x" is forbidden: " (a Deployment's
  // ReplicaFailure condition quoted alone), as current and 1.x releases write it.
  {
    start: /^(?:[Ee]xceeded quota: [^\s,]{1,253}, requested: |[Ff]ailed quota: [^\s:]{1,253}: must specify )/,
    reason: 'FailedCreate',
    type: 'Warning',
  },
  // The eviction message's per-container sentence (eviction manager).
  {
    start: /^Container \S+ was using \S+, request is \S+, has larger consumption of /,
    reason: 'Evicted',
    type: 'Warning',
  },
];

/** The shape of a message's inner part a line starts with, or undefined. */
export function detailShapeOf(message: string): MessageShape | undefined {
  for (const s of DETAIL_SHAPES) if (s.start.test(message)) return s;
  return undefined;
}

/** The shape a message starts with, or undefined. */
export function shapeOf(message: string): MessageShape | undefined {
  for (const s of MESSAGE_SHAPES) if (s.start.test(message)) return s;
  return undefined;
}

/**
 * Pod status messages the kubelet and node controller write with a pod status.reason
 * (kubernetes-facts.md §3.4): each gives the reason it goes with.
 */
export function podReasonOf(message: string): string | undefined {
  const m = message.startsWith('Pod was rejected: ') ? message.slice(18) : message;
  const res = /^Node didn't have enough resource: ([^,\s]+)/.exec(m);
  if (res !== null) return `OutOf${res[1] ?? ''}`;
  const pred = /^(?:Pod )?Predicate (\w+) failed/.exec(m);
  if (pred !== null) return pred[1];
  if (/^Node \S+ which was running pod \S+ is unresponsive/.test(m)) return 'NodeLost';
  if (m.startsWith('Pod was terminated in response to imminent node shutdown')) return 'Terminated';
  if (m.startsWith('Pod was rejected as the node is shutting down') || m.startsWith('Node is shutting')) {
    return 'NodeShutdown';
  }
  if (m.startsWith('Pod was active on the node longer than the specified deadline'))
    return 'DeadlineExceeded';
  if (/ which is unexpected\.?$/.test(m) || m.startsWith('Allocate failed due to'))
    return 'UnexpectedAdmissionError';
  if (m.startsWith('Preempted in order to admit critical pod')) return 'Preempting';
  // The kubelet's topology and CPU managers refuse a pod they cannot align
  // (pkg/kubelet/cm/topologymanager, pkg/kubelet/cm/cpumanager): status reason and message.
  if (m.startsWith('Resources cannot be allocated with Topology locality')) return 'TopologyAffinityError';
  if (m.startsWith('SMT Alignment Error: ')) return 'SMTAlignmentError';
  if (
    m.startsWith('The node was low on resource: ') ||
    m.startsWith('The node had condition: ') ||
    EPHEMERAL_LIMIT_EVICTION.test(m)
  )
    return 'Evicted';
  return undefined;
}

/** How the pod status messages podReasonOf reads begin (for finding them inside other text). */
export const POD_STATUS_STARTS: readonly RegExp[] = [
  /^Pod was rejected: /,
  EPHEMERAL_LIMIT_EVICTION,
  /^Node didn't have enough resource: /,
  /^(?:Pod )?Predicate \w+ failed/,
  /^Node \S+ which was running pod \S+ is unresponsive/,
  /^Pod was terminated in response to imminent node shutdown/,
  /^Pod was rejected as the node is shutting down/,
  /^Pod was active on the node longer than the specified deadline/,
  /^Allocate failed due to/,
  /^Preempted in order to admit critical pod/,
  /^Resources cannot be allocated with Topology locality/,
  /^SMT Alignment Error: /,
];

/**
 * pod.status.reason values the kubelet and controllers set (kubernetes-facts.md §3.4): the
 * kubelet's admission rejections (with the predicate names it kept before 1.18), evictions,
 * shutdowns, a lost node, an active deadline.
 */
export const POD_REASONS: ReadonlySet<string> = new Set([
  ...KUBELET_ADMISSION_REASONS,
  'Evicted',
  'NodeLost',
  'Shutdown',
  'Terminated',
  'NodeShutdown',
  'DeadlineExceeded',
  'Preempting',
]);

export function isPodReason(word: string): boolean {
  return POD_REASONS.has(word) || /^OutOf[a-z][\w./-]*$/.test(word);
}
