import { describe, expect, it } from 'vitest';
import { at, describeAll, only, type Obj } from './describe-test-helpers.js';

/** Workload spec and status field by field, from kubectl 1.27–1.33 describe (the simulator's). */

const DEPLOY = `Name:                   analytics
Namespace:              data
CreationTimestamp:      Thu, 03 Dec 2026 06:49:38 +0000
Labels:                 app=analytics
Annotations:            deployment.kubernetes.io/revision: 1
Selector:               app=analytics
Replicas:               1 desired | 1 updated | 1 total | 0 available | 1 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
Pod Template:
  Labels:           app=analytics
  Service Account:  default
  Containers:
   spark-driver:
    Image:      docker.io/library/postgres:16.4
    Port:       <none>
    Host Port:  <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      False   MinimumReplicasUnavailable
  Progressing    True    ReplicaSetUpdated
OldReplicaSets:  <none>
NewReplicaSet:   analytics-58bd7455d7 (1/1 replicas created)
Events:          <none>
`;

const RS = `Name:           analytics-58bd7455d7
Namespace:      data
Selector:       app=analytics,pod-template-hash=58bd7455d7
Labels:         app=analytics
                pod-template-hash=58bd7455d7
Annotations:    deployment.kubernetes.io/desired-replicas: 1
Controlled By:  Deployment/analytics
Replicas:       1 current / 12 desired
Pods Status:    0 Running / 1 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:           app=analytics
                    pod-template-hash=58bd7455d7
  Service Account:  default
  Containers:
   spark-driver:
    Image:      docker.io/library/postgres:16.4
    Port:       <none>
    Host Port:  <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:          <none>
`;

const DS = `Name:           node-exporter
Namespace:      monitoring
Selector:       app=node-exporter
Node-Selector:  <none>
Labels:         <none>
Annotations:    <none>
Desired Number of Nodes Scheduled: 4
Current Number of Nodes Scheduled: 3
Number of Nodes Scheduled with Up-to-date Pods: 2
Number of Nodes Scheduled with Available Pods: 1
Number of Nodes Misscheduled: 0
Pods Status:  4 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:           app=node-exporter
  Service Account:  default
  Containers:
   node-exporter:
    Image:      quay.io/prometheus/node-exporter:v1.8.2
    Port:       9100/TCP
    Host Port:  0/TCP
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     node-role.kubernetes.io/control-plane:NoSchedule op=Exists
Events:            <none>
`;

const JOB = `Name:             nightly-report
Namespace:        batch
Selector:         batch.kubernetes.io/controller-uid=5cc2e4b5-4fc3-4956-a821-149ebf317b64
Labels:           <none>
Annotations:      <none>
Parallelism:      2
Completions:      10
Completion Mode:  NonIndexed
Suspend:          false
Backoff Limit:    6
Start Time:       Thu, 03 Dec 2026 06:49:38 +0000
Pods Statuses:    2 Active (1 Ready) / 7 Succeeded / 12 Failed
Pod Template:
  Labels:           job-name=nightly-report
  Service Account:  default
  Containers:
   report:
    Image:      ghcr.io/acme/report-job:1.0.0
    Port:       <none>
    Host Port:  <none>
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Events:            <none>
`;

const CRONJOB = `Name:                          nightly
Namespace:                     batch
Labels:                        <none>
Annotations:                   <none>
Schedule:                      0 3 * * *
Concurrency Policy:            Forbid
Suspend:                       True
Successful Job History Limit:  3
Failed Job History Limit:      1
Starting Deadline Seconds:     <unset>
Selector:                      <unset>
Parallelism:                   <unset>
Completions:                   <unset>
Pod Template:
  Labels:  <none>
  Containers:
   report:
    Image:      ghcr.io/acme/report-job:1.0.0
    Port:       <none>
    Host Port:  <none>
    Environment:     <none>
    Mounts:          <none>
  Volumes:           <none>
  Node-Selectors:    <none>
  Tolerations:       <none>
Last Schedule Time:  <unset>
Active Jobs:         <none>
Events:              <none>
`;

const RC = `$ kubectl describe rc frontend
Name:         frontend
Namespace:    default
Selector:     app=guestbook,tier=frontend
Labels:       app=guestbook
Annotations:  <none>
Replicas:     3 current / 3 desired
Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=guestbook
           tier=frontend
  Containers:
   php-redis:
    Image:        gcr.io/google_samples/gb-frontend:v5
    Port:         80/TCP
    Host Port:    0/TCP
    Environment:  <none>
    Mounts:       <none>
  Volumes:        <none>
Events:           <none>
`;

function without(o: unknown, ...keys: string[]): Obj {
  return Object.fromEntries(Object.entries(o as Obj).filter(([k]) => !keys.includes(k)));
}

describe('workload spec and status, exactly', () => {
  it('Deployment: replicas, selector, template; status counts and conditions', () => {
    const raw = only(describeAll(DEPLOY).objects, 'Deployment');
    expect(raw.apiVersion).toBe('apps/v1');
    expect(without(raw.spec, 'template')).toEqual({
      replicas: 1,
      selector: { matchLabels: { app: 'analytics' } },
    });
    expect(at(raw, 'spec.template.metadata')).toEqual({ labels: { app: 'analytics' } });
    expect(at(raw, 'spec.template.spec.serviceAccountName')).toBe('default');
    expect(raw.status).toEqual({
      replicas: 1,
      updatedReplicas: 1,
      availableReplicas: 0,
      unavailableReplicas: 1,
      conditions: [
        { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable' },
        { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' },
      ],
    });
  });

  it('ReplicaSet: "1 current / 12 desired"', () => {
    const raw = only(describeAll(RS).objects, 'ReplicaSet');
    expect(raw.apiVersion).toBe('apps/v1');
    expect(without(raw.spec, 'template')).toEqual({
      replicas: 12,
      selector: { matchLabels: { app: 'analytics', 'pod-template-hash': '58bd7455d7' } },
    });
    expect(raw.status).toEqual({ replicas: 1 });
  });

  it('ReplicationController: a plain selector map, apiVersion v1', () => {
    const raw = only(describeAll(RC).objects, 'ReplicationController');
    expect(raw.apiVersion).toBe('v1');
    expect(without(raw.spec, 'template')).toEqual({
      replicas: 3,
      selector: { app: 'guestbook', tier: 'frontend' },
    });
    expect(at(raw, 'spec.template.metadata')).toEqual({ labels: { app: 'guestbook', tier: 'frontend' } });
    expect(raw.status).toEqual({ replicas: 3 });
  });

  it('DaemonSet: the five node counts', () => {
    const raw = only(describeAll(DS).objects, 'DaemonSet');
    expect(without(raw.spec, 'template')).toEqual({ selector: { matchLabels: { app: 'node-exporter' } } });
    expect(raw.status).toEqual({
      desiredNumberScheduled: 4,
      currentNumberScheduled: 3,
      updatedNumberScheduled: 2,
      numberAvailable: 1,
      numberMisscheduled: 0,
    });
  });

  it('Job: parallelism, completions, suspend, backoff limit; 2- and 3-digit pod counts', () => {
    const raw = only(describeAll(JOB).objects, 'Job');
    expect(raw.apiVersion).toBe('batch/v1');
    expect(without(raw.spec, 'template')).toEqual({
      selector: {
        matchLabels: { 'batch.kubernetes.io/controller-uid': '5cc2e4b5-4fc3-4956-a821-149ebf317b64' },
      },
      completions: 10,
      parallelism: 2,
      backoffLimit: 6,
      suspend: false,
    });
    expect(raw.status).toEqual({ active: 2, succeeded: 7, failed: 12 });
    const many = only(
      describeAll(
        JOB.replace(
          '2 Active (1 Ready) / 7 Succeeded / 12 Failed',
          '100 Active (99 Ready) / 0 Succeeded / 101 Failed',
        ),
      ).objects,
      'Job',
    );
    expect(many.status).toEqual({ active: 100, succeeded: 0, failed: 101 });
  });

  it('Job of kubectl before 1.27: "1 Running / 0 Succeeded / 6 Failed"', () => {
    const raw = only(
      describeAll(
        JOB.replace('2 Active (1 Ready) / 7 Succeeded / 12 Failed', '1 Running / 0 Succeeded / 6 Failed'),
      ).objects,
      'Job',
    );
    expect(raw.status).toEqual({ active: 1, succeeded: 0, failed: 6 });
  });

  it('CronJob: schedule and suspend; <unset> fields left out', () => {
    const raw = only(describeAll(CRONJOB).objects, 'CronJob');
    expect(raw.apiVersion).toBe('batch/v1');
    expect(without(raw.spec, 'template')).toEqual({ schedule: '0 3 * * *', suspend: true });
    expect(raw.status).toBeUndefined();
  });

  it.each([
    ['app=web', { matchLabels: { app: 'web' } }],
    ['app=web,tier=front', { matchLabels: { app: 'web', tier: 'front' } }],
    ['app.kubernetes.io/name=web,empty=', { matchLabels: { 'app.kubernetes.io/name': 'web', empty: '' } }],
    // Set-based selectors (FormatLabelSelector) are not label maps.
    ['app=web,tier in (back,front)', undefined],
    ['app=web,!canary', undefined],
    ['tier notin (db)', undefined],
  ])('Selector %j is %j', (selector, want) => {
    const raw = only(
      describeAll(
        DEPLOY.replace('Selector:               app=analytics', `Selector:               ${selector}`),
      ).objects,
      'Deployment',
    );
    expect(at(raw, 'spec.selector')).toEqual(want);
  });
});
