/**
 * What the CNI plugin answers to ADD, in containerd's wrapping as the kubelet quotes it in
 * FailedCreatePodSandBox, and the kubelet's NetworkNotReady text while no CNI config exists.
 */
import type { CniSpec } from '../../../scenario/types.js';

export const NETWORK_NOT_READY_MESSAGE =
  'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

/** The plugin's own error when it is broken on the node (what its logs would also say). */
function brokenPluginDetail(plugin: string): string {
  switch (plugin) {
    case 'calico':
      return 'stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/';
    case 'flannel':
      return 'loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory';
    case 'cilium-cni':
    case 'cilium':
      return 'unable to connect to Cilium daemon: failed to create cilium agent client after 30.000000 seconds timeout: Get "http:///var/run/cilium/cilium.sock/v1/config": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory';
    default:
      return `failed to find plugin "${plugin}" in path [/opt/cni/bin]`;
  }
}

/** flannel hands IPAM to host-local through its delegate, which prefixes the error. */
function ipamDetail(plugin: string, rangeSet: string): string {
  const detail = `failed to allocate for range 0: no IP addresses available in range set: ${rangeSet}`;
  return plugin === 'flannel' ? `failed to delegate add: ${detail}` : detail;
}

export type CniFailureKind = 'error' | 'unauthorized' | 'ip-exhausted';

export function cniAddError(cni: CniSpec, kind: CniFailureKind, rangeSet: string): string {
  switch (kind) {
    case 'unauthorized':
      return 'error getting ClusterInformation: connection is unauthorized: Unauthorized';
    case 'ip-exhausted':
      return ipamDetail(cni.plugin, rangeSet);
    case 'error':
      return cni.failure?.message ?? brokenPluginDetail(cni.plugin);
  }
}

export function sandboxFailureMessage(plugin: string, sandboxId: string, detail: string): string {
  return `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "${sandboxId}": plugin type="${plugin}" failed (add): ${detail}`;
}

/** The configured failure, if it applies to this node. */
export function failureOn(cni: CniSpec, nodeName: string): CniSpec['failure'] {
  const f = cni.failure;
  if (f === undefined) return undefined;
  return f.nodes === undefined || f.nodes.includes(nodeName) ? f : undefined;
}
