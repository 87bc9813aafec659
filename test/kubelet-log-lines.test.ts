/**
 * The kubelet's own log lines (journalctl -u kubelet) pasted alone: its sync errors
 * (`failed to "<Action>" for "<target>" with <Err>: "<msg>"`, pkg/kubelet/container/sync_result.go)
 * and its sandbox failures (kuberuntime_manager.go, kuberuntime_sandbox.go, remote_runtime.go), in
 * klog's structured form (1.19 on) and the older unstructured one, are judged like the events they
 * stand for: a restart back-off is a crash loop, a pull back-off an image pull, a sandbox failure the
 * sandbox stage. Real shapes from public bug reports; names changed.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');
const UID = '0b1c2d3e-1111-2222-3333-444455556666';
const SYSLOG = 'Jun 02 09:11:40 node1 kubelet[812]:';

/** The failed diagnoses of a text, none when it is refused as holding no Kubernetes output. */
function failedOrNone(text: string) {
  try {
    return diagnosePaste(text, CLOCK).diagnoses.filter((d) => d.verdict === 'failed');
  } catch {
    return [];
  }
}

function judged(text: string): { target: string; stage: string; reason: string; container: string } {
  const failed = diagnosePaste(text, CLOCK).diagnoses.filter((d) => d.verdict === 'failed');
  expect(failed, 'exactly one failed target').toHaveLength(1);
  const [d] = failed;
  return {
    target: `${d?.target.namespace}/${d?.target.name}`,
    stage: d?.stage ?? '',
    reason: d?.reason ?? '',
    container: d?.container?.name ?? '',
  };
}

describe('sync errors in kubelet log lines', () => {
  it.each([
    [
      'structured, a restart back-off',
      `${SYSLOG} E0602 09:11:40.123456     812 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=app pod=web-7d9f_shop(${UID})\\"" pod="shop/web-7d9f" podUID="${UID}"`,
      { target: 'shop/web-7d9f', stage: 'crash', reason: 'CrashLoopBackOff', container: 'app' },
    ],
    [
      'unstructured (before 1.19), a restart back-off',
      `${SYSLOG} E0602 09:11:40.123456     812 pod_workers.go:186] Error syncing pod ${UID} ("web-7d9f_shop(${UID})"), skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "Back-off 5m0s restarting failed container=app pod=web-7d9f_shop(${UID})"`,
      { target: 'shop/web-7d9f', stage: 'crash', reason: 'CrashLoopBackOff', container: 'app' },
    ],
    [
      'unstructured, a pull back-off',
      `${SYSLOG} E0602 09:11:40.123456     812 pod_workers.go:191] Error syncing pod ${UID} ("web-7d9f_shop(${UID})"), skipping: failed to "StartContainer" for "app" with ImagePullBackOff: "Back-off pulling image \\"registry.example.com/app:1.2\\""`,
      { target: 'shop/web-7d9f', stage: 'image-pull', reason: 'PullBackOff', container: 'app' },
    ],
    [
      'structured, a pull error whose cause is a missing manifest',
      `${SYSLOG} E0602 09:11:40.123456     812 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with ErrImagePull: \\"rpc error: code = NotFound desc = failed to pull and unpack image \\\\\\"docker.io/library/app:9.9\\\\\\": failed to resolve reference \\\\\\"docker.io/library/app:9.9\\\\\\": docker.io/library/app:9.9: not found\\"" pod="shop/web-7d9f" podUID="${UID}"`,
      { target: 'shop/web-7d9f', stage: 'image-pull', reason: 'ImageNotFound', container: 'app' },
    ],
  ])('%s', (_, line, want) => {
    expect(judged(line)).toEqual(want);
  });

  it('a sync error of a container the pod spec lists as an init container is no app crash loop', () => {
    const text = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: web-7d9f',
      '  namespace: shop',
      'spec:',
      '  initContainers:',
      '  - name: migrate',
      '    image: app:1.2',
      '  containers:',
      '  - name: app',
      '    image: app:1.2',
      '---',
      `${SYSLOG} E0602 09:11:40.123456     812 pod_workers.go:186] Error syncing pod ${UID} ("web-7d9f_shop(${UID})"), skipping: failed to "StartContainer" for "migrate" with CrashLoopBackOff: "Back-off 5m0s restarting failed container=migrate pod=web-7d9f_shop(${UID})"`,
    ].join('\n');
    const stages = diagnosePaste(text, CLOCK).diagnoses.map((d) => d.stage);
    expect(stages).not.toContain('crash');
  });
});

describe('sandbox failures in kubelet log lines', () => {
  it.each([
    [
      'structured CreatePodSandbox, a CNI plugin not authorized',
      `${SYSLOG} E0909 13:18:53.245097   98983 kuberuntime_manager.go:790] "CreatePodSandbox for pod failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"a83bc730\\": plugin type=\\"calico\\" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized" pod="default/nginx-66b6c48dd5-8tznf"`,
      {
        target: 'default/nginx-66b6c48dd5-8tznf',
        stage: 'sandbox-network',
        reason: 'CNIUnauthorized',
        container: '',
      },
    ],
    [
      'structured "Failed to create sandbox for pod", an IPAM failure',
      `${SYSLOG} E0409 10:13:52.936119     642 kuberuntime_sandbox.go:72] "Failed to create sandbox for pod" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"a71d6593\\": plugin type=\\"vxlan\\" name=\\"mycni\\" failed (add): invalid CIDR address: <nil>" pod="kube-system/coredns-5bbd96d687-tvpxr"`,
      {
        target: 'kube-system/coredns-5bbd96d687-tvpxr',
        stage: 'sandbox-network',
        reason: 'CNIFailed',
        container: '',
      },
    ],
    [
      'unstructured (before 1.19), the pause image unreachable',
      `${SYSLOG} E0130 04:25:11.637625    1893 kuberuntime_sandbox.go:68] CreatePodSandbox for pod "kube-proxy-pk22k_kube-system(${UID})" failed: rpc error: code = Unknown desc = failed pulling image "k8s.gcr.io/pause:3.1": Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)`,
      {
        target: 'kube-system/kube-proxy-pk22k',
        stage: 'sandbox-network',
        reason: 'SandboxImageFailed',
        container: '',
      },
    ],
    [
      'kuberuntime_manager.go before 1.19 (lower-case createPodSandbox)',
      `E0105 03:52:58.952990    3624 kuberuntime_manager.go:632] createPodSandbox for pod "nginx666-864b85987c-kvdpb_default(${UID})" failed: rpc error: code = Unknown desc = failed pulling image "gcr.io/google_containers/pause-amd64:3.0": Error response from daemon: Get https://gcr.io/v1/_ping: dial tcp 64.233.189.82:443: i/o timeout`,
      {
        target: 'default/nginx666-864b85987c-kvdpb',
        stage: 'sandbox-network',
        reason: 'SandboxImageFailed',
        container: '',
      },
    ],
  ])('%s', (_, line, want) => {
    expect(judged(line)).toEqual(want);
  });

  it('a journalctl line cut at the terminal width still names the stage', () => {
    const line = `9月 09 02:58:28 k8smaster kubelet[4658]: E0909 02:58:28.809594    4658 kuberuntime_manager.go:1168] "CreatePodSandbox for pod failed" err="rpc error: >`;
    expect(judged(line)).toMatchObject({ stage: 'sandbox-network' });
  });

  it.each([
    [
      'a sentence that only mentions the function',
      'I think CreatePodSandbox is where it fails for pod web-1.',
    ],
    [
      'a successful sandbox start',
      `${SYSLOG} I0602 09:11:40.123456     812 kuberuntime_manager.go:900] "Created PodSandbox" pod="shop/web-1"`,
    ],
  ])('no sandbox failure in %s', (_, line) => {
    const stages = (() => {
      try {
        return diagnosePaste(line, CLOCK).diagnoses.map((d) => d.stage);
      } catch {
        return [];
      }
    })();
    expect(stages).not.toContain('sandbox-network');
  });
});

describe("the kubelet's PLEG health in its log lines, with nothing else pasted", () => {
  const nodeOf = (text: string) =>
    diagnosePaste(text, CLOCK).snapshot.nodes.map((n) => [
      n.metadata.name,
      n.status.conditions?.find((c) => c.type === 'Ready')?.status,
    ]);

  it.each([
    [
      'structured, after a syslog prefix naming the host',
      'Apr 13 10:53:52 ip-10-42-10-121 kubelet: E0413 10:53:52.844381    3263 kubelet.go:2055] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 2h33m12.704970756s ago; threshold is 3m0s"',
      'ip-10-42-10-121',
    ],
    [
      'a kubelet with its pid, PLEG never successful',
      'Dec 06 18:50:01 worker-3 kubelet[1021]: I1206 18:50:01.000000    1021 kubelet.go:1846] skipping pod synchronization - [container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]',
      'worker-3',
    ],
    [
      'no syslog prefix: the node is unnamed',
      'E0413 10:53:52.844381    3263 kubelet.go:2055] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 10m18.04s ago; threshold is 3m0s"',
      'unnamed-node',
    ],
  ])('%s: the node is not Ready, and the pod that stands for its pods stops at the node', (_, line, node) => {
    expect(nodeOf(line)).toEqual([[node, 'False']]);
    expect(judged(line)).toEqual({
      target: 'default/unnamed-pod',
      stage: 'node',
      reason: 'NodeNotReady',
      container: '',
    });
  });

  it.each([
    ['prose that names PLEG', 'Could PLEG be the reason this node flaps?'],
    ['a healthy relist', 'I0413 10:53:52.844381    3263 generic.go:191] "GenericPLEG: Relisting"'],
  ])('no node from %s', (_, line) => {
    const nodes = (() => {
      try {
        return nodeOf(line);
      } catch {
        return [];
      }
    })();
    expect(nodes).toEqual([]);
  });
});

describe("the kubelet's network-not-ready log line", () => {
  it.each([
    [
      'unstructured (dockershim), quoted in markdown',
      '> Feb 12 10:02:01 gpu16 kubelet[148526]: E0212 10:02:01.261124  148526 kubelet.go:2104] Container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized',
    ],
    [
      'structured (1.2x), the state in its networkReady key',
      'Mar 01 08:00:00 cp-1 kubelet[901]: E0301 08:00:00.000001     901 kubelet.go:2855] "Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"',
    ],
  ])('%s: the pods on the node get no sandbox', (_, line) => {
    expect(judged(line)).toEqual({
      target: 'default/unnamed-pod',
      stage: 'sandbox-network',
      reason: 'NetworkNotReady',
      container: '',
    });
  });

  it('the next journal record is not read as the message going on', () => {
    const text = [
      '> Feb 12 10:02:01 gpu16 kubelet[148526]: E0212 10:02:01.261124  148526 kubelet.go:2104] Container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized',
      '> Feb 12 10:02:06 gpu16 kubelet[148526]: W0212 10:02:06.262549  148526 cni.go:171] Unable to update cni config: No networks found in /etc/cni/net.d',
      'W0212 10:02:07.262549  148526 cni.go:171] Unable to update cni config: No networks found in /etc/cni/net.d',
      '2024-02-12T10:02:08Z the same, from another logger',
    ].join('\n');
    const events = diagnosePaste(text, CLOCK).snapshot.events;
    expect(events.map((e) => e.message)).toEqual([
      'Container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized',
    ]);
  });
});

describe("containerd's CRI log lines (level=error msg=... error=...)", () => {
  it.each([
    [
      'a CNI failure of the sandbox',
      'Jan 10 12:00:01 worker-1 containerd[812]: time="2024-01-10T12:00:01.123456789Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:coredns-5d78c9869d-abcde,Uid:0b1c2d3e,Namespace:kube-system,Attempt:0,} failed, error" error="failed to setup network for sandbox \\"abc\\": plugin type=\\"flannel\\" failed (add): open /run/flannel/subnet.env: no such file or directory"',
      {
        target: 'kube-system/coredns-5d78c9869d-abcde',
        stage: 'sandbox-network',
        reason: 'CNIFailed',
        container: '',
      },
    ],
    [
      'the sandbox image unreachable',
      'time="2023-05-13T03:52:00.921119344+08:00" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:kube-proxy-pk22k,Uid:ad0d231e,Namespace:kube-system,Attempt:0,} failed, error" error="failed to get sandbox image \\"registry.k8s.io/pause:3.9\\": failed to pull image \\"registry.k8s.io/pause:3.9\\": failed to pull and unpack image \\"registry.k8s.io/pause:3.9\\": failed to resolve reference \\"registry.k8s.io/pause:3.9\\": failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": dial tcp 34.96.108.209:443: i/o timeout"',
      {
        target: 'kube-system/kube-proxy-pk22k',
        stage: 'sandbox-network',
        reason: 'SandboxImageFailed',
        container: '',
      },
    ],
  ])('%s', (_, line, want) => {
    expect(judged(line)).toEqual(want);
  });

  it('the start of a sandbox (info, no "failed") is no failure', () => {
    const line =
      'time="2024-01-10T12:00:00.000000000Z" level=info msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,Uid:0b1c,Namespace:shop,Attempt:0,}"';
    const failed = failedOrNone(line);
    expect(failed).toEqual([]);
  });
});

/**
 * The CNI plugin's own error (libcni "plugin type=%q failed (add|delete): ...") and containerd's
 * words around it, pasted alone: a failed add is the sandbox's network, a failed delete the
 * teardown of a pod being deleted, unless containerd is undoing a setup that failed.
 */
describe('CNI add and delete failures pasted alone', () => {
  const unauthorized = 'error getting ClusterInformation: connection is unauthorized: Unauthorized';
  it.each([
    [
      'the plugin error, add',
      `plugin type="calico" failed (add): ${unauthorized}`,
      'sandbox-network CNIUnauthorized',
    ],
    [
      'with the network name (newer libcni)',
      `plugin type="calico" name="k8s-pod-network" failed (add): ${unauthorized}`,
      'sandbox-network CNIUnauthorized',
    ],
    [
      "containerd's wrapper, add",
      'failed to setup network for sandbox "4c2a9f": plugin type="flannel" failed (add): open /run/flannel/subnet.env: no such file or directory',
      'sandbox-network CNIFailed',
    ],
    [
      'quoted with escaped quotes, as a log field prints it',
      `\`plugin type=\\"calico\\" failed (add): ${unauthorized}"\``,
      'sandbox-network CNIUnauthorized',
    ],
    [
      'the plugin error, delete',
      `plugin type="calico" failed (delete): ${unauthorized}`,
      'termination StuckTerminating',
    ],
    [
      "containerd's wrapper, delete",
      `failed to destroy network for sandbox "4c2a9f": plugin type="calico" failed (delete): ${unauthorized}`,
      'termination StuckTerminating',
    ],
    [
      'delete, quoted with escaped quotes',
      `\`plugin type=\\"calico\\" failed (delete): ${unauthorized}"\``,
      'termination StuckTerminating',
    ],
  ])('%s', (_, line, want) => {
    const { stage, reason } = judged(line);
    expect(`${stage} ${reason}`).toBe(want);
  });

  it("containerd undoing a failed setup: only the setup's failure, no pod stuck Terminating", () => {
    const text = [
      `Mar 06 10:00:01 node1 containerd[812]: time="2023-03-06T10:00:01.1Z" level=error msg="Failed to destroy network for sandbox \\"4c2a9f\\"" error="plugin type=\\"calico\\" failed (delete): ${unauthorized}"`,
      `Mar 06 10:00:01 node1 containerd[812]: time="2023-03-06T10:00:01.2Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,Uid:4f2a,Namespace:shop,Attempt:0,} failed, error" error="failed to setup network for sandbox \\"4c2a9f\\": plugin type=\\"calico\\" failed (add): ${unauthorized}"`,
    ].join('\n');
    expect(judged(text)).toEqual({
      target: 'shop/web-1',
      stage: 'sandbox-network',
      reason: 'CNIUnauthorized',
      container: '',
    });
  });

  it.each([
    ['prose naming the plugin', 'the calico plugin failed (add) for us yesterday'],
    ['a plugin line without its type', 'plugin failed (add): something'],
  ])('no failure for %s', (_, line) => {
    const failed = failedOrNone(line);
    expect(failed).toEqual([]);
  });
});

/** The kubelet's teardown failures of file and block volumes (operation_generator.go), pasted alone. */
describe('volume teardown failures', () => {
  it.each([
    [
      'a file volume',
      'UnmountVolume.TearDown failed for volume "data" (UniqueName: "kubernetes.io/csi/x^v") pod "5f2c" (UID: "5f2c") : kubernetes.io/csi: Unmounter.TearDownAt failed: rpc error: code = Internal desc = umount failed: exit status 32',
    ],
    [
      'a block volume',
      'UnmapVolume.UnmapBlockVolume failed for volume "bv" (UniqueName: "kubernetes.io/csi/driver.longhorn.io^pvc-1") pod "7c5b" (UID: "7c5b") : blkUtil.DetachFileDevice failed: failed to unmount linkPath /x: target is busy.',
    ],
    [
      "a block volume's device",
      'UnmapDevice.UnmapBlockDevice failed for volume "pvc-1" (UniqueName: "kubernetes.io/csi/driver.longhorn.io^pvc-1") on node "n1" : failed to unmount /dev/x: target is busy',
    ],
    [
      'the global mount',
      'UnmountDevice failed for volume "pvc-1" (UniqueName: "kubernetes.io/csi/ebs.csi.aws.com^vol-0abc") on node "n1" : kubernetes.io/csi: attacher.UnmountDevice failed: rpc error: code = Internal desc = umount failed: exit status 32 target is busy',
    ],
    [
      'inside a klog line of the operation executor',
      'E0324 04:21:58.987894    1232 nestedpendingoperations.go:301] Operation for "{volumeName:x podName:7c5b nodeName:}" failed. No retries permitted until 2022-03-24 04:21:59.4 +0000 UTC m=+1.2 (durationBeforeRetry 500ms). Error: "UnmapVolume.UnmapBlockVolume failed for volume \\"bv\\" (UniqueName: \\"kubernetes.io/csi/driver.longhorn.io^pvc-1\\") pod \\"7c5b\\" (UID: \\"7c5b\\") : failed to unmount linkPath /x: unmount failed: exit status 32"',
    ],
  ])('%s', (_, line) => {
    const { stage, reason } = judged(line);
    expect(`${stage} ${reason}`).toBe('termination VolumeTeardownStuck');
  });
});

/**
 * The kubelet's log of a failed pull (kuberuntime_image.go "Pull image %q failed: %v", remote_image.go
 * "PullImage %q from image service failed: %v"; with structured logging "Failed to pull image" and
 * "PullImage from image service failed" with err= and image=), pasted alone: judged like the event
 * it records, `Failed to pull image "<image>": <error>`, by the runtime's error.
 */
describe('pull failures in kubelet log lines', () => {
  const KLOG = `${SYSLOG} E0602 09:11:40.123456     812`;
  const IMAGE = '602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.5.3';
  const ERRORS = [
    [
      'dockerd without registry credentials',
      `rpc error: code = Unknown desc = Error response from daemon: Get https://602401143452.dkr.ecr.eu-west-1.amazonaws.com/v2/amazon-k8s-cni/manifests/v1.5.3: no basic auth credentials`,
      'RegistryUnauthorized',
    ],
    [
      "containerd's missing tag",
      `rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found`,
      'ImageNotFound',
    ],
    [
      "Docker Hub's rate limit",
      'rpc error: code = Unknown desc = Error response from daemon: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit',
      'RateLimited',
    ],
  ] as const;
  const quote = (s: string) => s.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  const FORMS = [
    [
      'kuberuntime_image.go, unstructured',
      (err: string) => `${KLOG} kuberuntime_image.go:51] Pull image "${IMAGE}" failed: ${err}`,
    ],
    [
      'remote_image.go, unstructured',
      (err: string) => `${KLOG} remote_image.go:113] PullImage "${IMAGE}" from image service failed: ${err}`,
    ],
    [
      'kuberuntime_image.go, structured',
      (err: string) =>
        `${KLOG} kuberuntime_image.go:53] "Failed to pull image" err="${quote(err)}" image="${IMAGE}"`,
    ],
    [
      'remote_image.go, structured',
      (err: string) =>
        `${KLOG} remote_image.go:238] "PullImage from image service failed" err="${quote(err)}" image="${IMAGE}"`,
    ],
  ] as const;
  const cases = FORMS.flatMap(([form, line]) =>
    ERRORS.map(([what, err, reason]) => [`${form}: ${what}`, line(err), reason] as const),
  );

  it.each(cases)('%s', (_, line, reason) => {
    const failed = diagnosePaste(line, CLOCK).diagnoses.filter((d) => d.verdict === 'failed');
    expect(failed.map((d) => `${d.stage} ${d.reason}`)).toEqual([`image-pull ${reason}`]);
    // Quoted as the event the kubelet records, with the image it names.
    const texts = failed[0]?.evidence.map((e) => e.text) ?? [];
    expect(texts.some((t) => t.includes(`Failed to pull image "${IMAGE}": rpc error:`))).toBe(true);
  });

  it.each([
    ['the pull starting', `${KLOG} kuberuntime_image.go:53] "Pulling image" image="${IMAGE}"`],
    ['a pull that succeeded', `${KLOG} remote_image.go:167] "PullImage" image="${IMAGE}" ref="sha256:0b1c"`],
    ['prose about a failed pull without the error', 'Pull image "x" failed for us yesterday'],
  ])('no failure for %s', (_, line) => {
    expect(failedOrNone(line)).toEqual([]);
  });
});
