import { testRule } from '../../../test/rule-tester.js';
import { cond, container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { Container, ContainerStatus } from '../../model/index.js';
import { rule } from './not-ready.js';

const unready = (names: string) => `containers with unready status: [${names}]`;
const notReadyPod = (statuses: ContainerStatus[] | undefined, containers: Container[] = [container('app')]) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers,
    conditions: [
      cond('Initialized', 'True'),
      cond('ContainersReady', 'False', 'ContainersNotReady', unready('app'), 3),
      cond('Ready', 'False', 'ContainersNotReady', unready('app'), 3),
    ],
    ...(statuses === undefined ? {} : { containerStatuses: statuses }),
  });
const probed = container('app', {
  readinessProbe: {
    exec: { command: ['/bin/check'] },
    initialDelaySeconds: 20,
    periodSeconds: 10,
    failureThreshold: 3,
  },
});

testRule(rule, {
  valid: [
    { name: 'healthy running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'pod being deleted',
      snapshot: snapshot({
        pods: [
          {
            ...notReadyPod([cstatus('app', { state: state.running(3) })]),
            metadata: { name: 'web-1', namespace: 'default', deletionTimestamp: '2026-01-01T00:04:00Z' },
          },
        ],
      }),
      now: Date.parse('2026-01-01T00:05:00Z'),
    },
    {
      name: 'readiness failures explain it (readiness/readiness-probe-failed)',
      snapshot: snapshot({
        pods: [notReadyPod([cstatus('app', { state: state.running(3) })])],
        events: [
          event({
            reason: 'Unhealthy',
            message: 'Readiness probe failed: HTTP probe failed with statuscode: 500',
            fieldPath: 'spec.containers{app}',
            lastS: 200,
          }),
        ],
      }),
    },
    {
      name: 'waiting container is an earlier stage',
      snapshot: snapshot({
        pods: [notReadyPod([cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 3 })])],
      }),
      now: Date.parse('2026-01-01T00:10:00Z'),
    },
    {
      name: 'pending pod',
      snapshot: snapshot({
        pods: [
          pod({
            phase: 'Pending',
            containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'started 5 s ago without a probe spec: progressing (60 s grace)',
      snapshot: snapshot({ pods: [notReadyPod([cstatus('app', { state: state.running(3) })])] }),
      now: Date.parse('2026-01-01T00:00:08Z'),
      expect: [{ messageId: 'notReady', status: 'progressing', data: { duration: '5s' } }],
    },
    {
      name: 'running for 5 minutes, not ready, nothing explains it',
      snapshot: snapshot({ pods: [notReadyPod([cstatus('app', { state: state.running(3) })])] }),
      now: Date.parse('2026-01-01T00:05:03Z'),
      expect: [
        {
          messageId: 'notReady',
          reason: 'NotReady',
          basis: 'state',
          data: { container: 'app', duration: '5m' },
          evidenceIncludes: [
            'condition ContainersReady=False (ContainersNotReady): containers with unready status: [app]',
          ],
        },
      ],
    },
    {
      name: 'inside the probe budget (20 + 3 x 10 s): progressing',
      snapshot: snapshot({ pods: [notReadyPod([cstatus('app', { state: state.running(3) })], [probed])] }),
      now: Date.parse('2026-01-01T00:00:33Z'),
      expect: [
        {
          messageId: 'notReadyProbe',
          status: 'progressing',
          data: { probe: 'exec [/bin/check], initialDelaySeconds=20, periodSeconds=10, failureThreshold=3' },
        },
      ],
    },
    {
      name: 'describe with conditions only: the condition names the container',
      snapshot: snapshot({ pods: [notReadyPod(undefined, [])] }),
      now: Date.parse('2026-01-01T00:30:00Z'),
      expect: [{ messageId: 'notReady', container: { name: 'app', type: 'app' }, data: { duration: '29m' } }],
    },
  ],
});
