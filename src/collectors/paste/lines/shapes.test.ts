import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';
import { readWith } from '../common/parser-test-helpers.js';
import { MESSAGE_SHAPES, POD_STATUS_STARTS } from './messages.js';

/** Message shapes of the kubelet, scheduler, controllers and apiserver, each on its own line and inside other text. */

const read = (t: string) => readWith(t, parseLine);

describe('message shapes', () => {
  it.each([
    [
      'Error syncing pod, skipping: failed to "StartContainer" for "app" with CrashLoopBackOff',
      'FailedSync',
      'Pod',
    ],
    [
      'error killing pod: failed to "KillPodSandbox" for "uid" with KillPodSandboxError',
      'FailedKillPod',
      'Pod',
    ],
    ['Container runtime did not kill the pod within specified grace period.', 'ExceededGracePeriod', 'Pod'],
    ['Failed create pod sandbox: rpc error: code = Unknown', 'FailedCreatePodSandBox', 'Pod'],
    ['Failed to start container with docker id 2a15 with error: API error (500)', 'Failed', 'Pod'],
    ['Killing container with id docker://app:Need to kill Pod', 'Killing', 'Pod'],
    [
      'OCI runtime create failed: container_linux.go:349: starting container process caused "exec: \\"x\\""',
      'Failed',
      'Pod',
    ],
    ['Error: services have not yet been read at least once, cannot construct envvars', 'Failed', 'Pod'],
    ['Error: configmap references non-existent config key: LOG_LEVEL', 'Failed', 'Pod'],
    [
      'Error: container\'s runAsUser breaks non-root policy (pod: "web_shop(1)", container: web)',
      'Failed',
      'Pod',
    ],
    [
      'running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition',
      'FailedScheduling',
      'Pod',
    ],
    [
      'running "VolumeBinding" filter plugin for pod "web-0": pod has unbound immediate PersistentVolumeClaims',
      'FailedScheduling',
      'Pod',
    ],
    [
      'error while running "VolumeBinding" prebind plugin for pod "web-0": Failed to bind volumes: timed out',
      'FailedScheduling',
      'Pod',
    ],
    [
      'Binding rejected: Operation cannot be fulfilled on pods/binding "web-0": pod web-0 is already assigned',
      'FailedScheduling',
      'Pod',
    ],
    [
      'Internal error binding pod: (scheduler cache ForgetPod failed: pod ns/web-1 state was assumed on a different node)',
      'FailedScheduling',
      'Pod',
    ],
    ['pod (web-1) failed to fit in any node', 'FailedScheduling', 'Pod'],
    ['fit failure summary on nodes : Insufficient cpu (2)', 'FailedScheduling', 'Pod'],
    ['Failed for reason PodFitsResources and possibly others', 'FailedScheduling', 'Pod'],
    ['AttachVolume.Attach succeeded for volume "pvc-1"', 'SuccessfulAttachVolume', 'Pod'],
    [
      'Error creating job: jobs.batch "nightly-28311840" is forbidden: exceeded quota: q',
      'FailedCreate',
      'ReplicaSet',
    ],
    ['pods "web-7d4-" is forbidden: exceeded quota: compute, requested: cpu=1', 'FailedCreate', 'ReplicaSet'],
    [
      'no persistent volumes available for this claim and no storage class is set',
      'FailedBinding',
      'PersistentVolumeClaim',
    ],
    [
      'failed to provision volume with StorageClass "gp3": rpc error: code = Internal',
      'ProvisioningFailed',
      'PersistentVolumeClaim',
    ],
    ['storageclass.storage.k8s.io "fast" not found', 'ProvisioningFailed', 'PersistentVolumeClaim'],
    ['PersistentVolumeClaim is not bound: "data-web-0"', 'FailedScheduling', 'Pod'],
    [
      'MountVolume.NewMounter initialization failed for volume "pvc-1" : path "/mnt/ssd1" does not exist',
      'FailedMount',
      'Pod',
    ],
    [
      'MapVolume.NewBlockVolumeMapper initialization failed for volume "pvc-2" : no block device',
      'FailedMapVolume',
      'Pod',
    ],
    [
      'unable to ensure pod container exists: failed to create container for [kubepods besteffort pod1] : dbus: connection closed by user',
      'FailedCreatePodContainer',
      'Pod',
    ],
    ['Job has reached the specified backoff limit', 'BackoffLimitExceeded', 'Job'],
    ['Job was active longer than specified deadline', 'DeadlineExceeded', 'Job'],
    [
      'pod violates PodSecurity "baseline:latest": privileged (container "x" must not set securityContext.privileged=true)',
      'FailedCreate',
      'ReplicaSet',
    ],
    [
      'unable to create new content in namespace shop because it is being terminated',
      'FailedCreate',
      'ReplicaSet',
    ],
    [
      'waiting for first consumer to be created before binding',
      'WaitForFirstConsumer',
      'PersistentVolumeClaim',
    ],
    [
      'waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator',
      'ExternalProvisioning',
      'PersistentVolumeClaim',
    ],
  ])('%s', (message, reason, kind) => {
    for (const line of [
      message,
      `I0101 10:00:00.000000  1 x.go:1] ${message}`,
      `  "message": "${message.replaceAll('"', '\\"')}",`,
    ]) {
      const objs = read(line);
      expect(objs).toHaveLength(1);
      expect(objs[0]?.raw).toMatchObject({ kind: 'Event', reason, involvedObject: { kind } });
    }
  });

  it('the pod of a taint manager eviction', () => {
    expect(read('Marking for deletion Pod shop/web-1')[0]?.raw).toMatchObject({
      reason: 'TaintManagerEviction',
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    });
  });

  it('a node status change anywhere in the line is about the node', () => {
    expect(
      read('5m   Normal   NodeNotReady   node/n1   Node n1 status is now: NodeNotReady')[0]?.raw,
    ).toMatchObject({
      reason: 'NodeNotReady',
      involvedObject: { kind: 'Node', name: 'n1' },
    });
    expect(
      read('Jun 1 10:00:00 cp kube-controller-manager: Node worker-2 status is now: NodeNotReady')[0]?.raw,
    ).toMatchObject({ involvedObject: { kind: 'Node', name: 'worker-2' }, type: 'Warning' });
  });

  it('every shape is one anchored pattern that can be searched for anywhere', () => {
    for (const r of [...MESSAGE_SHAPES.map((s) => s.start), ...POD_STATUS_STARTS]) {
      expect(r.source.startsWith('^')).toBe(true);
      expect(r.source.slice(1)).not.toMatch(/(?<!\\)\|\^/);
    }
  });
});
