import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';

/** Whole `kubectl describe pod` outputs as kubectl 0.x–1.9 printed them. */

const V1_0 = `$ kubectl describe pod frontend-abc12
Name:				frontend-abc12
Namespace:			default
Image(s):			gcr.io/google_samples/gb-frontend:v3
Node:				kubernetes-minion-7i6x/10.240.91.43
Labels:				name=frontend,tier=frontend
Status:				Pending
Reason:
Message:
IP:
Replication Controllers:	frontend (3/3 replicas created)
Containers:
  php-redis:
    Image:		gcr.io/google_samples/gb-frontend:v3
    State:		Waiting
      Reason:		Image: gcr.io/google_samples/gb-frontend:v3 is not ready on the node
    Ready:		False
    Restart Count:	0
Conditions:
  Type		Status
  Ready 	False
Events:
  FirstSeen				LastSeen			Count	From					SubobjectPath				Reason		Message
  Tue, 07 Jul 2015 14:37:43 -0700	Tue, 07 Jul 2015 14:37:43 -0700	1	{scheduler }									scheduled	Successfully assigned frontend-abc12 to kubernetes-minion-7i6x
  Tue, 07 Jul 2015 14:37:45 -0700	Tue, 07 Jul 2015 14:38:05 -0700	3	{kubelet kubernetes-minion-7i6x}	spec.containers{php-redis}		failed		Failed to pull image "gcr.io/google_samples/gb-frontend:v3": image not found
`;

const V0_14_HOST = `Name:                           cassandra-x9k2
Image(s):                       gcr.io/google_containers/cassandra:v5
Host:                           kubernetes-minion-3c1a/
Labels:                         name=cassandra
Status:                         Running
Replication Controllers:        cassandra (2/2 replicas created)
Containers:
  cassandra:
    Image:              gcr.io/google_containers/cassandra:v5
    State:              Running
      Started:          Wed, 01 Apr 2015 09:00:00 -0700
    Ready:              True
    Restart Count:      2
Conditions:
  Type          Status
  Ready         True
No events.
`;

const V1_5 = `Name:		web-1234567890-abcde
Namespace:	default
Node:		node-1/10.0.0.5
Start Time:	Mon, 06 Mar 2017 10:00:00 +0000
Labels:		app=web
		pod-template-hash=1234567890
Status:		Running
IP:		10.244.1.7
Controllers:	ReplicaSet/web-1234567890
Containers:
  web:
    Container ID:	docker://0123456789abcdef
    Image:		nginx:1.11
    Image ID:		docker://sha256:abcdef
    Port:		80/TCP
    State:		Waiting
      Reason:		CrashLoopBackOff
    Last State:		Terminated
      Reason:		Error
      Exit Code:	1
      Started:		Mon, 06 Mar 2017 10:05:00 +0000
      Finished:		Mon, 06 Mar 2017 10:05:01 +0000
    Ready:		False
    Restart Count:	5
    Liveness:		http-get http://:80/healthz delay=10s timeout=1s period=10s #success=1 #failure=3
    Volume Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from default-token-x1y2z (ro)
    Environment Variables:
      DB_HOST:	<set to the key 'host' of config map 'db-config'>
Conditions:
  Type		Status
  Initialized 	True
  Ready 	False
  PodScheduled 	True
Volumes:
  default-token-x1y2z:
    Type:	Secret (a volume populated by a Secret)
    SecretName:	default-token-x1y2z
QoS Class:	BestEffort
Tolerations:	<none>
Events:
  FirstSeen	LastSeen	Count	From			SubObjectPath		Type		Reason		Message
  ---------	--------	-----	----			-------------		--------	------		-------
  5m		5m		1	default-scheduler				Normal		Scheduled	Successfully assigned web-1234567890-abcde to node-1
  5m		1m		6	kubelet, node-1		spec.containers{web}	Normal		Pulled		Container image "nginx:1.11" already present on machine
  4m		10s		22	kubelet, node-1		spec.containers{web}	Warning		BackOff		Back-off restarting failed container
`;

describe('kubectl 1.0 and before (Image(s), Host, absolute event times, {source} braces)', () => {
  it('reads a 1.0 pod with its replication controller and braces events', () => {
    const { objects, blocks } = describeAll(V1_0);
    expect(blocks).toEqual([[1, lineCount(V1_0)]]);
    const pod = only(objects, 'Pod');
    expect(at(pod, 'metadata')).toEqual({
      name: 'frontend-abc12',
      namespace: 'default',
      labels: { name: 'frontend', tier: 'frontend' },
      ownerReferences: [{ kind: 'ReplicationController', name: 'frontend', controller: true }],
    });
    expect(at(pod, 'spec.nodeName')).toBe('kubernetes-minion-7i6x');
    expect(at(pod, 'status.hostIP')).toBe('10.240.91.43');
    expect(at(pod, 'status.phase')).toBe('Pending');
    expect(at(pod, 'status.reason')).toBeUndefined();
    expect(at(pod, 'status.podIP')).toBeUndefined();
    expect(at(pod, 'status.conditions')).toEqual([{ type: 'Ready', status: 'False' }]);
    expect(at(pod, 'status.containerStatuses')).toEqual([
      {
        name: 'php-redis',
        image: 'gcr.io/google_samples/gb-frontend:v3',
        ready: false,
        restartCount: 0,
        state: {
          waiting: { reason: 'Image: gcr.io/google_samples/gb-frontend:v3 is not ready on the node' },
        },
      },
    ]);
    const events = ofKind(objects, 'Event');
    expect(events.map((e) => e.raw)).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Event',
        reason: 'scheduled',
        message: 'Successfully assigned frontend-abc12 to kubernetes-minion-7i6x',
        count: 1,
        source: { component: 'scheduler' },
        firstTimestamp: '2015-07-07T21:37:43Z',
        lastTimestamp: '2015-07-07T21:37:43Z',
        involvedObject: { kind: 'Pod', name: 'frontend-abc12', namespace: 'default' },
      },
      {
        apiVersion: 'v1',
        kind: 'Event',
        reason: 'failed',
        message: 'Failed to pull image "gcr.io/google_samples/gb-frontend:v3": image not found',
        count: 3,
        source: { component: 'kubelet', host: 'kubernetes-minion-7i6x' },
        firstTimestamp: '2015-07-07T21:37:45Z',
        lastTimestamp: '2015-07-07T21:38:05Z',
        involvedObject: {
          kind: 'Pod',
          name: 'frontend-abc12',
          namespace: 'default',
          fieldPath: 'spec.containers{php-redis}',
        },
      },
    ]);
    expect(events.every((e) => e.age === undefined)).toBe(true);
  });

  it('reads a pre-1.0 pod whose node is under Host and whose events are "No events."', () => {
    const { objects, blocks } = describeAll(V0_14_HOST);
    expect(blocks).toEqual([[0, lineCount(V0_14_HOST)]]);
    const pod = only(objects, 'Pod');
    expect(at(pod, 'spec.nodeName')).toBe('kubernetes-minion-3c1a');
    expect(at(pod, 'status.hostIP')).toBeUndefined();
    expect(at(pod, 'status.containerStatuses.0')).toEqual({
      name: 'cassandra',
      image: 'gcr.io/google_containers/cassandra:v5',
      ready: true,
      restartCount: 2,
      state: { running: { startedAt: '2015-04-01T16:00:00Z' } },
    });
    expect(ofKind(objects, 'Event')).toEqual([]);
  });
});

describe('kubectl 1.2–1.9 (tab-separated events with Type, "kubelet, node" sources)', () => {
  it('reads the pod, its owner, container states, env and volumes', () => {
    const { objects, blocks } = describeAll(V1_5);
    expect(blocks).toEqual([[0, lineCount(V1_5)]]);
    const pod = only(objects, 'Pod');
    expect(at(pod, 'metadata.labels')).toEqual({ app: 'web', 'pod-template-hash': '1234567890' });
    expect(at(pod, 'metadata.ownerReferences')).toEqual([
      { kind: 'ReplicaSet', name: 'web-1234567890', controller: true },
    ]);
    expect(at(pod, 'status.startTime')).toBe('2017-03-06T10:00:00Z');
    const web = at(pod, 'status.containerStatuses.0');
    expect(web).toMatchObject({
      name: 'web',
      containerID: 'docker://0123456789abcdef',
      imageID: 'docker://sha256:abcdef',
      ready: false,
      restartCount: 5,
      state: { waiting: { reason: 'CrashLoopBackOff' } },
      lastState: {
        terminated: {
          exitCode: 1,
          reason: 'Error',
          startedAt: '2017-03-06T10:05:00Z',
          finishedAt: '2017-03-06T10:05:01Z',
        },
      },
    });
    expect(at(pod, 'spec.containers.0')).toEqual({
      name: 'web',
      image: 'nginx:1.11',
      ports: [{ containerPort: 80, protocol: 'TCP' }],
      livenessProbe: {
        httpGet: { path: '/healthz', port: 80, scheme: 'HTTP' },
        initialDelaySeconds: 10,
        timeoutSeconds: 1,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 3,
      },
      volumeMounts: [
        {
          name: 'default-token-x1y2z',
          mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
          readOnly: true,
        },
      ],
      env: [{ name: 'DB_HOST', valueFrom: { configMapKeyRef: { key: 'host', name: 'db-config' } } }],
    });
    expect(at(pod, 'spec.volumes')).toEqual([
      { name: 'default-token-x1y2z', secret: { secretName: 'default-token-x1y2z' } },
    ]);
    expect(at(pod, 'status.qosClass')).toBe('BestEffort');
    expect(at(pod, 'spec.tolerations')).toBeUndefined();
  });

  it('reads the tab-separated events with relative ages and counts', () => {
    const events = ofKind(describeAll(V1_5).objects, 'Event');
    expect(events.map((e) => [e.raw.reason, e.raw.count, e.age, e.raw.source])).toEqual([
      ['Scheduled', 1, { last: 300, first: 300 }, { component: 'default-scheduler' }],
      ['Pulled', 6, { last: 60, first: 300 }, { component: 'kubelet', host: 'node-1' }],
      ['BackOff', 22, { last: 10, first: 240 }, { component: 'kubelet', host: 'node-1' }],
    ]);
    expect(events[2]?.raw.involvedObject).toEqual({
      kind: 'Pod',
      name: 'web-1234567890-abcde',
      namespace: 'default',
      fieldPath: 'spec.containers{web}',
    });
    expect(events[2]?.raw.type).toBe('Warning');
  });
});
