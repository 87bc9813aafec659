/**
 * Classifies why the kubelet could not create a pod sandbox. FailedCreatePodSandBox carries
 * `Failed to create pod sandbox: <CRI error>`; the CRI error wraps the CNI plugin's error
 * (containerd: `failed to setup network for sandbox "<id>": plugin type="calico" failed (add): ...`,
 * dockershim: `networkPlugin cni failed to set up pod "<pod>" network: ...`) or the runtime's
 * own (pulling the pause image, reserving the sandbox name). Older kubelets reported the same
 * through FailedSync `failed to "CreatePodSandbox" ...`. Pure string work: never throws.
 */
export type SandboxErrorKind =
  'sandboxImage' | 'networkNotReady' | 'cniUnauthorized' | 'ipExhausted' | 'cni' | 'other';

export interface SandboxError {
  readonly kind: SandboxErrorKind;
  /** CNI plugin named or implied by the message, when any. */
  readonly plugin?: string;
  /** Sandbox (pause) image, for sandboxImage. */
  readonly image?: string;
  /** The most specific part of the error, for messages. */
  readonly detail: string;
}

const SANDBOX_IMAGE = [
  /failed to get sandbox image \\?"([^"\\]+)\\?"/i,
  /(?:failed pulling image|failed to pull image|error pulling image|pull image) \\?"([^"\\]*pause[^"\\]*)\\?"/i,
  /docker:\/\/([^\s"\\]*\/pause:[^\s"\\:]+)/i,
  // dockertools (kubelets before the CRI): "image pull failed for gcr.io/google_containers/pause:2.0, this may be ..."
  /image pull failed for ([^\s,"\\]*pause[^\s,"\\]*)/i,
] as const;
const NETWORK_NOT_READY =
  /NetworkPluginNotReady|network plugin is not ready|cni plugin not initialized|cni config uninitialized|no networks found in \/etc\/cni\/net\.d|network is not ready/i;
const UNAUTHORIZED =
  /connection is unauthorized|\bUnauthorized\b|\b401\b|is forbidden: User \\?"system:serviceaccount/;
const IP_EXHAUSTED = [
  /failed to allocate for range/i,
  /no IP addresses available in range set/i,
  /failed to assign an IP address to container/i,
  /InsufficientCidrBlocks|InsufficientFreeAddresses/,
  /Failed to allocate (?:address|pod IP)/i,
  /\brange is full\b/i,
  /no (?:more )?(?:free |available )ip(?:s| address(?:es)?)\b/i,
  /no more free affine blocks/i,
  // Azure CNS (dynamic pod IP allocation): "AllocateIPConfig failed: not enough IPs available ..., waiting on Azure CNS to allocate more"
  /not enough IPs available/i,
  /ip(?:am)?(?: address)? (?:pool|range|block)s? (?:is |are )?exhausted/i,
] as const;
const CNI =
  /network for sandbox|networkPlugin cni|plugin type=|\bCNI\b|cni plugin|failed to set ?up (?:pod |sandbox container )?.{0,200}?network|SetupNetwork|failed \((?:add|ADD)\)|ClusterInformation/i;
const PLUGINS =
  /\b(calico|cilium|flannel|weave|aws-cni|aws-node|amazon-vpc-cni|azure-vnet|antrea|kube-router|multus|ovn-kubernetes|canal|kindnet|kube-ovn|whereabouts|host-local|macvlan|bridge)\b/i;

function pluginOf(message: string): string | undefined {
  const typed = /plugin type=\\?"([^"\\]+)\\?"/.exec(message)?.[1];
  if (typed !== undefined) return typed;
  const known = PLUGINS.exec(message)?.[1]?.toLowerCase();
  if (known !== undefined) return known;
  if (/ClusterInformation/.test(message)) return 'calico';
  return /networkPlugin cni|\bCNI\b/i.test(message) ? 'cni' : undefined;
}

/** The innermost error: after `failed (add): `, else after the last `network: `, else after `desc = `. */
function innermost(message: string): string {
  const markers = [
    'failed (add): ',
    'failed (ADD): ',
    ' network: ',
    'desc = ',
    'Failed to create pod sandbox: ',
  ];
  for (const m of markers) {
    const i = message.lastIndexOf(m);
    if (i >= 0) return message.slice(i + m.length);
  }
  return message;
}

export function shorten(text: string, max = 240): string {
  const one = text
    .replace(/\s+/g, ' ')
    .replace(/^[[\s]+|[\]\s]+$/g, '')
    .trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * Kubelets before the CRI pulled the sandbox's image for the infra container they called "POD":
 * `failed to "StartContainer" for "POD" with ErrImagePull: "Tag x not found in repository docker.io/openshift/origin-pod"`.
 */
const INFRA_PULL = /for \\?"POD\\?" with (?:ErrImagePull|ImagePullBackOff)\b/;
const INFRA_IMAGE = /(?:image \\?"|in repository )([^\s"\\]+)/;

export function classifySandboxMessage(message: string): SandboxError {
  const text = typeof message === 'string' ? message : '';
  for (const re of SANDBOX_IMAGE) {
    const image = re.exec(text)?.[1];
    if (image !== undefined) return { kind: 'sandboxImage', image, detail: shorten(innermost(text)) };
  }
  if (INFRA_PULL.test(text)) {
    const image =
      INFRA_IMAGE.exec(text.slice(text.search(INFRA_PULL)))?.[1] ?? 'of the infra container "POD"';
    return { kind: 'sandboxImage', image, detail: shorten(innermost(text)) };
  }
  const plugin = pluginOf(text);
  const withPlugin = plugin === undefined ? {} : { plugin };
  if (NETWORK_NOT_READY.test(text)) {
    const inner = /message:\s*(.*)$/s.exec(text)?.[1] ?? innermost(text);
    return { kind: 'networkNotReady', ...withPlugin, detail: shorten(inner) };
  }
  const network = CNI.test(text);
  if (network && UNAUTHORIZED.test(text))
    return { kind: 'cniUnauthorized', ...withPlugin, detail: shorten(innermost(text)) };
  if (IP_EXHAUSTED.some((re) => re.test(text)))
    return { kind: 'ipExhausted', ...withPlugin, detail: shorten(innermost(text)) };
  if (network) return { kind: 'cni', ...withPlugin, detail: shorten(innermost(text)) };
  return { kind: 'other', detail: shorten(innermost(text)) || 'no detail' };
}

/** Sandbox creation failures reported by the kubelet: FailedCreatePodSandBox, and older FailedSync ones. */
export function isSandboxFailureEvent(reason: string, message: string): boolean {
  if (reason === 'FailedCreatePodSandBox') return true;
  if (reason === '') return /^\s*Failed to create pod sandbox/i.test(message);
  // Before the CRI the sandbox was the infra container the kubelet called "POD" (dockertools
  // PodInfraContainerName): `failed to "StartContainer" for "POD" with ErrImagePull: ...`.
  return (
    reason === 'FailedSync' && /CreatePodSandbox|SetupNetwork|failed to "\w+" for "POD" with /.test(message)
  );
}
