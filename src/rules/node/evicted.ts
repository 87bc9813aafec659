import { EPHEMERAL_LIMIT_EVICTION, parseTime } from '../../k8s/index.js';
import { eventEvidence, newest, withReason } from '../shared/events.js';
import { finding } from '../shared/finding.js';
import { kubectl, UNNAMED_NODE } from '../shared/kubectl.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'node/evicted',
  stage: 'node',
  target: 'pod',
  title: 'Pod evicted by the kubelet under node pressure',
  description:
    'The kubelet evicted the pod to reclaim a starved resource (memory, ephemeral storage, PIDs). ' +
    'Reads status.reason Evicted and its message, or Evicted events, and names the pressure and the top consumer when the message states them.',
  reasons: ['Evicted'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    evicted: 'The kubelet on {{node}} evicted the pod: the node was low on {{resource}}.',
    evictedConsumer:
      'The kubelet on {{node}} evicted the pod: the node was low on {{resource}}; container {{container}} used {{usage}} against a request of {{request}}.',
    evictedLimit:
      'The kubelet on {{node}} evicted the pod for writing more to local disk than its own ephemeral-storage limit allows ({{message}}).',
  },
  docs: 'docs/rules/node/evicted.md',
} as const;

/** "The node was low on resource: memory." and the newer per-container suffix. */
const LOW_ON = /low on resource: ([A-Za-z][\w-]*)/;
const CONSUMER = /Container (\S+) was using ([^,\s]+), request is ([^,\s]+)/;

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    const ns = pod.metadata.namespace;
    const name = pod.metadata.name;
    const events = withReason(ctx.events, 'Evicted');
    const last = newest(events);
    const fromStatus = pod.status.reason === 'Evicted';
    if (!fromStatus && last === undefined) return [];
    const message = fromStatus ? (pod.status.message ?? '') : (last?.message ?? '');
    // Over its own limit (a container's or the pod's ephemeral-storage limit, an emptyDir sizeLimit),
    // not squeezed by a node under pressure: the fix is the pod's limit or its writes.
    const overLimit = EPHEMERAL_LIMIT_EVICTION.test(message.trim());
    const resource = overLimit ? 'ephemeral-storage' : (LOW_ON.exec(message)?.[1] ?? 'a resource');
    const consumer = CONSUMER.exec(message);
    const nodeName = pod.spec.nodeName ?? last?.host ?? UNNAMED_NODE;
    const evidence = [
      ...(fromStatus
        ? [{ source: 'status' as const, text: `status.reason: Evicted; status.message: ${message}` }]
        : []),
      ...(last === undefined ? [] : [eventEvidence(last, now)]),
    ];
    const data = consumer
      ? {
          node: nodeName,
          resource,
          container: consumer[1] ?? '',
          usage: consumer[2] ?? '',
          request: consumer[3] ?? '',
        }
      : { node: nodeName, resource };
    return [
      finding(meta, {
        reason: 'Evicted',
        messageId: overLimit ? 'evictedLimit' : consumer ? 'evictedConsumer' : 'evicted',
        data: overLimit ? { node: nodeName, message: message.trim().replace(/\.$/, '') } : data,
        basis: fromStatus ? 'state' : 'events',
        evidence,
        at: last?.last ?? parseTime(pod.status.startTime),
        nextSteps: overLimit
          ? [
              kubectl.raw(
                `get pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)} -o jsonpath='{.spec.containers[*].resources.limits}{"\\n"}{.spec.volumes[*].emptyDir}'`,
              ),
              `Raise the container's resources.limits.ephemeral-storage (or the emptyDir's sizeLimit) above what the app writes, or make it write less to local disk (logs, caches, temp files), then delete the evicted pod: kubectl delete pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)}`,
            ]
          : [
              kubectl.describeNode(nodeName),
              kubectl.raw(
                `top pods${kubectl.nsFlag(ns)} --sort-by=${resource === 'memory' ? 'memory' : 'cpu'}`,
              ),
              `Set ${resource} requests close to real usage so the scheduler does not overcommit the node, then delete the evicted pod: kubectl delete pod ${kubectl.quote(name)}${kubectl.nsFlag(ns)}`,
            ],
      }),
    ];
  },
} satisfies Rule<'pod'>;
