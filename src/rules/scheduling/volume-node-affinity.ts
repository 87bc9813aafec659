import type { Evidence } from '../../model/index.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { pvNodeAffinity } from './node-affinity.js';
import { podClaimNames } from './pvc-state.js';
import { currentSchedulingFailure } from './analyse.js';
import { formatHistogram } from './scheduling-message.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'scheduling/volume-node-affinity',
  stage: 'scheduling',
  target: 'pod',
  title: 'Pod volumes only fit nodes it cannot use',
  description:
    'The scheduler cannot place the pod because of where its volumes can be used: a bound PersistentVolume is pinned to a ' +
    'zone or node that no usable node is in ("node(s) had volume node affinity conflict", "node(s) didn\'t match PersistentVolume\'s ' +
    'node affinity", "no available volume zone"), or the nodes have reached their attachable volume limit ("node(s) exceed max volume ' +
    'count", MaxEBSVolumeCount) or free local storage.',
  reasons: ['VolumeNodeAffinityConflict', 'VolumeLimitExceeded'],
  graceSeconds: 0,
  needs: ['pods', 'events', 'pvcs', 'pvs'],
  messages: {
    nodeAffinity:
      "The pod's volumes {{volumes}} can only be used on nodes the pod cannot run on ({{histogram}}).",
    volumeLimit: 'The nodes the pod could use cannot take more volumes ({{histogram}}).',
  },
  docs: 'docs/rules/scheduling/volume-node-affinity.md',
} as const;

export const rule = {
  meta,
  evaluate(ctx) {
    const f = currentSchedulingFailure(ctx);
    if (f === undefined || (f.code !== 'VolumeNodeAffinityConflict' && f.code !== 'VolumeLimitExceeded'))
      return [];
    const { pod } = ctx;
    const ns = pod.metadata.namespace ?? '';
    const volumes: string[] = [];
    const evidence: Evidence[] = [...f.evidence];
    for (const claim of podClaimNames(pod)) {
      const pvc = ctx.index.pvc(ns, claim);
      const pvName = pvc?.spec.volumeName;
      const pv = pvName === undefined ? undefined : ctx.index.pv(pvName);
      volumes.push(pvName === undefined ? claim : `${claim} (${pvName})`);
      if (pv !== undefined) {
        const affinity = pvNodeAffinity(pv.spec.nodeAffinity);
        evidence.push({
          source: 'pvc',
          text: `PersistentVolume ${pv.metadata.name} (claim ${claim}): ${affinity === undefined ? 'no node affinity' : `node affinity ${affinity}`}`,
        });
      }
    }
    if (f.progress !== undefined) evidence.push(f.progress);
    const limit = f.code === 'VolumeLimitExceeded';
    const firstPv = ctx.index.pvc(ns, podClaimNames(pod)[0] ?? '')?.spec.volumeName;
    return [
      finding(meta, {
        reason: f.code,
        messageId: limit ? 'volumeLimit' : 'nodeAffinity',
        data: {
          volumes: volumes.join(', ') || '(not in the evidence)',
          histogram: formatHistogram(f.parsed.reasons) || f.message || 'no details in the evidence',
        },
        status: f.progress === undefined ? 'failed' : 'progressing',
        basis: f.basis,
        evidence,
        at: f.at,
        nextSteps: [
          kubectl.describe('pod', pod.metadata.name, ns),
          ...(limit
            ? [
                kubectl.raw(
                  'get csinode -o custom-columns=NAME:.metadata.name,DRIVERS:.spec.drivers[*].name,LIMIT:.spec.drivers[*].allocatable.count',
                ),
                'Spread the volume-heavy pods over more nodes, use instance types that attach more volumes, or free attachments held by finished pods.',
              ]
            : [
                ...(firstPv === undefined
                  ? [kubectl.raw(`get pvc${kubectl.nsFlag(ns)}`)]
                  : [kubectl.get('pv', firstPv)]),
                kubectl.raw('get nodes -L topology.kubernetes.io/zone'),
                "Run a schedulable node in the volume's zone (or on its node for local volumes), or recreate the volume where the nodes are; use volumeBindingMode: WaitForFirstConsumer so new volumes follow the pod.",
              ]),
        ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
