import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';
import { UNNAMED_POD } from '../common/types.js';

/** Pastes that hold only part of a describe: one section, or the middle of a container. */

describe('fragments inside a container', () => {
  it('State with its Reason, at describe indentation', () => {
    const text = `    State:          Waiting
      Reason:       CrashLoopBackOff
      Message:      back-off 5m0s restarting failed container=api pod=api-5f7c9d_prod(0d3c0b1e-1111-2222-3333-444455556666)
    Last State:     Terminated
      Reason:       Error
      Exit Code:    2
    Ready:          False
    Restart Count:  12
`;
    const { objects, blocks } = describeAll(text);
    expect(blocks).toEqual([[0, lineCount(text)]]);
    const pod = only(objects, 'Pod');
    expect(at(pod, 'status.containerStatuses.0')).toEqual({
      name: 'unnamed',
      ready: false,
      restartCount: 12,
      state: {
        waiting: {
          reason: 'CrashLoopBackOff',
          message:
            'back-off 5m0s restarting failed container=api pod=api-5f7c9d_prod(0d3c0b1e-1111-2222-3333-444455556666)',
        },
      },
      lastState: { terminated: { exitCode: 2, reason: 'Error' } },
    });
    expect(at(pod, 'metadata')).toEqual({ name: 'api-5f7c9d', namespace: 'prod' });
    expect(objects[0]?.inferredName).toBe('named in its back-off message');
  });

  it('a bare Reason and Exit Code with no State line', () => {
    const pod = only(describeAll('Reason:       OOMKilled\nExit Code:    137\n').objects, 'Pod');
    expect(at(pod, 'status.containerStatuses.0.state')).toEqual({
      terminated: { exitCode: 137, reason: 'OOMKilled' },
    });
    expect(at(pod, 'status.reason')).toBeUndefined();
  });

  it('"Last Termination State" and a message wrapped onto more-indented lines', () => {
    const text = `  api:
    Image:          ghcr.io/acme/api:2.3.1
    State:          Waiting
      Reason:       RunContainerError
    Last Termination State:  Terminated
      Reason:       StartError
      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed:
                    runc create failed: unable to start container process: exec: "/app/start.sh":
                    permission denied: unknown
      Exit Code:    128
      Started:      Thu, 01 Jan 1970 00:00:00 +0000
      Finished:     Mon, 05 May 2025 15:29:28 +0000
    Ready:          False
    Restart Count:  4
`;
    const pod = only(describeAll(text).objects, 'Pod');
    expect(at(pod, 'status.containerStatuses.0.lastState')).toEqual({
      terminated: {
        exitCode: 128,
        reason: 'StartError',
        message:
          'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/start.sh": permission denied: unknown',
        startedAt: '1970-01-01T00:00:00Z',
        finishedAt: '2025-05-05T15:29:28Z',
      },
    });
    expect(at(pod, 'spec.containers.0')).toEqual({ name: 'api', image: 'ghcr.io/acme/api:2.3.1' });
    expect(at(pod, 'metadata.name')).toBe('api');
  });

  it('a lone State line is not enough to claim a block', () => {
    expect(describeAll('State: Waiting\n').blocks).toEqual([]);
  });
});

describe('fragments that start at a section', () => {
  it('Containers: with two containers, each status to its own entry', () => {
    const text = `Containers:
  app:
    Image:          nginx:1.25
    Port:           80/TCP
    Host Port:      8080/TCP
    State:          Running
      Started:      Fri, 02 Feb 2024 10:00:00 +0000
    Ready:          True
    Restart Count:  0
  sidecar:
    Image:          envoyproxy/envoy:v1.29
    State:          Waiting
      Reason:       ImagePullBackOff
    Ready:          False
    Restart Count:  0
`;
    const pod = only(describeAll(text).objects, 'Pod');
    expect(at(pod, 'spec.containers')).toEqual([
      { name: 'app', image: 'nginx:1.25', ports: [{ containerPort: 80, protocol: 'TCP', hostPort: 8080 }] },
      { name: 'sidecar', image: 'envoyproxy/envoy:v1.29' },
    ]);
    expect(at(pod, 'status.containerStatuses.1.state')).toEqual({ waiting: { reason: 'ImagePullBackOff' } });
    expect(at(pod, 'metadata.name')).toBe('app');
  });

  it('Conditions: alone gives conditions and nothing made up', () => {
    const text = `Conditions:
  Type              Status
  Initialized       True
  Ready             False
  ContainersReady   False
  PodScheduled      True
`;
    const pod = only(describeAll(text).objects, 'Pod');
    expect(pod).toEqual({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: UNNAMED_POD },
      spec: {},
      status: {
        conditions: [
          { type: 'Initialized', status: 'True' },
          { type: 'Ready', status: 'False' },
          { type: 'ContainersReady', status: 'False' },
          { type: 'PodScheduled', status: 'True' },
        ],
      },
    });
  });

  it('Events: with terminal-wrapped messages appended to their row', () => {
    const text = `Events:
  Type     Reason     Age                From     Message
  ----     ------     ----               ----     -------
  Warning  Failed     3m (x4 over 5m)    kubelet  Failed to pull image "registry.internal/app:1.0": rpc error: code = Unknown desc = failed to pull and unpack image "
registry.internal/app:1.0": failed to resolve reference "registry.internal/app:1.0": failed to do request: Head "https://regist
ry.internal/v2/app/manifests/1.0": x509: certificate signed by unknown authority
  Normal   BackOff    2m (x6 over 5m)    kubelet  Back-off pulling image "registry.internal/app:1.0"

That is all I get.
`;
    const { objects, blocks } = describeAll(text);
    expect(blocks).toEqual([[0, 7]]);
    const events = ofKind(objects, 'Event');
    expect(events.map((e) => e.raw.reason)).toEqual(['Failed', 'BackOff']);
    expect(events[0]?.raw.message).toContain('x509: certificate signed by unknown authority');
    expect(events[0]?.raw.message).toMatch(/^Failed to pull image "registry\.internal\/app:1\.0": rpc error/);
    expect(ofKind(objects, 'Pod')).toEqual([]);
  });

  it('Events: hard-wrapped at the terminal width join without a space; other breaks with one', () => {
    const width = 100;
    const wrap = (l: string): string[] => {
      const out: string[] = [];
      for (; l.length > width; l = l.slice(width)) out.push(l.slice(0, width));
      return [...out, l];
    };
    const rows = [
      '  Normal   Scheduled               2m                 default-scheduler  Successfully assigned dev/app-7d9c8b6f5-tk2lp to kind-worker',
      '  Warning  FailedCreatePodSandBox  2m                 kubelet            Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "7e8f0a1b2c3d4e5f": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
    ];
    const text = [
      'Events:',
      '  Type     Reason                  Age                From               Message',
      '  ----     ------                  ----               ----               -------',
      ...rows.flatMap(wrap),
    ].join('\n');
    const events = ofKind(describeAll(text).objects, 'Event');
    expect(events.map((e) => e.raw.message)).toEqual(rows.map((r) => r.slice(73)));

    // a message with new lines of its own (mount output) keeps spaces between its lines
    const nfs = `Events:
  Type     Reason       Age   From     Message
  ----     ------       ----  ----     -------
  Warning  FailedMount  62s   kubelet  MountVolume.SetUp failed for volume "media" : mount failed: exit status 32
Mounting command: mount
Output: mount.nfs: access denied by server while mounting 192.168.1.50:/volume1/media
`;
    expect(ofKind(describeAll(nfs).objects, 'Event')[0]?.raw.message).toBe(
      'MountVolume.SetUp failed for volume "media" : mount failed: exit status 32 Mounting command: mount Output: mount.nfs: access denied by server while mounting 192.168.1.50:/volume1/media',
    );
  });

  it('Events: with an empty From column, placed by the header', () => {
    const text = `Events:
  Type     Reason            Age   From  Message
  ----     ------            ----  ----  -------
  Warning  FailedScheduling  2m          0/3 nodes are available: 3 Insufficient memory.
`;
    const [event] = ofKind(describeAll(text).objects, 'Event');
    expect(event?.raw.message).toBe('0/3 nodes are available: 3 Insufficient memory.');
    expect(event?.raw.source).toBeUndefined();
  });

  it('events alone are placed on the pod the kubelet names in them (name_namespace)', () => {
    const cases: Array<[string, string, string]> = [
      [
        // dockershim CNI: the sandbox error names the pod as name_namespace
        'Warning  FailedCreatePodSandBox  3m41s  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container "0f3e" network for pod "checkout-84f7b6d5c9-q8r2t": networkPlugin cni failed to set up pod "checkout-84f7b6d5c9-q8r2t_shop" network: add cmd: failed to assign an IP address to container',
        'checkout-84f7b6d5c9-q8r2t',
        'shop',
      ],
      [
        // kubelet runAsNonRoot check: (pod: "name_namespace(uid)", container: c)
        'Warning  Failed  8s (x4 over 40s)  kubelet  Error: container has runAsNonRoot and image has non-numeric user (app), cannot verify user is non-root (pod: "web-0_sso(8e2d4c1a-6b3f-4d7e-a9c2-5f1e0b3d7a64)", container: app)',
        'web-0',
        'sso',
      ],
      [
        // kubelet 1.6-1.9 volume wait
        'Warning  FailedMount  1m  kubelet, node-1  Unable to mount volumes for pod "mysql-0_data(3b1f7c8e-1c2d-11e8-9a6b-0a58ac1f0412)": timeout expired waiting for volumes to attach/mount for pod "data"/"mysql-0". list of unattached/unmounted volumes=[data]',
        'mysql-0',
        'data',
      ],
    ];
    for (const [row, name, namespace] of cases) {
      const { objects } = describeAll(`Events:\n  ${row}\n`);
      const [event] = ofKind(objects, 'Event');
      expect(at(event?.raw, 'involvedObject'), row).toMatchObject({ kind: 'Pod', name });
      expect(objects[0]?.inferredName).toBe('named in a kubelet message about it');
      expect(at(event?.raw, 'involvedObject.namespace') ?? at(event?.raw, 'metadata.namespace')).toBe(
        namespace,
      );
    }
  });

  it('a pod name in prose with an underscore is not taken for a kubelet pod reference', () => {
    const { objects } = describeAll(
      'Events:\n  Warning  FailedMount  1m  kubelet  MountVolume.SetUp failed for volume "my_pod" : secret "pod_x" not found\n',
    );
    expect(at(ofKind(objects, 'Event')[0]?.raw, 'involvedObject.name')).toBe(UNNAMED_POD);
  });

  it('"Events:  <none>" and "No events." give no events', () => {
    expect(ofKind(describeAll('Name:  x\nStatus:  Running\nEvents:  <none>\n').objects, 'Event')).toEqual([]);
  });
});

describe('pod-level status lines and block edges', () => {
  it('reads an evicted pod with its wrapped message, and stops at the prose after it', () => {
    const text = `$ kubectl -n ci describe pod dptp-controller-manager-77ffc657cf-4z7wb
Name:           dptp-controller-manager-77ffc657cf-4z7wb
Namespace:      ci
Node:           build05-worker-a/10.0.4.7
Status:         Failed
Reason:         Evicted
Message:        The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki.
Container dptp-controller-manager was using 48458972Ki, request is 15Gi, has larger consumption of memory.
IP:
Controlled By:  ReplicaSet/dptp-controller-manager-77ffc657cf

any idea why this keeps happening?
`;
    const { objects, blocks } = describeAll(text);
    expect(blocks).toEqual([[1, 10]]);
    const pod = only(objects, 'Pod');
    expect(at(pod, 'status')).toEqual({
      phase: 'Failed',
      reason: 'Evicted',
      message:
        'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki. Container dptp-controller-manager was using 48458972Ki, request is 15Gi, has larger consumption of memory.',
      hostIP: '10.0.4.7',
    });
  });

  it('splits two pods of one `describe pods` and does not merge them', () => {
    const text = `Name:         a-1
Namespace:    default
Status:       Running

Name:         b-1
Namespace:    default
Status:       Pending
`;
    const { objects, blocks } = describeAll(text);
    expect(blocks).toEqual([
      [0, 3],
      [4, 7],
    ]);
    expect(
      ofKind(objects, 'Pod').map((p) => [at(p.raw, 'metadata.name'), at(p.raw, 'status.phase')]),
    ).toEqual([
      ['a-1', 'Running'],
      ['b-1', 'Pending'],
    ]);
  });

  it('"Status: Terminating (expires …)" of kubectl 1.2–1.4 gives the deletion time, not a phase', () => {
    const pod = only(
      describeAll(
        'Name:\t\tweb-1\nNamespace:\tdefault\nStatus:\t\tTerminating (expires Mon, 06 Mar 2017 10:10:00 +0000)\nTermination Grace Period:\t30s\n',
      ).objects,
      'Pod',
    );
    expect(at(pod, 'metadata.deletionTimestamp')).toBe('2017-03-06T10:10:00Z');
    expect(at(pod, 'metadata.deletionGracePeriodSeconds')).toBe(30);
    expect(at(pod, 'status.phase')).toBeUndefined();
  });

  it('does not take other key/value output for a describe', () => {
    expect(describeAll('Name:\tkubernetes.default.svc.cluster.local\nAddress: 10.96.0.1\n').objects).toEqual(
      [],
    );
    expect(
      describeAll('Digest: sha256:abc\nStatus: Downloaded newer image for nginx:latest\n').objects,
    ).toEqual([]);
  });
});
