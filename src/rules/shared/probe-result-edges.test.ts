import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../../model/index.js';
import { cstatus, ms, probeResult } from '../../../test/builders.js';
import {
  failingLivenessNow,
  latestProbeResult,
  probeOutcome,
  probeResultEvidence,
  probeResultSummary,
} from './probe-results.js';

/** The result without the given optional fields (as a collector that did not record them gives it). */
function without(r: ProbeResult, ...keys: ('statusCode' | 'latencyMs' | 'at')[]): ProbeResult {
  return Object.fromEntries(
    Object.entries(r).filter(([k]) => !(keys as string[]).includes(k)),
  ) as unknown as ProbeResult;
}

/** A result as recorded without a status code: only `error` (possibly blank) or nothing at all. */
function noCode(error: string | undefined, over: Partial<ProbeResult> = {}): ProbeResult {
  const r = without(probeResult(200, { atS: 30 }), 'statusCode');
  return { ...r, ...(error === undefined ? {} : { error }), ...over };
}

describe('a result whose error is blank has no outcome and no answer', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['spaces', '   '],
    ['a newline', '\n'],
  ])('error %s', (_name, error) => {
    const r = noCode(error);
    expect(probeOutcome(r)).toBe('unknown');
    expect(probeResultEvidence(r).text).toBe(
      'readiness probe GET :8080/ready on container app via pods/proxy: no answer recorded (outcome unknown; 4 ms)',
    );
  });

  it('an empty error summarises as "no output", an HTTP code as kind status', () => {
    expect(probeResultSummary(noCode(undefined))).toEqual({ kind: 'other', text: 'no output' });
    expect(probeResultSummary(probeResult(503))).toStrictEqual({
      kind: 'status',
      text: 'HTTP status 503',
      statusCode: 503,
    });
  });
});

describe('probe result evidence: latency and time only when recorded', () => {
  it('no latency: the verdict alone in the parentheses', () => {
    const r = without(probeResult(503, { atS: 30 }), 'latencyMs');
    expect(probeResultEvidence(r).text).toBe(
      'readiness probe GET :8080/ready on container app via pods/proxy: HTTP 503 (fails)',
    );
  });

  it.each([
    ['undated', undefined],
    ['empty date', ''],
  ])('%s: no `at` key', (_name, at) => {
    const base = without(probeResult(200, { atS: 30 }), 'at');
    const r: ProbeResult = at === undefined ? base : { ...base, at };
    const e = probeResultEvidence(r);
    expect(Object.keys(e).sort()).toEqual(['source', 'text']);
  });

  it('dated: `at` as recorded', () => {
    expect(probeResultEvidence(probeResult(200, { atS: 30 })).at).toBe('2026-01-01T00:00:30Z');
  });
});

describe('latestProbeResult: which of several results wins', () => {
  const now = ms(1000);
  it('a result with no outcome is skipped even when it is the newest', () => {
    const failing = probeResult(503, { atS: 900 });
    const blank = noCode(undefined, { at: '2026-01-01T00:16:30Z' });
    expect(latestProbeResult([failing, blank], now, 'app', 'readiness')).toBe(failing);
  });

  it('a dated result beats an undated one, whatever the order', () => {
    const undated = without(probeResult(503), 'at');
    const dated = probeResult(200, { atS: 900 });
    expect(latestProbeResult([undated, dated], now, 'app', 'readiness')).toBe(dated);
    expect(latestProbeResult([dated, undated], now, 'app', 'readiness')).toBe(dated);
  });

  it('of two results taken at the same time, the later in collection order', () => {
    const a = probeResult(503, { atS: 900 });
    const b = probeResult(200, { atS: 900 });
    expect(latestProbeResult([a, b], now, 'app', 'readiness')).toBe(b);
    expect(latestProbeResult([b, a], now, 'app', 'readiness')).toBe(a);
  });

  it('since: results at or after it count, earlier ones do not, undated ones do', () => {
    const atStart = probeResult(503, { atS: 950 });
    const after = probeResult(200, { atS: 960 });
    const before = probeResult(500, { atS: 949 });
    const undated = without(probeResult(404), 'at');
    expect(latestProbeResult([after], now, 'app', 'readiness', ms(950))).toBe(after);
    expect(latestProbeResult([atStart], now, 'app', 'readiness', ms(950))).toBe(atStart);
    expect(latestProbeResult([before], now, 'app', 'readiness', ms(950))).toBeUndefined();
    expect(latestProbeResult([undated], now, 'app', 'readiness', ms(950))).toBe(undated);
  });
});

describe('failingLivenessNow: a status that has no state yet', () => {
  it('is not running, so no failing liveness', () => {
    const refused = probeResult('dial tcp 10.244.0.2:8081: connect: connection refused', {
      probe: 'liveness',
      atS: 600,
    });
    expect(failingLivenessNow([refused], ms(600), cstatus('app'))).toBeUndefined();
    expect(failingLivenessNow([refused], ms(600), undefined)).toBeUndefined();
  });
});
