import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chooseSchedulingReason,
  classifySchedulingReason,
  formatHistogram,
  insufficientResources,
  parseSchedulingMessage,
  untoleratedTaints,
  type SchedulingCode,
} from './scheduling-message.js';

const hist = (m: string) => parseSchedulingMessage(m).reasons.map((r) => [r.count ?? null, r.text, r.code]);
const choose = (m: string) => {
  const parsed = parseSchedulingMessage(m);
  return chooseSchedulingReason(parsed.reasons, parsed.totalNodes);
};

describe('parseSchedulingMessage', () => {
  it('current FitError with taint, resources and preemption', () => {
    const m = parseSchedulingMessage(
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
    );
    expect(m.form).toBe('fit-error');
    expect(m.totalNodes).toBe(3);
    expect(m.reasons.map((r) => [r.count, r.code])).toEqual([
      [1, 'UntoleratedTaint'],
      [2, 'InsufficientResources'],
    ]);
    expect(m.preemption.map((r) => r.count)).toEqual([1, 2]);
    expect(m.notes).toEqual([]);
    expect(chooseSchedulingReason(m.reasons)).toBe('InsufficientResources');
    expect(untoleratedTaints(m.reasons)).toEqual(['node-role.kubernetes.io/control-plane']);
    expect(insufficientResources(m.reasons)).toEqual(['cpu']);
  });

  it('plain FitError without preemption (1.10-1.18)', () => {
    expect(hist('0/3 nodes are available: 3 Insufficient cpu.')).toEqual([
      [3, 'Insufficient cpu', 'InsufficientResources'],
    ]);
    expect(hist("0/6 nodes are available: 6 node(s) didn't match node selector.")).toEqual([
      [6, "node(s) didn't match node selector", 'NodeAffinityMismatch'],
    ]);
  });

  it('doubled periods and extra spaces', () => {
    expect(
      hist(
        '0/3 nodes are available: 3 Insufficient memory.. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..',
      ),
    ).toEqual([[3, 'Insufficient memory', 'InsufficientResources']]);
    expect(hist('0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims.  ')).toEqual([
      [3, 'pod has unbound immediate PersistentVolumeClaims', 'UnboundPVC'],
    ]);
  });

  it('PreFilter message without counts', () => {
    const m = parseSchedulingMessage(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
    expect(m.reasons).toEqual([
      { text: 'pod has unbound immediate PersistentVolumeClaims', code: 'UnboundPVC' },
    ]);
    expect(chooseSchedulingReason(m.reasons)).toBe('UnboundPVC');
    expect(hist('0/1 nodes are available: persistentvolumeclaim "data" not found.')).toEqual([
      [null, 'persistentvolumeclaim "data" not found', 'UnboundPVC'],
    ]);
    // 1.9-1.11 (before "immediate") and 1.6-1.8 (the claim named), with the event's repeat suffix
    expect(choose('0/3 nodes are available: 3 pod has unbound PersistentVolumeClaims.')).toBe('UnboundPVC');
    expect(choose('pod has unbound PersistentVolumeClaims (repeated 3 times)')).toBe('UnboundPVC');
    expect(choose('PersistentVolumeClaim is not bound: "data-mongo-0" (repeated 3 times)')).toBe(
      'UnboundPVC',
    );
  });

  it('DRA-era PostFilter sentence before preemption', () => {
    const m = parseSchedulingMessage(
      '0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
    );
    expect(m.reasons.map((r) => [r.count, r.text])).toEqual([[1, 'node(s) had untolerated taint(s)']]);
    expect(m.notes).toEqual(['no new claims to deallocate']);
    expect(m.preemption).toEqual([
      { text: 'Preemption is not helpful for scheduling', count: 1, code: 'Unschedulable' },
    ]);
  });

  it('1.18-1.24 taint wording with a comma inside the reason', () => {
    const m = parseSchedulingMessage(
      "0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 2 Insufficient memory.",
    );
    expect(m.reasons.map((r) => [r.count, r.code])).toEqual([
      [1, 'UntoleratedTaint'],
      [2, 'InsufficientResources'],
    ]);
    expect(m.reasons[0]?.text).toBe(
      "node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate",
    );
    expect(chooseSchedulingReason(m.reasons)).toBe('InsufficientResources');
  });

  it('1.8-1.9 FitError with predicate names', () => {
    expect(
      hist('0/4 nodes are available: 1 NodeUnschedulable, 3 Insufficient memory.').map((r) => r[2]),
    ).toEqual(['NodeUnschedulable', 'InsufficientResources']);
    expect(choose('0/3 nodes are available: 1 PodToleratesNodeTaints, 2 MatchNodeSelector.')).toBe(
      'NodeAffinityMismatch',
    );
  });

  it('predicates era, with one or two colons', () => {
    const m = parseSchedulingMessage(
      'No nodes are available that match all of the following predicates:: Insufficient cpu (4).',
    );
    expect(m.form).toBe('predicates');
    expect(
      hist('No nodes are available that match all of the following predicates:: Insufficient cpu (4).'),
    ).toEqual([[4, 'Insufficient cpu', 'InsufficientResources']]);
    expect(
      hist(
        'No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector (2).',
      ),
    ).toEqual([
      [3, 'Insufficient cpu', 'InsufficientResources'],
      [2, 'MatchNodeSelector', 'NodeAffinityMismatch'],
    ]);
    const codes: [string, SchedulingCode][] = [
      ['PodToleratesNodeTaints', 'UntoleratedTaint'],
      ['CheckNodeUnschedulable', 'NodeUnschedulable'],
      ['NoVolumeZoneConflict', 'VolumeNodeAffinityConflict'],
      ['MaxEBSVolumeCount', 'VolumeLimitExceeded'],
      ['PodFitsHostPorts', 'HostPortConflict'],
      ['MatchInterPodAffinity', 'PodAffinityMismatch'],
      ['NoVolumeNodeConflict', 'VolumeNodeAffinityConflict'],
      ['HostName', 'NodeNameMismatch'],
      ['PodFitsResources', 'InsufficientResources'],
    ];
    for (const [name, code] of codes) {
      expect(hist(`No nodes are available that match all of the predicates: ${name} (2).`)).toEqual([
        [2, name, code],
      ]);
    }
  });

  it('fit failure per node (1.2-1.3), with resource details', () => {
    const m = parseSchedulingMessage(
      "pod (nginx-1370807587-fz9sd) failed to fit in any node\nfit failure on node (node-6ta5): Node didn't have enough resource: CPU, requested: 1000, used: 1420, capacity: 2000\nfit failure on node (node-wul5): Node didn't have enough resource: CPU, requested: 1000, used: 1100, capacity: 2000\n",
    );
    expect(m.form).toBe('fit-failure');
    expect(m.totalNodes).toBe(2);
    expect(m.reasons).toEqual([
      { text: "Node didn't have enough resource: CPU", count: 2, code: 'InsufficientResources' },
    ]);
    expect(insufficientResources(m.reasons)).toEqual(['cpu']);
    expect(
      hist(
        'pod (lb-do0ix) failed to fit in any node\nfit failure on node (kube-node1): MatchNodeSelector\nfit failure on node (kube-node2): PodFitsHostPorts\nfit failure on node (kube-node3): MatchNodeSelector\n',
      ),
    ).toEqual([
      [2, 'MatchNodeSelector', 'NodeAffinityMismatch'],
      [1, 'PodFitsHostPorts', 'HostPortConflict'],
    ]);
    expect(
      hist(
        'pod (x) failed to fit in any node fit failure on node (n1): Insufficient cpu fit failure on node (n2): Insufficient cpu',
      ),
    ).toEqual([[2, 'Insufficient cpu', 'InsufficientResources']]);
  });

  it('fit failure summary (1.4-1.5)', () => {
    expect(
      hist('pod (registry) failed to fit in any node\nfit failure summary on nodes : MatchNodeSelector (5)'),
    ).toEqual([[5, 'MatchNodeSelector', 'NodeAffinityMismatch']]);
    expect(
      hist(
        'pod (demo) failed to fit in any node fit failure summary on nodes : Insufficient cpu (1), Insufficient memory (1)',
      ),
    ).toEqual([
      [1, 'Insufficient cpu', 'InsufficientResources'],
      [1, 'Insufficient memory', 'InsufficientResources'],
    ]);
  });

  it('v1.0/1.1 "Failed for reason" and bare "failed to fit"', () => {
    expect(parseSchedulingMessage('Failed for reason PodFitsResources and possibly others').reasons).toEqual([
      { text: 'PodFitsResources', code: 'InsufficientResources' },
    ]);
    expect(
      parseSchedulingMessage('Failed for reason PodExceedsFreeCPU and possibly others').reasons[0]?.code,
    ).toBe('InsufficientResources');
    expect(
      parseSchedulingMessage('Failed for reason PodFitsPorts and possibly others').reasons[0]?.code,
    ).toBe('HostPortConflict');
    // the predicate is the first word, wherever the line breaks
    expect(parseSchedulingMessage('Failed for reason \n PodFitsPorts').reasons).toEqual([
      { text: 'PodFitsPorts', code: 'HostPortConflict' },
    ]);
    const bare = parseSchedulingMessage('Error scheduling: failed to fit in any node');
    expect(bare.form).toBe('legacy');
    expect(chooseSchedulingReason(bare.reasons)).toBe('Unschedulable');
  });

  it('scheduler errors, wrapped fit errors, no nodes, skipped deletions', () => {
    expect(
      parseSchedulingMessage(
        'binding rejected: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "web-0": pod web-0 is being deleted',
      ).form,
    ).toBe('error');
    expect(
      parseSchedulingMessage(
        'running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for the condition',
      ).form,
    ).toBe('error');
    expect(parseSchedulingMessage('nodeinfo not found for node name "node-3"').form).toBe('error');
    const wrapped = parseSchedulingMessage(
      'error while running "VolumeBinding" filter plugin for pod "web-0": pod has unbound immediate PersistentVolumeClaims',
    );
    expect([wrapped.form, wrapped.reasons[0]?.code]).toEqual(['wrapped', 'UnboundPVC']);
    expect(
      parseSchedulingMessage(
        'error while running "NodeAffinity" prefilter plugin for pod "x": invalid label value',
      ).form,
    ).toBe('error');
    expect(parseSchedulingMessage('no nodes available to schedule pods').form).toBe('no-nodes');
    expect(parseSchedulingMessage('skip schedule deleting pod: default/web-1').form).toBe('ignored');
    expect(parseSchedulingMessage('').form).toBe('empty');
    expect(
      parseSchedulingMessage('(combined from similar events): 0/2 nodes are available: 2 Too many pods.')
        .reasons[0]?.code,
    ).toBe('TooManyPods');
  });
});

/** Twelve "fit failure on node (n): <reason>" lines, as 1.2-1.3 print them. */
const perNode = (reasons: readonly string[]): string =>
  `pod (web-0) failed to fit in any node\n${reasons.map((r, i) => `fit failure on node (node-${i + 1}): ${r}\n`).join('')}`;

describe('node counts of two and three digits, in every era', () => {
  // [era, message, total nodes, [count, reason text, code] per reason]
  const table: [string, string, number | undefined, [number | null, string, SchedulingCode][]][] = [
    [
      'FitError, one reason',
      '0/12 nodes are available: 12 Insufficient memory.',
      12,
      [[12, 'Insufficient memory', 'InsufficientResources']],
    ],
    [
      'FitError, two reasons, three digits',
      '0/120 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 117 Insufficient cpu.',
      120,
      [
        [3, 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }', 'UntoleratedTaint'],
        [117, 'Insufficient cpu', 'InsufficientResources'],
      ],
    ],
    [
      'FitError, counts of one, two and three digits',
      "0/999 nodes are available: 1 node(s) were unschedulable, 100 Insufficient memory, 898 node(s) didn't match Pod's node affinity/selector.",
      999,
      [
        [1, 'node(s) were unschedulable', 'NodeUnschedulable'],
        [100, 'Insufficient memory', 'InsufficientResources'],
        [898, "node(s) didn't match Pod's node affinity/selector", 'NodeAffinityMismatch'],
      ],
    ],
    [
      'FitError with preemption (1.19+)',
      '0/40 nodes are available: 10 Insufficient cpu, 30 Insufficient memory. preemption: 0/40 nodes are available: 40 No preemption victims found for incoming pod.',
      40,
      [
        [10, 'Insufficient cpu', 'InsufficientResources'],
        [30, 'Insufficient memory', 'InsufficientResources'],
      ],
    ],
    [
      'FitError, DRA-era PostFilter sentence',
      '0/64 nodes are available: 64 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/64 nodes are available: 64 Preemption is not helpful for scheduling.',
      64,
      [[64, 'node(s) had untolerated taint(s)', 'UntoleratedTaint']],
    ],
    [
      'FitError, 1.18-1.24 taint wording with a comma',
      "0/15 nodes are available: 11 node(s) had taint {dedicated: gpu}, that the pod didn't tolerate, 4 Insufficient memory.",
      15,
      [
        [11, "node(s) had taint {dedicated: gpu}, that the pod didn't tolerate", 'UntoleratedTaint'],
        [4, 'Insufficient memory', 'InsufficientResources'],
      ],
    ],
    [
      'FitError, 1.8-1.9 predicate names',
      '0/250 nodes are available: 50 NodeUnschedulable, 200 MatchNodeSelector.',
      250,
      [
        [50, 'NodeUnschedulable', 'NodeUnschedulable'],
        [200, 'MatchNodeSelector', 'NodeAffinityMismatch'],
      ],
    ],
    [
      'FitError, PreFilter text without counts',
      '0/300 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/300 nodes are available: 300 Preemption is not helpful for scheduling.',
      300,
      [[null, 'pod has unbound immediate PersistentVolumeClaims', 'UnboundPVC']],
    ],
    [
      'FitError, doubled period',
      '0/10 nodes are available: 10 Too many pods..',
      10,
      [[10, 'Too many pods', 'TooManyPods']],
    ],
    [
      'FitError, combined from similar events',
      '(combined from similar events): 0/11 nodes are available: 11 Insufficient nvidia.com/gpu.',
      11,
      [[11, 'Insufficient nvidia.com/gpu', 'InsufficientResources']],
    ],
    [
      'predicates (1.5-1.7), one colon',
      'No nodes are available that match all of the predicates: Insufficient cpu (12), MatchNodeSelector (108).',
      undefined,
      [
        [12, 'Insufficient cpu', 'InsufficientResources'],
        [108, 'MatchNodeSelector', 'NodeAffinityMismatch'],
      ],
    ],
    [
      'predicates (1.5-1.7), two colons',
      'No nodes are available that match all of the following predicates:: Insufficient memory (99), PodToleratesNodeTaints (1).',
      undefined,
      [
        [99, 'Insufficient memory', 'InsufficientResources'],
        [1, 'PodToleratesNodeTaints', 'UntoleratedTaint'],
      ],
    ],
    [
      'fit failure summary (1.4-1.5)',
      'pod (web-0) failed to fit in any node\nfit failure summary on nodes : Insufficient cpu (10), PodFitsHostPorts (115)',
      undefined,
      [
        [10, 'Insufficient cpu', 'InsufficientResources'],
        [115, 'PodFitsHostPorts', 'HostPortConflict'],
      ],
    ],
    [
      'fit failure per node (1.2-1.3), twelve nodes',
      perNode([...Array<string>(10).fill('Insufficient cpu'), 'MatchNodeSelector', 'MatchNodeSelector']),
      12,
      [
        [10, 'Insufficient cpu', 'InsufficientResources'],
        [2, 'MatchNodeSelector', 'NodeAffinityMismatch'],
      ],
    ],
    [
      'fit failure per node (1.2-1.3), a hundred and one nodes',
      perNode([
        ...Array<string>(100).fill(
          "Node didn't have enough resource: Memory, requested: 10, used: 1, capacity: 8",
        ),
        'PodFitsHostPorts',
      ]),
      101,
      [
        [100, "Node didn't have enough resource: Memory", 'InsufficientResources'],
        [1, 'PodFitsHostPorts', 'HostPortConflict'],
      ],
    ],
  ];

  it.each(table)('%s', (_, message, total, reasons) => {
    const m = parseSchedulingMessage(message);
    expect(m.totalNodes).toBe(total);
    expect(hist(message)).toEqual(reasons);
  });

  it('the counts decide the reason on a large cluster', () => {
    // 117 of 120 nodes lack cpu: the fix is capacity, not the control-plane taint of 3.
    expect(
      choose(
        '0/120 nodes are available: 3 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 117 Insufficient cpu.',
      ),
    ).toBe('InsufficientResources');
    expect(choose('0/12 nodes are available: 2 Insufficient cpu, 10 Too many pods.')).toBe('TooManyPods');
    expect(choose('0/12 nodes are available: 10 Insufficient cpu, 2 Too many pods.')).toBe(
      'InsufficientResources',
    );
  });

  it('reads any total and counts the FitError prints (generated)', () => {
    const reasonText = fc.constantFrom(
      'Insufficient cpu',
      'Insufficient memory',
      'Too many pods',
      'node(s) were unschedulable',
      "node(s) didn't match Pod's node affinity/selector",
      'node(s) had untolerated taint {dedicated: gpu}',
      "node(s) didn't have free ports for the requested pod ports",
      'node(s) had volume node affinity conflict',
    );
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 5000 }), reasonText), {
          minLength: 1,
          maxLength: 5,
          selector: ([, t]) => t,
        }),
        fc.constantFrom('.', '..', ''),
        (total, counted, end) => {
          const histogram = counted.map(([n, t]) => `${n} ${t}`).join(', ');
          const m = parseSchedulingMessage(`0/${total} nodes are available: ${histogram}${end}`);
          expect(m.form).toBe('fit-error');
          expect(m.totalNodes).toBe(total);
          expect(m.reasons.map((r) => [r.count, r.text])).toEqual(counted);
          expect(formatHistogram(m.reasons)).toBe(histogram);
          checked++;
        },
      ),
      { numRuns: 500 },
    );
    expect(checked).toBe(500);
  });
});

describe('classifySchedulingReason', () => {
  const table: [string, SchedulingCode][] = [
    ['Insufficient nvidia.com/gpu', 'InsufficientResources'],
    ['Insufficient ephemeral-storage', 'InsufficientResources'],
    ['Too many pods', 'TooManyPods'],
    ['Insufficient pods', 'TooManyPods'],
    ["node(s) didn't match Pod's node affinity/selector", 'NodeAffinityMismatch'],
    ["node(s) didn't match Pod's node affinity", 'NodeAffinityMismatch'],
    ["node(s) didn't match the requested node name", 'NodeNameMismatch'],
    ["node(s) didn't match the requested hostname", 'NodeNameMismatch'],
    ['node(s) were unschedulable', 'NodeUnschedulable'],
    ['node(s) had untolerated taint {node.kubernetes.io/unschedulable: }', 'NodeUnschedulable'],
    ['node(s) had untolerated taint {dedicated: gpu}', 'UntoleratedTaint'],
    ["node(s) had taints that the pod didn't tolerate", 'UntoleratedTaint'],
    ["node(s) didn't have free ports for the requested pod ports", 'HostPortConflict'],
    ["node(s) didn't match pod affinity rules", 'PodAffinityMismatch'],
    ["node(s) didn't match pod anti-affinity rules", 'PodAffinityMismatch'],
    ["node(s) didn't satisfy existing pods anti-affinity rules", 'PodAffinityMismatch'],
    ["node(s) didn't match pod affinity/anti-affinity", 'PodAffinityMismatch'],
    ["node(s) didn't match pod topology spread constraints", 'TopologySpreadUnsatisfied'],
    [
      "node(s) didn't match pod topology spread constraints (missing required label)",
      'TopologySpreadUnsatisfied',
    ],
    ['pod has unbound immediate PersistentVolumeClaims', 'UnboundPVC'],
    ['pod has unbound PersistentVolumeClaims (repeated 3 times)', 'UnboundPVC'],
    ['3 pod has unbound PersistentVolumeClaims', 'UnboundPVC'],
    ['PersistentVolumeClaim is not bound: "data-mongo-0" (repeated 2 times)', 'UnboundPVC'],
    ["node(s) didn't find available persistent volumes to bind", 'UnboundPVC'],
    ['node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)', 'UnboundPVC'],
    ['node(s) had volume node affinity conflict', 'VolumeNodeAffinityConflict'],
    ["node(s) didn't match PersistentVolume's node affinity", 'VolumeNodeAffinityConflict'],
    ['node(s) had no available volume zone', 'VolumeNodeAffinityConflict'],
    ['node(s) exceed max volume count', 'VolumeLimitExceeded'],
    ['node(s) did not have enough free storage', 'VolumeLimitExceeded'],
    ['node is filtered out by the prefilter result', 'NodeAffinityMismatch'],
    ['cannot allocate all claims', 'Unschedulable'],
  ];
  it.each(table)('%s -> %s', (text, code) => {
    expect(classifySchedulingReason(text)).toBe(code);
  });
});

describe('chooseSchedulingReason', () => {
  it.each([
    [
      '0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.',
      'UntoleratedTaint',
    ],
    [
      "0/6 nodes are available: 5 node(s) didn't match Pod's node affinity/selector, 1 Insufficient cpu.",
      'InsufficientResources',
    ],
    [
      "0/5 nodes are available: 4 node(s) didn't match Pod's node affinity/selector, 1 node(s) were unschedulable.",
      'NodeAffinityMismatch',
    ],
    [
      "0/3 nodes are available: 2 node(s) had untolerated taint {dedicated: infra}, 1 node(s) didn't match Pod's node affinity/selector.",
      'UntoleratedTaint',
    ],
    [
      "0/10 nodes are available: 9 Insufficient memory, 1 node(s) didn't match pod anti-affinity rules.",
      'InsufficientResources',
    ],
    [
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had volume node affinity conflict.',
      'VolumeNodeAffinityConflict',
    ],
    [
      "0/3 nodes are available: 1 node(s) didn't have free ports for the requested pod ports, 2 node is filtered out by the prefilter result.",
      'HostPortConflict',
    ],
    ['0/3 nodes are available: 3 Insufficient cpu, 3 Insufficient memory.', 'InsufficientResources'],
    // The node the pod's own placement leaves it is full (pod affinity, anti-affinity, spread).
    [
      "0/3 nodes are available: 1 Too many pods, 2 node(s) didn't match pod affinity rules. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
      'TooManyPods',
    ],
    [
      "0/6 nodes are available: 3 Insufficient cpu, 3 node(s) didn't match pod anti-affinity rules.",
      'InsufficientResources',
    ],
    [
      "0/5 nodes are available: 2 node(s) didn't match pod topology spread constraints, 3 Insufficient memory.",
      'InsufficientResources',
    ],
    ["0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.", 'PodAffinityMismatch'],
    ['0/2 nodes are available: 1 node(s) were unschedulable, 1 Too many pods.', 'TooManyPods'],
    // Before 1.10 a node listed every predicate it failed: the resource reasons may sit on nodes
    // the node selector already excluded, which with the cordoned node cover all four.
    [
      '0/4 nodes are available: 1 Insufficient cpu, 1 Insufficient memory, 1 NodeUnschedulable, 3 MatchNodeSelector.',
      'NodeAffinityMismatch',
    ],
    [
      '0/3 nodes are available: 1 PodToleratesNodeTaints, 2 Insufficient cpu, 2 MatchNodeSelector.',
      'NodeAffinityMismatch',
    ],
    ['0/5 nodes are available: 3 Insufficient cpu, 2 MatchNodeSelector.', 'InsufficientResources'],
    [
      'No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector (2).',
      'InsufficientResources',
    ],
    [
      '0/3 nodes are available: 1 ExistingPodsAntiAffinityRulesNotMatch, 1 MatchInterPodAffinity, 2 CheckServiceAffinity.',
      'PodAffinityMismatch',
    ],
    ['0/3 nodes are available: 1 Insufficient cpu, 2 SomeOutOfTreeFilter.', 'InsufficientResources'],
  ])('%s', (message, code) => {
    expect(choose(message)).toBe(code);
  });

  it('keeps the histogram in the scheduler shape', () => {
    const m = parseSchedulingMessage(
      '0/3 nodes are available: 1 node(s) had untolerated taint {a: b}, 2 Insufficient cpu. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
    expect(formatHistogram(m.reasons)).toBe('1 node(s) had untolerated taint {a: b}, 2 Insufficient cpu');
    expect(untoleratedTaints(m.reasons)).toEqual(['a=b']);
  });
});

/**
 * What any parse must be: reasons with text and whole counts, every count no more than the
 * total, a chosen reason among those parsed, resources and taints quoted from the reasons.
 */
function expectWellFormed(message: string): void {
  const m = parseSchedulingMessage(message);
  const codes = new Set(m.reasons.map((r) => r.code));
  for (const r of [...m.reasons, ...m.preemption]) {
    expect(r.text.trim()).not.toBe('');
    expect(message).toContain(r.text.split(', ')[0]);
    if (r.count !== undefined) {
      expect(Number.isSafeInteger(r.count) && r.count >= 0).toBe(true);
      // The per-node lines of 1.2-1.3 are counted here; every other form quotes its counts.
      if (m.form !== 'fit-failure' || m.totalNodes === undefined) expect(message).toContain(String(r.count));
      else expect(r.count).toBeLessThanOrEqual(message.split('fit failure on node (').length);
    }
  }
  if (m.totalNodes !== undefined) {
    expect(Number.isSafeInteger(m.totalNodes) && m.totalNodes >= 0).toBe(true);
    if (m.form === 'fit-error') expect(message).toContain(`${m.totalNodes} nodes are`);
  }
  if (m.form === 'empty') expect(message.trim()).toBe('');
  const chosen = chooseSchedulingReason(m.reasons, m.totalNodes);
  expect(chosen === 'Unschedulable' || codes.has(chosen)).toBe(true);
  expect(formatHistogram(m.reasons).length).toBeGreaterThanOrEqual(m.reasons.length === 0 ? 0 : 1);
  for (const res of insufficientResources(m.reasons)) expect(res).not.toBe('');
  for (const t of untoleratedTaints(m.reasons)) expect(message).toContain(t.split('=')[0]);
}

describe('robustness', () => {
  it('never throws and always returns well-formed output', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        expectWellFormed(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on strings built from message fragments', () => {
    const fragment = fc.constantFrom(
      '0/3 nodes are available:',
      ' ',
      '.',
      '..',
      ', ',
      '1 ',
      'preemption:',
      'Insufficient cpu',
      '{',
      '}',
      ': ',
      'fit failure on node (',
      '): ',
      '\n',
      'predicates:',
      ' (',
      ')',
      'Failed for reason ',
      'error while running',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 60 }), (parts) => {
        expectWellFormed(parts.join(''));
      }),
      { numRuns: 2000 },
    );
  });

  // How fast is for `npm run bench`; a blow-up on these inputs ends at the test's timeout.
  it('reads long adversarial input', () => {
    const inputs = [
      '1'.repeat(200_000),
      '0/'.repeat(100_000) + ' nodes are available',
      'fit failure on node ('.repeat(20_000),
      `0/3 nodes are available: ${'1 a, '.repeat(40_000)}`,
      'x ('.repeat(60_000) + '1)',
      '. '.repeat(100_000),
    ];
    for (const s of inputs) expectWellFormed(s);
  });
});

describe('parseSchedulingMessage: the whole result, per form', () => {
  const msg = (
    form: string,
    reasons: { text: string; count?: number; code: SchedulingCode }[],
    extra: {
      totalNodes?: number;
      preemption?: { text: string; count?: number; code: SchedulingCode }[];
      notes?: string[];
    } = {},
  ) => ({
    form,
    ...(extra.totalNodes === undefined ? {} : { totalNodes: extra.totalNodes }),
    reasons,
    preemption: extra.preemption ?? [],
    notes: extra.notes ?? [],
  });
  const bindingRejected =
    'binding rejected: running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "web-0": pod web-0 is being deleted';

  const table: [string, string, ReturnType<typeof msg>][] = [
    [
      'FitError without preemption: no preemption reasons',
      '0/3 nodes are available: 3 Insufficient cpu.',
      msg('fit-error', [{ text: 'Insufficient cpu', count: 3, code: 'InsufficientResources' }], {
        totalNodes: 3,
      }),
    ],
    [
      'FitError, 1 digit: preemption with victims text',
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.',
      msg(
        'fit-error',
        [
          {
            text: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }',
            count: 1,
            code: 'UntoleratedTaint',
          },
          { text: 'Insufficient cpu', count: 2, code: 'InsufficientResources' },
        ],
        {
          totalNodes: 3,
          preemption: [
            { text: 'Preemption is not helpful for scheduling', count: 1, code: 'Unschedulable' },
            { text: 'No preemption victims found for incoming pod', count: 2, code: 'Unschedulable' },
          ],
        },
      ),
    ],
    [
      'FitError, 2 and 3 digits, preemption of 3 digits',
      '0/120 nodes are available: 20 Insufficient memory, 100 node(s) were unschedulable. preemption: 0/120 nodes are available: 120 Preemption is not helpful for scheduling.',
      msg(
        'fit-error',
        [
          { text: 'Insufficient memory', count: 20, code: 'InsufficientResources' },
          { text: 'node(s) were unschedulable', count: 100, code: 'NodeUnschedulable' },
        ],
        {
          totalNodes: 120,
          preemption: [
            { text: 'Preemption is not helpful for scheduling', count: 120, code: 'Unschedulable' },
          ],
        },
      ),
    ],
    [
      'FitError, DRA-era PostFilter sentence and preemption not allowed (preemptionPolicy=Never)',
      '0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never.',
      msg('fit-error', [{ text: 'Insufficient cpu', count: 1, code: 'InsufficientResources' }], {
        totalNodes: 1,
        preemption: [{ text: 'not eligible due to preemptionPolicy=Never', code: 'Unschedulable' }],
        notes: ['no new claims to deallocate'],
      }),
    ],
    [
      'FitError, PreFilter rejection from NodeAffinity',
      '0/3 nodes are available: pod affinity terms conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
      msg('fit-error', [{ text: 'pod affinity terms conflict', code: 'PodAffinityMismatch' }], {
        totalNodes: 3,
        preemption: [{ text: 'Preemption is not helpful for scheduling', count: 3, code: 'Unschedulable' }],
      }),
    ],
    [
      'FitError, 1.22 ReadWriteOncePod conflict',
      '0/1 nodes are available: 1 node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode.',
      msg(
        'fit-error',
        [
          {
            text: 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode',
            count: 1,
            code: 'VolumeNodeAffinityConflict',
          },
        ],
        { totalNodes: 1 },
      ),
    ],
    [
      'FitError combined from similar events',
      '(combined from similar events): 0/12 nodes are available: 12 Too many pods.',
      msg('fit-error', [{ text: 'Too many pods', count: 12, code: 'TooManyPods' }], { totalNodes: 12 }),
    ],
    [
      'a scheduler error combined from similar events: the prefix is not part of the reason',
      `(combined from similar events): ${bindingRejected}`,
      msg('error', [{ text: bindingRejected, code: 'SchedulerError' }]),
    ],
    ['binding rejected', bindingRejected, msg('error', [{ text: bindingRejected, code: 'SchedulerError' }])],
    [
      "the old scheduler's log of a failed bind",
      'Internal error binding pod: (scheduler cache ForgetPod failed: pod ns/web-1 state was assumed on a different node)',
      msg('error', [
        {
          text: 'Internal error binding pod: (scheduler cache ForgetPod failed: pod ns/web-1 state was assumed on a different node)',
          code: 'SchedulerError',
        },
      ]),
    ],
    [
      'Reserve plugin failure (DRA)',
      'running Reserve plugin "DynamicResources": waiting for resource driver to allocate resource claim',
      msg('error', [
        {
          text: 'running Reserve plugin "DynamicResources": waiting for resource driver to allocate resource claim',
          code: 'SchedulerError',
        },
      ]),
    ],
    [
      'scheduler cache: pod already assumed',
      "pod default/web-0(default/web-0) is in the cache, so can't be assumed",
      msg('error', [
        {
          text: "pod default/web-0(default/web-0) is in the cache, so can't be assumed",
          code: 'SchedulerError',
        },
      ]),
    ],
    [
      'binding: pod already assigned',
      'Operation cannot be fulfilled on pods/binding "web-0": pod web-0 is already assigned to node "node-2"',
      msg('error', [
        {
          text: 'Operation cannot be fulfilled on pods/binding "web-0": pod web-0 is already assigned to node "node-2"',
          code: 'SchedulerError',
        },
      ]),
    ],
    [
      'nodeinfo not found',
      'nodeinfo not found for node name "node-3"',
      msg('error', [{ text: 'nodeinfo not found for node name "node-3"', code: 'SchedulerError' }]),
    ],
    [
      '1.17 wrapped filter error naming a fit reason',
      'error while running "VolumeBinding" filter plugin for pod "web-0": pod has unbound immediate PersistentVolumeClaims',
      msg('wrapped', [{ text: 'pod has unbound immediate PersistentVolumeClaims', code: 'UnboundPVC' }]),
    ],
    [
      '1.18 wrapped filter error naming a fit reason',
      'running "VolumeBinding" filter plugin for pod "gitea-d89bf4b95-6qrqv": pod has unbound immediate PersistentVolumeClaims',
      msg('wrapped', [{ text: 'pod has unbound immediate PersistentVolumeClaims', code: 'UnboundPVC' }]),
    ],
    [
      '1.18 bare PreFilter text: a keyword reason',
      'persistentvolumeclaim "rbd-pvc" not found',
      msg('keyword', [{ text: 'persistentvolumeclaim "rbd-pvc" not found', code: 'UnboundPVC' }]),
    ],
    [
      'an event repeated',
      'pod has unbound PersistentVolumeClaims (repeated 3 times)',
      msg('keyword', [
        { text: 'pod has unbound PersistentVolumeClaims (repeated 3 times)', code: 'UnboundPVC' },
      ]),
    ],
    [
      'v1.0/1.1',
      'Failed for reason PodFitsResources and possibly others',
      msg('legacy', [{ text: 'PodFitsResources', code: 'InsufficientResources' }]),
    ],
    ['1.2-1.4 without per-node lines', 'Error scheduling: failed to fit in any node', msg('legacy', [])],
    [
      'no nodes at all',
      'no nodes available to schedule pods',
      msg('no-nodes', [{ text: 'no nodes available to schedule pods', code: 'Unschedulable' }]),
    ],
    [
      'a deleted pod skipped',
      'skip schedule deleting pod: default/web-1',
      msg('ignored', [{ text: 'skip schedule deleting pod: default/web-1', code: 'Unschedulable' }]),
    ],
    [
      'PreFilter text followed by a stray sentence (as observed)',
      '0/2 nodes are available: persistentvolumeclaim "mongo-pvc" not found. not found',
      msg('fit-error', [{ text: 'persistentvolumeclaim "mongo-pvc" not found', code: 'UnboundPVC' }], {
        totalNodes: 2,
        notes: ['not found'],
      }),
    ],
    [
      '1.18 wrapped filter error about a missing claim',
      'running "VolumeBinding" filter plugin for pod "jenkins-7d6c886b8-nkl4g": error getting PVC "devops/jenkins-pvc": could not find v1.PersistentVolumeClaim "devops/jenkins-pvc"',
      msg('wrapped', [
        { text: 'could not find v1.PersistentVolumeClaim "devops/jenkins-pvc"', code: 'UnboundPVC' },
      ]),
    ],
    [
      'PreFilter plugin error about a missing claim: a keyword reason',
      'running PreFilter plugin "VolumeBinding": error getting PVC "default/mongo-pvc": could not find v1.PersistentVolumeClaim "default/mongo-pvc"',
      msg('keyword', [
        {
          text: 'running PreFilter plugin "VolumeBinding": error getting PVC "default/mongo-pvc": could not find v1.PersistentVolumeClaim "default/mongo-pvc"',
          code: 'UnboundPVC',
        },
      ]),
    ],
    [
      "Karpenter's failure on a claim without a storage class (EKS Auto Mode)",
      'Failed to schedule pod, unbound pvc must define a storage class (PersistentVolumeClaim=default/mongodb-pvc, StorageClass=)',
      msg('keyword', [
        {
          text: 'Failed to schedule pod, unbound pvc must define a storage class (PersistentVolumeClaim=default/mongodb-pvc, StorageClass=)',
          code: 'UnboundPVC',
        },
      ]),
    ],
    [
      "Karpenter's failure in words of its own: no error of the scheduler",
      'Failed to schedule pod, all instance types failed the node claim launch',
      msg('unknown', [
        {
          text: 'Failed to schedule pod, all instance types failed the node claim launch',
          code: 'Unschedulable',
        },
      ]),
    ],
    ['empty', '   ', msg('empty', [])],
  ];

  it.each(table)('%s', (_name, message, expected) => {
    expect(parseSchedulingMessage(message)).toStrictEqual(expected);
  });

  it('takes no message (a missing field) as empty', () => {
    for (const missing of [undefined, null, 42]) {
      expect(parseSchedulingMessage(missing as unknown as string)).toStrictEqual(msg('empty', []));
    }
  });

  it('splits sentences wrapped after the period (pasted from a terminal)', () => {
    for (const gap of ['\n', '\r\n', '\t', ' ']) {
      expect(
        parseSchedulingMessage(
          `0/1 nodes are available: 1 node(s) had untolerated taint(s).${gap}no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.`,
        ),
      ).toStrictEqual(
        msg('fit-error', [{ text: 'node(s) had untolerated taint(s)', count: 1, code: 'UntoleratedTaint' }], {
          totalNodes: 1,
          preemption: [{ text: 'Preemption is not helpful for scheduling', count: 1, code: 'Unschedulable' }],
          notes: ['no new claims to deallocate'],
        }),
      );
    }
  });

  it('a paste that lost the "0/" of the total, or a reason, keeps what is there', () => {
    expect(parseSchedulingMessage('3 nodes are available: 3 Insufficient cpu.')).toStrictEqual(
      msg('fit-error', [{ text: 'Insufficient cpu', count: 3, code: 'InsufficientResources' }]),
    );
    expect(
      parseSchedulingMessage('0/3 nodes are available: 1 Insufficient cpu, , 2 Too many pods.'),
    ).toStrictEqual(
      msg(
        'fit-error',
        [
          { text: 'Insufficient cpu', count: 1, code: 'InsufficientResources' },
          { text: 'Too many pods', count: 2, code: 'TooManyPods' },
        ],
        { totalNodes: 3 },
      ),
    );
  });
});

describe('insufficientResources, untoleratedTaints and formatHistogram', () => {
  const reasonsOf = (m: string) => parseSchedulingMessage(m).reasons;

  it.each([
    ['0/3 nodes are available: 1 Insufficient cpu, 2 Insufficient memory.', ['cpu', 'memory']],
    ['0/2 nodes are available: 2 Insufficient nvidia.com/gpu.', ['nvidia.com/gpu']],
    ['0/4 nodes are available: 2 Insufficient cpu, 2 Insufficient cpu.', ['cpu']],
    // "Insufficient pods" is TooManyPods, not a resource to add
    [
      '0/2 nodes are available: 1 Insufficient pods, 1 Insufficient ephemeral-storage.',
      ['ephemeral-storage'],
    ],
    ['Failed for reason PodExceedsFreeCPU and possibly others', ['cpu']],
    ['Failed for reason PodExceedsFreeMemory and possibly others', ['memory']],
    ['Failed for reason PodFitsResources and possibly others', []],
    [
      "pod (web-0) failed to fit in any node\nfit failure on node (node-1): Node didn't have enough resource: Memory, requested: 10, used: 1, capacity: 8\n",
      ['memory'],
    ],
    ["0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector.", []],
  ])('%s -> %j', (message, resources) => {
    expect(insufficientResources(reasonsOf(message))).toEqual(resources);
  });

  it.each([
    ['0/3 nodes are available: 3 node(s) had untolerated taint {dedicated: gpu}.', ['dedicated=gpu']],
    [
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) had untolerated taint {dedicated: gpu}.',
      ['node-role.kubernetes.io/control-plane', 'dedicated=gpu'],
    ],
    [
      "0/3 nodes are available: 3 node(s) had taint {dedicated: gpu}, that the pod didn't tolerate.",
      ['dedicated=gpu'],
    ],
    ['0/3 nodes are available: 3 node(s) had untolerated taint(s).', []],
    // the unschedulable taint is NodeUnschedulable, not a taint to tolerate
    ['0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/unschedulable: }.', []],
  ])('%s -> %j', (message, taints) => {
    expect(untoleratedTaints(reasonsOf(message))).toEqual(taints);
  });

  it.each([
    [
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
      'pod has unbound immediate PersistentVolumeClaims',
    ],
    [
      '0/3 nodes are available: 1 Insufficient cpu, 20 Insufficient memory, 300 Too many pods.',
      '1 Insufficient cpu, 20 Insufficient memory, 300 Too many pods',
    ],
    [
      'No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector (2).',
      '3 Insufficient cpu, 2 MatchNodeSelector',
    ],
    ['', ''],
  ])('formats %s as "%s"', (message, text) => {
    expect(formatHistogram(reasonsOf(message))).toBe(text);
  });
});
