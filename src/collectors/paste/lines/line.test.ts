import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';
import { readWith } from '../common/parser-test-helpers.js';
import { UNNAMED_POD } from '../common/types.js';

const read = (t: string) => readWith(t, parseLine);
const one = (t: string) => {
  const objs = read(t);
  expect(objs).toHaveLength(1);
  return objs[0];
};

describe('event messages on their own line', () => {
  it.each([
    [
      'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
      'FailedAttachVolume',
      'Warning',
    ],
    [
      'AttachVolume.Attach failed for volume "pvc-1" : rpc error: code = Internal desc = volume in use',
      'FailedAttachVolume',
      'Warning',
    ],
    [
      'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
      'FailedMount',
      'Warning',
    ],
    [
      'MountVolume.MountDevice failed for volume "pvc-9" : rpc error: code = Aborted',
      'FailedMount',
      'Warning',
    ],
    [
      'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition',
      'FailedMount',
      'Warning',
    ],
    // k8s.io/mount-utils running mount(8), for the kubelet or a CSI node plugin (logged, returned).
    ['Mount failed: exit status 32', 'FailedMount', 'Warning'],
    ['mount failed: exit status 32', 'FailedMount', 'Warning'],
    ['mount failed: signal: killed', 'FailedMount', 'Warning'],
    [
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu.',
      'FailedScheduling',
      'Warning',
    ],
    [
      'No nodes are available that match all of the following predicates:: Insufficient cpu (4).',
      'FailedScheduling',
      'Warning',
    ],
    [
      'Failed to pull image "ubuntu:bionic": rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit.',
      'Failed',
      'Warning',
    ],
    ['Error: ErrImagePull', 'Failed', 'Warning'],
    ['Error: ImagePullBackOff', 'Failed', 'Warning'],
    ['Back-off pulling image "ubuntu:bionic"', 'BackOff', 'Normal'],
    ['Back-off restarting failed container', 'BackOff', 'Warning'],
    [
      'Liveness probe failed: Get "http://10.244.0.36:8080/healthz": dial tcp 10.244.0.36:8080: connect: connection refused',
      'Unhealthy',
      'Warning',
    ],
    ['Readiness probe failed: HTTP probe failed with statuscode: 503', 'Unhealthy', 'Warning'],
    ['Startup probe failed: command "cat /tmp/ready" timed out', 'Unhealthy', 'Warning'],
    [
      '(combined from similar events): Readiness probe failed: calico/node is not ready',
      'Unhealthy',
      'Warning',
    ],
    ['Container app failed liveness probe, will be restarted', 'Killing', 'Normal'],
    [
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "abc": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
      'FailedCreatePodSandBox',
      'Warning',
    ],
    [
      'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
      'NetworkNotReady',
      'Warning',
    ],
    [
      'The node was low on resource: ephemeral-storage. Threshold quantity: 2Gi, available: 1Gi.',
      'Evicted',
      'Warning',
    ],
    ['Error: configmap "app-config" not found', 'Failed', 'Warning'],
    ['Error: secret "db-password" not found', 'Failed', 'Warning'],
    ['Error: secrets "secrets-2.16.4-1" not found', 'Failed', 'Warning'],
    ["Error: couldn't find key DB_HOST in ConfigMap shop/app-config", 'Failed', 'Warning'],
    [
      'Error: container has runAsNonRoot and image will run as root (pod: "web_shop(1)", container: web)',
      'Failed',
      'Warning',
    ],
    [
      'Container image "registry/app:e6ca4be8" is not present with pull policy of Never',
      'ErrImageNeverPull',
      'Warning',
    ],
    ['Started container trivy', 'Started', 'Normal'],
    ['Created container: trivy', 'Created', 'Normal'],
    ['Container image "nginx:1.25" already present on machine', 'Pulled', 'Normal'],
    [
      'Successfully pulled image "nginx:1.25" in 1.2s (1.2s including waiting). Image size: 187000000 bytes.',
      'Pulled',
      'Normal',
    ],
    ['Preempted by pod 4f2a0c1e-7d3b-4b8f-9c1a-2e5d6f7a8b9c on node worker-2', 'Preempted', 'Normal'],
    ['Node is not ready', 'NodeNotReady', 'Warning'],
    [
      'Search Line limits were exceeded, some search paths have been omitted, the applied search path is: shop.svc.cluster.local svc.cluster.local',
      'DNSConfigForming',
      'Warning',
    ],
    [
      'Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 1.1.1.1 8.8.8.8 9.9.9.9',
      'DNSConfigForming',
      'Warning',
    ],
    [
      "Volume is already exclusively attached to one node and can't be attached to another",
      'FailedAttachVolume',
      'Warning',
    ],
    ['Volume is already used by pod(s) web-0, web-1', 'FailedAttachVolume', 'Warning'],
  ])('%s', (line, reason, type) => {
    expect(one(line)).toMatchObject({
      raw: { kind: 'Event', reason, type, message: line, involvedObject: { kind: 'Pod', name: UNNAMED_POD } },
      line: 1,
      inferredName: expect.any(String) as unknown,
    });
  });

  it("a CSI node plugin's klog line of mount-utils: the message without the logger's prefix", () => {
    expect(one('E0416 08:49:27.567704 1 mount_linux.go:143] Mount failed: exit status 32')).toMatchObject({
      raw: { kind: 'Event', reason: 'FailedMount', type: 'Warning', message: 'Mount failed: exit status 32' },
    });
  });

  // The quota admission's refusal quoted without its "pods "x" is forbidden: " (a Deployment's
  // ReplicaFailure condition): a FailedCreate of the pods' unnamed owner; 1.x wrote it capitalised.
  it.each([
    'exceeded quota: tenant-quota, requested: limits.memory=4Gi, used: limits.memory=5Gi, limited: limits.memory=6Gi',
    'Exceeded quota: compute, requested: pods=1, used: pods=10, limited: pods=10',
    'failed quota: system-resourcequota: must specify limits.cpu',
    'Failed quota: q: must specify memory',
  ])('a quota refusal alone: %s', (line) => {
    expect(one(line)).toMatchObject({
      raw: {
        kind: 'Event',
        reason: 'FailedCreate',
        type: 'Warning',
        message: line,
        involvedObject: { kind: 'ReplicaSet' },
      },
    });
  });

  it.each(['we exceeded quota on the registry', 'exceeded quota: please retry', 'failed quota check'])(
    'prose about quotas is no refusal: %s',
    (line) => {
      expect(read(line)).toEqual([]);
    },
  );

  // The runtimes' pull errors quoted without the kubelet's "Failed to pull image" (assemble records
  // them as the kubelet would): containerd's inner words, dockerd's.
  it.each([
    'pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    "pull access denied for acme/web, repository does not exist or may require 'docker login'",
  ])('a runtime pull error alone: %s', (line) => {
    expect(one(line)?.raw).toMatchObject({ reason: 'Failed', type: 'Warning', message: line });
  });

  it('pull access denied in a sentence of its own is no pull error', () => {
    expect(read('we got pull access denied, so we logged in again')).toEqual([]);
  });

  it('joins a message wrapped over a few lines', () => {
    const obj = one(
      [
        'Failed to pull image "busybox": rpc error: code = Unknown',
        'desc = failed to pull and unpack image "docker.io/library/busybox:latest": failed to copy:',
        '429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
        '',
        'What should I do?',
      ].join('\n'),
    );
    expect(obj?.raw.message).toBe(
      'Failed to pull image "busybox": rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/library/busybox:latest": failed to copy: 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
    );
  });

  it('stops the wrap at the next recognisable message', () => {
    const objs = read('Error: ErrImagePull\nBack-off pulling image "x"\nError: ImagePullBackOff');
    expect(objs.map((o) => o.raw.reason)).toEqual(['Failed', 'BackOff', 'Failed']);
  });

  it('strips bullets, a message key and backticks', () => {
    expect(one('`Readiness probe failed: HTTP probe failed with statuscode: 500`')?.raw).toMatchObject({
      reason: 'Unhealthy',
      message: 'Readiness probe failed: HTTP probe failed with statuscode: 500',
    });
    expect(one('- Back-off restarting failed container')?.raw.reason).toBe('BackOff');
    expect(one("message: 'The node was low on resource: memory.'")?.raw).toMatchObject({
      reason: 'Evicted',
      message: 'The node was low on resource: memory.',
    });
  });
});

describe('lines that are not Kubernetes evidence', () => {
  it.each([
    'error: timed out waiting for the condition',
    'warning: Immediate deletion does not wait for confirmation that the running resource has been terminated.',
    'pod "mypod-0" force deleted',
    '$ kubectl get pods',
    'kubectl logs web-0 --previous',
    'I think the liveness probe failed because the app was slow.',
    'Error: INSTALLATION FAILED: context deadline exceeded',
    'NAME   READY   STATUS',
    '',
  ])('%s', (line) => {
    expect(parseLine([line], 0)).toBeUndefined();
  });

  // The API server's answers to kubectl are notes (server-errors.test.ts), never objects.
  it.each([
    'Error from server (NotFound): pods "web-0" not found',
    'Error from server (Forbidden): pods is forbidden: User "dev" cannot list resource "pods" in API group "" in the namespace "prod"',
  ])('%s', (line) => {
    const r = parseLine([line], 0);
    expect(r?.objects).toEqual([]);
    expect(r?.notes).toHaveLength(1);
  });
});
