// Text blocks as kubectl prints them, for the paste benchmark. {i} is replaced by a number so
// that every repetition names other objects.
export const BLOCKS = [
  `$ kubectl describe pod web-{i}-7d4b9c8f6d-x2x7k -n shop
Name:             web-{i}-7d4b9c8f6d-x2x7k
Namespace:        shop
Priority:         0
Service Account:  default
Node:             worker-3/10.0.3.17
Start Time:       Tue, 17 Mar 2026 14:02:11 +0000
Labels:           app=web
                  pod-template-hash=7d4b9c8f6d
Annotations:      <none>
Status:           Pending
IP:               10.244.3.21
IPs:
  IP:           10.244.3.21
Controlled By:  ReplicaSet/web-{i}-7d4b9c8f6d
Containers:
  web:
    Container ID:
    Image:          ghcr.io/acme/web:1.8.{i}
    Image ID:
    Port:           8080/TCP
    Host Port:      0/TCP
    State:          Waiting
      Reason:       ImagePullBackOff
    Ready:          False
    Restart Count:  0
    Limits:
      memory:  256Mi
    Requests:
      cpu:        100m
      memory:     128Mi
    Readiness:    http-get http://:8080/ready delay=5s timeout=1s period=10s #success=1 #failure=3
    Environment:  <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-x2x7k (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  kube-api-access-x2x7k:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
QoS Class:                   Burstable
Node-Selectors:              <none>
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                  From               Message
  ----     ------     ----                 ----               -------
  Normal   Scheduled  4m12s                default-scheduler  Successfully assigned shop/web-{i}-7d4b9c8f6d-x2x7k to worker-3
  Normal   Pulling    2m40s (x4 over 4m11s)  kubelet            Pulling image "ghcr.io/acme/web:1.8.{i}"
  Warning  Failed     2m39s (x4 over 4m10s)  kubelet            Failed to pull image "ghcr.io/acme/web:1.8.{i}": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/acme/web:1.8.{i}": failed to resolve reference "ghcr.io/acme/web:1.8.{i}": ghcr.io/acme/web:1.8.{i}: not found
  Warning  Failed     2m39s (x4 over 4m10s)  kubelet            Error: ErrImagePull
  Normal   BackOff    10s (x15 over 4m10s)   kubelet            Back-off pulling image "ghcr.io/acme/web:1.8.{i}"
  Warning  Failed     10s (x15 over 4m10s)   kubelet            Error: ImagePullBackOff
`,
  `$ kubectl get events -n shop
LAST SEEN   TYPE      REASON             OBJECT                            MESSAGE
2m          Warning   FailedScheduling   pod/api-{i}-5f9c7d8b6-abcde        0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.
7m18s       Warning   FailedMount        pod/cfg-{i}-595bf79b79-h27xj       MountVolume.SetUp failed for volume "secrets" : secret "secret-appsettings" not found
5m          Normal    Pulled             pod/ok-{i}-6c8d7f9b5-qqqqq         Container image "nginx:1.27" already present on machine
3m (x12 over 20m)   Warning   BackOff    pod/crash-{i}-7b9c6d5f4-zzzzz      Back-off restarting failed container app in pod crash-{i}-7b9c6d5f4-zzzzz_shop(0f0e-{i})
`,
  `$ kubectl get pods -n shop -o wide
NAME                          READY   STATUS             RESTARTS       AGE   IP            NODE       NOMINATED NODE   READINESS GATES
crash-{i}-7b9c6d5f4-zzzzz     0/1     CrashLoopBackOff   7 (2m ago)     20m   10.244.1.9    worker-1   <none>           <none>
ok-{i}-6c8d7f9b5-qqqqq        1/1     Running            0              5m    10.244.2.4    worker-2   <none>           <none>
api-{i}-5f9c7d8b6-abcde       0/1     Pending            0              2m    <none>        <none>     <none>           <none>
`,
  `Some prose from the ticket: after the upgrade on {i} things broke, here is the status block.
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Tue, 17 Mar 2026 14:10:00 +0000
      Finished:     Tue, 17 Mar 2026 14:12:00 +0000
    Ready:          False
    Restart Count:  {i}
`,
];

/** About `bytes` of mixed paste. */
export function generatePaste(bytes) {
  const parts = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const block = BLOCKS[i % BLOCKS.length].replaceAll('{i}', String(i));
    parts.push(block);
    size += block.length + 1;
  }
  return parts.join('\n');
}
