import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';

/** `kubectl describe` of workloads: the object with its kind, and events pointing at it. */

const RS = `$ kubectl describe rs web-7d4b9c8f6d -n shop
Name:           web-7d4b9c8f6d
Namespace:      shop
Selector:       app=web,pod-template-hash=7d4b9c8f6d
Labels:         app=web
                pod-template-hash=7d4b9c8f6d
Annotations:    deployment.kubernetes.io/desired-replicas: 3
                deployment.kubernetes.io/revision: 2
Controlled By:  Deployment/web
Replicas:       0 current / 3 desired
Pods Status:    0 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=web
           pod-template-hash=7d4b9c8f6d
  Containers:
   web:
    Image:      registry.example.com/web:1.4.2
    Port:       8080/TCP
    Host Port:  0/TCP
    Limits:
      cpu:  4
    Requests:
      cpu:        2
    Environment:  <none>
    Mounts:       <none>
  Volumes:        <none>
Conditions:
  Type             Status  Reason
  ----             ------  ------
  ReplicaFailure   True    FailedCreate
Events:
  Type     Reason        Age               From                   Message
  ----     ------        ----              ----                   -------
  Warning  FailedCreate  2m (x16 over 5m)  replicaset-controller  Error creating: pods "web-7d4b9c8f6d-" is forbidden: exceeded quota: compute-quota, requested: requests.cpu=2, used: requests.cpu=8, limited: requests.cpu=8
`;

const DEPLOY = `Name:                   web
Namespace:              shop
CreationTimestamp:      Tue, 14 Nov 2023 09:00:00 +0000
Labels:                 app=web
Annotations:            deployment.kubernetes.io/revision: 2
Selector:               app=web
Replicas:               3 desired | 1 updated | 3 total | 2 available | 1 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:  app=web
  Containers:
   web:
    Image:        registry.example.com/web:1.4.3
    Port:         8080/TCP
    Host Port:    0/TCP
    Environment:  <none>
    Mounts:       <none>
  Volumes:        <none>
  Node-Selectors: <none>
  Tolerations:    <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    ReplicaSetUpdated
OldReplicaSets:  web-7d4b9c8f6d (2/2 replicas created)
NewReplicaSet:   web-5c6b7d8e9f (1/1 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  3m    deployment-controller  Scaled up replica set web-5c6b7d8e9f to 1
`;

const JOB = `Name:             migrate-db
Namespace:        shop
Selector:         batch.kubernetes.io/controller-uid=1e2f3a4b-5c6d-7e8f-9a0b-1c2d3e4f5a6b
Labels:           app=migrate
Annotations:      <none>
Parallelism:      1
Completions:      1
Completion Mode:  NonIndexed
Suspend:          false
Backoff Limit:    6
Start Time:       Tue, 14 Nov 2023 09:00:00 +0000
Pods Statuses:    0 Active (0 Ready) / 0 Succeeded / 7 Failed
Pod Template:
  Labels:  app=migrate
  Containers:
   migrate:
    Image:      registry.example.com/migrate:1.0
    Port:       <none>
    Host Port:  <none>
    Command:
      ./migrate
      up
    Environment:  <none>
    Mounts:       <none>
  Volumes:        <none>
Events:
  Type     Reason                Age   From            Message
  ----     ------                ----  ----            -------
  Normal   SuccessfulCreate      10m   job-controller  Created pod: migrate-db-x7k2p
  Warning  BackoffLimitExceeded  1m    job-controller  Job has reached the specified backoff limit
`;

const STS = `Name:               db
Namespace:          shop
CreationTimestamp:  Tue, 14 Nov 2023 09:00:00 +0000
Selector:           app=db
Labels:             <none>
Annotations:        <none>
Replicas:           3 desired | 1 total
Update Strategy:    RollingUpdate
  Partition:        0
Pods Status:        0 Running / 1 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:           app=db
  Service Account:  db
  Containers:
   postgres:
    Image:        postgres:16
    Port:         5432/TCP
    Host Port:    0/TCP
    Environment:  <none>
    Mounts:
      /var/lib/postgresql/data from data (rw)
  Volumes:  <none>
Volume Claims:
  Name:          data
  StorageClass:  standard
  Labels:        <none>
  Annotations:   <none>
  Capacity:      10Gi
  Access Modes:  [ReadWriteOnce]
Events:
  Type     Reason        Age                From                    Message
  ----     ------        ----               ----                    -------
  Warning  FailedCreate  30s (x12 over 1m)  statefulset-controller  create Pod db-1 in StatefulSet db failed error: pods "db-1" is forbidden: error looking up service account shop/db: serviceaccount "db" not found
`;

const DS = `Name:           node-exporter
Selector:       app=node-exporter
Node-Selector:  <none>
Labels:         app=node-exporter
Annotations:    deprecated.daemonset.template.generation: 1
Desired Number of Nodes Scheduled: 3
Current Number of Nodes Scheduled: 0
Number of Nodes Scheduled with Up-to-date Pods: 0
Number of Nodes Scheduled with Available Pods: 0
Number of Nodes Misscheduled: 0
Pods Status:  0 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=node-exporter
  Containers:
   node-exporter:
    Image:        quay.io/prometheus/node-exporter:v1.7.0
    Port:         9100/TCP
    Host Port:    9100/TCP
    Environment:  <none>
    Mounts:       <none>
  Volumes:        <none>
Events:
  Type     Reason        Age               From                  Message
  ----     ------        ----              ----                  -------
  Warning  FailedCreate  1m (x5 over 3m)   daemonset-controller  Error creating: pods "node-exporter-" is forbidden: violates PodSecurity "baseline:latest": host namespaces (hostNetwork=true), hostPort (container "node-exporter" uses hostPort 9100)
`;

describe('workloads', () => {
  it('ReplicaSet (modern): owner, replicas, pod template, conditions, FailedCreate on the RS', () => {
    const { objects, blocks } = describeAll(RS);
    expect(blocks).toEqual([[1, lineCount(RS)]]);
    const rs = only(objects, 'ReplicaSet');
    expect(at(rs, 'metadata.ownerReferences')).toEqual([
      { kind: 'Deployment', name: 'web', controller: true },
    ]);
    expect(at(rs, 'spec.replicas')).toBe(3);
    expect(at(rs, 'status.replicas')).toBe(0);
    expect(at(rs, 'spec.selector')).toEqual({
      matchLabels: { app: 'web', 'pod-template-hash': '7d4b9c8f6d' },
    });
    expect(at(rs, 'spec.template')).toEqual({
      metadata: { labels: { app: 'web', 'pod-template-hash': '7d4b9c8f6d' } },
      spec: {
        containers: [
          {
            name: 'web',
            image: 'registry.example.com/web:1.4.2',
            ports: [{ containerPort: 8080, protocol: 'TCP' }],
            resources: { limits: { cpu: '4' }, requests: { cpu: '2' } },
          },
        ],
      },
    });
    expect(at(rs, 'status.conditions')).toEqual([
      { type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate' },
    ]);
    const [event] = ofKind(objects, 'Event');
    expect(event?.raw.involvedObject).toEqual({
      kind: 'ReplicaSet',
      name: 'web-7d4b9c8f6d',
      namespace: 'shop',
    });
    expect(event?.raw.count).toBe(16);
    expect(ofKind(objects, 'Pod')).toEqual([]);
  });

  it('Deployment: replica counts and conditions', () => {
    const { objects } = describeAll(DEPLOY);
    const d = only(objects, 'Deployment');
    expect(at(d, 'apiVersion')).toBe('apps/v1');
    expect(at(d, 'metadata.creationTimestamp')).toBe('2023-11-14T09:00:00Z');
    expect(at(d, 'spec.replicas')).toBe(3);
    expect(at(d, 'status')).toEqual({
      replicas: 3,
      updatedReplicas: 1,
      availableReplicas: 2,
      unavailableReplicas: 1,
      conditions: [
        { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' },
        { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' },
      ],
    });
    expect(ofKind(objects, 'Event')[0]?.raw.involvedObject).toEqual({
      kind: 'Deployment',
      name: 'web',
      namespace: 'shop',
    });
  });

  it('Job: completions, parallelism, pod counts, events on the Job', () => {
    const { objects } = describeAll(JOB);
    const job = only(objects, 'Job');
    expect(at(job, 'spec')).toMatchObject({
      completions: 1,
      parallelism: 1,
      backoffLimit: 6,
      suspend: false,
    });
    expect(at(job, 'status')).toEqual({ active: 0, succeeded: 0, failed: 7 });
    expect(at(job, 'spec.template.spec.containers.0.command')).toEqual(['./migrate', 'up']);
    expect(ofKind(objects, 'Event').map((e) => [e.raw.reason, at(e.raw, 'involvedObject.kind')])).toEqual([
      ['SuccessfulCreate', 'Job'],
      ['BackoffLimitExceeded', 'Job'],
    ]);
  });

  it('StatefulSet: replicas and its FailedCreate event', () => {
    const { objects, blocks } = describeAll(STS);
    expect(blocks).toEqual([[0, lineCount(STS)]]);
    const sts = only(objects, 'StatefulSet');
    expect(at(sts, 'spec.replicas')).toBe(3);
    expect(at(sts, 'status.replicas')).toBe(1);
    expect(at(sts, 'spec.template.spec.serviceAccountName')).toBe('db');
    expect(ofKind(objects, 'Event')[0]?.raw.involvedObject).toEqual({
      kind: 'StatefulSet',
      name: 'db',
      namespace: 'shop',
    });
    expect(ofKind(objects, 'PersistentVolumeClaim')).toEqual([]);
  });

  it('DaemonSet: scheduling counts, events on the DaemonSet', () => {
    const { objects } = describeAll(DS);
    const ds = only(objects, 'DaemonSet');
    expect(at(ds, 'status')).toEqual({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 0,
      updatedNumberScheduled: 0,
      numberAvailable: 0,
      numberMisscheduled: 0,
    });
    expect(at(ds, 'spec.template.spec.containers.0.ports')).toEqual([
      { containerPort: 9100, protocol: 'TCP', hostPort: 9100 },
    ]);
    expect(ofKind(objects, 'Event')[0]?.raw.involvedObject).toEqual({
      kind: 'DaemonSet',
      name: 'node-exporter',
    });
  });
});
