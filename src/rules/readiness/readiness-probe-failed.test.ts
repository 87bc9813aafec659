import { testRule } from '../../../test/rule-tester.js';
import { cond, container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { Container, ContainerStatus } from '../../model/index.js';
import { rule } from './readiness-probe-failed.js';

const probed = container('app', {
  readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 3 },
});
const notReadyPod = (
  statuses: ContainerStatus[],
  containers: Container[] = [probed],
  extra: Parameters<typeof pod>[0] = {},
) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers,
    conditions: [
      cond('PodScheduled', 'True'),
      cond('Initialized', 'True'),
      cond(
        'ContainersReady',
        'False',
        'ContainersNotReady',
        `containers with unready status: [${statuses.map((s) => s.name).join(' ')}]`,
        3,
      ),
      cond(
        'Ready',
        'False',
        'ContainersNotReady',
        `containers with unready status: [${statuses.map((s) => s.name).join(' ')}]`,
        3,
      ),
    ],
    containerStatuses: statuses,
    ...extra,
  });
const readinessFailed = (
  message: string,
  opts: { lastS: number; firstS?: number; count?: number; fieldPath?: string; name?: string },
) =>
  event({
    reason: 'Unhealthy',
    message,
    lastS: opts.lastS,
    firstS: opts.firstS ?? opts.lastS,
    count: opts.count ?? 1,
    ...(opts.fieldPath === undefined ? {} : { fieldPath: opts.fieldPath }),
    ...(opts.name === undefined ? {} : { name: opts.name }),
  });
const STATUS_503 = 'Readiness probe failed: HTTP probe failed with statuscode: 503';

testRule(rule, {
  valid: [
    {
      name: 'Ready now: earlier readiness failures are history',
      snapshot: snapshot({
        pods: [runningPod({ containers: [probed] })],
        events: [readinessFailed(STATUS_503, { lastS: 4, count: 2, fieldPath: 'spec.containers{app}' })],
      }),
    },
    {
      name: 'not ready but no probe failure (readiness/not-ready)',
      snapshot: snapshot({ pods: [notReadyPod([cstatus('app', { state: state.running(3) })])] }),
    },
    {
      name: 'failures only before the current start of the container',
      snapshot: snapshot({
        pods: [notReadyPod([cstatus('app', { state: state.running(100), restartCount: 1 })])],
        events: [
          readinessFailed(STATUS_503, { lastS: 50, count: 5, firstS: 10, fieldPath: 'spec.containers{app}' }),
        ],
      }),
    },
    {
      name: 'events only, the last failure is half an hour old',
      snapshot: snapshot({
        events: [
          readinessFailed(STATUS_503, { lastS: 60, count: 3, firstS: 40 }),
          event({
            reason: 'Pulled',
            type: 'Normal',
            message: 'Container image "x" already present on machine',
            lastS: 1900,
          }),
        ],
      }),
    },
    {
      name: 'succeeded pod',
      snapshot: snapshot({
        pods: [pod({ phase: 'Succeeded' })],
        events: [readinessFailed(STATUS_503, { lastS: 5 })],
      }),
    },
  ],
  invalid: [
    {
      name: 'events only: calico-node BGP not established (real case 056)',
      snapshot: snapshot({
        events: [
          readinessFailed(
            '(combined from similar events): Readiness probe failed: 2020-05-12 05:43:43.500 [INFO][5161] confd/health.go 177: Number of node(s) with BGP peering established = 0\ncalico/node is not ready: BIRD is not ready: BGP not established with 192.168.10.172,192.168.10.8',
            { lastS: 1500, firstS: 0, count: 134, name: 'calico-node-x7k2p' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'readinessFailingUnnamed',
          reason: 'ReadinessProbeFailed',
          basis: 'events',
          data: {
            failure:
              'calico/node is not ready: BIRD is not ready: BGP not established with 192.168.10.172,192.168.10.8',
          },
          evidenceIncludes: ['Unhealthy (x134 over 25m)'],
        },
      ],
    },
    {
      name: 'running two minutes, 503 from the readiness endpoint',
      snapshot: snapshot({
        pods: [notReadyPod([cstatus('app', { state: state.running(3) })])],
        events: [
          readinessFailed(STATUS_503, {
            lastS: 120,
            firstS: 10,
            count: 22,
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'readinessFailing',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: {
            failure: 'HTTP status 503',
            probe: 'httpGet http://:8080/ready, periodSeconds=5, failureThreshold=3',
          },
          evidenceIncludes: [
            'condition ContainersReady=False (ContainersNotReady): containers with unready status: [app]',
            'ready=false',
          ],
        },
      ],
    },
    {
      name: 'started five seconds ago: progressing',
      snapshot: snapshot({
        pods: [notReadyPod([cstatus('app', { state: state.running(3) })])],
        events: [
          readinessFailed(
            'Readiness probe failed: Get "http://10.1.0.4:8080/ready": dial tcp 10.1.0.4:8080: connect: connection refused',
            { lastS: 8, fieldPath: 'spec.containers{app}' },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'readinessFailing',
          status: 'progressing',
          data: { failure: 'connection refused (GET http://10.1.0.4:8080/ready)' },
        },
      ],
    },
    {
      name: 'sidecar (restartable init container) failing readiness',
      snapshot: snapshot({
        pods: [
          notReadyPod([cstatus('app', { state: state.running(3), ready: true })], [container('app')], {
            initContainers: [container('proxy', { restartPolicy: 'Always' })],
            initContainerStatuses: [cstatus('proxy', { state: state.running(2) })],
          }),
        ],
        events: [
          readinessFailed('Readiness probe failed: timeout: failed to connect service ":15021" within 1s', {
            lastS: 300,
            firstS: 10,
            count: 30,
            fieldPath: 'spec.initContainers{proxy}',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'readinessFailing',
          container: { name: 'proxy', type: 'init' },
          data: { failure: 'timed out', probe: 'spec not in the evidence' },
        },
      ],
    },
    {
      name: 'events only, one failure so far: progressing',
      snapshot: snapshot({
        events: [readinessFailed(STATUS_503, { lastS: 10, fieldPath: 'spec.containers{web}' })],
      }),
      expect: [
        {
          messageId: 'readinessFailing',
          status: 'progressing',
          basis: 'events',
          container: { name: 'web', type: 'app' },
        },
      ],
    },
  ],
});
