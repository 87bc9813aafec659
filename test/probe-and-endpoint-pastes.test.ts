/**
 * Pastes in the shapes users paste, read end to end (paste reader, engine, rules), for the
 * classes of the probe, restart, start, scheduling and Service stages: each must be diagnosed
 * with the stage and reason named, as its first failed target.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

const CASES: readonly { name: string; stage: string; reason: string; text: string }[] = [
  {
    name: 'describe events: liveness failures recur over restarts, the kill events aged out',
    stage: 'liveness',
    reason: 'LivenessProbeFailed',
    text: `$ kubectl describe pod api-7d9f8c6b5-abcde -n shop
Events:
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  10m                 default-scheduler  Successfully assigned shop/api-7d9f8c6b5-abcde to node-1
  Normal   Pulled     9m (x4 over 10m)    kubelet            Container image "registry.local/api:1.2" already present on machine
  Normal   Created    9m (x4 over 10m)    kubelet            Created container api
  Normal   Started    9m (x4 over 10m)    kubelet            Started container api
  Warning  Unhealthy  8m (x12 over 10m)   kubelet            Liveness probe failed: HTTP probe failed with statuscode: 500
  Warning  BackOff    2m (x20 over 8m)    kubelet            Back-off restarting failed container api in pod api-7d9f8c6b5-abcde_shop(0b1c2d3e)`,
  },
  {
    name: '2016 events table: the 1.3-1.8 kill message',
    stage: 'liveness',
    reason: 'LivenessProbeFailed',
    text: `FirstSeen	LastSeen	Count	From			SubObjectPath			Type	Reason	Message
  7m	7m	1	{kubelet 10.0.0.4}	spec.containers{web}	Normal	Started	Started container with docker id e1d3670bad8c
  5m	5m	1	{kubelet 10.0.0.4}	spec.containers{web}	Normal	Killing	Killing container with docker id e1d3670bad8c: pod "web-du1gp_default(ac3b025c)" container "web" is unhealthy, it will be killed and re-created.`,
  },
  {
    name: 'describe events: startup probe failing across three starts',
    stage: 'liveness',
    reason: 'StartupProbeFailed',
    text: `Events:
  Type     Reason     Age                   From     Message
  ----     ------     ----                  ----     -------
  Normal   Created    4m (x3 over 16m)      kubelet  Created container keycloak
  Normal   Started    4m (x3 over 16m)      kubelet  Started container keycloak
  Warning  Unhealthy  30s (x88 over 15m)    kubelet  Startup probe failed: Get "http://10.244.1.9:9000/health/started": dial tcp 10.244.1.9:9000: connect: connection refused`,
  },
  {
    name: 'describe: the app exits 1 while liveness also fails now and then: a crash',
    stage: 'crash',
    reason: 'CrashLoopBackOff',
    text: `Name:         worker-5c8d7-xk2p9
Namespace:    jobs
Status:       Running
Containers:
  worker:
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
    Ready:          False
    Restart Count:  5
Events:
  Type     Reason     Age                From     Message
  ----     ------     ----               ----     -------
  Warning  Unhealthy  3m (x2 over 5m)    kubelet  Liveness probe failed: Get "http://10.1.2.4:8080/healthz": dial tcp 10.1.2.4:8080: connect: connection refused
  Warning  BackOff    1m (x10 over 5m)   kubelet  Back-off restarting failed container worker in pod worker-5c8d7-xk2p9_jobs(uid)`,
  },
  {
    name: 'get pods -o wide: Running but not Ready for two hours',
    stage: 'readiness',
    reason: 'NotReady',
    text: `$ kubectl get pods -n search -o wide
NAME              READY   STATUS    RESTARTS   AGE   IP            NODE     NOMINATED NODE   READINESS GATES
opensearch-0      0/1     Running   0          2h    10.42.0.17    node-a   <none>           <none>`,
  },
  {
    name: 'describe with Readiness Gates and Conditions lists',
    stage: 'readiness',
    reason: 'ReadinessGateNotMet',
    text: `Name:             web-5d8f7c9b6-k2x8p
Namespace:        prod
Node:             ip-10-0-1-5.ec2.internal/10.0.1.5
Start Time:       Mon, 01 Jun 2026 00:00:00 +0000
Status:           Running
Containers:
  web:
    State:          Running
      Started:      Mon, 01 Jun 2026 00:00:05 +0000
    Ready:          True
    Restart Count:  0
Readiness Gates:
  Type                                                              Status
  target-health.elbv2.k8s.aws/k8s-prod-web-0a1b2c3d4e               False
Conditions:
  Type                                                              Status
  target-health.elbv2.k8s.aws/k8s-prod-web-0a1b2c3d4e               False
  Initialized                                                       True
  Ready                                                             False
  ContainersReady                                                   True
  PodScheduled                                                      True
Events:
  Type    Reason     Age   From               Message
  ----    ------     ----  ----               -------
  Normal  Scheduled  20m   default-scheduler  Successfully assigned prod/web-5d8f7c9b6-k2x8p to ip-10-0-1-5.ec2.internal`,
  },
  {
    name: 'describe svc with <none> next to pods labelled for a chart',
    stage: 'service-endpoints',
    reason: 'SelectorMatchesNoPods',
    text: `$ kubectl describe svc web -n shop
Name:              web
Namespace:         shop
Selector:          app=web
Type:              ClusterIP
IP:                10.96.12.34
Port:              http  80/TCP
TargetPort:        8080/TCP
Endpoints:         <none>
Events:            <none>
$ kubectl get pods -n shop --show-labels
NAME                   READY   STATUS    RESTARTS   AGE   LABELS
web-6b7c8d9f5-q2w3e    1/1     Running   0          20m   app.kubernetes.io/name=web,pod-template-hash=6b7c8d9f5`,
  },
  {
    name: 'get endpoints <none> while every pod shown is Ready',
    stage: 'service-endpoints',
    reason: 'SelectorMatchesNoPods',
    text: `$ kubectl get endpoints -n monitoring
NAME                    ENDPOINTS                          AGE
prometheus-operated     10.244.1.5:9090                    3d
grafana                 <none>                             3d
$ kubectl get pods -n monitoring
NAME                      READY   STATUS    RESTARTS   AGE
prometheus-k8s-0          2/2     Running   0          3d
grafana-7c9d8f6b5-x2k4p   1/1     Running   0          3d`,
  },
  {
    name: 'get events: runc cannot exec the entrypoint',
    stage: 'container-start',
    reason: 'PermissionDenied',
    text: `LAST SEEN   TYPE      REASON    OBJECT                     MESSAGE
40s         Warning   Failed    pod/runner-7f8d9-zx8c7     Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/start.sh": permission denied: unknown
35s         Warning   BackOff   pod/runner-7f8d9-zx8c7     Back-off restarting failed container runner in pod runner-7f8d9-zx8c7_ci(uid)`,
  },
  {
    name: 'get pods and logs: exec format error behind CrashLoopBackOff',
    stage: 'container-start',
    reason: 'ExecFormatError',
    text: `$ kubectl get pods
NAME                          READY   STATUS             RESTARTS   AGE
hello-6468f86645-x98pq        0/1     CrashLoopBackOff   7          13m
$ kubectl logs hello-6468f86645-x98pq
standard_init_linux.go:211: exec user process caused "exec format error"`,
  },
  {
    name: 'FailedScheduling: the node the taints leave is full of pods',
    stage: 'scheduling',
    reason: 'TooManyPods',
    text: `  Warning  FailedScheduling  2m (x5 over 7m)  default-scheduler  0/5 nodes are available: 2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Too many pods. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.`,
  },
  {
    name: '2017 get events: env Secret missing, reported as RunContainerError',
    stage: 'container-config',
    reason: 'SecretMissing',
    text: `LASTSEEN   FIRSTSEEN   COUNT     NAME                       KIND      SUBOBJECT   TYPE      REASON       SOURCE                MESSAGE
25m        31m         8         api-cmd-4281948355-qecb1   Pod                   Warning   FailedSync   {kubelet ip-10-0-10-170}   Error syncing pod, skipping: failed to "StartContainer" for "api-cmd" with RunContainerError: "GenerateRunContainerOptions: secrets \\"api-v115-env\\" not found"`,
  },
];

describe('probe, restart, start, scheduling and Service pastes', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const snapshot = snapshotFromSources([{ name: 'paste.txt', text: c.text }], ['paste.txt'], {
        clock: () => CLOCK,
      });
      const { diagnoses, ruleFailures } = diagnose(snapshot, {
        now: referenceTimeOf(snapshot) ?? CLOCK,
        rules: RULES,
      });
      expect(ruleFailures).toEqual([]);
      const first = diagnoses[0];
      expect({ verdict: first?.verdict, stage: first?.stage, reason: first?.reason }).toEqual({
        verdict: 'failed',
        stage: c.stage,
        reason: c.reason,
      });
    });
  }
});
