/**
 * readiness/readiness-probe-failed in detail: the whole finding (evidence lines, next steps, time),
 * which failure event it quotes, and how containers known only from events are named and timed.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import {
  at,
  cond,
  container,
  cstatus,
  event,
  ms,
  pod,
  probeResult,
  snapshot,
  state,
} from '../../../test/builders.js';
import type { Container, ContainerStatus, PodCondition, Probe } from '../../model/index.js';
import { rule } from './readiness-probe-failed.js';

const READY_PROBE: Probe = { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 3 };
const PROBE = 'httpGet http://:8080/ready, periodSeconds=5, failureThreshold=3';
const app = container('app', { readinessProbe: READY_PROBE });
const STATUS_503 = 'Readiness probe failed: HTTP probe failed with statuscode: 503';
const REFUSED =
  'Readiness probe failed: Get "http://10.1.0.4:8080/ready": dial tcp 10.1.0.4:8080: connect: connection refused';
const FIX_503 =
  'The endpoint answers with an error status: check why the app reports itself unhealthy (its logs), or whether the readiness probe checks the right thing.';
const FIX_REFUSED =
  'Nothing listens on the probed port: check the probe port against the port the app listens on.';
const CHECK_STEPS = [
  'kubectl port-forward pod/web-1 -n default 8080:8080',
  'curl -i http://127.0.0.1:8080/ready',
];
const UNREADY_APP = 'containers with unready status: [app]';

const runningPod = (
  statuses: ContainerStatus[] | undefined,
  conditions: PodCondition[] = [cond('ContainersReady', 'False', 'ContainersNotReady', UNREADY_APP, 3)],
  containers: Container[] = [app],
) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers,
    conditions: [...conditions, cond('Ready', 'False', 'ContainersNotReady', UNREADY_APP, 3)],
    ...(statuses === undefined ? {} : { containerStatuses: statuses }),
  });

const unhealthy = (
  message: string,
  opts: { firstS: number; lastS: number; count?: number; fieldPath?: string; name?: string },
) =>
  event({
    reason: 'Unhealthy',
    message,
    firstS: opts.firstS,
    lastS: opts.lastS,
    count: opts.count ?? 1,
    ...(opts.fieldPath === undefined ? {} : { fieldPath: opts.fieldPath }),
    ...(opts.name === undefined ? {} : { name: opts.name }),
  });
const ofApp = 'spec.containers{app}';

describe('readiness/readiness-probe-failed: the whole finding', () => {
  it('quotes the newest failure event and takes the failure and the time from it', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [runningPod([cstatus('app', { state: state.running(3) })])],
        events: [
          unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4, fieldPath: ofApp }),
          unhealthy(REFUSED, { firstS: 150, lastS: 200, count: 2, fieldPath: ofApp }),
        ],
      }),
      ms(300),
    );
    expect(findings).toEqual([
      {
        ruleId: 'readiness/readiness-probe-failed',
        stage: 'readiness',
        reason: 'ReadinessProbeFailed',
        status: 'failed',
        basis: 'state',
        messageId: 'readinessFailing',
        data: {
          container: 'app',
          failure: 'connection refused (GET http://10.1.0.4:8080/ready)',
          probe: PROBE,
        },
        container: { name: 'app', type: 'app' },
        evidence: [
          {
            source: 'event',
            text: `Warning Unhealthy (x2 over 50s) 100s ago: ${REFUSED}`,
            at: at(200),
          },
          { source: 'status', text: `containerStatuses[app]: running since ${at(3)}, ready=false` },
          {
            source: 'condition',
            text: `condition ContainersReady=False (ContainersNotReady): ${UNREADY_APP}`,
            at: at(3),
          },
          { source: 'spec', text: `spec.containers[app].readinessProbe: ${PROBE}` },
        ],
        nextSteps: [
          'kubectl describe pod web-1 -n default',
          'kubectl logs web-1 -n default -c app',
          ...CHECK_STEPS,
          FIX_REFUSED,
        ],
        at: ms(200),
      },
    ]);
  });

  it.each([
    ['without a ContainersReady condition', []],
    ['with ContainersReady Unknown', [cond('ContainersReady', 'Unknown', undefined, undefined, 3)]],
  ])(
    'a running state without startedAt, %s: timed from the first failure, no condition quoted',
    (_, conditions) => {
      const findings = runRule(
        rule,
        snapshot({
          pods: [runningPod([cstatus('app', { state: { running: {} } })], conditions)],
          events: [unhealthy(STATUS_503, { firstS: 290, lastS: 295, count: 2, fieldPath: ofApp })],
        }),
        ms(300),
      );
      expect(
        findings.map((f) => ({ status: f.status, evidence: f.evidence, nextSteps: f.nextSteps })),
      ).toEqual([
        {
          // 10 s since the first failure, inside the 15 s budget (3 × 5 s).
          status: 'progressing',
          evidence: [
            { source: 'event', text: `Warning Unhealthy (x2 over 5s) 5s ago: ${STATUS_503}`, at: at(295) },
            { source: 'status', text: 'containerStatuses[app]: running since (time unknown), ready=false' },
            { source: 'spec', text: `spec.containers[app].readinessProbe: ${PROBE}` },
          ],
          nextSteps: [
            'kubectl describe pod web-1 -n default',
            'kubectl logs web-1 -n default -c app',
            ...CHECK_STEPS,
            FIX_503,
          ],
        },
      ]);
    },
  );

  it('a running state without startedAt and an undated failure event: failed, with no time', () => {
    const dated = unhealthy(STATUS_503, { firstS: 0, lastS: 0, count: 3, fieldPath: ofApp });
    const undated = {
      regarding: dated.regarding,
      reason: dated.reason,
      message: dated.message,
      type: dated.type,
      count: 3,
    };
    const findings = runRule(
      rule,
      snapshot({ pods: [runningPod([cstatus('app', { state: { running: {} } })])], events: [undated] }),
      ms(300),
    );
    expect(findings.map((f) => [f.messageId, f.status, f.at, f.evidence[0]])).toEqual([
      [
        'readinessFailing',
        'failed',
        undefined,
        { source: 'event', text: `Warning Unhealthy (x3): ${STATUS_503}` },
      ],
    ]);
  });

  it.each([
    [290, 'progressing'],
    [280, 'failed'],
  ] as const)(
    'a running state without startedAt and no event, failing result at %is: timed from the result (%s)',
    (resultS, status) => {
      const findings = runRule(
        rule,
        snapshot({
          pods: [runningPod([cstatus('app', { state: { running: {} } })])],
          probes: [probeResult(503, { atS: resultS })],
        }),
        ms(300),
      );
      expect(findings.map((f) => [f.messageId, f.status, f.at])).toEqual([
        ['readinessFailingProbed', status, ms(resultS)],
      ]);
    },
  );

  it('failure events and a passing endpoint: the next step compares the probes instead of a fix', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [runningPod([cstatus('app', { state: state.running(3) })])],
        events: [unhealthy(STATUS_503, { firstS: 10, lastS: 590, count: 110, fieldPath: ofApp })],
        probes: [probeResult(200, { atS: 600 })],
      }),
      ms(600),
    );
    expect(findings.map((f) => [f.messageId, f.data, f.nextSteps, f.at])).toEqual([
      [
        'readinessFailingProbePasses',
        {
          container: 'app',
          failure: 'HTTP status 503',
          probe: PROBE,
          answer: 'HTTP status 200',
          within: '5s',
        },
        [
          'kubectl describe pod web-1 -n default',
          'kubectl logs web-1 -n default -c app',
          ...CHECK_STEPS,
          "If it stays not Ready, the kubelet's probe differs from a plain GET: compare the probe's httpHeaders, host and redirects, and check that a startupProbe has passed (readiness is probed only after it).",
        ],
        ms(590),
      ],
    ]);
  });
});

/** A pod whose container statuses are not in the evidence (a pasted spec and conditions). */
const specOnly = (containers: Container[], statuses?: ContainerStatus[]) =>
  runningPod(statuses, [], containers);

describe('readiness/readiness-probe-failed: containers known only from events', () => {
  it('events-only, the pod unknown: the data leave the container empty', () => {
    const findings = runRule(
      rule,
      snapshot({ events: [unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4 })] }),
      ms(300),
    );
    expect(findings.map((f) => [f.messageId, f.basis, f.container, f.data, f.nextSteps])).toEqual([
      [
        'readinessFailingUnnamed',
        'events',
        undefined,
        { container: '', failure: 'HTTP status 503', probe: 'spec not in the evidence' },
        ['kubectl describe pod web-1 -n default', FIX_503],
      ],
    ]);
  });

  it("the pod's only container is the one an event without fieldPath is about", () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [specOnly([app])],
        events: [unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4 })],
      }),
      ms(300),
    );
    expect(findings.map((f) => [f.messageId, f.basis, f.container, f.data, f.evidence.at(-1)])).toEqual([
      [
        'readinessFailing',
        'events',
        { name: 'app', type: 'app' },
        { container: 'app', failure: 'HTTP status 503', probe: PROBE },
        { source: 'spec', text: `spec.containers[app].readinessProbe: ${PROBE}` },
      ],
    ]);
  });

  it('a container spec without a name (a pasted fragment): unnamed, its probe still quoted', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [specOnly([container('', { readinessProbe: READY_PROBE })])],
        events: [unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4 })],
      }),
      ms(300),
    );
    expect(findings.map((f) => [f.messageId, f.evidence.map((e) => e.text)])).toEqual([
      [
        'readinessFailingUnnamed',
        [
          `Warning Unhealthy (x4 over 90s) 3m20s ago: ${STATUS_503}`,
          `spec.containers[].readinessProbe: ${PROBE}`,
        ],
      ],
    ]);
  });

  it('two containers and an event without fieldPath: unnamed', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [specOnly([app, container('web', { readinessProbe: READY_PROBE })])],
        events: [unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4 })],
      }),
      ms(300),
    );
    expect(findings.map((f) => [f.messageId, f.container, f.data['probe']])).toEqual([
      ['readinessFailingUnnamed', undefined, 'spec not in the evidence'],
    ]);
  });

  it("an event naming the second container quotes that container's probe", () => {
    const webProbe: Probe = { tcpSocket: { port: 9090 }, periodSeconds: 10 };
    const findings = runRule(
      rule,
      snapshot({
        pods: [specOnly([app, container('web', { readinessProbe: webProbe })])],
        events: [
          unhealthy('Readiness probe failed: dial tcp 10.1.0.4:9090: connect: connection refused', {
            firstS: 10,
            lastS: 100,
            count: 4,
            fieldPath: 'spec.containers{web}',
          }),
        ],
      }),
      ms(300),
    );
    expect(findings.map((f) => [f.container, f.data['probe'], f.status])).toEqual([
      [{ name: 'web', type: 'app' }, 'tcpSocket :9090, periodSeconds=10', 'failed'],
    ]);
  });

  it('a sidecar known only from its events is an init container', () => {
    const findings = runRule(
      rule,
      snapshot({
        events: [
          unhealthy('Readiness probe failed: timeout: failed to connect service ":15021" within 1s', {
            firstS: 10,
            lastS: 300,
            count: 30,
            fieldPath: 'spec.initContainers{proxy}',
          }),
        ],
      }),
    );
    expect(findings.map((f) => [f.messageId, f.container, f.data['container'], f.nextSteps[1]])).toEqual([
      [
        'readinessFailing',
        { name: 'proxy', type: 'init' },
        'proxy',
        'kubectl logs web-1 -n default -c proxy',
      ],
    ]);
  });

  it.each([
    [
      'a liveness probe failure',
      'Liveness probe failed: HTTP probe failed with statuscode: 500',
      'spec.containers{app}',
    ],
    ['an ephemeral container', STATUS_503, 'spec.ephemeralContainers{debugger}'],
  ])('%s is not a readiness finding', (_, message, fieldPath) => {
    expect(
      runRule(
        rule,
        snapshot({ events: [unhealthy(message, { firstS: 10, lastS: 100, count: 4, fieldPath })] }),
      ),
    ).toEqual([]);
  });

  it('an event without fieldPath on a pod whose containers have states: left to the state checks', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          specOnly(
            [app, container('web')],
            [
              cstatus('app', { state: state.running(3) }),
              cstatus('web', { state: state.running(3), ready: true }),
            ],
          ),
        ],
        events: [unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4 })],
      }),
      ms(300),
    );
    expect(findings).toEqual([]);
  });

  it('an event about a container without a status is reported beside the ones with states', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          specOnly(
            [container('app'), container('web', { readinessProbe: READY_PROBE })],
            [cstatus('app', { state: state.running(3), ready: true })],
          ),
        ],
        events: [
          unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4, fieldPath: 'spec.containers{web}' }),
        ],
      }),
      ms(300),
    );
    expect(findings.map((f) => [f.messageId, f.basis, f.container])).toEqual([
      ['readinessFailing', 'events', { name: 'web', type: 'app' }],
    ]);
  });

  it.each([
    [600, ['readinessFailing']],
    [601, []],
  ])('the newest failure %is old: stale only beyond 10 minutes', (ageS, expected) => {
    const findings = runRule(
      rule,
      snapshot({ events: [unhealthy(STATUS_503, { firstS: 10, lastS: 100, count: 4, fieldPath: ofApp })] }),
      ms(100 + ageS),
    );
    expect(findings.map((f) => f.messageId)).toEqual(expected);
  });
});

describe('readiness/readiness-probe-failed: events-only status, failureThreshold 5 × periodSeconds 5', () => {
  const slow = container('app', {
    readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5, failureThreshold: 5 },
  });
  const noProbe = container('app');
  it.each([
    ['5 failures at once reach the threshold', slow, [[10, 10, 5]], 'failed'],
    ['4 failures at once stay under it', slow, [[10, 10, 4]], 'progressing'],
    ['4 failures over exactly the 25 s budget', slow, [[10, 35, 4]], 'failed'],
    ['4 failures over 24 s', slow, [[10, 34, 4]], 'progressing'],
    ['2 failures 2 s apart', slow, [[10, 12, 2]], 'progressing'],
    [
      'two events spanning 30 s from the first one',
      slow,
      [
        [10, 12, 1],
        [30, 40, 1],
      ],
      'failed',
    ],
    ['no probe spec: 3 failures at once reach the default threshold', noProbe, [[10, 10, 3]], 'failed'],
    ['no probe spec: 2 failures over 59 s', noProbe, [[10, 69, 2]], 'progressing'],
    ['no probe spec: 2 failures over 60 s', noProbe, [[10, 70, 2]], 'failed'],
  ] as const)('%s: %s', (_, spec, times, status) => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [specOnly([spec])],
        events: times.map(([firstS, lastS, count]) =>
          unhealthy(STATUS_503, { firstS, lastS, count, fieldPath: ofApp }),
        ),
      }),
      ms(100),
    );
    expect(findings.map((f) => [f.basis, f.status])).toEqual([['events', status]]);
  });
});
