import { describe, expect, it } from 'vitest';
import { cstatus, ms, probeResult, state } from '../../../test/builders.js';
import {
  failingLivenessNow,
  latestProbeResult,
  probeEndpoint,
  probeOutcome,
  probeResultEvidence,
  probeResultSummary,
  readyWithin,
} from './probe-results.js';
import { container } from '../../../test/builders.js';

const REFUSED = 'error trying to reach service: dial tcp 10.244.0.2:8081: connect: connection refused';
const TIMEOUT = 'request timed out after 1s';

describe('probe results, judged as the kubelet judges its HTTP probe (200 <= code < 400)', () => {
  const table: [answer: number | string, outcome: string, answerText: string, summary: string][] = [
    [200, 'pass', 'HTTP 200', 'HTTP status 200'],
    [204, 'pass', 'HTTP 204', 'HTTP status 204'],
    [302, 'pass', 'HTTP 302', 'HTTP status 302'],
    [399, 'pass', 'HTTP 399', 'HTTP status 399'],
    [199, 'fail', 'HTTP 199', 'HTTP status 199'],
    [400, 'fail', 'HTTP 400', 'HTTP status 400'],
    [404, 'fail', 'HTTP 404', 'HTTP status 404'],
    [500, 'fail', 'HTTP 500', 'HTTP status 500'],
    [503, 'fail', 'HTTP 503', 'HTTP status 503'],
    [REFUSED, 'fail', 'connection refused', 'connection refused'],
    [TIMEOUT, 'fail', 'timed out', 'timed out'],
    ['socket hang up', 'fail', 'socket hang up', 'socket hang up'],
  ];
  for (const [answer, outcome, answerText, summary] of table) {
    it(`${answer}: ${outcome}`, () => {
      const r = probeResult(answer, { latencyMs: 12, atS: 30 });
      expect(probeOutcome(r)).toBe(outcome);
      expect(probeResultSummary(r).text).toBe(summary);
      expect(probeResultEvidence(r)).toEqual({
        source: 'probe',
        text: `readiness probe GET :8080/ready on container app via pods/proxy: ${answerText} (${outcome === 'pass' ? 'passes' : 'fails'}; 12 ms)`,
        at: '2026-01-01T00:00:30Z',
      });
    });
  }

  it('a result with neither a code nor an error has no outcome', () => {
    const { statusCode, ...r } = probeResult(200);
    expect(statusCode).toBe(200);
    expect(probeOutcome(r)).toBe('unknown');
    expect(probeResultEvidence(r).text).toContain('no answer recorded (outcome unknown; 4 ms)');
  });

  it('names the port and path of the proxy URL, a named port as it is, and other URLs whole', () => {
    expect(probeEndpoint(probeResult(200, { port: 8081, path: '/healthz?deep=1' }))).toBe(
      ':8081/healthz?deep=1',
    );
    expect(probeEndpoint(probeResult(200, { path: '/' }))).toBe(':8080/');
    expect(probeEndpoint({ ...probeResult(200), url: '/api/v1/namespaces/a/pods/p:http/proxy' })).toBe(
      ':http/',
    );
    expect(probeEndpoint({ ...probeResult(200), url: 'http://10.0.0.5:8080/ready' })).toBe(
      'http://10.0.0.5:8080/ready',
    );
  });
});

describe('latestProbeResult', () => {
  const now = ms(1000);
  it('takes the newest result of the container and probe, not one from before its start, not a stale one', () => {
    const older = probeResult(503, { atS: 900 });
    const newer = probeResult(200, { atS: 990 });
    const other = probeResult(500, { atS: 995, container: 'sidecar' });
    const live = probeResult(500, { atS: 999, probe: 'liveness' });
    expect(latestProbeResult([newer, older, other, live], now, 'app', 'readiness')).toBe(newer);
    expect(latestProbeResult([older], now, 'app', 'readiness', ms(950))).toBeUndefined();
    expect(latestProbeResult([probeResult(503, { atS: 300 })], now, 'app', 'readiness')).toBeUndefined();
    expect(latestProbeResult([probeResult(503, { atS: 400 })], now, 'app', 'readiness')).toBeDefined();
  });
});

describe('failingLivenessNow', () => {
  const now = ms(600);
  const refused = probeResult(REFUSED, { probe: 'liveness', atS: 600 });
  it('only for a running instance, and only a failing result', () => {
    const running = cstatus('app', { state: state.running(100), restartCount: 2 });
    expect(failingLivenessNow([refused], now, running)).toBe(refused);
    expect(
      failingLivenessNow([probeResult(200, { probe: 'liveness', atS: 600 })], now, running),
    ).toBeUndefined();
    expect(failingLivenessNow([probeResult(503, { atS: 600 })], now, running)).toBeUndefined();
    const backOff = cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 2 });
    expect(failingLivenessNow([refused], now, backOff)).toBeUndefined();
  });
});

describe('readyWithin', () => {
  it('is successThreshold x periodSeconds, 10 s by default', () => {
    expect(readyWithin(undefined)).toBe('10s');
    expect(
      readyWithin(
        container('app', {
          readinessProbe: { httpGet: { port: 8080 }, periodSeconds: 5, successThreshold: 3 },
        }),
      ),
    ).toBe('15s');
  });
});
