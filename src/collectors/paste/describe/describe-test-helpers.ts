import { cleanLines } from '../common/text.js';
import { parseDescribe } from './block.js';
import type { PastedObject } from '../common/types.js';

/** Runs parseDescribe over pasted text the way the driver does: at each line, taking blocks it claims. */
export function describeAll(text: string): { objects: PastedObject[]; blocks: Array<[number, number]> } {
  const lines = cleanLines(text);
  const objects: PastedObject[] = [];
  const blocks: Array<[number, number]> = [];
  let i = 0;
  while (i < lines.length) {
    const r = parseDescribe(lines, i);
    if (r === undefined) {
      i++;
      continue;
    }
    objects.push(...r.objects);
    blocks.push([i, r.end]);
    i = r.end;
  }
  return { objects, blocks };
}

export type Obj = Record<string, unknown>;

/** Reads a path like "spec.containers.0.name" out of a raw object (undefined when absent). */
export function at(o: unknown, path: string): unknown {
  let cur: unknown = o;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function ofKind(objects: readonly PastedObject[], kind: string): PastedObject[] {
  return objects.filter((o) => o.raw.kind === kind);
}

export function only(objects: readonly PastedObject[], kind: string): Obj {
  const found = ofKind(objects, kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, got ${found.length}`);
  return (found[0] as PastedObject).raw;
}

/** Lines of a paste without its trailing new line: where a block that takes all of it ends. */
export function lineCount(text: string): number {
  return text.trimEnd().split('\n').length;
}

/** A kubectl 1.2x describe of a pod with init and app containers, volumes and events. */
export const MODERN = `Name:             web-7d4b9c8f6d-x2x9z
Namespace:        shop
Priority:         0
Service Account:  default
Node:             worker-2/10.0.1.12
Start Time:       Tue, 14 Nov 2023 09:12:44 +0000
Labels:           app=web
                  pod-template-hash=7d4b9c8f6d
Annotations:      kubectl.kubernetes.io/restartedAt: 2023-11-14T09:12:40Z
Status:           Running
IP:               10.244.2.17
IPs:
  IP:           10.244.2.17
Controlled By:  ReplicaSet/web-7d4b9c8f6d
Init Containers:
  migrate:
    Container ID:  containerd://aaa
    Image:         registry.example.com/web-migrate:1.4.2
    Image ID:      registry.example.com/web-migrate@sha256:bbb
    Port:          <none>
    Host Port:     <none>
    Command:
      /bin/sh
      -c
      ./migrate up
    State:          Terminated
      Reason:       Completed
      Exit Code:    0
      Started:      Tue, 14 Nov 2023 09:12:46 +0000
      Finished:     Tue, 14 Nov 2023 09:12:51 +0000
    Ready:          True
    Restart Count:  0
    Environment Variables from:
      web-config  ConfigMap  Optional: false
    Environment:    <none>
    Mounts:
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-4xk2p (ro)
Containers:
  web:
    Container ID:   containerd://ccc
    Image:          registry.example.com/web:1.4.2
    Image ID:       registry.example.com/web@sha256:ddd
    Port:           8080/TCP
    Host Port:      0/TCP
    Args:
      --config=/etc/web/config.yaml
    State:          Running
      Started:      Tue, 14 Nov 2023 09:20:03 +0000
    Last State:     Terminated
      Reason:       OOMKilled
      Exit Code:    137
      Started:      Tue, 14 Nov 2023 09:15:10 +0000
      Finished:     Tue, 14 Nov 2023 09:20:01 +0000
    Ready:          False
    Restart Count:  3
    Limits:
      cpu:     500m
      memory:  256Mi
    Requests:
      cpu:      250m
      memory:   128Mi
    Liveness:   http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3
    Readiness:  tcp-socket :8080 delay=5s timeout=1s period=5s #success=1 #failure=3
    Startup:    exec [cat /tmp/ready] delay=0s timeout=1s period=10s #success=1 #failure=30
    Environment:
      DB_PASSWORD:   <set to the key 'password' in secret 'db-credentials'>  Optional: false
      FEATURE_FLAG:  <set to the key 'flag' of config map 'web-config'>      Optional: true
      POD_NAME:      web-7d4b9c8f6d-x2x9z (v1:metadata.name)
      LOG_LEVEL:     info
    Mounts:
      /etc/web from config (ro)
      /var/cache/web from cache (rw,path="web")
      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-4xk2p (ro)
Conditions:
  Type                        Status
  PodReadyToStartContainers   True
  Initialized                 True
  Ready                       False
  ContainersReady             False
  PodScheduled                True
Volumes:
  config:
    Type:      ConfigMap (a volume populated by a ConfigMap)
    Name:      web-config
    Optional:  false
  cache:
    Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)
    ClaimName:  web-cache
    ReadOnly:   false
  tls:
    Type:        Secret (a volume populated by a Secret)
    SecretName:  web-tls
    Optional:    false
  kube-api-access-4xk2p:
    Type:                    Projected (a volume that contains injected data from multiple sources)
    TokenExpirationSeconds:  3607
    ConfigMapName:           kube-root-ca.crt
    ConfigMapOptional:       <nil>
    DownwardAPI:             true
QoS Class:                   Burstable
Node-Selectors:              kubernetes.io/os=linux
Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
Events:
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  12m                 default-scheduler  Successfully assigned shop/web-7d4b9c8f6d-x2x9z to worker-2
  Normal   Pulled     12m                 kubelet            Container image "registry.example.com/web-migrate:1.4.2" already present on machine
  Warning  Unhealthy  4m (x3 over 5m)     kubelet            Readiness probe failed: dial tcp 10.244.2.17:8080: connect: connection refused
  Warning  BackOff    2m10s (x4 over 7m)  kubelet            Back-off restarting failed container web in pod web-7d4b9c8f6d-x2x9z_shop(8f1c2d3e-aaaa-bbbb-cccc-1234567890ab)
`;
