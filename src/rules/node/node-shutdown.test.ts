import { testRule } from '../../../test/rule-tester.js';
import { cond, event, pod, runningPod, snapshot } from '../../../test/builders.js';
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
