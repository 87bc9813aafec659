/**
 * readiness/not-ready with active probe results (`--probe`): a failing endpoint belongs to
 * readiness-probe-failed (and liveness), a passing one is quoted with what it means.
 */
import { testRule, type InvalidCase, type ValidCase } from '../../../test/rule-tester.js';
import { cond, container, cstatus, ms, pod, probeResult, snapshot, state } from '../../../test/builders.js';
import type { Container } from '../../model/index.js';
import { rule } from './not-ready.js';

const probed = container('app', {
  readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, successThreshold: 2 },
});
const unready = 'containers with unready status: [app]';
const notReadyPod = (containers: Container[] = [probed]) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers,
    conditions: [
      cond('ContainersReady', 'False', 'ContainersNotReady', unready, 3),
      cond('Ready', 'False', 'ContainersNotReady', unready, 3),
    ],
    containerStatuses: [cstatus('app', { state: state.running(3) })],
  });
const NOW = ms(600);
const REFUSED = 'error trying to reach service: dial tcp 10.244.0.2:8080: connect: connection refused';

const valid: ValidCase[] = [
  ...[404, 500, 503, REFUSED, 'request timed out after 1s'].map((answer) => ({
    name: `the readiness endpoint fails (${answer}): readiness/readiness-probe-failed explains it`,
    snapshot: snapshot({ pods: [notReadyPod()], probes: [probeResult(answer, { atS: 600 })] }),
    now: NOW,
  })),
  {
    name: 'the liveness endpoint fails: the liveness rules explain it',
    snapshot: snapshot({
      pods: [notReadyPod()],
      probes: [probeResult(500, { atS: 600, probe: 'liveness', path: '/healthz' })],
    }),
    now: NOW,
  },
];

const invalid: InvalidCase[] = [
  ...[
    [200, 'HTTP status 200'],
    [302, 'HTTP status 302'],
  ].map(([code, answer]) => ({
    name: `the readiness endpoint answers ${code}: quoted, Ready should follow within successThreshold x periodSeconds`,
    snapshot: snapshot({ pods: [notReadyPod()], probes: [probeResult(code as number, { atS: 600 })] }),
    now: NOW,
    expect: [
      {
        messageId: 'notReadyProbePasses',
        reason: 'NotReady' as const,
        status: 'failed' as const,
        data: { container: 'app', answer: answer as string, within: '10s', duration: '9m57s' },
        evidenceSources: ['probe'],
        evidenceIncludes: [
          `readiness probe GET :8080/ready on container app via pods/proxy: HTTP ${code} (passes; 4 ms)`,
        ],
      },
    ],
  })),
  {
    name: 'a passing result with no probe spec in the evidence (a bundle of the pod without its spec)',
    snapshot: snapshot({ pods: [notReadyPod([container('app')])], probes: [probeResult(200, { atS: 600 })] }),
    now: NOW,
    expect: [
      {
        messageId: 'notReadyProbePasses',
        data: { probe: 'spec not in the evidence', within: '10s' },
      },
    ],
  },
  {
    name: 'a passing result older than 10 minutes is not quoted',
    snapshot: snapshot({ pods: [notReadyPod()], probes: [probeResult(200, { atS: 10 })] }),
    now: NOW + 60_000,
    expect: [{ messageId: 'notReadyProbe' }],
  },
];

testRule(rule, { valid, invalid });
