import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';

/** Where a describe block begins and ends, and what it leaves to other parsers. */

describe('block edges', () => {
  it('keeps a field it does not know when it sits in the header column, not prose after it', () => {
    const text = `Name:              web-1
Namespace:         shop
Runtime Class:     gvisor
Status:            Running
Note: the pod restarts every night
`;
    const { objects, blocks } = describeAll(text);
    expect(blocks).toEqual([[0, 4]]);
    expect(at(only(objects, 'Pod'), 'status.phase')).toBe('Running');
  });

  it('skips an elision a person typed inside the output', () => {
    const text = `Name:         web-1
Namespace:    shop
...
Status:       Running
Containers:
  web:
    ...
    State:          Waiting
      Reason:       ErrImagePull
`;
    const { objects, blocks } = describeAll(text);
    expect(blocks).toEqual([[0, lineCount(text)]]);
    expect(at(only(objects, 'Pod'), 'status.containerStatuses.0.state')).toEqual({
      waiting: { reason: 'ErrImagePull' },
    });
  });

  it('stops at a fence, a prompt, and a blank line followed by prose', () => {
    const text =
      '```\nName:    web-1\nStatus:  Running\n```\n$ kubectl logs web-1\nName:    web-2\nStatus:  Pending\n\nthanks\n';
    expect(describeAll(text).blocks).toEqual([
      [1, 3],
      [5, 7],
    ]);
  });

  it('takes the kind from the describe command when the fields do not tell', () => {
    const text =
      '$ kubectl describe deploy/web\nName:       web\nNamespace:  shop\nEvents:\n  Type     Reason             Age  From                   Message\n  ----     ------             ---  ----                   -------\n  Normal   ScalingReplicaSet  1m   deployment-controller  Scaled up replica set web-5c6b to 3\n';
    const { objects } = describeAll(text);
    expect(ofKind(objects, 'Event')[0]?.raw.involvedObject).toEqual({
      kind: 'Deployment',
      name: 'web',
      namespace: 'shop',
    });
  });
});

describe('names from the describe command', () => {
  const events =
    'Events:\n  Type     Reason        Age   From                  Message\n  ----     ------        ----  ----                  -------\n';
  it('names a partial describe (piped through grep or tail) after the object the command names', () => {
    const pod = only(
      describeAll(
        '$ kubectl describe pod api-6b8c7d9f5-l2k4p -n shop | grep -E "^(Status|Reason|Message)"\nStatus:           Failed\nReason:           Terminated\nMessage:          Pod was terminated in response to imminent node shutdown.\n',
      ).objects,
      'Pod',
    );
    expect(at(pod, 'metadata')).toEqual({ name: 'api-6b8c7d9f5-l2k4p', namespace: 'shop' });
    const [event] = ofKind(
      describeAll(
        `kubectl -n monitoring describe ds/node-exporter | tail -3\n${events}  Warning  FailedCreate  2m    daemonset-controller  Error creating: pods "node-exporter-8xq2m" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true)\n`,
      ).objects,
      'Event',
    );
    expect(event?.raw.involvedObject).toEqual({
      kind: 'DaemonSet',
      name: 'node-exporter',
      namespace: 'monitoring',
    });
  });

  it('prefers the name the output gives: kubectl describe also takes a name prefix', () => {
    const [event] = ofKind(
      describeAll(
        `$ kubectl describe pod web\n${events}  Normal   Scheduled     1m    default-scheduler     Successfully assigned shop/web-5c6b-x2x2p to node-1\n`,
      ).objects,
      'Event',
    );
    expect(event?.raw.involvedObject).toMatchObject({ kind: 'Pod', name: 'web-5c6b-x2x2p' });
  });

  it('takes no name from a command that names several objects or selects by label', () => {
    for (const command of ['kubectl describe pods web-1 web-2', 'kubectl describe pods -l app=web']) {
      const pod = only(describeAll(`${command}\nStatus:  Failed\nReason:  Evicted\n`).objects, 'Pod');
      expect(at(pod, 'metadata.name'), command).not.toMatch(/^web/);
    }
  });
});

describe('less common sections', () => {
  it('Readiness Gates and Ephemeral Containers', () => {
    const text = `Name:         web-1
Namespace:    shop
Status:       Running
Ephemeral Containers:
  debugger-x7k2p:
    Image:          busybox:1.36
    State:          Running
      Started:      Tue, 14 Nov 2023 10:00:00 +0000
    Ready:          False
    Restart Count:  0
Readiness Gates:
  Type                            Status
  cloud.example.com/lb-ready      False
Conditions:
  Type                            Status
  cloud.example.com/lb-ready      False
  Ready                           False
`;
    const pod = only(describeAll(text).objects, 'Pod');
    expect(at(pod, 'spec.readinessGates')).toEqual([{ conditionType: 'cloud.example.com/lb-ready' }]);
    expect(at(pod, 'spec.ephemeralContainers')).toEqual([{ name: 'debugger-x7k2p', image: 'busybox:1.36' }]);
    expect(at(pod, 'status.ephemeralContainerStatuses.0.name')).toBe('debugger-x7k2p');
    expect(at(pod, 'status.containerStatuses')).toBeUndefined();
    expect(at(pod, 'status.conditions')).toEqual([
      { type: 'cloud.example.com/lb-ready', status: 'False' },
      { type: 'Ready', status: 'False' },
    ]);
  });

  it('volumes of other types keep what describe shows', () => {
    const text = `Volumes:
  data:
    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
    Medium:     Memory
    SizeLimit:  <unset>
  host:
    Type:          HostPath (bare host directory volume)
    Path:          /var/log
    HostPathType:  Directory
  certs:
    Type:              CSI (a Container Storage Interface (CSI) volume source)
    Driver:            secrets-store.csi.k8s.io
    FSType:
    ReadOnly:          true
    VolumeAttributes:      secretProviderClass=app
QoS Class:         BestEffort
`;
    expect(at(only(describeAll(text).objects, 'Pod'), 'spec.volumes')).toEqual([
      { name: 'data', emptyDir: { medium: 'Memory' } },
      { name: 'host', hostPath: { path: '/var/log', type: 'Directory' } },
      { name: 'certs', csi: { driver: 'secrets-store.csi.k8s.io', readOnly: true } },
    ]);
  });

  it('a grpc probe, a named http port, and an https probe with a host', () => {
    const text = `  api:
    Liveness:   grpc <pod>:9090  delay=0s timeout=1s period=10s #success=1 #failure=3
    Readiness:  http-get https://10.0.0.1:https/ready delay=0s timeout=1s period=10s #success=1 #failure=3
`;
    const c = at(only(describeAll(text).objects, 'Pod'), 'spec.containers.0') as Record<string, unknown>;
    expect(c.livenessProbe).toMatchObject({ grpc: { port: 9090 }, periodSeconds: 10 });
    expect(c.readinessProbe).toMatchObject({
      httpGet: { path: '/ready', port: 'https', host: '10.0.0.1', scheme: 'HTTPS' },
    });
  });
});
