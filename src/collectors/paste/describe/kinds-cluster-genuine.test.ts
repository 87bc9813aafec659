import { describe, expect, it } from 'vitest';
import { describeAll, ofKind, only } from './describe-test-helpers.js';

/**
 * Services, Endpoints, EndpointSlices, Nodes and claims as genuine kubectl prints them (captured
 * with kubectl 1.27 and 1.33 against `handoff sim serve --scenario default`).
 */

// kubectl 1.33 (its Endpoints line is read from the EndpointSlices: ready addresses only).
const SVC_FRONTEND_133 = `Name:                     frontend
Namespace:                shop
Labels:                   <none>
Annotations:              <none>
Selector:                 app=frontend
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.97.3.75
IPs:                      10.97.3.75
Port:                     http  80/TCP
TargetPort:               http/TCP
Endpoints:                10.244.2.4:8080,10.244.2.2:8080,10.244.3.8:8080
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>
`;

const SVC_DUAL_133 = `Name:                     dual
Namespace:                shop
Labels:                   <none>
Annotations:              <none>
Selector:                 app=dual
Type:                     ClusterIP
IP Family Policy:         SingleStack
IP Families:              IPv4
IP:                       10.106.182.1
IPs:                      10.106.182.1
Port:                     web  80/TCP
TargetPort:               8080/TCP
Endpoints:                [fd00::6]:8080
Session Affinity:         None
Internal Traffic Policy:  Cluster
Events:                   <none>
`;

// kubectl 1.27 reads the Endpoints object, which has no subsets here.
const SVC_DUAL_127 = `Name:              dual
Namespace:         shop
Labels:            <none>
Annotations:       <none>
Selector:          app=dual
Type:              ClusterIP
IP Family Policy:  SingleStack
IP Families:       IPv4
IP:                10.106.182.1
IPs:               10.106.182.1
Port:              web  80/TCP
TargetPort:        8080/TCP
Endpoints:         <none>
Session Affinity:  None
Events:            <none>
`;

const svc = (name: string, clusterIP: string, port: object) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace: 'shop' },
  spec: { type: 'ClusterIP', selector: { app: name }, clusterIP, ports: [port] },
});
const endpoints = (name: string, subsets: object[]) => ({
  apiVersion: 'v1',
  kind: 'Endpoints',
  metadata: { name, namespace: 'shop' },
  subsets,
});

describe('describe service: the Service and the Endpoints its describe lists', () => {
  it.each([
    [
      'frontend, kubectl 1.33: a named target port, three ready addresses',
      SVC_FRONTEND_133,
      [
        svc('frontend', '10.97.3.75', { name: 'http', port: 80, protocol: 'TCP', targetPort: 'http' }),
        endpoints('frontend', [
          {
            addresses: [{ ip: '10.244.2.4' }, { ip: '10.244.2.2' }, { ip: '10.244.3.8' }],
            ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
          },
        ]),
      ],
    ],
    [
      'dual, kubectl 1.33: an IPv6 address in brackets',
      SVC_DUAL_133,
      [
        svc('dual', '10.106.182.1', { name: 'web', port: 80, protocol: 'TCP', targetPort: 8080 }),
        endpoints('dual', [
          { addresses: [{ ip: 'fd00::6' }], ports: [{ name: 'web', port: 8080, protocol: 'TCP' }] },
        ]),
      ],
    ],
    [
      'dual, kubectl 1.27: no endpoints',
      SVC_DUAL_127,
      [
        svc('dual', '10.106.182.1', { name: 'web', port: 80, protocol: 'TCP', targetPort: 8080 }),
        endpoints('dual', []),
      ],
    ],
  ])('%s', (_name, text, raws) => {
    const { objects } = describeAll(text);
    expect(objects.map((o) => o.raw)).toEqual(raws);
  });
});

// Identical in kubectl 1.27 and 1.33 (System Info's empty IDs keep their padding).
const NODE = `Name:               control-plane
Roles:              control-plane
Labels:             kubernetes.io/arch=amd64
                    kubernetes.io/hostname=control-plane
                    kubernetes.io/os=linux
                    node-role.kubernetes.io/control-plane=
                    topology.kubernetes.io/zone=eu-west-1a
Annotations:        node.alpha.kubernetes.io/ttl: 0
CreationTimestamp:  Thu, 03 Dec 2026 06:48:43 +0000
Taints:             node-role.kubernetes.io/control-plane:NoSchedule
Unschedulable:      false
Lease:              Failed to get lease: the server could not find the requested resource
Conditions:
  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message
  ----             ------  -----------------                 ------------------                ------                       -------
  MemoryPressure   False   Thu, 03 Dec 2026 06:48:43 +0000   Thu, 03 Dec 2026 06:48:43 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available
  DiskPressure     False   Thu, 03 Dec 2026 06:48:43 +0000   Thu, 03 Dec 2026 06:48:43 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure
  PIDPressure      False   Thu, 03 Dec 2026 06:48:43 +0000   Thu, 03 Dec 2026 06:48:43 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available
  Ready            True    Thu, 03 Dec 2026 06:48:43 +0000   Thu, 03 Dec 2026 06:48:43 +0000   KubeletReady                 kubelet is posting ready status
Addresses:
  InternalIP:  10.0.0.2
  Hostname:    control-plane
Capacity:
  cpu:                2
  ephemeral-storage:  100Gi
  memory:             8Gi
  pods:               110
Allocatable:
  cpu:                2
  ephemeral-storage:  100Gi
  memory:             8Gi
  pods:               110
System Info:
  Machine ID:                 
  System UUID:                
  Boot ID:                    
  Kernel Version:             6.1.0-27-cloud-amd64
  OS Image:                   Debian GNU/Linux 12 (bookworm)
  Operating System:           linux
  Architecture:               amd64
  Container Runtime Version:  containerd://1.7.22
  Kubelet Version:            v1.31.4
  Kube-Proxy Version:         v1.31.4
PodCIDR:                      10.244.0.0/24
Non-terminated Pods:          (1 in total)
  Namespace                   Name                   CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
  ---------                   ----                   ------------  ----------  ---------------  -------------  ---
  monitoring                  node-exporter-gqn8b    10m (0%)      0 (0%)      32Mi (0%)        0 (0%)         6m3s
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests   Limits
  --------           --------   ------
  cpu                10m (0%)   0 (0%)
  memory             32Mi (0%)  0 (0%)
  ephemeral-storage  0 (0%)     0 (0%)
Events:
  Type    Reason          Age   From             Message
  ----    ------          ----  ----             -------
  Normal  RegisteredNode  6m3s  node-controller  Node control-plane event: Registered Node control-plane in Controller
`;

const PVC_BOUND = `Name:          data-postgres-0
Namespace:     data
StorageClass:  gp3
Status:        Bound
Volume:        pvc-af2fc581-c879-445a-a191-b0d41bcfea01
Labels:        app=postgres
Annotations:   pv.kubernetes.io/bind-completed: yes
               pv.kubernetes.io/bound-by-controller: yes
               volume.beta.kubernetes.io/storage-provisioner: ebs.csi.aws.com
               volume.kubernetes.io/selected-node: worker-a
               volume.kubernetes.io/storage-provisioner: ebs.csi.aws.com
Finalizers:    []
Capacity:      10Gi
Access Modes:  RWO
VolumeMode:    Filesystem
Used By:       postgres-0
Events:        <none>
`;

const SLICE_DUAL = `Name:         dual-abcde
Namespace:    shop
Labels:       kubernetes.io/service-name=dual
Annotations:  <none>
AddressType:  IPv6
Ports:
  Name  Port  Protocol
  ----  ----  --------
  web   8080  TCP
Endpoints:
  - Addresses:  fd00::5
    Conditions:
      Ready:    false
    Hostname:   <unset>
    TargetRef:  Pod/dual-0
    NodeName:   worker-a
    Zone:       <unset>
  - Addresses:  fd00::6
    Conditions:
      Ready:   true
    Hostname:  <unset>
    NodeName:  <unset>
    Zone:      <unset>
Events:        <none>
`;

describe('describe node, pvc, endpointslice: the whole object', () => {
  it('Node control-plane: taint, conditions, addresses, capacity, allocatable and versions', () => {
    const { objects } = describeAll(NODE);
    const node = only(objects, 'Node');
    expect({ ...node, status: { ...(node.status as object), conditions: undefined } }).toEqual({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: expect.objectContaining({ name: 'control-plane' }) as unknown,
      spec: {
        taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
        unschedulable: false,
        podCIDR: '10.244.0.0/24',
      },
      status: {
        conditions: undefined,
        addresses: [
          { type: 'InternalIP', address: '10.0.0.2' },
          { type: 'Hostname', address: 'control-plane' },
        ],
        capacity: { cpu: '2', 'ephemeral-storage': '100Gi', memory: '8Gi', pods: '110' },
        allocatable: { cpu: '2', 'ephemeral-storage': '100Gi', memory: '8Gi', pods: '110' },
        nodeInfo: { kubeletVersion: 'v1.31.4', containerRuntimeVersion: 'containerd://1.7.22' },
      },
    });
    expect(
      (node.status as { conditions: Array<{ type: string; status: string }> }).conditions.map((c) => [
        c.type,
        c.status,
      ]),
    ).toEqual([
      ['MemoryPressure', 'False'],
      ['DiskPressure', 'False'],
      ['PIDPressure', 'False'],
      ['Ready', 'True'],
    ]);
  });

  it('PersistentVolumeClaim data-postgres-0: bound volume, capacity and access modes', () => {
    const { objects } = describeAll(PVC_BOUND);
    expect(only(objects, 'PersistentVolumeClaim')).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: expect.objectContaining({ name: 'data-postgres-0', namespace: 'data' }) as unknown,
      spec: {
        storageClassName: 'gp3',
        volumeName: 'pvc-af2fc581-c879-445a-a191-b0d41bcfea01',
        volumeMode: 'Filesystem',
      },
      status: { phase: 'Bound', accessModes: ['ReadWriteOnce'], capacity: { storage: '10Gi' } },
    });
  });

  it('EndpointSlice dual-abcde: IPv6, an endpoint with pod and node, one with neither', () => {
    const { objects } = describeAll(SLICE_DUAL);
    expect(objects.map((o) => o.raw)).toEqual([
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'dual-abcde', namespace: 'shop', labels: { 'kubernetes.io/service-name': 'dual' } },
        endpoints: [
          {
            addresses: ['fd00::5'],
            conditions: { ready: false },
            targetRef: { kind: 'Pod', name: 'dual-0', namespace: 'shop' },
            nodeName: 'worker-a',
          },
          { addresses: ['fd00::6'], conditions: { ready: true } },
        ],
        ports: [{ name: 'web', port: 8080, protocol: 'TCP' }],
        addressType: 'IPv6',
      },
    ]);
    expect(ofKind(objects, 'Pod')).toEqual([]);
  });
});
