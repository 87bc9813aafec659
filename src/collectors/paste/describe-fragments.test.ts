import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';
import { UNNAMED_POD } from './types.js';

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
