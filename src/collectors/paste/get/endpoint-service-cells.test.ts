import { describe, expect, it } from 'vitest';
import {
  endpointSliceFrom,
  endpointsFrom,
  parseEndpointsColumn,
  parseServicePorts,
  serviceFrom,
} from './services.js';

const row = (cells: Record<string, string>) => new Map(Object.entries(cells));

describe('the ENDPOINTS cell of kubectl get endpoints', () => {
  it.each([
    ['<none>', []],
    ['  <none>  ', []],
    ['', [{ addresses: [] }]],
    ['   ', [{ addresses: [] }]],
    [' 10.0.0.5:80 ', [{ addresses: [{ ip: '10.0.0.5' }], ports: [{ port: 80 }] }]],
    ['[fd00::5]:8080', [{ addresses: [{ ip: 'fd00::5' }], ports: [{ port: 8080 }] }]],
    ['10.0.0.5,fd00::6', [{ addresses: [{ ip: '10.0.0.5' }, { ip: 'fd00::6' }] }]],
    [
      '10.0.0.5:80,10.0.0.6',
      [{ addresses: [{ ip: '10.0.0.5' }], ports: [{ port: 80 }] }, { addresses: [{ ip: '10.0.0.6' }] }],
    ],
    [
      '10.0.0.5:80,10.0.0.6:80,10.0.0.7:80 + 12 more...',
      [{ addresses: [{ ip: '10.0.0.5' }, { ip: '10.0.0.6' }, { ip: '10.0.0.7' }], ports: [{ port: 80 }] }],
    ],
    [
      '10.0.0.5:80,10.0.0.6:80,10.0.0.7:80 + 104 more...',
      [{ addresses: [{ ip: '10.0.0.5' }, { ip: '10.0.0.6' }, { ip: '10.0.0.7' }], ports: [{ port: 80 }] }],
    ],
  ])('reads %j', (cell, subsets) => {
    expect(parseEndpointsColumn(cell)).toStrictEqual(subsets);
    expect(endpointsFrom(row({ NAME: 'web', ENDPOINTS: cell }))).toStrictEqual({
      kind: 'Endpoints',
      subsets,
    });
  });

  it.each([
    'web-7d4b9c',
    '10.0.0.5:80,web-7d4b9c',
    '10.0.0.5:80 + more',
    '10.0.0.5:80 + 2 more',
    '10.0.0.5:80 + x + 2 more...',
    '10.0.0.5:80 + 2 more... 10.0.0.9:80',
  ])('rejects %j, which kubectl does not print', (cell) => {
    expect(parseEndpointsColumn(cell)).toBeUndefined();
    expect(endpointsFrom(row({ NAME: 'web', ENDPOINTS: cell }))).toBeUndefined();
  });

  it('treats a row without the ENDPOINTS cell as subsets without a ready address', () => {
    expect(endpointsFrom(row({ NAME: 'web' }))).toStrictEqual({
      kind: 'Endpoints',
      subsets: [{ addresses: [] }],
    });
  });
});

describe('the PORT(S) cell of kubectl get svc', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['   ', []],
    ['<none>', []],
    [' <none> ', []],
    [' 80/TCP ', [{ port: 80, protocol: 'TCP' }]],
    [
      '53/UDP,53/TCP',
      [
        { port: 53, protocol: 'UDP' },
        { port: 53, protocol: 'TCP' },
      ],
    ],
    ['443:30443/TCP', [{ port: 443, nodePort: 30443, protocol: 'TCP' }]],
    ['3868/SCTP', [{ port: 3868, protocol: 'SCTP' }]],
  ])('reads %j', (cell, ports) => {
    expect(parseServicePorts(cell)).toStrictEqual(ports);
  });

  it.each(['80', '80/tcp', 'http/TCP', '80/TCP,', '80/TCP,http', '123456/TCP'])('rejects %j', (cell) => {
    expect(parseServicePorts(cell)).toBeUndefined();
    expect(
      serviceFrom(row({ NAME: 'web', TYPE: 'ClusterIP', 'CLUSTER-IP': '10.96.0.9', 'PORT(S)': cell })),
    ).toBeUndefined();
  });
});

describe('kubectl get svc rows', () => {
  it.each([
    [
      'a ClusterIP service without SELECTOR',
      { TYPE: 'ClusterIP', 'CLUSTER-IP': '10.96.0.9', 'EXTERNAL-IP': '<none>', 'PORT(S)': '80/TCP' },
      { type: 'ClusterIP', clusterIP: '10.96.0.9', ports: [{ port: 80, protocol: 'TCP' }] },
    ],
    [
      'a LoadBalancer with an external address (not an externalName)',
      {
        TYPE: 'LoadBalancer',
        'CLUSTER-IP': '10.96.0.9',
        'EXTERNAL-IP': '203.0.113.10',
        'PORT(S)': '443:31443/TCP',
      },
      {
        type: 'LoadBalancer',
        clusterIP: '10.96.0.9',
        ports: [{ port: 443, nodePort: 31443, protocol: 'TCP' }],
      },
    ],
    [
      'an ExternalName service',
      { TYPE: 'ExternalName', 'CLUSTER-IP': '<none>', 'EXTERNAL-IP': 'db.example.com', 'PORT(S)': '<none>' },
      { type: 'ExternalName', externalName: 'db.example.com', ports: [] },
    ],
    [
      'an ExternalName service whose name is not shown',
      { TYPE: 'ExternalName', 'CLUSTER-IP': '<none>', 'EXTERNAL-IP': '<none>', 'PORT(S)': '<none>' },
      { type: 'ExternalName', ports: [] },
    ],
    [
      'the kubectl 1.0 layout with IP(S)',
      { LABELS: 'component=apiserver', SELECTOR: '<none>', 'IP(S)': '10.0.0.1', 'PORT(S)': '443/TCP' },
      { clusterIP: '10.0.0.1', ports: [{ port: 443, protocol: 'TCP' }] },
    ],
    [
      'the layout before TYPE with a selector',
      { 'CLUSTER-IP': '10.0.0.7', 'EXTERNAL-IP': '<none>', 'PORT(S)': '80/TCP', SELECTOR: 'app=web' },
      { clusterIP: '10.0.0.7', ports: [{ port: 80, protocol: 'TCP' }], selector: { app: 'web' } },
    ],
  ])('reads %s', (_what, cells, spec) => {
    expect(serviceFrom(row({ NAME: 'web', ...cells }))).toStrictEqual({ kind: 'Service', spec });
  });

  it.each(['Running', 'clusterip', 'Headless', ''])('rejects the TYPE %j', (type) => {
    expect(
      serviceFrom(row({ NAME: 'web', TYPE: type, 'CLUSTER-IP': '10.96.0.9', 'PORT(S)': '80/TCP' })),
    ).toBeUndefined();
  });
});

describe('kubectl get endpointslices rows', () => {
  it('counts the addresses past the third as endpoints of unknown address', () => {
    expect(
      endpointSliceFrom(
        row({
          NAME: 'web-x8k2p',
          ADDRESSTYPE: 'IPv4',
          PORTS: '8080',
          ENDPOINTS: '10.0.0.5,10.0.0.6,10.0.0.7 + 2 more...',
        }),
      ),
    ).toStrictEqual({
      kind: 'EndpointSlice',
      metadata: { labels: { 'kubernetes.io/service-name': 'web' } },
      addressType: 'IPv4',
      ports: [{ port: 8080 }],
      endpoints: [
        { addresses: ['10.0.0.5'] },
        { addresses: ['10.0.0.6'] },
        { addresses: ['10.0.0.7'] },
        { addresses: [] },
        { addresses: [] },
      ],
    });
  });

  it.each([
    [12, 15],
    [999, 1002],
    [1000, 1003],
    [1001, 1003],
  ])('reads " + %i more..." as %i endpoints (hidden ones capped at 1000)', (hidden, total) => {
    const slice = endpointSliceFrom(
      row({
        NAME: 'web-x8k2p',
        ADDRESSTYPE: 'IPv4',
        PORTS: '80',
        ENDPOINTS: `10.0.0.5,10.0.0.6,10.0.0.7 + ${hidden} more...`,
      }),
    );
    expect((slice?.endpoints as unknown[]).length).toBe(total);
  });

  it.each([
    ['<unset>', '<unset>', [], []],
    ['', '', [], []],
    ['  ', '  ', [], []],
    [' 80,443 ', ' fd00::5 ', [{ port: 80 }, { port: 443 }], [{ addresses: ['fd00::5'] }]],
    [
      '65535',
      '10.0.0.5,10.0.0.6',
      [{ port: 65535 }],
      [{ addresses: ['10.0.0.5'] }, { addresses: ['10.0.0.6'] }],
    ],
  ])('reads PORTS %j and ENDPOINTS %j', (portsCell, endpointsCell, ports, endpoints) => {
    expect(
      endpointSliceFrom(row({ NAME: 'db-h2c6v', PORTS: portsCell, ENDPOINTS: endpointsCell })),
    ).toStrictEqual({
      kind: 'EndpointSlice',
      metadata: { labels: { 'kubernetes.io/service-name': 'db' } },
      ports,
      endpoints,
    });
  });

  it('reads a row without PORTS, ENDPOINTS and ADDRESSTYPE cells as an empty slice', () => {
    expect(endpointSliceFrom(row({ NAME: 'custom-slice' }))).toStrictEqual({
      kind: 'EndpointSlice',
      ports: [],
      endpoints: [],
    });
  });

  it.each([
    ['http', '10.0.0.5'],
    ['80,http', '10.0.0.5'],
    ['123456', '10.0.0.5'],
    ['x80', '10.0.0.5'],
    ['80', '10.0.0.5,web-x8k2p'],
    ['80', 'web-x8k2p'],
    ['80', '10.0.0.5 + junk'],
    ['80', '10.0.0.5 + 2 more'],
  ])('rejects PORTS %j with ENDPOINTS %j', (portsCell, endpointsCell) => {
    expect(
      endpointSliceFrom(
        row({ NAME: 'web-x8k2p', ADDRESSTYPE: 'IPv4', PORTS: portsCell, ENDPOINTS: endpointsCell }),
      ),
    ).toBeUndefined();
  });
});
