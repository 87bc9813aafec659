/**
 * What the liveness and startup rules say about each case: the message chosen, the data it is
 * filled with (container, failure, probe, restarts, failures, span) and the next steps, exactly.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import {
  container,
  cstatus,
  event,
  ms,
  pod,
  snapshot,
  state,
  type SnapshotParts,
} from '../../../test/builders.js';
import type { EventRecord, Finding } from '../../model/index.js';
import type { Rule } from '../types.js';
import { rule as liveness } from './liveness-probe-failed.js';
import { rule as startup } from './startup-probe-failed.js';

const LIVE_500 = 'Liveness probe failed: HTTP probe failed with statuscode: 500';
const LIVE_REFUSED =
  'Liveness probe failed: Get "http://10.0.0.5:8080/healthz": dial tcp 10.0.0.5:8080: connect: connection refused';
const START_503 = 'Startup probe failed: HTTP probe failed with statuscode: 503';
const DESCRIBE = 'kubectl describe pod web-1 -n default';
const PREVIOUS_LOGS = 'kubectl logs web-1 -n default -c app --previous';
const STATUS_HINT = (probe: string) =>
  `The endpoint answers with an error status: check why the app reports itself unhealthy (its logs), or whether the ${probe} probe checks the right thing.`;
const STARTUP_FALLBACK =
  'Give the app enough time to start: failureThreshold × periodSeconds of the startupProbe must exceed its slowest start.';
const LIVENESS_FALLBACK =
  'Make the liveness probe check only that the process is alive, not its dependencies, and give it the port and path the app serves.';

function ev(
  reason: string,
  message: string,
  o: { c?: string; count?: number; firstS?: number; lastS: number },
) {
  return event({
    reason,
    message,
    type: reason === 'Killing' ? 'Normal' : 'Warning',
    lastS: o.lastS,
    ...(o.c === undefined ? {} : { fieldPath: `spec.containers{${o.c}}` }),
    ...(o.firstS === undefined ? {} : { firstS: o.firstS }),
    ...(o.count === undefined ? {} : { count: o.count }),
  });
}

/** An event whose times the evidence lost (a pasted table with `<unknown>` ages). */
function undated(e: EventRecord): EventRecord {
  return Object.fromEntries(
    Object.entries(e).filter(([k]) => k !== 'first' && k !== 'last'),
  ) as unknown as EventRecord;
}

function one(rule: Rule, parts: SnapshotParts, nowS: number): Finding {
  const findings = runRule(rule, snapshot(parts), ms(nowS));
  expect(findings.length).toBe(1);
  const [f] = findings;
  if (f === undefined) throw new Error('no finding');
  return f;
}

describe('unnamed cases: the events do not name the container', () => {
  it('a bare liveness failure: livenessFailingUnnamed, container ""', () => {
    const f = one(liveness, { events: [ev('Unhealthy', LIVE_500, { lastS: 90 })] }, 100);
    expect([f.messageId, f.status, f.basis, f.container]).toEqual([
      'livenessFailingUnnamed',
      'progressing',
      'events',
      undefined,
    ]);
    expect(f.data).toEqual({
      container: '',
      failure: 'HTTP status 500',
      probe: 'spec not in the evidence',
      restarts: 0,
      failures: 1,
      span: ' over 0s',
      of: '',
    });
    expect(f.nextSteps).toEqual([DESCRIBE, STATUS_HINT('liveness')]);
  });

  it('a bare startup failure: startupFailingUnnamed', () => {
    const f = one(startup, { events: [ev('Unhealthy', START_503, { lastS: 90 })] }, 100);
    expect([f.messageId, f.status, f.data.container, f.data.failure]).toEqual([
      'startupFailingUnnamed',
      'progressing',
      '',
      'HTTP status 503',
    ]);
  });

  it('bare startup failures recurring over bare restart back-offs: startupRestartedUnnamed', () => {
    const f = one(
      startup,
      {
        events: [
          ev('Unhealthy', START_503, { count: 50, firstS: 0, lastS: 3000 }),
          ev('BackOff', 'Back-off restarting failed container', { count: 20, firstS: 100, lastS: 3010 }),
        ],
      },
      3020,
    );
    expect([f.messageId, f.status, f.container, f.data.container, f.data.restarts, f.data.failures]).toEqual([
      'startupRestartedUnnamed',
      'failed',
      undefined,
      '',
      20,
      50,
    ]);
    // No container to ask for logs of.
    expect(f.nextSteps).toEqual([DESCRIBE, STATUS_HINT('startup')]);
  });
});

describe('kills with no failure output: the fallback hint of the probe kind', () => {
  it.each([
    ['liveness', liveness, 'livenessRestarted', LIVENESS_FALLBACK],
    ['startup', startup, 'startupRestarted', STARTUP_FALLBACK],
  ] as const)('a %s kill alone', (probe, rule, messageId, hint) => {
    const f = one(
      rule,
      {
        events: [
          ev('Killing', `Container app failed ${probe} probe, will be restarted`, { c: 'app', lastS: 90 }),
        ],
      },
      100,
    );
    expect(f.messageId).toBe(messageId);
    expect(f.data).toEqual({
      container: 'app',
      failure: 'failure output not in the evidence',
      probe: 'spec not in the evidence',
      restarts: 1,
      failures: 0,
      span: '',
      of: ' of container app',
    });
    expect(f.nextSteps).toEqual([DESCRIBE, PREVIOUS_LOGS, hint]);
  });
});

describe('next steps of a named case', () => {
  const probed = container('app', {
    livenessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 },
  });

  it('progressing: no previous logs to read (nothing restarted), the probe to try by hand', () => {
    const f = one(
      liveness,
      {
        pods: [
          pod({
            phase: 'Running',
            containers: [probed],
            containerStatuses: [cstatus('app', { state: state.running(0) })],
          }),
        ],
        events: [ev('Unhealthy', LIVE_500, { c: 'app', lastS: 90 })],
      },
      100,
    );
    expect([f.messageId, f.status]).toEqual(['livenessFailing', 'progressing']);
    expect(f.nextSteps).toEqual([
      DESCRIBE,
      'kubectl port-forward pod/web-1 -n default 8080:8080',
      'curl -i http://127.0.0.1:8080/healthz',
      STATUS_HINT('liveness'),
    ]);
  });

  it('failed: the previous instance’s logs come right after describe', () => {
    const f = one(
      liveness,
      {
        pods: [
          pod({
            phase: 'Running',
            containers: [probed],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting('CrashLoopBackOff'),
                restartCount: 3,
                lastState: state.terminated(137, 'Error', { startedS: 50, finishedS: 100 }),
              }),
            ],
          }),
        ],
        events: [
          ev('Unhealthy', LIVE_500, { c: 'app', count: 3, firstS: 70, lastS: 90 }),
          ev('Killing', 'Container app failed liveness probe, will be restarted', { c: 'app', lastS: 100 }),
        ],
      },
      110,
    );
    expect([f.messageId, f.status]).toEqual(['livenessRestarted', 'failed']);
    expect(f.nextSteps).toEqual([
      DESCRIBE,
      PREVIOUS_LOGS,
      'kubectl port-forward pod/web-1 -n default 8080:8080',
      'curl -i http://127.0.0.1:8080/healthz',
      STATUS_HINT('liveness'),
    ]);
  });
});

describe('span: from the earliest first-seen to the latest last-seen failure', () => {
  it('over two failure events, 0-100 s and 200-300 s: over 5m', () => {
    const f = one(
      liveness,
      {
        events: [
          ev('Unhealthy', LIVE_500, { count: 5, firstS: 0, lastS: 100 }),
          ev('Unhealthy', LIVE_REFUSED, { count: 5, firstS: 200, lastS: 300 }),
        ],
      },
      310,
    );
    expect([f.messageId, f.data.failures, f.data.span, f.data.failure]).toEqual([
      'livenessRecurring',
      10,
      ' over 5m',
      'connection refused (GET http://10.0.0.5:8080/healthz)',
    ]);
  });

  const kill = ev('Killing', 'Container app failed liveness probe, will be restarted', {
    c: 'app',
    lastS: 100,
  });
  const lost = undated(ev('Unhealthy', LIVE_500, { c: 'app', count: 3, lastS: 0 }));
  it.each([
    ['all failures lost their times: no span', [lost], 3, '', 'HTTP status 500'],
    [
      'one failure lost its times: the span of the dated one',
      [lost, ev('Unhealthy', LIVE_REFUSED, { c: 'app', count: 2, firstS: 60, lastS: 90 })],
      5,
      ' over 30s',
      'connection refused (GET http://10.0.0.5:8080/healthz)',
    ],
  ] as const)('%s', (_name, failures, count, span, failure) => {
    const f = one(liveness, { events: [...failures, kill] }, 110);
    expect([f.messageId, f.data.failures, f.data.span, f.data.failure]).toEqual([
      'livenessRestarted',
      count,
      span,
      failure,
    ]);
  });
});
