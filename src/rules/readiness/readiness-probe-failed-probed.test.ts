/**
 * readiness/readiness-probe-failed with active probe results (`--probe`): a failing endpoint is
 * proof without any Unhealthy event; a passing one beside failure events lowers the confidence.
 */
import { testRule, type InvalidCase, type ValidCase } from '../../../test/rule-tester.js';
import {
  cond,
  container,
  cstatus,
  event,
  ms,
  pod,
  probeResult,
  runningPod,
  snapshot,
  state,
} from '../../../test/builders.js';
import type { ContainerStatus, ProbeResult } from '../../model/index.js';
import { rule } from './readiness-probe-failed.js';

const probed = container('app', {
  readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 3 },
});
const PROBE = 'httpGet http://:8080/ready, periodSeconds=5, failureThreshold=3';
const unready = 'containers with unready status: [app]';
const notReadyPod = (status: ContainerStatus = cstatus('app', { state: state.running(3) })) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers: [probed],
    conditions: [
      cond('ContainersReady', 'False', 'ContainersNotReady', unready, 3),
      cond('Ready', 'False', 'ContainersNotReady', unready, 3),
    ],
    containerStatuses: [status],
  });
const unhealthy503 = event({
  reason: 'Unhealthy',
  message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
  fieldPath: 'spec.containers{app}',
  firstS: 10,
  lastS: 590,
  count: 110,
});
const NOW = ms(600);
const at600 = (answer: number | string, opts: Parameters<typeof probeResult>[1] = {}): ProbeResult =>
  probeResult(answer, { atS: 600, ...opts });

const REFUSED = 'error trying to reach service: dial tcp 10.244.0.2:8080: connect: connection refused';
const TIMEOUT = 'request timed out after 1s';
const FAILING: [number | string, string][] = [
  [404, 'HTTP status 404'],
  [500, 'HTTP status 500'],
  [503, 'HTTP status 503'],
  [REFUSED, 'connection refused'],
  [TIMEOUT, 'timed out'],
];
const PASSING: [number, string][] = [
  [200, 'HTTP status 200'],
  [302, 'HTTP status 302'],
];

const valid: ValidCase[] = [
  ...PASSING.map(([code]) => ({
    name: `no failure event, the endpoint answers ${code}: nothing for this rule`,
    snapshot: snapshot({ pods: [notReadyPod()], probes: [at600(code)] }),
    now: NOW,
  })),
  {
    name: 'a failing result from before the container restarted is about another instance',
    snapshot: snapshot({
      pods: [notReadyPod(cstatus('app', { state: state.running(550), restartCount: 1 }))],
      probes: [at600(503, { atS: 500 })],
    }),
    now: NOW,
  },
  {
    name: 'a failing result older than 10 minutes is not the present',
    snapshot: snapshot({ pods: [notReadyPod()], probes: [at600(503, { atS: 600 })] }),
    now: ms(600 + 11 * 60),
  },
  {
    name: 'a failing result of another container',
    snapshot: snapshot({ pods: [notReadyPod()], probes: [at600(503, { container: 'sidecar' })] }),
    now: NOW,
  },
  {
    name: 'a failing liveness result is not a readiness failure',
    snapshot: snapshot({ pods: [notReadyPod()], probes: [at600(503, { probe: 'liveness' })] }),
    now: NOW,
  },
  {
    name: 'a Ready pod with a failing result: the kubelet has not counted enough failures',
    snapshot: snapshot({ pods: [runningPod({ containers: [probed] })], probes: [at600(503)] }),
    now: NOW,
  },
];

const invalid: InvalidCase[] = [
  ...FAILING.map(([answer, failure]) => ({
    name: `no failure event (aged out), the endpoint answers ${failure}: proof on its own`,
    snapshot: snapshot({ pods: [notReadyPod()], probes: [at600(answer)] }),
    now: NOW,
    expect: [
      {
        messageId: 'readinessFailingProbed',
        reason: 'ReadinessProbeFailed' as const,
        status: 'failed' as const,
        basis: 'state' as const,
        confidence: 'default' as const,
        container: { name: 'app', type: 'app' as const },
        data: { failure, probe: PROBE },
        evidenceSources: ['probe', 'status', 'condition', 'spec'],
        evidenceIncludes: [`readiness probe GET :8080/ready on container app via pods/proxy: `],
      },
    ],
  })),
  {
    name: 'started 5 s ago, the endpoint already fails: progressing inside the probe budget',
    snapshot: snapshot({
      pods: [notReadyPod(cstatus('app', { state: state.running(595) }))],
      probes: [at600(503)],
    }),
    now: NOW,
    expect: [
      { messageId: 'readinessFailingProbed', status: 'progressing', data: { failure: 'HTTP status 503' } },
    ],
  },
  {
    name: 'failure events and a failing endpoint: the events speak, the probe result is quoted beside them',
    snapshot: snapshot({
      pods: [notReadyPod()],
      events: [unhealthy503],
      probes: [at600(503, { latencyMs: 12 })],
    }),
    now: NOW,
    expect: [
      {
        messageId: 'readinessFailing',
        confidence: 'default',
        data: { failure: 'HTTP status 503' },
        evidenceIncludes: [
          'Readiness probe failed: HTTP probe failed with statuscode: 503',
          'readiness probe GET :8080/ready on container app via pods/proxy: HTTP 503 (fails; 12 ms)',
        ],
      },
    ],
  },
  ...PASSING.map(([code, answer]) => ({
    name: `failure events, but the endpoint answers ${code} now: still failed, at medium confidence`,
    snapshot: snapshot({ pods: [notReadyPod()], events: [unhealthy503], probes: [at600(code)] }),
    now: NOW,
    expect: [
      {
        messageId: 'readinessFailingProbePasses',
        status: 'failed' as const,
        confidence: 'medium' as const,
        data: { failure: 'HTTP status 503', answer, within: '5s' },
        evidenceIncludes: [`HTTP ${code} (passes; 4 ms)`],
      },
    ],
  })),
];

testRule(rule, { valid, invalid });
