import { describe, expect, it } from 'vitest';
import type { Finding, Pod } from '../../model/index.js';
import { runRule } from '../../../test/rule-tester.js';
import { container, pod, snapshot, unschedulable } from '../../../test/builders.js';
import { rule } from './unschedulable.js';

const DESCRIBE = 'kubectl describe pod web-1 -n default';

function findingFor(message: string, p: Partial<Parameters<typeof pod>[0]> = {}): Finding {
  const target: Pod = pod({ conditions: [unschedulable(message, 10)], ...p });
  const [f, ...rest] = runRule(rule, snapshot({ pods: [target], events: [] }));
  expect(rest).toEqual([]);
  if (f === undefined) throw new Error('no finding');
  return f;
}

describe('scheduling/unschedulable next steps per reason', () => {
  it.each<[string, string, string[]]>([
    [
      'InsufficientResources',
      '0/3 nodes are available: 3 Insufficient cpu.',
      [
        'kubectl describe nodes',
        "Lower the pod's cpu requests or add capacity (scale the node pool); the scheduler compares requests with node allocatable, not live usage.",
      ],
    ],
    [
      'UntoleratedTaint',
      '0/2 nodes are available: 2 node(s) had untolerated taint {dedicated: gpu}.',
      [
        'kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints',
        'If the pod belongs on those nodes add a toleration for dedicated=gpu to the pod template; otherwise remove the taint (kubectl taint nodes NODE KEY-).',
      ],
    ],
    [
      'UntoleratedTaint',
      '0/2 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }.',
      [
        'kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints',
        'These taints mark node conditions (not-ready, unreachable, pressure): repair those nodes rather than adding tolerations.',
      ],
    ],
    [
      'UntoleratedTaint',
      '0/2 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }.',
      [
        'kubectl get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints',
        'If the pod belongs on those nodes add a toleration for dedicated=gpu, node.kubernetes.io/unreachable to the pod template; otherwise remove the taint (kubectl taint nodes NODE KEY-).',
      ],
    ],
    [
      'NodeNameMismatch',
      "0/3 nodes are available: 3 node(s) didn't match the requested node name.",
      [
        'kubectl get nodes',
        'Make sure the node the pod names (nodeName or a metadata.name affinity, as DaemonSet pods use) exists and is Ready.',
      ],
    ],
    [
      'NodeUnschedulable',
      '0/3 nodes are available: 3 node(s) were unschedulable.',
      [
        'kubectl get nodes',
        'Uncordon nodes whose maintenance is over (kubectl uncordon NODE) and repair nodes that are NotReady.',
      ],
    ],
    [
      'HostPortConflict',
      "0/3 nodes are available: 3 node(s) didn't have free ports for the requested pod ports.",
      [
        'kubectl get pods -A -o wide',
        'Drop the hostPort (expose the pod through a Service) or run at most one such pod per node; a rolling update needs maxSurge: 0.',
      ],
    ],
    [
      'PodAffinityMismatch',
      "0/3 nodes are available: 3 node(s) didn't match pod anti-affinity rules.",
      [
        'kubectl get pods -n default -o wide --show-labels',
        'Turn required pod (anti-)affinity into preferred, or add nodes or zones so every replica has a place.',
      ],
    ],
    [
      'TopologySpreadUnsatisfied',
      "0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.",
      [
        'kubectl get nodes -L topology.kubernetes.io/zone,kubernetes.io/hostname',
        'Raise maxSkew or use whenUnsatisfiable: ScheduleAnyway, and check that every node carries the topologyKey label.',
      ],
    ],
    [
      'TooManyPods',
      '0/3 nodes are available: 3 Too many pods.',
      [
        'kubectl describe nodes',
        'Add nodes or raise the kubelet maxPods (on EKS it is also bound by the ENI IP limit).',
      ],
    ],
    [
      'Unschedulable',
      '0/2 nodes are available: 2 cannot allocate all claims.',
      [
        'kubectl get nodes -o wide',
        'Each "N reason" entry of the scheduler message says why N nodes were rejected; address the one that applies to the nodes meant for this pod.',
      ],
    ],
  ])('%s: %s', (reason, message, steps) => {
    const f = findingFor(message);
    expect(f.reason).toBe(reason);
    expect(f.nextSteps).toEqual([DESCRIBE, ...steps]);
  });

  it('NodeAffinityMismatch with a nodeSelector lists the matching nodes first', () => {
    const f = findingFor("0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector.", {
      spec: { nodeSelector: { pool: 'gpu' } },
    });
    expect(f.reason).toBe('NodeAffinityMismatch');
    expect(f.nextSteps).toEqual([
      DESCRIBE,
      'kubectl get nodes -l pool=gpu',
      'kubectl get nodes --show-labels',
      'Label the nodes that should run the pod (kubectl label nodes NODE KEY=VALUE) or correct the nodeSelector / required node affinity in the pod template.',
    ]);
  });

  it('NodeAffinityMismatch without a nodeSelector has no label query', () => {
    const f = findingFor("0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector.");
    expect(f.nextSteps).toEqual([
      DESCRIBE,
      'kubectl get nodes --show-labels',
      'Label the nodes that should run the pod (kubectl label nodes NODE KEY=VALUE) or correct the nodeSelector / required node affinity in the pod template.',
    ]);
  });

  it('no nodes at all', () => {
    const f = findingFor('no nodes available to schedule pods');
    expect(f.messageId).toBe('noNodes');
    expect(f.nextSteps).toEqual([
      DESCRIBE,
      'kubectl get nodes',
      'Add or repair nodes: none is available to the scheduler.',
    ]);
  });
});

describe('scheduling/unschedulable data', () => {
  it.each<[string, string, Record<string, string>]>([
    [
      'node count from the FitError, every insufficient resource',
      '0/5 nodes are available: 2 Insufficient cpu, 3 Insufficient memory.',
      { total: '5', resources: 'cpu, memory', histogram: '2 Insufficient cpu, 3 Insufficient memory' },
    ],
    [
      'no node count in the 1.5-1.7 predicates form',
      'No nodes are available that match all of the predicates: Insufficient cpu (3), MatchNodeSelector (2).',
      { total: '?', resources: 'cpu' },
    ],
    ['a condition without a message', '', { histogram: 'no details in the evidence', total: '?' }],
  ])('%s', (_name, message, data) => {
    expect(findingFor(message).data).toMatchObject(data);
  });

  it('every host port of the pod', () => {
    const f = findingFor(
      "0/3 nodes are available: 3 node(s) didn't have free ports for the requested pod ports.",
      {
        containers: [
          container('web', { ports: [{ containerPort: 80, hostPort: 80 }] }),
          container('dns', { ports: [{ containerPort: 53, hostPort: 53, protocol: 'UDP' }] }),
        ],
      },
    );
    expect(f.data).toMatchObject({ ports: '80/TCP, 53/UDP' });
  });

  it('no host port in the spec', () => {
    const f = findingFor(
      "0/3 nodes are available: 3 node(s) didn't have free ports for the requested pod ports.",
    );
    expect(f.data).toMatchObject({ ports: '(see the pod spec)' });
  });
});
