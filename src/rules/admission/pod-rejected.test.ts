import { testRule } from '../../../test/rule-tester.js';
import { event, pod, runningPod, snapshot } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './pod-rejected.js';

/** A pod that was never created: only its name is known (from the client's error). */
const neverCreated: Pod = {
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'default' },
  spec: { containers: [] },
  status: {},
};

testRule(rule, {
  valid: [
    { name: 'healthy pod', snapshot: snapshot({ pods: [runningPod()], events: [] }) },
    {
      name: 'the pod exists, so an old denial is history',
      snapshot: snapshot({
        pods: [pod({ phase: 'Pending' })],
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'pods "web-1" is forbidden: exceeded quota: q, requested: cpu=1, used: cpu=1, limited: cpu=1',
          }),
        ],
      }),
    },
    {
      name: 'a transient error says nothing about admission',
      snapshot: snapshot({
        events: [event({ reason: 'FailedCreate', message: 'etcdserver: request timed out' })],
      }),
    },
  ],
  invalid: [
    {
      name: 'apply-time quota denial of a bare pod',
      snapshot: snapshot({
        pods: [neverCreated],
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'error when creating "pod.yaml": pods "web-1" is forbidden: exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', reason: 'QuotaExceeded', data: { name: 'web-1' } }],
    },
    {
      name: 'PodSecurity denial known only from the event',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'pods "web-1" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', reason: 'PodSecurityViolation' }],
    },
    {
      name: 'webhook denial',
      snapshot: snapshot({
        pods: [neverCreated],
        events: [
          event({
            reason: 'FailedCreate',
            message:
              'admission webhook "validate.kyverno.svc" denied the request: policy require-labels failed',
          }),
        ],
      }),
      expect: [{ messageId: 'rejected', reason: 'WebhookDenied' }],
    },
  ],
});
