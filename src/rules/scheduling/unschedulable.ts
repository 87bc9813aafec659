import { formatSelector } from '../../k8s/index.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { currentSchedulingFailure } from './analyse.js';
import {
  formatHistogram,
  insufficientResources,
  untoleratedTaints,
  type SchedulingCode,
} from './scheduling-message.js';
import {
  hostPorts,
  placementConstraint,
  placementEvidence,
  taintNames,
  untoleratedNodeEvidence,
  untoleratedNodes,
} from './placement-evidence.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'scheduling/unschedulable',
  stage: 'scheduling',
  target: 'pod',
  title: 'No node passes the scheduler filters',
  description:
    'The scheduler found no node for the pod (PodScheduled=False reason Unschedulable, FailedScheduling "0/N nodes are available: ..."' +
    ' and the older predicate and "failed to fit in any node" forms). Reads the per-reason histogram and reports the reason the fix ' +
    "must address: control-plane taints are treated as intended, and nodes that passed the pod's placement filters count first. " +
    'Volume reasons are left to scheduling/unbound-pvc and scheduling/volume-node-affinity.',
  reasons: [
    'InsufficientResources',
    'UntoleratedTaint',
    'NodeAffinityMismatch',
    'NodeNameMismatch',
    'NodeUnschedulable',
    'HostPortConflict',
    'PodAffinityMismatch',
    'TopologySpreadUnsatisfied',
    'TooManyPods',
    'Unschedulable',
  ],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    insufficientResources: "No node has enough free {{resources}} for the pod's requests ({{histogram}}).",
    untoleratedTaint:
      'The nodes the pod could use have taints it does not tolerate: {{taints}} ({{histogram}}).',
    nodeAffinity: "No node matches the pod's {{constraint}} ({{histogram}}).",
    nodeName: 'The node the pod asks for by name cannot take it ({{histogram}}).',
    nodeUnschedulable: 'The nodes the pod could use are cordoned or not ready ({{histogram}}).',
    hostPort: "No node has the pod's host port {{ports}} free ({{histogram}}).",
    podAffinity:
      "The pod's required pod affinity or anti-affinity rules rule out every node ({{histogram}}).",
    topologySpread: "The pod's topology spread constraints cannot be met on any node ({{histogram}}).",
    tooManyPods: 'The nodes the pod could use already run their maximum number of pods ({{histogram}}).',
    noNodes: 'The scheduler has no nodes to place the pod on.',
    unschedulable: 'The scheduler cannot place the pod: {{histogram}}.',
  },
  docs: 'docs/rules/scheduling/unschedulable.md',
} as const;

type Code = (typeof meta.reasons)[number];

const MESSAGE: Readonly<Record<Code, keyof typeof meta.messages>> = {
  InsufficientResources: 'insufficientResources',
  UntoleratedTaint: 'untoleratedTaint',
  NodeAffinityMismatch: 'nodeAffinity',
  NodeNameMismatch: 'nodeName',
  NodeUnschedulable: 'nodeUnschedulable',
  HostPortConflict: 'hostPort',
  PodAffinityMismatch: 'podAffinity',
  TopologySpreadUnsatisfied: 'topologySpread',
  TooManyPods: 'tooManyPods',
  Unschedulable: 'unschedulable',
};

function isMine(code: SchedulingCode): code is Code {
  return code in MESSAGE;
}

const TAINTS = 'get nodes -o custom-columns=NAME:.metadata.name,TAINTS:.spec.taints';

function steps(
  code: Code,
  data: Readonly<Record<string, string>>,
  selector: string,
  ns: string | undefined,
): string[] {
  switch (code) {
    case 'InsufficientResources':
      return [
        kubectl.raw('describe nodes'),
        `Lower the pod's ${data.resources ?? ''} requests or add capacity (scale the node pool); the scheduler compares requests with node allocatable, not live usage.`,
      ];
    case 'UntoleratedTaint':
      return [
        kubectl.raw(TAINTS),
        (data.taints ?? '').split(', ').every((t) => t.startsWith('node.kubernetes.io/'))
          ? 'These taints mark node conditions (not-ready, unreachable, pressure): repair those nodes rather than adding tolerations.'
          : `If the pod belongs on those nodes add a toleration for ${data.taints ?? 'the taint'} to the pod template; otherwise remove the taint (kubectl taint nodes NODE KEY-).`,
      ];
    case 'NodeAffinityMismatch':
      return [
        ...(selector === '' ? [] : [kubectl.raw(`get nodes -l ${kubectl.quote(selector)}`)]),
        kubectl.raw('get nodes --show-labels'),
        'Label the nodes that should run the pod (kubectl label nodes NODE KEY=VALUE) or correct the nodeSelector / required node affinity in the pod template.',
      ];
    case 'NodeNameMismatch':
      return [
        kubectl.raw('get nodes'),
        'Make sure the node the pod names (nodeName or a metadata.name affinity, as DaemonSet pods use) exists and is Ready.',
      ];
    case 'NodeUnschedulable':
      return [
        kubectl.raw('get nodes'),
        'Uncordon nodes whose maintenance is over (kubectl uncordon NODE) and repair nodes that are NotReady.',
      ];
    case 'HostPortConflict':
      return [
        kubectl.raw('get pods -A -o wide'),
        'Drop the hostPort (expose the pod through a Service) or run at most one such pod per node; a rolling update needs maxSurge: 0.',
      ];
    case 'PodAffinityMismatch':
      return [
        kubectl.raw(`get pods${kubectl.nsFlag(ns)} -o wide --show-labels`),
        'Turn required pod (anti-)affinity into preferred, or add nodes or zones so every replica has a place.',
      ];
    case 'TopologySpreadUnsatisfied':
      return [
        kubectl.raw('get nodes -L topology.kubernetes.io/zone,kubernetes.io/hostname'),
        'Raise maxSkew or use whenUnsatisfiable: ScheduleAnyway, and check that every node carries the topologyKey label.',
      ];
    case 'TooManyPods':
      return [
        kubectl.raw('describe nodes'),
        'Add nodes or raise the kubelet maxPods (on EKS it is also bound by the ENI IP limit).',
      ];
    case 'Unschedulable':
      return [
        kubectl.raw('get nodes -o wide'),
        'Each "N reason" entry of the scheduler message says why N nodes were rejected; address the one that applies to the nodes meant for this pod.',
      ];
  }
}

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentSchedulingFailure(ctx);
    if (f === undefined || !isMine(f.code)) return [];
    const { pod } = ctx;
    const ns = pod.metadata.namespace;
    const reasons = f.parsed.reasons;
    const resources = insufficientResources(reasons);
    // The taint as the scheduler quoted it (`{key: value}`, up to 1.34); newer schedulers write only
    // `node(s) had untolerated taint(s)`, and then the Node objects name it.
    const quoted = untoleratedTaints(reasons);
    const tainted = f.code === 'UntoleratedTaint' ? untoleratedNodes(pod, ctx.index.allNodes()) : [];
    const taints = quoted.length > 0 ? quoted : taintNames(tainted);
    const noNodes = f.parsed.form === 'no-nodes' || f.parsed.totalNodes === 0;
    const data = {
      histogram: formatHistogram(reasons) || f.message || 'no details in the evidence',
      total: f.parsed.totalNodes === undefined ? '?' : String(f.parsed.totalNodes),
      resources: resources.length === 0 ? 'resources' : resources.join(', '),
      taints: taints.length === 0 ? 'untolerated taints' : taints.join(', '),
      constraint: placementConstraint(pod) ?? 'node selector or required node affinity',
      ports: hostPorts(pod).join(', ') || '(see the pod spec)',
    };
    const evidence = [
      ...f.evidence,
      ...placementEvidence(pod, f.code, resources),
      ...untoleratedNodeEvidence(tainted),
      ...(f.progress === undefined ? [] : [f.progress]),
    ];
    return [
      finding(meta, {
        reason: f.code,
        messageId: noNodes ? 'noNodes' : MESSAGE[f.code],
        data,
        status: f.progress === undefined ? 'failed' : 'progressing',
        basis: f.basis,
        evidence,
        at: f.at,
        nextSteps: [
          kubectl.describe('pod', pod.metadata.name, ns),
          ...(noNodes
            ? [kubectl.raw('get nodes'), 'Add or repair nodes: none is available to the scheduler.']
            : steps(f.code, data, formatSelector(pod.spec.nodeSelector), ns)),
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
