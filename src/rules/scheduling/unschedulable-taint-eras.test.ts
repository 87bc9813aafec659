/**
 * The untolerated taint named in every scheduler era: from the message while the scheduler quoted
 * it (`{key: value}`), from the Node objects the collector read once it stopped (kube-scheduler
 * 1.35 on writes the constant `node(s) had untolerated taint(s)`), and from the nodes for the
 * eras that never quoted it (`taints that the pod didn't tolerate`, the predicate name).
 */
import { describe, expect, it } from 'vitest';
import { container, node, pod, snapshot, unschedulable } from '../../../test/builders.js';
import { runRule } from '../../../test/rule-tester.js';
import type { Node, Pod } from '../../model/index.js';
import { rule } from './unschedulable.js';

const NODES: Node[] = [
  node({ name: 'worker-1', labels: { zone: 'a' } }),
  node({ name: 'worker-2', labels: { zone: 'b' } }),
  node({
    name: 'gpu-1',
    labels: { zone: 'a', accelerator: 'nvidia' },
    taints: [
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      // Not a scheduling taint: never named.
      { key: 'spot', value: 'true', effect: 'PreferNoSchedule' },
    ],
  }),
  node({
    name: 'cp-1',
    labels: { 'node-role.kubernetes.io/control-plane': '' },
    taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
  }),
];

const bySelector = { nodeSelector: { accelerator: 'nvidia' } };
const byAffinity = {
  affinity: {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [{ matchExpressions: [{ key: 'accelerator', operator: 'Exists' }] }],
      },
    },
  },
};

/** Histograms as each era writes them for 1 tainted gpu node, 1 tainted control plane, 2 others. */
const ERAS: readonly {
  era: string;
  message: string;
  spec: Partial<Pod['spec']>;
  taints: string;
  nodeEvidence: boolean;
}[] = [
  {
    era: '1.37 (constant), nodeSelector',
    message:
      "0/4 nodes are available: 2 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    spec: bySelector,
    taints: 'dedicated=gpu',
    nodeEvidence: true,
  },
  {
    era: '1.37 (constant), required node affinity',
    message:
      "0/4 nodes are available: 2 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    spec: byAffinity,
    taints: 'dedicated=gpu',
    nodeEvidence: true,
  },
  {
    era: '1.32 DRA era (constant), no new claims to deallocate',
    message:
      "0/4 nodes are available: 2 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    spec: bySelector,
    taints: 'dedicated=gpu',
    nodeEvidence: true,
  },
  {
    era: '1.19-1.34 {key: value}',
    message:
      "0/4 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.",
    spec: bySelector,
    taints: 'dedicated=gpu, node-role.kubernetes.io/control-plane',
    nodeEvidence: true,
  },
  {
    era: "1.18 taint {key: value}, that the pod didn't tolerate",
    message:
      "0/4 nodes are available: 1 node(s) had taint {dedicated: gpu}, that the pod didn't tolerate, 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 2 node(s) didn't match node selector.",
    spec: bySelector,
    taints: 'dedicated=gpu, node-role.kubernetes.io/master',
    nodeEvidence: true,
  },
  {
    era: "1.14-1.17 taints that the pod didn't tolerate",
    message:
      "0/4 nodes are available: 2 node(s) didn't match node selector, 2 node(s) had taints that the pod didn't tolerate.",
    spec: bySelector,
    taints: 'dedicated=gpu',
    nodeEvidence: true,
  },
  {
    era: 'predicate era PodToleratesNodeTaints',
    message:
      'No nodes are available that match all of the predicates: MatchNodeSelector (2), PodToleratesNodeTaints (2).',
    spec: bySelector,
    taints: 'dedicated=gpu',
    nodeEvidence: true,
  },
];

function failing(message: string, spec: Partial<Pod['spec']>): Pod {
  const p = pod({ conditions: [unschedulable(message)] });
  return { ...p, spec: { ...p.spec, containers: [container('trainer')], ...spec } };
}

describe('scheduling/unschedulable names the untolerated taint in every scheduler era', () => {
  it.each(ERAS)('$era', ({ message, spec, taints, nodeEvidence }) => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [failing(message, spec)], nodes: NODES }));
    expect(rest).toEqual([]);
    expect(f?.reason).toBe('UntoleratedTaint');
    expect(f?.data.taints).toBe(taints);
    const text = f?.evidence.map((e) => e.text).join('\n') ?? '';
    if (nodeEvidence)
      expect(text).toContain('node gpu-1 has taints the pod does not tolerate: dedicated=gpu:NoSchedule');
    // Nodes the pod's placement rules out are not named when a node it could use is tainted.
    expect(text).not.toContain('node cp-1');
    expect(text).not.toContain('spot');
    expect(f?.nextSteps.join('\n')).toContain(`add a toleration for ${taints}`);
  });

  it('a toleration for the taint leaves only the taints not tolerated', () => {
    const tolerant = failing('0/4 nodes are available: 4 node(s) had untolerated taint(s).', {
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }],
    });
    const nodes = [
      node({
        name: 'gpu-1',
        taints: [
          { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
          { key: 'nvidia.com/gpu', value: 'present', effect: 'NoExecute' },
        ],
      }),
    ];
    const [f] = runRule(rule, snapshot({ pods: [tolerant], nodes }));
    expect(f?.data.taints).toBe('nvidia.com/gpu=present');
  });

  it('no placement constraint: every node with an untolerated taint counts', () => {
    const p = failing('0/4 nodes are available: 2 node(s) had untolerated taint(s), 2 Insufficient cpu.', {});
    const [f] = runRule(rule, snapshot({ pods: [p], nodes: NODES }));
    // The histogram's biggest fixable share is cpu here; the taint is not the reason.
    expect(f?.reason).not.toBe('UntoleratedTaint');
  });

  it('the constant form with no Node objects (events only) says so instead of inventing a taint', () => {
    const p = failing('0/1 nodes are available: 1 node(s) had untolerated taint(s).', {});
    const [f] = runRule(rule, snapshot({ pods: [p] }));
    expect(f?.reason).toBe('UntoleratedTaint');
    expect(f?.data.taints).toBe('untolerated taints');
  });

  it('only node-condition taints on the nodes: repair the nodes, do not tolerate', () => {
    const p = failing('0/1 nodes are available: 1 node(s) had untolerated taint(s).', {});
    const nodes = [
      node({ name: 'n1', taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] }),
    ];
    const [f] = runRule(rule, snapshot({ pods: [p], nodes }));
    expect(f?.data.taints).toBe('node.kubernetes.io/not-ready');
    expect(f?.nextSteps.join('\n')).toContain('repair those nodes');
  });
});
