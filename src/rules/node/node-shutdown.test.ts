import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cond, event, ms, pod, runningPod, snapshot } from '../../../test/builders.js';
import { rule } from './node-shutdown.js';

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'Terminated reason without a shutdown message',
      snapshot: snapshot({
        pods: [pod({ phase: 'Failed', reason: 'Terminated', message: 'something else', nodeName: 'node-1' })],
      }),
    },
    {
      name: 'kubelet eviction disruption is not a shutdown',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'TerminationByKubelet',
                'The node was low on resource: memory.',
              ),
            ],
          }),
        ],
      }),
    },
    {
      name: 'old NodeShutdown event on a pod that runs again',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          event({
            reason: 'NodeShutdown',
            message: 'Pod was rejected as the node is shutting down.',
            source: 'kubelet',
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'terminated by graceful node shutdown',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'Terminated',
            message: 'Pod was terminated in response to imminent node shutdown.',
            nodeName: 'node-1',
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'TerminationByKubelet',
                'Pod was terminated in response to imminent node shutdown.',
              ),
            ],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'terminated',
          reason: 'NodeShutdown',
          basis: 'state',
          data: { node: 'node-1' },
          evidenceIncludes: ['TerminationByKubelet'],
        },
      ],
    },
    {
      name: 'admission refused while shutting down',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'NodeShutdown',
            message: 'Pod was rejected: Pod was rejected as the node is shutting down.',
            nodeName: 'node-1',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', basis: 'state' }],
    },
    {
      name: 'legacy 1.20 Shutdown reason',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'Shutdown',
            message: 'Node is in progress of shutting down, not admitting any new pods',
            nodeName: 'node-1',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected' }],
    },
    {
      name: '1.21 Shutdown reason with its eviction message',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Failed',
            reason: 'Shutdown',
            message: 'Node is shutting, evicting pods',
            nodeName: 'node-1',
          }),
        ],
      }),
      expect: [{ messageId: 'terminated', evidenceIncludes: ['Node is shutting'] }],
    },
    {
      name: 'a get pods row reading Shutdown (no message)',
      snapshot: snapshot({ pods: [pod({ phase: 'Failed', reason: 'Shutdown', nodeName: 'node-1' })] }),
      expect: [{ messageId: 'terminated', evidenceIncludes: ['status.reason: Shutdown'] }],
    },
    {
      name: 'only the condition, status not yet updated',
      snapshot: snapshot({
        pods: [
          runningPod({
            conditions: [
              cond(
                'DisruptionTarget',
                'True',
                'TerminationByKubelet',
                'Pod was terminated in response to imminent node shutdown.',
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'terminated' }],
    },
    {
      name: 'events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'NodeShutdown',
            message: 'Pod was rejected as the node is shutting down.',
            source: 'kubelet',
            host: 'node-3',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', basis: 'events', data: { node: 'node-3' } }],
    },
  ],
});

const TERMINATED = 'Pod was terminated in response to imminent node shutdown.';
const REFUSED = 'Pod was rejected as the node is shutting down.';
const steps = (node: string, quoted = node) => [
  `kubectl describe node ${quoted}`,
  `kubectl get pods -n default -o wide --field-selector spec.nodeName=${quoted}`,
  'Expected during node maintenance: the controller recreates the pod on another node. Delete the leftover Failed pod when done: kubectl delete pod web-1 -n default',
];

describe('node-shutdown: the finding in full', () => {
  it.each([
    {
      name: 'Terminated with the shutdown message, no condition',
      p: pod({ phase: 'Failed', reason: 'Terminated', message: TERMINATED, nodeName: 'node-1' }),
      messageId: 'terminated',
      evidence: [{ source: 'status', text: `status.reason: Terminated; status.message: ${TERMINATED}` }],
    },
    {
      name: 'NodeShutdown from a get pods row (no message)',
      p: pod({ phase: 'Failed', reason: 'NodeShutdown', nodeName: 'node-1' }),
      messageId: 'rejected',
      evidence: [{ source: 'status', text: 'status.reason: NodeShutdown' }],
    },
    {
      name: 'only the condition',
      p: runningPod({
        conditions: [cond('DisruptionTarget', 'True', 'TerminationByKubelet', TERMINATED, 20)],
      }),
      messageId: 'terminated',
      evidence: [{ source: 'condition', text: `DisruptionTarget=True TerminationByKubelet: ${TERMINATED}` }],
      at: ms(20),
    },
  ])('$name', ({ p, messageId, evidence, at }) => {
    const findings = runRule(rule, snapshot({ pods: [p] }));
    expect(findings).toHaveLength(1);
    const [f] = findings;
    expect(f?.messageId).toBe(messageId);
    expect(f?.basis).toBe('state');
    expect(f?.data).toEqual({ node: 'node-1' });
    expect(f?.evidence).toEqual(evidence);
    expect(f?.at).toBe(at);
    expect(f?.nextSteps).toEqual(steps('node-1'));
  });

  it('no node anywhere: "its node" in the sentence, commands that list the nodes and their pods', () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ phase: 'Failed', reason: 'NodeShutdown' })] }));
    expect(f?.data).toEqual({ node: 'its node' });
    expect(f?.nextSteps).toEqual([
      'kubectl get nodes -o wide',
      'kubectl get pods -n default -o wide',
      steps('node-1')[2],
    ]);
  });

  it('condition and event: the event time', () => {
    const p = pod({
      phase: 'Failed',
      nodeName: 'node-1',
      conditions: [cond('DisruptionTarget', 'True', 'TerminationByKubelet', TERMINATED, 20)],
    });
    const e = event({ reason: 'NodeShutdown', message: REFUSED, source: 'kubelet', lastS: 30 });
    const [f] = runRule(rule, snapshot({ pods: [p], events: [e] }), ms(60));
    expect(f?.at).toBe(ms(30));
    expect(f?.evidence.map((x) => x.source)).toEqual(['condition', 'event']);
  });

  it('a NodeShutdown event on a Running pod that is not Ready is an old one', () => {
    const e = event({ reason: 'NodeShutdown', message: REFUSED, source: 'kubelet' });
    const notReady = runningPod({ conditions: [cond('Ready', 'False', 'ContainersNotReady')] });
    expect(runRule(rule, snapshot({ pods: [notReady], events: [e] }))).toEqual([]);
    expect(runRule(rule, snapshot({ pods: [pod()], events: [e] }))).toHaveLength(1);
  });

  it('another kubelet rejection ("Pod was rejected: ...") is not a shutdown', () => {
    const p = pod({
      phase: 'Failed',
      reason: 'OutOfcpu',
      message:
        "Pod was rejected: Node didn't have enough resource: cpu, requested: 100, used: 3900, capacity: 4000",
      nodeName: 'node-1',
    });
    expect(runRule(rule, snapshot({ pods: [p] }))).toEqual([]);
  });
});
