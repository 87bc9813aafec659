/**
 * liveness/liveness-probe-failed with active probe results (`--probe`): a failing liveness
 * endpoint of the running instance shows the probe fails now. With restarts whose last one was a
 * kill it is failing, even with no Unhealthy or Killing event left; without, it is progressing.
 */
import { testRule, type InvalidCase, type ValidCase } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, probeResult, snapshot, state } from '../../../test/builders.js';
import type { ContainerState, ContainerStatus, ProbeResult } from '../../model/index.js';
import { rule } from './liveness-probe-failed.js';

const probed = container('app', {
  livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 },
});
const running = (restartCount: number, lastState?: ContainerState): ContainerStatus =>
  cstatus('app', {
    state: state.running(100),
    ready: true,
    restartCount,
    ...(lastState === undefined ? {} : { lastState }),
  });
const withStatus = (st: ContainerStatus) =>
  pod({ phase: 'Running', nodeName: 'node-1', containers: [probed], containerStatuses: [st] });
const KILLED = state.terminated(137, 'Error', { startedS: 40, finishedS: 99 });
const NOW = ms(130);
const live = (answer: number | string, atS = 130): ProbeResult =>
  probeResult(answer, { probe: 'liveness', path: '/healthz', atS });

const REFUSED = 'error trying to reach service: dial tcp 10.244.0.2:8080: connect: connection refused';
const FAILING: [number | string, string][] = [
  [404, 'HTTP status 404'],
  [500, 'HTTP status 500'],
  [503, 'HTTP status 503'],
  [REFUSED, 'connection refused'],
  ['request timed out after 1s', 'timed out'],
];

const valid: ValidCase[] = [
  ...[200, 302].map((code) => ({
    name: `killed and restarted, the endpoint answers ${code} now: nothing fails`,
    snapshot: snapshot({ pods: [withStatus(running(2, KILLED))], probes: [live(code)] }),
    now: NOW,
  })),
  {
    name: 'in CrashLoopBackOff a refused GET says nothing (no process runs)',
    snapshot: snapshot({
      pods: [
        withStatus(
          cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 2, lastState: KILLED }),
        ),
      ],
      probes: [live(REFUSED)],
    }),
    now: NOW,
  },
  {
    name: 'a failing result from before the current start',
    snapshot: snapshot({ pods: [withStatus(running(2, KILLED))], probes: [live(503, 90)] }),
    now: NOW,
  },
  {
    name: 'a failing readiness result is not a liveness failure',
    snapshot: snapshot({ pods: [withStatus(running(2, KILLED))], probes: [probeResult(503, { atS: 130 })] }),
    now: NOW,
  },
];

const invalid: InvalidCase[] = [
  ...FAILING.map(([answer, failure]) => ({
    name: `killed (exit 137) and restarted, no event left, the endpoint answers ${failure}: failing now`,
    snapshot: snapshot({ pods: [withStatus(running(2, KILLED))], probes: [live(answer)] }),
    now: NOW,
    expect: [
      {
        messageId: 'livenessProbedRestarted',
        reason: 'LivenessProbeFailed' as const,
        status: 'failed' as const,
        basis: 'state' as const,
        confidence: 'medium' as const,
        data: { failure, restarts: 2 },
        evidenceSources: ['probe', 'status', 'spec'],
        evidenceIncludes: [
          'liveness probe GET :8080/healthz on container app via pods/proxy: ',
          'exit code 137',
        ],
      },
    ],
  })),
  ...FAILING.map(([answer, failure]) => ({
    name: `never restarted, the endpoint answers ${failure}: progressing (the kubelet has not killed it yet)`,
    snapshot: snapshot({ pods: [withStatus(running(0))], probes: [live(answer)] }),
    now: NOW,
    expect: [
      { messageId: 'livenessFailing', status: 'progressing' as const, data: { failure, restarts: 0 } },
    ],
  })),
  {
    name: 'restarted, how the last instance ended is unknown: failing at low confidence',
    snapshot: snapshot({ pods: [withStatus(running(4))], probes: [live(500)] }),
    now: NOW,
    expect: [{ messageId: 'livenessProbedRestarted', confidence: 'low', data: { restarts: 4 } }],
  },
  {
    name: 'the last instance exited 1 by itself: the restarts are a crash, the failing probe is progressing',
    snapshot: snapshot({
      pods: [withStatus(running(2, state.terminated(1, 'Error', { startedS: 40, finishedS: 99 })))],
      probes: [live(500)],
    }),
    now: NOW,
    expect: [{ messageId: 'livenessFailing', status: 'progressing' }],
  },
  {
    name: 'the last instance was OOMKilled: the failing probe is progressing, not the cause of the restarts',
    snapshot: snapshot({
      pods: [withStatus(running(2, state.terminated(137, 'OOMKilled', { startedS: 40, finishedS: 99 })))],
      probes: [live(500)],
    }),
    now: NOW,
    expect: [{ messageId: 'livenessFailing', status: 'progressing' }],
  },
  {
    name: 'killed by the probe two hours ago (events), failing again now: current, not history',
    snapshot: snapshot({
      pods: [
        withStatus(
          cstatus('app', {
            state: state.running(101),
            ready: true,
            restartCount: 1,
            lastState: state.terminated(137, 'Error', { startedS: 3, finishedS: 100 }),
          }),
        ),
      ],
      events: [
        event({
          reason: 'Killing',
          type: 'Normal',
          message: 'Container app failed liveness probe, will be restarted',
          fieldPath: 'spec.containers{app}',
          lastS: 90,
        }),
      ],
      probes: [live(503, 7200)],
    }),
    now: ms(7200),
    expect: [
      {
        messageId: 'livenessRestarted',
        status: 'failed',
        basis: 'state',
        data: { failure: 'HTTP status 503', restarts: 1 },
        evidenceIncludes: ['failed liveness probe, will be restarted', 'HTTP 503 (fails; 4 ms)'],
      },
    ],
  },
];

testRule(rule, { valid, invalid });
