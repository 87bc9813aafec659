/**
 * `kubectl describe ep` and `kubectl describe svc` of one Service pasted together: describe svc
 * lists only ready addresses, describe ep the not-ready ones too; in either order the Endpoints
 * object keeps both.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from './index.js';

const EP = `$ kubectl describe ep kube-dns -n kube-system
Name:         kube-dns
Namespace:    kube-system
Labels:       k8s-app=kube-dns
Subsets:
  Addresses:          <none>
  NotReadyAddresses:  10.200.0.44
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    dns-tcp  53    TCP

Events:  <none>
`;

const SVC = `$ kubectl describe svc kube-dns -n kube-system
Name:              kube-dns
Namespace:         kube-system
Labels:            k8s-app=kube-dns
Selector:          k8s-app=kube-dns
Type:              ClusterIP
IP:                10.96.0.10
Port:              dns-tcp  53/TCP
TargetPort:        53/TCP
Endpoints:
Session Affinity:  None
Events:            <none>
`;

const read = (text: string) => snapshotFromSources([{ name: 'p.txt', text }], ['p.txt'], { now: 0 });

describe('describe ep with describe svc of the same Service', () => {
  it.each([
    ['ep first', `${EP}\n${SVC}`],
    ['svc first', `${SVC}\n${EP}`],
  ])('%s: one Endpoints object that keeps the not-ready address', (_, text) => {
    const s = read(text);
    expect(s.pods).toEqual([]);
    expect(s.services.map((x) => x.metadata.name)).toEqual(['kube-dns']);
    expect(s.endpoints).toHaveLength(1);
    expect(s.endpoints[0]?.subsets.flatMap((x) => x.notReadyAddresses ?? []).map((a) => a.ip)).toEqual([
      '10.200.0.44',
    ]);
    expect(s.endpoints[0]?.subsets.flatMap((x) => x.addresses ?? [])).toEqual([]);
  });
});
