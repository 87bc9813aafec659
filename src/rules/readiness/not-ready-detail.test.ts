/**
 * readiness/not-ready in detail: the whole finding of each message (evidence lines, next steps),
 * which probe failures and probe results take the container off its hands, and the containers
 * that only the ContainersReady condition names.
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
import type { Container, ContainerStatus, PodCondition } from '../../model/index.js';
import { rule } from './not-ready.js';

const unready = (names: string) => `containers with unready status: [${names}]`;
const notReadyPod = (
  statuses: ContainerStatus[] | undefined,
  containers: Container[] = [container('app')],
  names = 'app',
) =>
  pod({
    phase: 'Running',
    nodeName: 'node-1',
    containers,
    conditions: [
      cond('ContainersReady', 'False', 'ContainersNotReady', unready(names), 3),
      cond('Ready', 'False', 'ContainersNotReady', unready(names), 3),
    ],
    ...(statuses === undefined ? {} : { containerStatuses: statuses }),
  });
const running = [cstatus('app', { state: state.running(3) })];
const probed = container('app', {
  readinessProbe: { httpGet: { path: '/ready', port: 8080 }, periodSeconds: 5 },
});
const PROBE = 'httpGet http://:8080/ready, periodSeconds=5';

const DESCRIBE = 'kubectl describe pod web-1 -n default';
const EVENTS =
  'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1';
const LOGS = 'kubectl logs web-1 -n default -c app';
const HINT_NO_PROBE =
  "Look at the pod's events and conditions for why the kubelet does not mark it ready; events expire after an hour, so describe it again while it is not ready.";
const HINT_PROBE =
  'Run the readiness check by hand against the container to see its answer; events expire after an hour, so describe the pod again while it is not ready.';
const HINT_PASSES =
  "The endpoint answers a plain GET: compare the kubelet's probe with it (httpHeaders, host, redirects), check that a startupProbe has passed (readiness is probed only after it), and describe the pod again in a minute.";

const statusLine = { source: 'status', text: `containerStatuses[app]: running since ${at(3)}, ready=false` };
const conditionLine = {
  source: 'condition',
  text: `condition ContainersReady=False (ContainersNotReady): ${unready('app')}`,
  at: at(3),
};
const specLine = { source: 'spec', text: `spec.containers[app].readinessProbe: ${PROBE}` };

describe('readiness/not-ready: the whole finding', () => {
  const base = {
    ruleId: 'readiness/not-ready',
    stage: 'readiness',
    reason: 'NotReady',
    status: 'failed',
    basis: 'state',
    container: { name: 'app', type: 'app' },
    at: ms(3),
  };

  it('without a probe spec', () => {
    expect(runRule(rule, snapshot({ pods: [notReadyPod(running)] }), ms(603))).toEqual([
      {
        ...base,
        messageId: 'notReady',
        data: { container: 'app', duration: '10m' },
        evidence: [statusLine, conditionLine],
        nextSteps: [DESCRIBE, EVENTS, LOGS, HINT_NO_PROBE],
      },
    ]);
  });

  it('with a probe spec', () => {
    expect(runRule(rule, snapshot({ pods: [notReadyPod(running, [probed])] }), ms(603))).toEqual([
      {
        ...base,
        messageId: 'notReadyProbe',
        data: { container: 'app', duration: '10m', probe: PROBE },
        evidence: [statusLine, conditionLine, specLine],
        nextSteps: [DESCRIBE, EVENTS, LOGS, HINT_PROBE],
      },
    ]);
  });

  it.each([
    ['with a probe spec', [probed], PROBE, '5s', [statusLine, conditionLine, 'probe', specLine]],
    [
      'without a probe spec',
      [container('app')],
      'spec not in the evidence',
      '10s',
      [statusLine, conditionLine, 'probe'],
    ],
  ] as const)('a passing readiness endpoint, %s', (_, containers, probe, within, lines) => {
    const probeLine = {
      source: 'probe',
      text: 'readiness probe GET :8080/ready on container app via pods/proxy: HTTP 200 (passes; 4 ms)',
      at: at(600),
    };
    expect(
      runRule(
        rule,
        snapshot({ pods: [notReadyPod(running, [...containers])], probes: [probeResult(200, { atS: 600 })] }),
        ms(603),
      ),
    ).toEqual([
      {
        ...base,
        messageId: 'notReadyProbePasses',
        data: { container: 'app', duration: '10m', probe, answer: 'HTTP status 200', within },
        evidence: lines.map((l) => (l === 'probe' ? probeLine : l)),
        nextSteps: [DESCRIBE, EVENTS, LOGS, HINT_PASSES],
      },
    ]);
  });

  it('a passing liveness endpoint alone is not a readiness answer', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [notReadyPod(running, [probed])],
        probes: [probeResult(200, { atS: 600, probe: 'liveness', path: '/healthz' })],
      }),
      ms(603),
    );
    expect(findings.map((f) => [f.messageId, f.evidence.map((e) => e.source)])).toEqual([
      ['notReadyProbe', ['status', 'condition', 'spec']],
    ]);
  });

  it('a running state without startedAt: time unknown, failed at once', () => {
    const findings = runRule(
      rule,
      snapshot({ pods: [notReadyPod([cstatus('app', { state: { running: {} } })])] }),
      ms(603),
    );
    expect(findings.map((f) => [f.status, f.data['duration'], f.at, f.evidence[0]])).toEqual([
      [
        'failed',
        'an unknown time',
        undefined,
        { source: 'status', text: 'containerStatuses[app]: running since (time unknown), ready=false' },
      ],
    ]);
  });
});

describe('readiness/not-ready: containers named only by the ContainersReady condition', () => {
  it('a status without a state: the condition names it and times it, no status line', () => {
    expect(
      runRule(rule, snapshot({ pods: [notReadyPod([cstatus('app')], [probed])] }), ms(603)).map((f) => [
        f.messageId,
        f.container,
        f.data['duration'],
        f.at,
        f.evidence,
      ]),
    ).toEqual([['notReadyProbe', { name: 'app', type: 'app' }, '10m', ms(3), [conditionLine, specLine]]]);
  });

  it('a container the condition names but the pod evidence does not show, beside a ready one', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [
          notReadyPod([cstatus('app', { state: state.running(3), ready: true })], [container('app')], 'web'),
        ],
      }),
      ms(603),
    );
    expect(findings.map((f) => [f.messageId, f.container, f.evidence.map((e) => e.text)])).toEqual([
      [
        'notReady',
        { name: 'web', type: 'app' },
        [`condition ContainersReady=False (ContainersNotReady): ${unready('web')}`],
      ],
    ]);
  });
});

describe('readiness/not-ready: probe failures since the container started leave it to the probe rules', () => {
  const unhealthy = (message: string, lastS: number, firstS = lastS) =>
    event({ reason: 'Unhealthy', message, fieldPath: 'spec.containers{app}', firstS, lastS, count: 1 });
  const READINESS = 'Readiness probe failed: HTTP probe failed with statuscode: 503';
  const LIVENESS = 'Liveness probe failed: HTTP probe failed with statuscode: 500';
  const STARTUP =
    'Startup probe failed: Get "http://10.1.0.4:8080/started": dial tcp 10.1.0.4:8080: connect: connection refused';
  const started100 = [cstatus('app', { state: state.running(100), restartCount: 1 })];

  it.each([
    ['a readiness failure', READINESS, 300, 300, []],
    ['a liveness failure', LIVENESS, 300, 300, []],
    ['a startup failure', STARTUP, 300, 300, []],
    ['a failure the second the container started', READINESS, 100, 100, []],
    ['a failure before the container started (the previous instance)', READINESS, 99, 99, ['notReady']],
    ['a failure first seen before the start, last seen after it', READINESS, 50, 150, []],
  ])('%s', (_, message, firstS, lastS, expected) => {
    const findings = runRule(
      rule,
      snapshot({ pods: [notReadyPod(started100)], events: [unhealthy(message, lastS, firstS)] }),
      ms(600),
    );
    expect(findings.map((f) => f.messageId)).toEqual(expected);
  });

  it('a running state without startedAt: any probe failure of the container counts', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [notReadyPod([cstatus('app', { state: { running: {} } })])],
        events: [unhealthy(READINESS, 10)],
      }),
      ms(600),
    );
    expect(findings).toEqual([]);
  });
});

describe('readiness/not-ready: a pod whose containers the evidence does not name', () => {
  const row = (conditions: PodCondition[], extra: Parameters<typeof pod>[0] = {}) =>
    pod({ phase: 'Running', containers: [], conditions, createdS: 0, ...extra });

  it('the whole finding', () => {
    expect(runRule(rule, snapshot({ pods: [row([cond('Ready', 'False')])] }), ms(600))).toEqual([
      {
        ruleId: 'readiness/not-ready',
        stage: 'readiness',
        reason: 'NotReady',
        status: 'failed',
        basis: 'state',
        messageId: 'notReadyUnnamed',
        data: { duration: '10m' },
        evidence: [
          { source: 'status', text: 'phase Running, kubectl STATUS Running' },
          { source: 'condition', text: 'condition Ready=False', at: at(0) },
        ],
        nextSteps: [
          DESCRIBE,
          EVENTS,
          'kubectl logs web-1 -n default',
          "Describe the pod to see which container is not ready and its readiness probe's latest failures; events expire after an hour.",
        ],
        confidence: 'low',
        at: ms(0),
      },
    ]);
  });

  it.each([
    ['Liveness probe failed: HTTP probe failed with statuscode: 500', undefined],
    ['Startup probe failed: HTTP probe failed with statuscode: 503', undefined],
    ['Readiness probe failed: HTTP probe failed with statuscode: 503', 'spec.containers{app}'],
    ['Liveness probe failed: HTTP probe failed with statuscode: 500', 'spec.containers{app}'],
    [
      'Readiness probe failed: timeout: failed to connect service ":15021" within 1s',
      'spec.initContainers{proxy}',
    ],
  ])('a probe failure of the pod explains it: %s (fieldPath %s)', (message, fieldPath) => {
    expect(
      runRule(
        rule,
        snapshot({
          pods: [row([cond('Ready', 'False')])],
          events: [
            event({
              reason: 'Unhealthy',
              message,
              lastS: 500,
              ...(fieldPath === undefined ? {} : { fieldPath }),
            }),
          ],
        }),
        ms(600),
      ),
    ).toEqual([]);
  });

  it('an event of the pod that is not a probe failure does not explain it', () => {
    const findings = runRule(
      rule,
      snapshot({
        pods: [row([cond('Ready', 'False')])],
        events: [
          event({
            reason: 'BackOff',
            message: 'Back-off restarting failed container app in pod web-1_default(uid-web-1)',
            fieldPath: 'spec.containers{app}',
            lastS: 500,
          }),
        ],
      }),
      ms(600),
    );
    expect(findings.map((f) => f.messageId)).toEqual(['notReadyUnnamed']);
  });

  it('only an init container is known (a describe cut after its init containers): nothing to judge', () => {
    expect(
      runRule(
        rule,
        snapshot({
          pods: [
            row([cond('Ready', 'False')], {
              initContainers: [container('migrate')],
              initContainerStatuses: [cstatus('migrate', { state: state.terminated(0, 'Completed') })],
            }),
          ],
        }),
        ms(600),
      ),
    ).toEqual([]);
  });
});
