import { describe, expect, it } from 'vitest';
import type { NodeObj, PodObj } from '../../world/types.js';
import { NODE_FILTERS, podState, type NodeStatus } from './filters.js';
import { NodeInfo } from './node-cache.js';
import { podRequests, portsConflict } from './pod-info.js';
import { podMatchesNode } from './node-selector.js';

const node = (over: Partial<NodeObj['spec']> = {}, labels: Record<string, string> = {}): NodeObj => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'n1', labels },
  spec: over,
  status: { allocatable: { cpu: '2', memory: '4Gi', pods: '2' } },
});

const pod = (spec: Partial<PodObj['spec']> = {}): PodObj => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'default', uid: 'u1' },
  spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec },
  status: {},
});

function run(p: PodObj, n: NodeInfo, version = 'v1.31.4'): NodeStatus | undefined {
  const s = podState(p, podRequests(p), version);
  for (const f of NODE_FILTERS) {
    const r = f(s, n);
    if (r !== undefined) return r;
  }
  return undefined;
}

describe('filter plugins', () => {
  it('reports the first untolerated NoSchedule/NoExecute taint as {key: value}', () => {
    const n = new NodeInfo(
      node({
        taints: [
          { key: 'soft', effect: 'PreferNoSchedule' },
          { key: 'dedicated', value: 'db', effect: 'NoExecute' },
        ],
      }),
    );
    expect(run(pod(), n)?.reasons).toEqual(['node(s) had untolerated taint {dedicated: db}']);
    expect(run(pod({ tolerations: [{ key: 'dedicated', operator: 'Exists' }] }), n)).toBeUndefined();
  });

  it.each([
    ['v1.18.20', 'node(s) had untolerated taint {dedicated: db}'],
    ['v1.31.4', 'node(s) had untolerated taint {dedicated: db}'],
    ['v1.34.1', 'node(s) had untolerated taint {dedicated: db}'],
    ['v1.35.0', 'node(s) had untolerated taint(s)'],
    ['v1.37.2', 'node(s) had untolerated taint(s)'],
  ])('TaintToleration reason of %s: %s', (version, reason) => {
    const n = new NodeInfo(node({ taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }));
    expect(run(pod(), n, version)?.reasons).toEqual([reason]);
  });

  it.each([
    ['v1.33.5', 'Unschedulable'],
    ['v1.34.0', 'UnschedulableAndUnresolvable'],
    ['v1.37.2', 'UnschedulableAndUnresolvable'],
  ])(
    'a request above the node allocatable, at %s: %s (preemption cannot help from 1.34)',
    (version, code) => {
      const p = pod({ containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '6' } } }] });
      const n = new NodeInfo({
        ...node(),
        status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
      });
      const r = run(p, n, version);
      expect(r?.reasons).toEqual(['Insufficient cpu']);
      expect(r?.code).toBe(code);
    },
  );

  it('a request within the allocatable but above what is free stays Unschedulable (preemption may help)', () => {
    const p = pod({ containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '3' } } }] });
    const other = pod({ containers: [{ name: 'b', image: 'x', resources: { requests: { cpu: '2' } } }] });
    const n = new NodeInfo({ ...node(), status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } });
    n.add({
      uid: 'u2',
      pod: other,
      node: 'n',
      requests: podRequests(other),
      nonZero: { cpu: 2000, memory: 0 },
      ports: [],
      hasAntiAffinity: false,
    });
    expect(run(p, n, 'v1.37.2')).toMatchObject({ code: 'Unschedulable', reasons: ['Insufficient cpu'] });
  });

  it('checks NodeUnschedulable before taints', () => {
    const n = new NodeInfo(
      node({
        unschedulable: true,
        taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }],
      }),
    );
    expect(run(pod(), n)).toMatchObject({
      plugin: 'NodeUnschedulable',
      reasons: ['node(s) were unschedulable'],
    });
  });

  it('lists every insufficient resource and too many pods', () => {
    const n = new NodeInfo(node());
    const big = pod({
      containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '3', memory: '8Gi' } } }],
    });
    expect(run(big, n)?.reasons).toEqual(['Insufficient cpu', 'Insufficient memory']);
    n.add({
      uid: 'a',
      pod: pod(),
      node: 'n1',
      requests: new Map(),
      nonZero: { cpu: 0, memory: 0 },
      ports: [],
      hasAntiAffinity: false,
    });
    n.add({
      uid: 'b',
      pod: pod(),
      node: 'n1',
      requests: new Map(),
      nonZero: { cpu: 0, memory: 0 },
      ports: [],
      hasAntiAffinity: false,
    });
    expect(run(pod(), n)?.reasons).toEqual(['Too many pods']);
  });

  it('gives nodes that fail the same resource checks one status, and others their own', () => {
    const p = pod({
      containers: [
        {
          name: 'a',
          image: 'x',
          resources: { requests: { cpu: '3', memory: '1Gi' }, limits: { 'nvidia.com/gpu': '1' } },
        },
      ],
    });
    const s = podState(p, podRequests(p), 'v1.31.4');
    const fit = (allocatable: Record<string, string>): NodeStatus | undefined => {
      const n = new NodeInfo({ ...node(), status: { allocatable } });
      for (const f of NODE_FILTERS) {
        const r = f(s, n);
        if (r !== undefined) return r;
      }
      return undefined;
    };
    const small1 = fit({ cpu: '2', memory: '4Gi', pods: '10' });
    const small2 = fit({ cpu: '1', memory: '8Gi', pods: '10' });
    const tiny = fit({ cpu: '1', memory: '512Mi', pods: '10' });
    const gpu = fit({ cpu: '4', memory: '512Mi', pods: '10', 'nvidia.com/gpu': '1' });
    const full = fit({ cpu: '1', memory: '512Mi', pods: '0', 'nvidia.com/gpu': '1' });
    expect(small1?.reasons).toEqual(['Insufficient cpu', 'Insufficient nvidia.com/gpu']);
    expect(small2).toBe(small1);
    expect(tiny?.reasons).toEqual(['Insufficient cpu', 'Insufficient memory', 'Insufficient nvidia.com/gpu']);
    expect(gpu?.reasons).toEqual(['Insufficient memory']);
    expect(full?.reasons).toEqual(['Too many pods', 'Insufficient cpu', 'Insufficient memory']);
    expect(fit({ cpu: '4', memory: '4Gi', pods: '10', 'nvidia.com/gpu': '2' })).toBeUndefined();
    expect(new Set([small1, tiny, gpu, full].map((x) => x?.plugin))).toEqual(new Set(['NodeResourcesFit']));
  });

  it('asks for a resource the node does not advertise', () => {
    const gpu = pod({
      containers: [{ name: 'a', image: 'x', resources: { limits: { 'nvidia.com/gpu': '1' } } }],
    });
    expect(run(gpu, new NodeInfo(node()))?.reasons).toEqual(['Insufficient nvidia.com/gpu']);
  });

  it('uses the larger of app containers and each init container', () => {
    const p = pod({
      initContainers: [{ name: 'init', image: 'x', resources: { requests: { cpu: '1500m' } } }],
      containers: [
        { name: 'a', image: 'x', resources: { requests: { cpu: '500m' } } },
        { name: 'b', image: 'x', resources: { requests: { cpu: '500m' } } },
      ],
    });
    expect(podRequests(p).get('cpu')).toBe(1500);
  });

  it('matches node affinity operators and nodeSelector together', () => {
    const n = node({}, { 'node.kubernetes.io/instance-type': 'm6i.large', 'example.com/gen': '7' });
    const affinity = (op: string, values: string[]): PodObj =>
      pod({
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'example.com/gen', operator: op, values }] }],
            },
          },
        },
      });
    expect(podMatchesNode(affinity('Gt', ['6']), n)).toBe(true);
    expect(podMatchesNode(affinity('Lt', ['6']), n)).toBe(false);
    expect(podMatchesNode(affinity('NotIn', ['7']), n)).toBe(false);
    expect(
      podMatchesNode(pod({ nodeSelector: { 'node.kubernetes.io/instance-type': 'm6i.large' } }), n),
    ).toBe(true);
    expect(run(pod({ nodeSelector: { disktype: 'ssd' } }), new NodeInfo(n))?.reasons).toEqual([
      "node(s) didn't match Pod's node affinity/selector",
    ]);
  });

  it('treats 0.0.0.0 host ports as conflicting with any address', () => {
    const any = { ip: '0.0.0.0', protocol: 'TCP', port: 80 };
    expect(portsConflict(any, { ip: '10.0.0.1', protocol: 'TCP', port: 80 })).toBe(true);
    expect(portsConflict(any, { ip: '0.0.0.0', protocol: 'UDP', port: 80 })).toBe(false);
    expect(
      portsConflict(
        { ip: '10.0.0.1', protocol: 'TCP', port: 80 },
        { ip: '10.0.0.2', protocol: 'TCP', port: 80 },
      ),
    ).toBe(false);
  });
});
