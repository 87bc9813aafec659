import { describe, expect, it } from 'vitest';
import { at, describeAll, lineCount, ofKind, only } from './describe-test-helpers.js';

/** `kubectl describe` of services, nodes and claims: the object, and events pointing at it. */

const SVC = `Name:                     web
Namespace:                shop
Labels:                   app=web
Annotations:              <none>
Selector:                 app=web,tier=frontend
Type:                     NodePort
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.96.120.7
IPs:                      10.96.120.7
Port:                     http  80/TCP
TargetPort:               http/TCP
NodePort:                 http  30080/TCP
Endpoints:                10.244.1.5:8080,10.244.2.6:8080
Port:                     metrics  9090/TCP
TargetPort:               9090/TCP
NodePort:                 metrics  30090/TCP
Endpoints:                <none>
Session Affinity:         None
External Traffic Policy:  Cluster
Events:                   <none>
`;

const NODE = `Name:               worker-3
Roles:              <none>
Labels:             kubernetes.io/hostname=worker-3
                    kubernetes.io/os=linux
Annotations:        node.alpha.kubernetes.io/ttl: 0
CreationTimestamp:  Mon, 13 Nov 2023 08:00:00 +0000
Taints:             node.kubernetes.io/unreachable:NoExecute
                    node.kubernetes.io/unreachable:NoSchedule
Unschedulable:      false
Lease:
  HolderIdentity:  worker-3
  AcquireTime:     <unset>
  RenewTime:       Tue, 14 Nov 2023 09:01:12 +0000
Conditions:
  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message
  ----             ------    -----------------                 ------------------                ------              -------
  MemoryPressure   Unknown   Tue, 14 Nov 2023 09:00:40 +0000   Tue, 14 Nov 2023 09:02:00 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
  Ready            Unknown   Tue, 14 Nov 2023 09:00:40 +0000   Tue, 14 Nov 2023 09:02:00 +0000   NodeStatusUnknown   Kubelet stopped posting node status.
Addresses:
  InternalIP:  10.0.1.13
  Hostname:    worker-3
Capacity:
  cpu:                4
  memory:             16393372Ki
  pods:               110
Allocatable:
  cpu:                3920m
  memory:             15242396Ki
  pods:               110
System Info:
  Kernel Version:             5.15.0-1051-azure
  Container Runtime Version:  containerd://1.7.7
  Kubelet Version:            v1.28.3
PodCIDR:                      10.244.3.0/24
PodCIDRs:                     10.244.3.0/24
Non-terminated Pods:          (2 in total)
  Namespace                   Name                 CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                 ------------  ----------  ---------------  -------------  ---
  kube-system                 kube-proxy-7xk2p     0 (0%)        0 (0%)      0 (0%)           0 (0%)         1d
  shop                        web-7d4b9c8f6d-abcd  250m (6%)     500m (12%)  128Mi (0%)       256Mi (1%)     20m
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests    Limits
  --------           --------    ------
  cpu                250m (6%)   500m (12%)
Events:
  Type    Reason        Age   From             Message
  ----    ------        ----  ----             -------
  Normal  NodeNotReady  3m    node-controller  Node worker-3 status is now: NodeNotReady
`;

const PVC = `Name:          data-db-0
Namespace:     shop
StorageClass:  fast-ssd
Status:        Pending
Volume:
Labels:        app=db
Annotations:   volume.beta.kubernetes.io/storage-provisioner: ebs.csi.aws.com
Finalizers:    [kubernetes.io/pvc-protection]
Capacity:
Access Modes:
VolumeMode:    Filesystem
Used By:       db-0
Events:
  Type     Reason              Age               From                         Message
  ----     ------              ----              ----                         -------
  Warning  ProvisioningFailed  10s (x5 over 1m)  persistentvolume-controller  storageclass.storage.k8s.io "fast-ssd" not found
`;

describe('services, nodes and claims', () => {
  it('Service: selector, ports, and Endpoints with the ready addresses per port', () => {
    const { objects } = describeAll(SVC);
    const svc = only(objects, 'Service');
    expect(at(svc, 'spec')).toEqual({
      type: 'NodePort',
      selector: { app: 'web', tier: 'frontend' },
      clusterIP: '10.96.120.7',
      ports: [
        { name: 'http', port: 80, protocol: 'TCP', targetPort: 'http', nodePort: 30080 },
        { name: 'metrics', port: 9090, protocol: 'TCP', targetPort: 9090, nodePort: 30090 },
      ],
    });
    expect(only(objects, 'Endpoints')).toEqual({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
      subsets: [
        {
          addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.6' }],
          ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
        },
      ],
    });
  });

  it('Service with "Endpoints: <none>" gives Endpoints without subsets; a cut list gives none', () => {
    const none = describeAll(
      'Name:  api\nNamespace:  shop\nSelector:  app=api\nType:  ClusterIP\nPort:  <unset>  80/TCP\nTargetPort:  8080/TCP\nEndpoints:  <none>\n',
    );
    expect(at(only(none.objects, 'Endpoints'), 'subsets')).toEqual([]);
    expect(at(only(none.objects, 'Service'), 'spec.ports')).toEqual([
      { port: 80, protocol: 'TCP', targetPort: 8080 },
    ]);
    const cut = describeAll(
      'Name:  api\nType:  ClusterIP\nPort:  http  80/TCP\nTargetPort:  8080/TCP\nEndpoints:  10.0.0.1:8080,10.0.0.2:8080,10.0.0.3:8080 + 2 more...\n',
    );
    expect(ofKind(cut.objects, 'Endpoints')).toEqual([]);
  });

  // Real kubectl's describeEndpoints / describeEndpointSlice text (captured from kubectl 1.32
  // against `handoff sim serve`), and the not-ready shape users paste.
  const EP_READY = `Name:         frontend
Namespace:    shop
Labels:       <none>
Annotations:  endpoints.kubernetes.io/last-change-trigger-time: 2026-12-02T07:19:18Z
Subsets:
  Addresses:          10.244.2.2,10.244.2.4
  NotReadyAddresses:  <none>
  Ports:
    Name  Port  Protocol
    ----  ----  --------
    http  8080  TCP

Events:  <none>
`;
  const EP_NOT_READY = `Name:         redis
Namespace:    ee
Labels:       app=redis
Subsets:
  Addresses:          <none>
  NotReadyAddresses:  10.233.26.26
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    <unset>  6379  TCP

  Addresses:          10.233.26.27
  NotReadyAddresses:  <none>
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    admin    9121  TCP

Events:  <none>
`;
  const EP_EMPTY =
    'Name:         api\nNamespace:    shop\nLabels:       <none>\nAnnotations:  <none>\nSubsets:\nEvents:  <none>\n';

  it.each([
    [
      'ready addresses and a named port',
      EP_READY,
      [
        {
          addresses: [{ ip: '10.244.2.2' }, { ip: '10.244.2.4' }],
          notReadyAddresses: [],
          ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
        },
      ],
    ],
    [
      'two subsets, one only not ready, an unnamed port',
      EP_NOT_READY,
      [
        {
          addresses: [],
          notReadyAddresses: [{ ip: '10.233.26.26' }],
          ports: [{ port: 6379, protocol: 'TCP' }],
        },
        {
          addresses: [{ ip: '10.233.26.27' }],
          notReadyAddresses: [],
          ports: [{ name: 'admin', port: 9121, protocol: 'TCP' }],
        },
      ],
    ],
    ['no subsets at all', EP_EMPTY, []],
  ])('describe endpoints, %s: an Endpoints object with each subset', (_name, text, subsets) => {
    const { objects } = describeAll(text);
    expect(ofKind(objects, 'Pod')).toEqual([]);
    expect(ofKind(objects, 'Service')).toEqual([]);
    expect(at(only(objects, 'Endpoints'), 'subsets')).toEqual(subsets);
  });

  it('describe endpointslice: its ports, and each endpoint with its readiness, pod and node', () => {
    const text = `Name:         frontend-vgzxz
Namespace:    shop
Labels:       endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io
              kubernetes.io/service-name=frontend
Annotations:  endpoints.kubernetes.io/last-change-trigger-time: 2026-12-02T07:19:18Z
AddressType:  IPv4
Ports:
  Name  Port  Protocol
  ----  ----  --------
  http  8080  TCP
Endpoints:
  - Addresses:  10.244.2.4
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/frontend-6d56d64c4c-c7m2q
    NodeName:   worker-b
    Zone:       eu-west-1b
  - Addresses:  10.244.3.8
    Conditions:
      Ready:    false
    Hostname:   <unset>
    TargetRef:  Pod/frontend-6d56d64c4c-ls94l
    NodeName:   worker-c
    Zone:       eu-west-1c
Events:         <none>
`;
    const { objects } = describeAll(text);
    expect(ofKind(objects, 'Pod')).toEqual([]);
    expect(ofKind(objects, 'Service')).toEqual([]);
    const slice = only(objects, 'EndpointSlice');
    expect(at(slice, 'metadata.labels')).toEqual({
      'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
      'kubernetes.io/service-name': 'frontend',
    });
    expect(at(slice, 'addressType')).toBe('IPv4');
    expect(at(slice, 'ports')).toEqual([{ name: 'http', port: 8080, protocol: 'TCP' }]);
    expect(at(slice, 'endpoints')).toEqual([
      {
        addresses: ['10.244.2.4'],
        conditions: { ready: true },
        targetRef: { kind: 'Pod', name: 'frontend-6d56d64c4c-c7m2q', namespace: 'shop' },
        nodeName: 'worker-b',
      },
      {
        addresses: ['10.244.3.8'],
        conditions: { ready: false },
        targetRef: { kind: 'Pod', name: 'frontend-6d56d64c4c-ls94l', namespace: 'shop' },
        nodeName: 'worker-c',
      },
    ]);
  });

  it('Node: taints, conditions with reasons and times, capacity, versions, events without a namespace', () => {
    const { objects, blocks } = describeAll(NODE);
    expect(blocks).toEqual([[0, lineCount(NODE)]]);
    const node = only(objects, 'Node');
    expect(at(node, 'metadata.namespace')).toBeUndefined();
    expect(at(node, 'spec')).toEqual({
      taints: [
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
      ],
      unschedulable: false,
      podCIDR: '10.244.3.0/24',
    });
    expect(at(node, 'status.conditions.1')).toEqual({
      type: 'Ready',
      status: 'Unknown',
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
      lastHeartbeatTime: '2023-11-14T09:00:40Z',
      lastTransitionTime: '2023-11-14T09:02:00Z',
    });
    expect(at(node, 'status.addresses')).toEqual([
      { type: 'InternalIP', address: '10.0.1.13' },
      { type: 'Hostname', address: 'worker-3' },
    ]);
    expect(at(node, 'status.allocatable')).toEqual({ cpu: '3920m', memory: '15242396Ki', pods: '110' });
    expect(at(node, 'status.nodeInfo')).toEqual({
      kubeletVersion: 'v1.28.3',
      containerRuntimeVersion: 'containerd://1.7.7',
    });
    expect(ofKind(objects, 'Event')[0]?.raw.involvedObject).toEqual({ kind: 'Node', name: 'worker-3' });
  });

  it('PersistentVolumeClaim: phase, class, and its ProvisioningFailed event', () => {
    const { objects } = describeAll(PVC);
    const pvc = only(objects, 'PersistentVolumeClaim');
    expect(at(pvc, 'spec')).toEqual({ storageClassName: 'fast-ssd', volumeMode: 'Filesystem' });
    expect(at(pvc, 'status')).toEqual({ phase: 'Pending' });
    expect(ofKind(objects, 'Event')[0]?.raw.involvedObject).toEqual({
      kind: 'PersistentVolumeClaim',
      name: 'data-db-0',
      namespace: 'shop',
    });
  });

  it.each([
    ['Used By:       db-0', ['db-0']],
    ['Used By:       db-0\n               db-1', ['db-0', 'db-1']],
    ['Mounted By:    web-7d4b9c8f6d-x2x9z', ['web-7d4b9c8f6d-x2x9z']],
    ['Used By:       <none>', []],
  ])('PersistentVolumeClaim: the pods %j lists, each a partial Pod that mounts the claim', (line, pods) => {
    const { objects } = describeAll(PVC.replace('Used By:       db-0', line));
    expect(ofKind(objects, 'Pod').map((o) => o.raw)).toEqual(
      pods.map((name) => ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'shop' },
        spec: {
          containers: [],
          volumes: [{ name: 'data-db-0', persistentVolumeClaim: { claimName: 'data-db-0' } }],
        },
      })),
    );
  });

  it('headerless FailedCreate rows from a workload controller point at that workload', () => {
    const { objects } = describeAll(
      '  Warning  FailedCreate  2m (x16 over 5m)  replicaset-controller  Error creating: pods "web-7d4b9c8f6d-" is forbidden: exceeded quota: compute-quota\n',
    );
    expect(objects[0]?.raw.involvedObject).toEqual({ kind: 'ReplicaSet', name: 'web-7d4b9c8f6d' });
    expect(objects[0]?.inferredName).toBe('named after the pods it failed to create');
  });
});
