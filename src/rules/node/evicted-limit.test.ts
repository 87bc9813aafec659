/**
 * An eviction for going over the pod's own ephemeral-storage limits (a container's limit, the
 * pod's total, an emptyDir sizeLimit) is told apart from a node under pressure: its message is
 * quoted and the next steps are about the limit, not the node.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { event, pod, snapshot } from '../../../test/builders.js';
import { rule } from './evicted.js';

const LIMIT_MESSAGES = [
  'Pod ephemeral local storage usage exceeds the total limit of containers 500Mi. ',
  'Container worker exceeded its local ephemeral storage limit "10Gi". ',
  'Usage of EmptyDir volume "logs" exceeds the limit "30Mi". ',
];

describe('node/evicted: over its own ephemeral-storage limit', () => {
  it.each(LIMIT_MESSAGES)('status message %j', (message) => {
    const snap = snapshot({
      pods: [pod({ phase: 'Failed', reason: 'Evicted', message, nodeName: 'node-1' })],
    });
    const [f, ...rest] = runRule(rule, snap);
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('evictedLimit');
    expect(f?.reason).toBe('Evicted');
    expect(f?.data).toEqual({ node: 'node-1', message: message.trim().replace(/\.$/, '') });
    expect(f?.nextSteps[0]).toMatch(/^kubectl get pod web-1 -n default -o jsonpath=/);
    expect(f?.nextSteps.join('\n')).toMatch(/ephemeral-storage/);
    expect(f?.nextSteps.join('\n')).not.toMatch(/describe node|top pods/);
  });

  it.each(LIMIT_MESSAGES)('Evicted event %j', (message) => {
    const snap = snapshot({ pods: [pod()], events: [event({ reason: 'Evicted', message, host: 'node-2' })] });
    const [f] = runRule(rule, snap);
    expect(f?.messageId).toBe('evictedLimit');
    expect(f?.basis).toBe('events');
    expect(f?.data.node).toBe('node-2');
  });

  it.each([
    ['node pressure', 'The node was low on resource: ephemeral-storage. ', 'evicted'],
    [
      'a container named in a pressure message',
      'The node was low on resource: memory. Container app was using 3Gi, request is 512Mi, has larger consumption of memory. ',
      'evictedConsumer',
    ],
    [
      'the limit text not at the start',
      'evicted: Pod ephemeral local storage usage exceeds the total limit of containers 1Gi.',
      'evicted',
    ],
  ])('%s keeps its own message', (_what, message, id) => {
    const snap = snapshot({
      pods: [pod({ phase: 'Failed', reason: 'Evicted', message, nodeName: 'node-1' })],
    });
    expect(runRule(rule, snap)[0]?.messageId).toBe(id);
  });
});
