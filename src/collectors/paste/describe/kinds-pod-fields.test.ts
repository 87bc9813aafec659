import { describe, expect, it } from 'vitest';
import { at, describeAll, only, type Obj } from './describe-test-helpers.js';
import { TERMINATING_FOR } from './kinds.js';
import { loadRealCases } from '../../../../scripts/real-cases.mjs';

/** The paste of a real case, as its file holds it. */
function realCase(file: string): string {
  const c = loadRealCases().find((r) => r.file === file);
  if (c === undefined) throw new Error(`no real case ${file}`);
  return c.body;
}

/** A pod's metadata, spec and status field by field, as kubectl 1.27–1.33 and older ones print them. */

/** kubectl 1.33 `describe pod` of a completed Job pod (the same text 1.27–1.32 print). */
const JOB_POD = `Name:             nightly-report-swdtb
Namespace:        batch
Priority:         0
Service Account:  default
Node:             worker-c/10.0.0.5
Start Time:       Thu, 03 Dec 2026 06:49:38 +0000
Labels:           batch.kubernetes.io/job-name=nightly-report
                  job-name=nightly-report
Annotations:      <none>
Status:           Succeeded
IP:               10.244.3.7
IPs:
  IP:           10.244.3.7
Controlled By:  Job/nightly-report
Containers:
  report:
    Container ID:   containerd://1f0cb1ec5de0
    Image:          ghcr.io/acme/report-job:1.0.0
    Image ID:       ghcr.io/acme/report-job@sha256:5b6f66fab40b
    Port:           <none>
    Host Port:      <none>
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Thu, 03 Dec 2026 06:49:46 +0000
      Finished:     Thu, 03 Dec 2026 06:50:06 +0000
    Ready:          False
    Restart Count:  0
    Environment:  <none>
    Mounts:       <none>
Conditions:
  Type                        Status
  PodReadyToStartContainers   True 
  Initialized                 True 
  Ready                       False 
  ContainersReady             False 
  PodScheduled                True 
Volumes:                      <none>
QoS Class:                    BestEffort
Node-Selectors:               <none>
Tolerations:                  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                              node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:                       <none>
`;

/** A pending pod as kubectl 1.33 prints it: no node, an empty IP and no IPs. */
const PENDING_POD = `Name:             analytics-58bd7455d7-4s4cs
Namespace:        data
Priority:         0
Service Account:  default
Node:             <none>
Labels:           app=analytics
Annotations:      <none>
Status:           Pending
IP:               
IPs:              <none>
Controlled By:    ReplicaSet/analytics-58bd7455d7
Containers:
  spark-driver:
    Image:      docker.io/library/postgres:16.4
    Port:       <none>
    Host Port:  <none>
    Environment:  <none>
    Mounts:       <none>
Conditions:
  Type           Status
  PodScheduled   False 
Volumes:         <none>
QoS Class:       BestEffort
Node-Selectors:  <none>
Tolerations:     <none>
Events:          <none>
`;

function pod(text: string): Obj {
  return only(describeAll(text).objects, 'Pod');
}

function without(o: unknown, ...keys: string[]): Obj {
  return Object.fromEntries(Object.entries(o as Obj).filter(([k]) => !keys.includes(k)));
}

const NOT_READY = {
  key: 'node.kubernetes.io/not-ready',
  operator: 'Exists',
  effect: 'NoExecute',
  tolerationSeconds: 300,
};
const UNREACHABLE = { ...NOT_READY, key: 'node.kubernetes.io/unreachable' };

describe('a kubectl 1.27–1.33 pod, every header field', () => {
  it('reads metadata, spec and status exactly (a scheduled, completed pod)', () => {
    const raw = pod(JOB_POD);
    expect(raw.metadata).toEqual({
      name: 'nightly-report-swdtb',
      namespace: 'batch',
      labels: { 'batch.kubernetes.io/job-name': 'nightly-report', 'job-name': 'nightly-report' },
      ownerReferences: [{ kind: 'Job', name: 'nightly-report', controller: true }],
    });
    expect(without(raw.spec, 'containers')).toEqual({
      nodeName: 'worker-c',
      priority: 0,
      serviceAccountName: 'default',
      tolerations: [NOT_READY, UNREACHABLE],
    });
    expect(at(raw, 'spec.containers.0.image')).toBe('ghcr.io/acme/report-job:1.0.0');
    expect(without(raw.status, 'containerStatuses')).toEqual({
      hostIP: '10.0.0.5',
      phase: 'Succeeded',
      podIP: '10.244.3.7',
      podIPs: [{ ip: '10.244.3.7' }],
      startTime: '2026-12-03T06:49:38Z',
      qosClass: 'BestEffort',
      conditions: [
        { type: 'PodReadyToStartContainers', status: 'True' },
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'False' },
        { type: 'ContainersReady', status: 'False' },
        { type: 'PodScheduled', status: 'True' },
      ],
    });
    expect(at(raw, 'status.containerStatuses.0.name')).toBe('report');
  });

  it('leaves out what a pending pod lacks: node, host IP, pod IP(s), start time', () => {
    const raw = pod(PENDING_POD);
    expect(without(raw.spec, 'containers')).toEqual({ priority: 0, serviceAccountName: 'default' });
    expect(raw.status).toEqual({
      phase: 'Pending',
      qosClass: 'BestEffort',
      conditions: [{ type: 'PodScheduled', status: 'False' }],
    });
    expect(raw.metadata).toEqual({
      name: 'analytics-58bd7455d7-4s4cs',
      namespace: 'data',
      labels: { app: 'analytics' },
      ownerReferences: [{ kind: 'ReplicaSet', name: 'analytics-58bd7455d7', controller: true }],
    });
  });

  // describePod prints these only when set, in this order: Priority Class Name after Priority,
  // Runtime Class Name before Service Account, Reason and Message after Status, NominatedNodeName
  // after Controlled By.
  it('reads the optional lines: priority class, runtime class, reason, message, nominated node, selectors', () => {
    const text = JOB_POD.replace(
      'Priority:         0\n',
      'Priority:         1000000\nPriority Class Name:  high-priority\nRuntime Class Name:  gvisor\n',
    )
      .replace(
        'Status:           Succeeded\n',
        'Status:           Failed\nReason:           Evicted\nMessage:          The node was low on resource: ephemeral-storage. \n',
      )
      .replace(
        'Controlled By:  Job/nightly-report\n',
        'Controlled By:  Job/nightly-report\nNominatedNodeName:  worker-b\n',
      )
      .replace(
        'Node-Selectors:               <none>\n',
        'Node-Selectors:               disktype=ssd\n                              kubernetes.io/os=linux\n',
      );
    const raw = pod(text);
    expect(without(raw.spec, 'containers', 'tolerations', 'serviceAccountName', 'nodeName')).toEqual({
      priority: 1000000,
      priorityClassName: 'high-priority',
      runtimeClassName: 'gvisor',
      nodeSelector: { disktype: 'ssd', 'kubernetes.io/os': 'linux' },
    });
    expect(at(raw, 'status.phase')).toBe('Failed');
    expect(at(raw, 'status.reason')).toBe('Evicted');
    expect(at(raw, 'status.message')).toBe('The node was low on resource: ephemeral-storage.');
    expect(at(raw, 'status.nominatedNodeName')).toBe('worker-b');
  });

  it.each([
    ['Running', 'Running'],
    ['Pending', 'Pending'],
    ['Unknown', 'Unknown'],
    ['Terminating (lasts 8d)', undefined],
    ['CrashLoopBackOff', undefined],
  ])('Status %j gives phase %j', (status, phase) => {
    const raw = pod(JOB_POD.replace('Status:           Succeeded', `Status:           ${status}`));
    expect(at(raw, 'status.phase')).toBe(phase);
  });

  it('reads several pod IPs (dual stack) without their "IP:" prefix', () => {
    const raw = pod(
      JOB_POD.replace(
        'IPs:\n  IP:           10.244.3.7\n',
        'IPs:\n  IP:           10.244.3.7\n  IP:           fd00:10:244:3::7\n',
      ),
    );
    expect(at(raw, 'status.podIPs')).toEqual([{ ip: '10.244.3.7' }, { ip: 'fd00:10:244:3::7' }]);
  });
});

describe('metadata: annotations, deletion and owners', () => {
  it.each([
    // kubectl 1.27–1.33 print "key: value"; old ones "key=value".
    [
      'Annotations:      deployment.kubernetes.io/revision: 2\n                  kubectl.kubernetes.io/restartedAt: 2026-12-03T06:40:00Z\n',
      {
        'deployment.kubernetes.io/revision': '2',
        'kubectl.kubernetes.io/restartedAt': '2026-12-03T06:40:00Z',
      },
    ],
    [
      'Annotations:      kubernetes.io/created-by=x\n                  scheduler.alpha.kubernetes.io/critical-pod=\n',
      { 'kubernetes.io/created-by': 'x', 'scheduler.alpha.kubernetes.io/critical-pod': '' },
    ],
    // A value longer than 140 characters goes under its key, shortened to 138 and "...".
    [
      `Annotations:      description:\n                    ${'x'.repeat(138)}...\n                  team: data=platform\n`,
      { team: 'data=platform' },
    ],
  ])('annotations %#', (lines, expected) => {
    const raw = pod(JOB_POD.replace('Annotations:      <none>\n', lines));
    expect(at(raw, 'metadata.annotations')).toEqual(expected);
  });

  it('keeps "Terminating (lasts 8d)" and the grace period for the assembler (kubectl 1.27–1.33)', () => {
    const raw = pod(
      JOB_POD.replace('Annotations:      <none>\n', 'Annotations:      team: data\n').replace(
        'Status:           Succeeded\n',
        'Status:                    Terminating (lasts 8d)\nTermination Grace Period:  30s\n',
      ),
    );
    expect(raw.metadata).toMatchObject({
      annotations: { team: 'data', [TERMINATING_FOR]: '8d' },
      deletionGracePeriodSeconds: 30,
    });
    expect(at(raw, 'metadata.deletionTimestamp')).toBeUndefined();
    expect(at(raw, 'status.phase')).toBeUndefined();
  });

  it.each([
    ['Terminating (lasts 2m3s)', { [TERMINATING_FOR]: '2m3s' }],
    ['Terminating (lasts 2m3s) ', { [TERMINATING_FOR]: '2m3s' }],
    ['xTerminating (lasts 2m3s)', undefined],
    ['Terminating (lasts 2m3s)x', undefined],
  ])('Status %j: terminating annotation %j', (status, annotations) => {
    const raw = pod(JOB_POD.replace('Status:           Succeeded', `Status:           ${status}`));
    expect(at(raw, 'metadata.annotations')).toEqual(annotations);
  });

  it.each([
    ['30s', 30],
    ['0s', 0],
    ['120s', 120],
    ['3s0', undefined],
  ])('Termination Grace Period %j is %j seconds', (value, seconds) => {
    const raw = pod(
      JOB_POD.replace(
        'Status:           Succeeded\n',
        `Status:           Terminating (lasts 5s)\nTermination Grace Period:  ${value}\n`,
      ),
    );
    expect(at(raw, 'metadata.deletionGracePeriodSeconds')).toBe(seconds);
  });

  it('reads "Terminating (expires …)" of kubectl 1.5–1.9 as a deletion time', () => {
    const raw = pod(
      JOB_POD.replace(
        'Status:           Succeeded\n',
        'Status:           Terminating (expires Mon, 06 Mar 2017 10:10:00 +0000)\nTermination Grace Period:  30s\n',
      ),
    );
    expect(at(raw, 'metadata.deletionTimestamp')).toBe('2017-03-06T10:10:00Z');
    expect(at(raw, 'metadata.annotations')).toBeUndefined();
  });

  it('reads the creation time when a describe prints it', () => {
    const raw = pod(
      JOB_POD.replace('Start Time:', 'CreationTimestamp:  Thu, 03 Dec 2026 06:49:37 +0000\nStart Time:'),
    );
    expect(at(raw, 'metadata.creationTimestamp')).toBe('2026-12-03T06:49:37Z');
  });
});

/** kubectl 1.0 (real case 077): images listed on one line in another order than the containers. */
const V0_14 = realCase('077-healthy-v0-14-describe-running.txt');

/** kubectl 1.0 (real case 068): empty node, reason, message and IP; no replication controller. */
const V1_0 = `Name:				mysql
Namespace:			default
Image(s):			mysql
Node:				/
Labels:				name=mysql
Status:				Pending
Reason:				
Message:			
IP:				
Replication Controllers:	<none>
Containers:
  mysql:
    Image:	mysql
    State:		Waiting
    Ready:		False
    Restart Count:	0
`;

describe('older kubectl pods: Image(s), Host, Replication Controllers, Created By', () => {
  it('keeps each container its own image although Image(s) lists them in another order', () => {
    const raw = pod(V0_14);
    expect(at(raw, 'spec')).toEqual({
      nodeName: 'kubernetes-minion-avdn',
      containers: [
        { name: 'grafana', image: 'kubernetes/heapster_grafana:v0.5' },
        { name: 'influxdb', image: 'kubernetes/heapster_influxdb:v0.3' },
      ],
    });
    expect(at(raw, 'metadata.ownerReferences')).toEqual([
      { kind: 'ReplicationController', name: 'monitoring-influx-grafana-controller', controller: true },
    ]);
    // "Host:" holds the node name alone: no host IP.
    expect(without(raw.status, 'containerStatuses')).toEqual({
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True' }],
    });
  });

  it('leaves the image out of a container without an Image line when no Image(s) line lists it', () => {
    // A 1.0 pod pasted without its Image(s) and Image lines.
    const raw = pod(V1_0.replace('Image(s):\t\t\tmysql\n', '').replace('    Image:\tmysql\n', ''));
    expect(raw.spec).toEqual({ containers: [{ name: 'mysql' }] });
  });

  it.each([
    // Containers without an Image line take theirs from Image(s), in order, when the counts match.
    ['a:v1,b:v2', ['a:v1', 'b:v2']],
    ['a:v1, b:v2', ['a:v1', 'b:v2']],
    ['a:v1,b:v2,', ['a:v1', 'b:v2']],
    ['a:v1', [undefined, undefined]],
    ['a:v1,b:v2,c:v3', [undefined, undefined]],
  ])('Image(s) %j fills images %j', (images, expected) => {
    const text = `Name:\t\tab\nNamespace:\tdefault\nImage(s):\t${images}\nNode:\t\tnode-1/10.0.0.5\nStatus:\t\tRunning\nContainers:\n  a:\n    State:\t\tRunning\n    Ready:\t\tTrue\n    Restart Count:\t0\n  b:\n    State:\t\tRunning\n    Ready:\t\tTrue\n    Restart Count:\t0\n`;
    const raw = pod(text);
    expect([at(raw, 'spec.containers.0.image'), at(raw, 'spec.containers.1.image')]).toEqual(expected);
  });

  it('reads empty 1.0 fields as absent', () => {
    const raw = pod(V1_0);
    expect(raw.spec).toEqual({ containers: [{ name: 'mysql', image: 'mysql' }] });
    expect(without(raw.status, 'containerStatuses')).toEqual({ phase: 'Pending' });
    expect(at(raw, 'metadata.ownerReferences')).toBeUndefined();
  });

  it.each([
    ['a (1/1 replicas created), b (2/2 replicas created)', ['a', 'b']],
    ['a (1/1 replicas created)', ['a']],
    ['a (1/1 replicas created), a (1/1 replicas created)', ['a']],
  ])('Replication Controllers %j give owners %j', (value, names) => {
    const raw = pod(V1_0.replace('Replication Controllers:\t<none>', `Replication Controllers:\t${value}`));
    expect(at(raw, 'metadata.ownerReferences')).toEqual(
      names.map((name) => ({ kind: 'ReplicationController', name, controller: true })),
    );
  });

  it('kubectl 1.6–1.8 print Created By and Controlled By: one owner', () => {
    const raw = pod(
      V1_0.replace(
        'Replication Controllers:\t<none>\n',
        'Created By:\tReplicaSet/web-1234567890\nControlled By:\tReplicaSet/web-1234567890\n',
      ),
    );
    expect(at(raw, 'metadata.ownerReferences')).toEqual([
      { kind: 'ReplicaSet', name: 'web-1234567890', controller: true },
    ]);
  });

  it.each(['Controlled By', 'Controllers', 'Created By'])(
    '%s with a slash-less value names no owner',
    (key) => {
      const raw = pod(V1_0.replace('Replication Controllers:\t<none>\n', `${key}:\t/web\n`));
      expect(at(raw, 'metadata.ownerReferences')).toBeUndefined();
    },
  );
});
