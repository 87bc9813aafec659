/**
 * node-gone in full: when it happened (the node turning unhealthy, else the deletion deadline) and
 * the next steps naming the node and the pod.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { ms, node, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './node-gone.js';

const deleted = runningPod({ namespace: 'shop', deletionS: 100 });

describe('node-gone: output', () => {
  it('NotReady since 40 s: dated by the node, next steps for node and pod', () => {
    const notReady = node({ ready: 'False', readyReason: 'KubeletNotReady', heartbeatS: 40 });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [deleted], nodes: [notReady] }), ms(500));
    expect(rest).toEqual([]);
    expect(f?.at).toBe(ms(40));
    expect(f?.since).toBe(ms(100));
    expect(f?.nextSteps).toEqual([
      'kubectl get node node-1 -o wide',
      'If the machine is really down, mark it out of service so its pods are cleaned up: kubectl taint nodes node-1 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute',
      'Or, once you are sure the containers no longer run, remove the pod: kubectl delete pod web-1 -n shop --grace-period=0 --force',
    ]);
  });

  it('the Node object is gone: no time of its own, dated by the deadline', () => {
    const [f] = runRule(rule, snapshot({ pods: [deleted], nodes: [node({ name: 'node-9' })] }), ms(500));
    expect(f?.data).toMatchObject({ node: 'node-1', state: 'gone (no Node object)' });
    expect(f?.at).toBe(ms(100));
  });
});
