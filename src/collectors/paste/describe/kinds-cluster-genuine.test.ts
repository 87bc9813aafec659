import { describe, expect, it } from 'vitest';
import { at, describeAll, ofKind, only } from './describe-test-helpers.js';

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

/** A kubectl 1.33 describe of service dual with the port lines given (as its printer writes them). */
function dualWith(portLines: string): string {
  return SVC_DUAL_133.replace(/Port: {21}web[\s\S]*?Endpoints:.*\n/, portLines);
}

describe('describe service: the Endpoints lines kubectl can print', () => {
  it.each([
    [
      'addresses without ports (a slice with no ports): the numeric target port',
      'Port:                     web  80/TCP\nTargetPort:               8080/TCP\nEndpoints:                10.244.1.5,10.244.2.6\n',
      [
        {
          addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.6' }],
          ports: [{ name: 'web', port: 8080, protocol: 'TCP' }],
        },
      ],
    ],
    [
      'addresses without ports and a named target port: no port',
      'Port:                     web  80/TCP\nTargetPort:               http/TCP\nEndpoints:                10.244.1.5,10.244.2.6\n',
      [{ addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.6' }] }],
    ],
    [
      'one endpoint in two slices: its address once',
      'Port:                     web  80/TCP\nTargetPort:               8080/TCP\nEndpoints:                10.244.1.5:8080,10.244.2.6:8080,10.244.1.5:8080\n',
      [
        {
          addresses: [{ ip: '10.244.1.5' }, { ip: '10.244.2.6' }],
          ports: [{ name: 'web', port: 8080, protocol: 'TCP' }],
        },
      ],
    ],
  ])('%s', (_name, ports, subsets) => {
    const { objects } = describeAll(dualWith(ports));
    expect(at(only(objects, 'Endpoints'), 'subsets')).toEqual(subsets);
  });

  it('a list cut short on one port of two ("+ 1 more..."): the Service only', () => {
    const { objects } = describeAll(
      dualWith(
        'Port:                     web  80/TCP\nTargetPort:               8080/TCP\nEndpoints:                10.244.1.5:8080,10.244.2.6:8080,10.244.3.7:8080 + 1 more...\n' +
          'Port:                     metrics  9090/TCP\nTargetPort:               9090/TCP\nEndpoints:                <none>\n',
      ),
    );
    expect(objects.map((o) => o.raw.kind)).toEqual(['Service']);
    expect(at(only(objects, 'Service'), 'spec.ports')).toEqual([
      { name: 'web', port: 80, protocol: 'TCP', targetPort: 8080 },
      { name: 'metrics', port: 9090, protocol: 'TCP', targetPort: 9090 },
    ]);
  });

  it('describe endpoints frontend (kubectl 1.27 and 1.33): the whole Endpoints object', () => {
    const text = `Name:         frontend
Namespace:    shop
Labels:       <none>
Annotations:  endpoints.kubernetes.io/last-change-trigger-time: 2026-12-03T06:48:56Z
Subsets:
  Addresses:          10.244.2.2,10.244.2.4,10.244.3.8
  NotReadyAddresses:  <none>
  Ports:
    Name  Port  Protocol
    ----  ----  --------
    http  8080  TCP

Events:  <none>
`;
    expect(only(describeAll(text).objects, 'Endpoints')).toEqual({
      apiVersion: 'v1',
      kind: 'Endpoints',
      metadata: {
        name: 'frontend',
        namespace: 'shop',
        annotations: { 'endpoints.kubernetes.io/last-change-trigger-time': '2026-12-03T06:48:56Z' },
      },
      subsets: [
        {
          addresses: [{ ip: '10.244.2.2' }, { ip: '10.244.2.4' }, { ip: '10.244.3.8' }],
          notReadyAddresses: [],
          ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
        },
      ],
    });
  });
});

describe('describe service without ports (headless)', () => {
  it.each([
    [
      'kubectl 1.27',
      'Name:              peers\nNamespace:         data\nLabels:            <none>\nAnnotations:       <none>\nSelector:          app=postgres\nType:              ClusterIP\nIP Family Policy:  SingleStack\nIP Families:       IPv4\nIP:                None\nIPs:               None\nSession Affinity:  None\nEvents:            <none>\n',
    ],
    [
      'kubectl 1.33',
      'Name:                     peers\nNamespace:                data\nLabels:                   <none>\nAnnotations:              <none>\nSelector:                 app=postgres\nType:                     ClusterIP\nIP Family Policy:         SingleStack\nIP Families:              IPv4\nIP:                       None\nIPs:                      None\nSession Affinity:         None\nInternal Traffic Policy:  Cluster\nEvents:                   <none>\n',
    ],
  ])('%s: the Service alone, no Endpoints', (_name, text) => {
    expect(describeAll(text).objects.map((o) => o.raw)).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'peers', namespace: 'data' },
        spec: { type: 'ClusterIP', selector: { app: 'postgres' }, clusterIP: 'None' },
      },
    ]);
  });
});

describe('empty and external objects (kubectl 1.27 and 1.33 print them alike)', () => {
  it('describe service of type ExternalName: its external name, no selector, no Endpoints', () => {
    const text =
      'Name:              ext-db\nNamespace:         shop\nLabels:            <none>\nAnnotations:       <none>\nSelector:          <none>\nType:              ExternalName\nIP Families:       <none>\nIP:                \nIPs:               <none>\nExternal Name:     db.example.com\nSession Affinity:  None\nEvents:            <none>\n';
    expect(describeAll(text).objects.map((o) => o.raw)).toEqual([
      {
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'ext-db', namespace: 'shop' },
        spec: { type: 'ExternalName', externalName: 'db.example.com' },
      },
    ]);
  });

  it('describe endpointslice with no ports and no endpoints', () => {
    const text =
      'Name:         empty-xyz\nNamespace:    shop\nLabels:       <none>\nAnnotations:  <none>\nAddressType:  IPv4\nPorts: <unset>\nEndpoints: <none>\nEvents:  <none>\n';
    expect(describeAll(text).objects.map((o) => o.raw)).toEqual([
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'empty-xyz', namespace: 'shop' },
        endpoints: [],
        ports: [],
        addressType: 'IPv4',
      },
    ]);
  });
});

describe('describe pvc: access modes and a cut paste', () => {
  it.each([
    ['RWO', ['ReadWriteOnce']],
    ['ROX', ['ReadOnlyMany']],
    ['RWX', ['ReadWriteMany']],
    ['RWOP', ['ReadWriteOncePod']],
    ['RWO,ROX,RWX', ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany']],
  ])('Access Modes: %s', (modes, accessModes) => {
    const text = PVC_BOUND.replace('Access Modes:  RWO', `Access Modes:  ${modes}`);
    expect(at(only(describeAll(text).objects, 'PersistentVolumeClaim'), 'status.accessModes')).toEqual(
      accessModes,
    );
  });

  it('a paste cut before Status: no phase, no capacity', () => {
    const text =
      '$ kubectl describe pvc data-postgres-0 -n data\n' +
      PVC_BOUND.split('\n').slice(0, 3).join('\n') +
      '\n';
    expect(only(describeAll(text).objects, 'PersistentVolumeClaim')).toEqual({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data-postgres-0', namespace: 'data' },
      spec: { storageClassName: 'gp3' },
    });
  });
});

describe('describe endpointslice cut before its lists', () => {
  it.each([
    [
      'endpointslice, before Ports',
      '$ kubectl describe endpointslice dual-abcde -n shop\n' +
        SLICE_DUAL.split('\n').slice(0, 5).join('\n') +
        '\n',
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'dual-abcde', namespace: 'shop', labels: { 'kubernetes.io/service-name': 'dual' } },
        endpoints: [],
        ports: [],
        addressType: 'IPv6',
      },
    ],
    [
      'endpointslice, before Endpoints',
      '$ kubectl describe endpointslice dual-abcde -n shop\n' +
        SLICE_DUAL.split('\n').slice(0, 9).join('\n') +
        '\n',
      {
        apiVersion: 'discovery.k8s.io/v1',
        kind: 'EndpointSlice',
        metadata: { name: 'dual-abcde', namespace: 'shop', labels: { 'kubernetes.io/service-name': 'dual' } },
        endpoints: [],
        ports: [{ name: 'web', port: 8080, protocol: 'TCP' }],
        addressType: 'IPv6',
      },
    ],
  ])('%s: the object read so far', (_name, text, raw) => {
    expect(describeAll(text).objects.map((o) => o.raw)).toEqual([raw]);
  });
});
