import { describe, expect, it } from 'vitest';
import type { Node, Pod, PodSpec, Taint, Toleration } from '../../model/index.js';
import { container, node, pod } from '../../../test/builders.js';
import {
  hostPorts,
  placementConstraint,
  placementEvidence,
  requestsText,
  untoleratedNodeEvidence,
  untoleratedNodes,
  type UntoleratedNode,
} from './placement-evidence.js';

const withRequests = (name: string, requests?: Record<string, string>) =>
  container(name, requests === undefined ? {} : { resources: { requests } });
/** A pod rebuilt from events: no containers known. */
const noContainers = (spec: Partial<PodSpec> = {}): Pod => {
  const p = pod();
  return { ...p, spec: { ...spec } as PodSpec };
};
const affinity = {
  nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a', 'b'] }] }],
    },
  },
};

describe('requestsText', () => {
  const app = withRequests('app', { cpu: '1', memory: '2Gi' });
  const sidecar = withRequests('sidecar', { cpu: '100m' });
  const bare = withRequests('bare');
  it.each<[string, Pod, string[], string]>([
    ['all requests when no resource is named', pod({ containers: [app] }), [], 'app cpu=1,memory=2Gi'],
    ['only the named resource', pod({ containers: [app] }), ['memory'], 'app memory=2Gi'],
    [
      'named resources a container does not request are left out',
      pod({ containers: [app, sidecar] }),
      ['cpu', 'memory'],
      'app cpu=1,memory=2Gi; sidecar cpu=100m',
    ],
    ['no requests at all', pod({ containers: [bare] }), [], 'bare none'],
    ['none of the named resources', pod({ containers: [sidecar] }), ['memory'], 'sidecar none'],
    [
      'init containers first',
      pod({ containers: [app], initContainers: [withRequests('init', { cpu: '2' })] }),
      ['cpu'],
      'init cpu=2; app cpu=1',
    ],
    ['no containers known', noContainers(), ['cpu'], ''],
  ])('%s', (_name, p, resources, text) => {
    expect(requestsText(p, resources)).toBe(text);
  });
});

describe('placementConstraint', () => {
  it.each<[string, Partial<PodSpec>, string | undefined]>([
    ['neither', {}, undefined],
    ['node selector', { nodeSelector: { disktype: 'ssd' } }, 'node selector disktype=ssd'],
    ['required node affinity', { affinity }, 'required node affinity (zone In [a, b])'],
    [
      'both',
      { nodeSelector: { disktype: 'ssd' }, affinity },
      'node selector disktype=ssd and required node affinity (zone In [a, b])',
    ],
  ])('%s', (_name, spec, text) => {
    expect(placementConstraint(pod({ spec }))).toBe(text);
  });
});

describe('hostPorts', () => {
  it('lists only ports with a hostPort, TCP by default', () => {
    const p = pod({
      containers: [
        container('web', { ports: [{ containerPort: 8080, hostPort: 8080 }, { containerPort: 9090 }] }),
        container('plain'),
        container('dns', { ports: [{ containerPort: 53, hostPort: 53, protocol: 'UDP' }] }),
      ],
    });
    expect(hostPorts(p)).toEqual(['8080/TCP', '53/UDP']);
  });

  it('no containers known', () => {
    expect(hostPorts(noContainers())).toEqual([]);
  });
});

describe('placementEvidence', () => {
  const spec = (text: string) => [{ source: 'spec', text }];
  const tolerating = (tolerations: Toleration[]) => pod({ spec: { tolerations } });

  it.each<[string, Pod, string]>([
    ['no tolerations', pod(), 'spec.tolerations: (none)'],
    [
      'Equal with value and effect',
      tolerating([{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }]),
      'spec.tolerations: dedicated=gpu:NoSchedule',
    ],
    ['Exists without key or effect', tolerating([{ operator: 'Exists' }]), 'spec.tolerations: *:*'],
    [
      'Exists with key and effect, and a second toleration without operator or value',
      tolerating([{ key: 'gpu', operator: 'Exists', effect: 'NoExecute' }, { key: 'team' }]),
      'spec.tolerations: gpu:NoExecute, team=:*',
    ],
  ])('UntoleratedTaint: %s', (_name, p, text) => {
    expect(placementEvidence(p, 'UntoleratedTaint', [])).toEqual(spec(text));
  });

  it('InsufficientResources: the requests of the named resources', () => {
    const p = pod({ containers: [withRequests('app', { cpu: '1', memory: '2Gi' })] });
    expect(placementEvidence(p, 'InsufficientResources', ['cpu'])).toEqual(
      spec('container requests: app cpu=1'),
    );
  });

  it('NodeAffinityMismatch: the selector, or nothing without one', () => {
    expect(
      placementEvidence(pod({ spec: { nodeSelector: { pool: 'gpu' } } }), 'NodeAffinityMismatch', []),
    ).toEqual(spec('pod asks for node selector pool=gpu'));
    expect(placementEvidence(pod(), 'NodeAffinityMismatch', [])).toEqual([]);
  });

  it('HostPortConflict: the host ports, or nothing without any', () => {
    const p = pod({
      containers: [
        container('web', { ports: [{ containerPort: 80, hostPort: 80 }] }),
        container('dns', { ports: [{ containerPort: 53, hostPort: 53, protocol: 'UDP' }] }),
      ],
    });
    expect(placementEvidence(p, 'HostPortConflict', [])).toEqual(spec('hostPort: 80/TCP, 53/UDP'));
    expect(placementEvidence(pod(), 'HostPortConflict', [])).toEqual([]);
  });

  it.each(['TooManyPods', 'PodAffinityMismatch', 'Unschedulable'] as const)('%s: no spec line', (code) => {
    expect(placementEvidence(pod({ spec: { nodeSelector: { pool: 'gpu' } } }), code, [])).toEqual([]);
  });

  it.each(['InsufficientResources', 'UntoleratedTaint', 'NodeAffinityMismatch'] as const)(
    '%s: nothing for a pod rebuilt from events',
    (code) => {
      expect(placementEvidence(noContainers({ nodeSelector: { pool: 'gpu' } }), code, ['cpu'])).toEqual([]);
    },
  );
});

describe('untoleratedNodes', () => {
  const gpuTaint: Taint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
  const nodes: Node[] = [
    node({ name: 'plain-1', labels: { pool: 'gpu' } }),
    node({ name: 'gpu-1', labels: { pool: 'gpu' }, taints: [gpuTaint] }),
    node({
      name: 'cp-1',
      labels: { pool: 'system' },
      taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
    }),
  ];

  it('the tainted nodes the pod could use', () => {
    const p = pod({ spec: { nodeSelector: { pool: 'gpu' } } });
    expect(untoleratedNodes(p, nodes)).toEqual([{ node: 'gpu-1', taints: [gpuTaint] }]);
  });

  it('every tainted node when none of the nodes the pod could use is tainted', () => {
    const p = pod({ spec: { nodeSelector: { pool: 'cpu' } } });
    expect(untoleratedNodes(p, nodes).map((n) => n.node)).toEqual(['gpu-1', 'cp-1']);
  });

  it('no tainted node: none', () => {
    expect(untoleratedNodes(pod(), [node({ name: 'plain-1' })])).toEqual([]);
  });
});

describe('untoleratedNodeEvidence', () => {
  const taint = (key: string, value?: string) => ({
    key,
    ...(value === undefined ? {} : { value }),
    effect: 'NoSchedule',
  });
  const many = (n: number): UntoleratedNode[] =>
    Array.from({ length: n }, (_, i) => ({ node: `n${String(i + 1)}`, taints: [taint('dedicated', 'gpu')] }));

  it('names every taint of a node', () => {
    expect(
      untoleratedNodeEvidence([{ node: 'gpu-1', taints: [taint('dedicated', 'gpu'), taint('maintenance')] }]),
    ).toEqual([
      {
        source: 'node',
        text: 'node gpu-1 has taints the pod does not tolerate: dedicated=gpu:NoSchedule, maintenance:NoSchedule',
      },
    ]);
  });

  it.each<[number, number, string | undefined]>([
    [5, 5, undefined],
    [6, 6, '… and 1 more such nodes'],
    [8, 6, '… and 3 more such nodes'],
  ])('%i nodes give %i lines', (count, lines, more) => {
    const out = untoleratedNodeEvidence(many(count));
    expect(out).toHaveLength(lines);
    expect(out[4]?.text).toBe('node n5 has taints the pod does not tolerate: dedicated=gpu:NoSchedule');
    if (more !== undefined) expect(out[5]).toEqual({ source: 'node', text: more });
  });
});
