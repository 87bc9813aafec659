import { testRule } from '../../../test/rule-tester.js';
import { ms, node, pod, runningPod, snapshot } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './finalizer-blocking.js';

/** Real case 049: the pasted YAML has the finalizer and no deletionTimestamp or status. */
const tfRunner: Pod = {
  kind: 'Pod',
  metadata: { name: 'tf-runner', namespace: 'foobar', finalizers: ['foregroundDeletion'] },
  spec: { containers: [] },
  status: {},
};
const finished = pod({
  phase: 'Succeeded',
  nodeName: 'node-1',
  deletionS: 100,
  finalizers: ['example.com/cleanup', 'batch.kubernetes.io/job-tracking'],
});

testRule(rule, {
  valid: [
    {
      name: 'running job pod with its tracking finalizer, not deleted',
      snapshot: snapshot({ pods: [runningPod({ finalizers: ['batch.kubernetes.io/job-tracking'] })] }),
      now: ms(500),
    },
    {
      name: 'containers still running: the kubelet is the problem',
      snapshot: snapshot({ pods: [runningPod({ deletionS: 100, finalizers: ['example.com/cleanup'] })] }),
      now: ms(500),
    },
    {
      name: 'node gone takes precedence',
      snapshot: snapshot({ pods: [finished], nodes: [node({ ready: 'Unknown' })] }),
      now: ms(500),
    },
  ],
  invalid: [
    {
      name: 'finalizer inside the grace period: progressing',
      snapshot: snapshot({ pods: [finished] }),
      now: ms(110),
      expect: [{ messageId: 'finalizers', status: 'progressing' }],
    },
    {
      name: 'a get pods row reading Terminating, finalizers from the manifest, no time',
      snapshot: snapshot({
        pods: [
          {
            kind: 'Pod',
            metadata: {
              name: 'finalizer-pod',
              namespace: 'default',
              finalizers: ['test.example.com/my-finalizer'],
              annotations: { 'handoff.dev/status-column': 'Terminating' },
            },
            spec: { containers: [{ name: 'nginx', image: 'nginx' }] },
            status: {},
          },
        ],
      }),
      now: ms(500),
      expect: [
        {
          messageId: 'finalizers',
          status: 'failed',
          data: { finalizers: 'test.example.com/my-finalizer' },
          evidenceIncludes: ['STATUS Terminating'],
        },
      ],
    },
    {
      name: 'foregroundDeletion without a timestamp (real case 049)',
      snapshot: snapshot({ pods: [tfRunner] }),
      expect: [
        {
          messageId: 'foreground',
          reason: 'FinalizerBlocking',
          basis: 'state',
          data: { finalizers: 'foregroundDeletion' },
          evidenceIncludes: ['foregroundDeletion is only added when deletion is requested'],
        },
      ],
    },
    {
      name: 'controller finalizers left on a finished pod',
      snapshot: snapshot({ pods: [finished], nodes: [node()] }),
      now: ms(500),
      expect: [
        {
          messageId: 'finalizers',
          data: { finalizers: 'example.com/cleanup, batch.kubernetes.io/job-tracking', count: 2 },
        },
      ],
    },
    {
      name: 'no container statuses in the evidence',
      snapshot: snapshot({
        pods: [pod({ deletionS: 100, finalizers: ['kubernetes.io/pvc-protection-like'] })],
      }),
      now: ms(1000),
      expect: [{ messageId: 'finalizers', data: { count: 1 } }],
    },
  ],
});
