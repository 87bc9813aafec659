/**
 * Pods known only as Running and not Ready, the shape a `kubectl get pods` row ("0/1 Running",
 * "1/2 Running") or a describe cut before its containers leaves: no container is named.
 */
import { testRule } from '../../../test/rule-tester.js';
import { cond, event, ms, pod, snapshot } from '../../../test/builders.js';
import type { PodCondition } from '../../model/index.js';
import { rule } from './not-ready.js';

const rowPod = (conditions: PodCondition[], phase = 'Running') =>
  pod({ phase, containers: [], conditions, createdS: 0 });
const notReady = [cond('Ready', 'False')];

testRule(rule, {
  valid: [
    {
      name: 'a Ready row (1/1 Running)',
      snapshot: snapshot({ pods: [rowPod([cond('Ready', 'True')])] }),
      now: ms(3600),
    },
    {
      name: 'containers ready, a readiness gate short (1/1 Running, READINESS GATES 0/1): the gate rule',
      snapshot: snapshot({
        pods: [rowPod([cond('ContainersReady', 'True'), cond('Ready', 'False', 'ReadinessGatesNotReady')])],
      }),
      now: ms(3600),
    },
    {
      name: 'a Pending row is an earlier stage',
      snapshot: snapshot({ pods: [rowPod(notReady, 'Pending')] }),
      now: ms(3600),
    },
    {
      name: 'readiness failures in the events: readiness/readiness-probe-failed explains it',
      snapshot: snapshot({
        pods: [rowPod(notReady)],
        events: [
          event({
            reason: 'Unhealthy',
            message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
            lastS: 3500,
          }),
        ],
      }),
      now: ms(3600),
    },
    {
      name: 'being deleted',
      snapshot: snapshot({
        pods: [
          {
            ...rowPod(notReady),
            metadata: { name: 'web-1', namespace: 'default', deletionTimestamp: '2026-01-01T00:59:00Z' },
          },
        ],
      }),
      now: ms(3600),
    },
  ],
  invalid: [
    {
      name: '0/1 Running for 4 h',
      snapshot: snapshot({ pods: [rowPod(notReady)] }),
      now: ms(4 * 3600),
      expect: [
        {
          messageId: 'notReadyUnnamed',
          status: 'failed',
          data: { duration: '4h' },
          evidenceIncludes: ['Ready=False'],
        },
      ],
    },
    {
      name: 'a sidecar row 1/2 Running for 15 min, no events',
      snapshot: snapshot({ pods: [rowPod(notReady)], events: [] }),
      now: ms(15 * 60),
      expect: [{ messageId: 'notReadyUnnamed', status: 'failed' }],
    },
    {
      name: 'created 30 s ago: still within the grace',
      snapshot: snapshot({ pods: [rowPod(notReady)] }),
      now: ms(30),
      expect: [{ messageId: 'notReadyUnnamed', status: 'progressing' }],
    },
  ],
});
