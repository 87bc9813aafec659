import { describe, expect, it } from 'vitest';
import { parseDescribeEventRow } from './block.js';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';
import { cleanLine, cleanLines } from '../common/text.js';
import { UNNAMED_POD } from '../common/types.js';

/** Real pastes of whole describes and events (real-cases 006, 008, 012, 037, 077, 089, 090), verbatim. */

/** 006-admission-limitrange-max-cpu-rs.txt */
const CASE_006 = `zkubectl describe rs hjacobs-test-1668339668
Name:\t\thjacobs-test-1668339668
Namespace:\tdefault
Image(s):\tnginx
Selector:\tpod-template-hash=1668339668,run=hjacobs-test
Labels:\t\tpod-template-hash=1668339668
\t\trun=hjacobs-test
Replicas:\t0 current / 2 desired
Pods Status:\t0 Running / 0 Waiting / 0 Succeeded / 0 Failed
No volumes.
Events:
  FirstSeen\tLastSeen\tCount\tFrom\t\t\t\tSubObjectPath\tType\t\tReason\t\tMessage
  ---------\t--------\t-----\t----\t\t\t\t-------------\t--------\t------\t\t-------
  1m\t\t21s\t\t26\t{replicaset-controller }\t\t\tWarning\t\tFailedCreate\tError creating: pods "hjacobs-test-1668339668-" is forbidden: maximum cpu usage per Container is 16, but request is 17.
`;

/** 008-scheduling-insufficient-cpu-old-format.txt */
const CASE_008 = `  3m\t\t11s\t\t15\tdefault-scheduler\t\t\tWarning\t\tFailedScheduling\tNo nodes are available that match all of the following predicates:: Insufficient cpu (4).
`;

/** 077-healthy-v0-14-describe-running.txt */
const CASE_077 = `Name:                           monitoring-influx-grafana-controller-q7iga
Image(s):                       kubernetes/heapster_influxdb:v0.3,kubernetes/heapster_grafana:v0.5
Host:                           kubernetes-minion-avdn
Labels:                         kubernetes.io/cluster-service=true,name=influxGrafana
Status:                         Running
Replication Controllers:        monitoring-influx-grafana-controller (1/1 replicas created)
Containers:
  grafana:
    Image:              kubernetes/heapster_grafana:v0.5
    State:              Running
      Started:          Tue, 31 Mar 2015 10:42:01 -0700
    Ready:              True
    Restart Count:      0
  influxdb:
    Image:              kubernetes/heapster_influxdb:v0.3
    State:              Running
      Started:          Tue, 31 Mar 2015 10:40:54 -0700
    Ready:              True
    Restart Count:      0
Conditions:
  Type          Status
  Ready         True 
No events.
`;

/** 089-scheduling-node-affinity-selector-generated-labels.txt */
const CASE_089 = `Conditions:
  Type           Status
  PodScheduled   False
Volumes:
  aws-iam-token:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  86400
  kube-api-access-nfh62:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   Guaranteed
Node-Selectors:              eks.amazonaws.com/nodegroup=private_t3_xlarge
                             network_placement=private
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason            Age   From               Message
  ----     ------            ----  ----               -------
  Warning  FailedScheduling  5m2s  default-scheduler  0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.
`;

/** 012-image-pull-dockerhub-rate-limit-minikube.txt */
const CASE_012 = `  Normal   Scheduled  38s                default-scheduler  Successfully assigned default/thanos-rule-65458b86c5-qwtxl to minikube
  Warning  Failed     32s                kubelet            Failed to pull image "ubuntu:bionic": rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit
  Normal   Pulling    17s (x2 over 37s)  kubelet            Pulling image "ubuntu:bionic"
  Warning  Failed     13s (x2 over 32s)  kubelet            Error: ErrImagePull
  Warning  Failed     13s                kubelet            Failed to pull image "ubuntu:bionic": rpc error: code = Unknown desc = Error response from daemon: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit
  Normal   BackOff    0s (x2 over 31s)   kubelet            Back-off pulling image "ubuntu:bionic"
  Warning  Failed     0s (x2 over 31s)   kubelet            Error: **ImagePullBackOff**
`;

/** 037-liveness-wrong-path-deliberate.txt */
const CASE_037 = `Events:
  Type     Reason     Age                From               Message
  ----     ------     ----               ----               -------
  Normal   Scheduled  41s                default-scheduler  Successfully assigned default/chart-name-trivy-dojo-report-operator-operator-57c9f5c84-qzjh7 to minikube
  Normal   Pulled     41s                kubelet            Container image "ghcr.io/telekom-mms/docker-trivy-dojo-operator:trivy-dojo-report-operator-0.3.3" already present on machine
  Normal   Created    41s                kubelet            Created container trivy-dojo-report-operator
  Normal   Started    41s                kubelet            Started container trivy-dojo-report-operator
  Warning  Unhealthy  11s (x3 over 31s)  kubelet            Liveness probe failed: Get "http://10.244.0.36:8080/healthzzzzz": dial tcp 10.244.0.36:8080: connect: connection refused
  Normal   Killing    11s                kubelet            Container trivy-dojo-report-operator failed liveness probe, will be restarted
`;

/** 090-scheduling-chart-affinity-label-missing.txt */
const CASE_090 = `Warning  FailedScheduling  56s (x7 over 9m45s)  default-scheduler  0/6 nodes are available: 6 node(s) didn't match node selector.
`;

describe('real case 006: pre-1.5 describe rs with a FailedCreate event', () => {
  const { objects, blocks } = describeAll(CASE_006);

  it('reads the ReplicaSet (kind from its fields and the command above it)', () => {
    expect(blocks).toEqual([[1, lineCount(CASE_006)]]);
    expect(only(objects, 'ReplicaSet')).toEqual({
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: 'hjacobs-test-1668339668',
        namespace: 'default',
        labels: { 'pod-template-hash': '1668339668', run: 'hjacobs-test' },
      },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'pod-template-hash': '1668339668', run: 'hjacobs-test' } },
      },
      status: { replicas: 0 },
    });
    expect(ofKind(objects, 'Pod')).toEqual([]);
  });

  it('points the FailedCreate event at the ReplicaSet', () => {
    const [event] = ofKind(objects, 'Event');
    expect(event?.raw).toMatchObject({
      type: 'Warning',
      reason: 'FailedCreate',
      count: 26,
      source: { component: 'replicaset-controller' },
      involvedObject: { kind: 'ReplicaSet', name: 'hjacobs-test-1668339668', namespace: 'default' },
    });
    expect(event?.raw.message).toContain('maximum cpu usage per Container is 16, but request is 17.');
    expect(event?.age).toEqual({ last: 21, first: 60 });
    expect(event?.line).toBe(14);
  });
});

describe('real case 008: a headerless tab-separated event row (kubectl 1.5–1.9)', () => {
  it('parses the row alone', () => {
    const row = parseDescribeEventRow(cleanLine(CASE_008.trimEnd()));
    expect(row).toEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        type: 'Warning',
        reason: 'FailedScheduling',
        message: 'No nodes are available that match all of the following predicates:: Insufficient cpu (4).',
        count: 15,
        source: { component: 'default-scheduler' },
      },
      age: { last: 11, first: 180 },
    });
  });

  it('reads it as a block with an unnamed pod as its object', () => {
    const { objects } = describeAll(CASE_008);
    expect(objects).toHaveLength(1);
    expect(objects[0]?.raw.involvedObject).toEqual({ kind: 'Pod', name: UNNAMED_POD });
    expect(objects[0]?.inferredName).toBeDefined();
  });
});

describe('real case 077: a v0.14 describe of a running pod', () => {
  const { objects, blocks } = describeAll(CASE_077);
  const pod = only(objects, 'Pod');

  it('reads the pre-1.0 header', () => {
    expect(blocks).toEqual([[0, lineCount(CASE_077)]]);
    expect(at(pod, 'metadata')).toEqual({
      name: 'monitoring-influx-grafana-controller-q7iga',
      labels: { 'kubernetes.io/cluster-service': 'true', name: 'influxGrafana' },
      ownerReferences: [
        { kind: 'ReplicationController', name: 'monitoring-influx-grafana-controller', controller: true },
      ],
    });
    expect(at(pod, 'spec.nodeName')).toBe('kubernetes-minion-avdn');
    expect(at(pod, 'status.phase')).toBe('Running');
    expect(at(pod, 'status.conditions')).toEqual([{ type: 'Ready', status: 'True' }]);
  });

  it('reads both containers as running and ready, with no events', () => {
    expect(at(pod, 'status.containerStatuses')).toEqual([
      {
        name: 'grafana',
        image: 'kubernetes/heapster_grafana:v0.5',
        ready: true,
        restartCount: 0,
        state: { running: { startedAt: '2015-03-31T17:42:01Z' } },
      },
      {
        name: 'influxdb',
        image: 'kubernetes/heapster_influxdb:v0.3',
        ready: true,
        restartCount: 0,
        state: { running: { startedAt: '2015-03-31T17:40:54Z' } },
      },
    ]);
    expect(ofKind(objects, 'Event')).toEqual([]);
  });
});

describe('real case 089: Conditions, Volumes, node selectors, tolerations and Events without a header', () => {
  const { objects, blocks } = describeAll(CASE_089);
  const pod = only(objects, 'Pod');

  it('reads the pod parts', () => {
    expect(blocks).toEqual([[0, lineCount(CASE_089)]]);
    expect(at(pod, 'status.conditions')).toEqual([{ type: 'PodScheduled', status: 'False' }]);
    expect(at(pod, 'status.qosClass')).toBe('Guaranteed');
    expect(at(pod, 'spec.nodeSelector')).toEqual({
      'eks.amazonaws.com/nodegroup': 'private_t3_xlarge',
      network_placement: 'private',
    });
    expect(at(pod, 'spec.tolerations')).toHaveLength(2);
    expect(at(pod, 'spec.volumes.1.projected.sources')).toEqual([
      { serviceAccountToken: { expirationSeconds: 3607 } },
      { configMap: { name: 'kube-root-ca.crt' } },
      { downwardAPI: {} },
    ]);
  });

  it('points the FailedScheduling event at the same unnamed pod', () => {
    const [event] = ofKind(objects, 'Event');
    expect(event?.raw).toMatchObject({
      type: 'Warning',
      reason: 'FailedScheduling',
      source: { component: 'default-scheduler' },
      involvedObject: { kind: 'Pod', name: UNNAMED_POD },
    });
    expect(event?.raw.message).toMatch(/^0\/4 nodes are available: 4 node\(s\) didn't match/);
    expect(event?.age).toEqual({ last: 302, first: 302 });
    expect(at(pod, 'metadata.name')).toBe(UNNAMED_POD);
  });
});

describe('real cases 012, 037, 090: Type/Reason/Age/From/Message rows', () => {
  it('012: headerless rows, the pod named by its Scheduled event', () => {
    const events = ofKind(describeAll(CASE_012).objects, 'Event');
    expect(events).toHaveLength(7);
    expect(events.map((e) => e.raw.involvedObject)).toEqual(
      Array(7).fill({ kind: 'Pod', name: 'thanos-rule-65458b86c5-qwtxl', namespace: 'default' }),
    );
    expect(events[6]?.raw).toMatchObject({ reason: 'Failed', message: 'Error: ImagePullBackOff', count: 2 });
    expect(events[6]?.age).toEqual({ last: 0, first: 31 });
  });

  it('037: an Events section with its header', () => {
    const events = ofKind(describeAll(CASE_037).objects, 'Event');
    expect(events.map((e) => e.raw.reason)).toEqual([
      'Scheduled',
      'Pulled',
      'Created',
      'Started',
      'Unhealthy',
      'Killing',
    ]);
    expect(events[4]?.raw).toMatchObject({ count: 3, source: { component: 'kubelet' } });
    expect(events[4]?.age).toEqual({ last: 11, first: 31 });
  });

  it('090: one headerless row', () => {
    const row = parseDescribeEventRow(cleanLines(CASE_090)[0] ?? '');
    expect(row?.raw).toMatchObject({ type: 'Warning', reason: 'FailedScheduling', count: 7 });
    expect(row?.age).toEqual({ last: 56, first: 585 });
  });
});
