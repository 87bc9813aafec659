import { describe, expect, it } from 'vitest';
import { event } from '../../../test/builders.js';
import type { ProbeName } from './probe-spec.js';
import {
  parseProbeKill,
  parseProbeMessage,
  probeFailures,
  probeFixHint,
  probeKills,
  summarizeFailure,
  type FailureSummary,
} from './probe-events.js';

const app = { name: 'app', type: 'app' as const };
const appPath = 'spec.containers{app}';

describe('probe messages pasted with surrounding whitespace', () => {
  it('parses an Unhealthy message after leading blank lines and spaces', () => {
    expect(parseProbeMessage('\n  Liveness probe failed: HTTP probe failed with statuscode: 500')).toEqual({
      probe: 'liveness',
      outcome: 'failed',
      detail: 'HTTP probe failed with statuscode: 500',
    });
  });
  it('parses a Killing message after leading blank lines and spaces', () => {
    expect(parseProbeKill('\n  Container app failed startup probe, will be restarted')).toEqual({
      container: 'app',
      probe: 'startup',
      restart: true,
    });
  });
});

describe('probeFailures', () => {
  const unhealthy = (message: string, fieldPath = appPath, reason = 'Unhealthy') =>
    event({ reason, message, fieldPath });
  it.each<[string, ReturnType<typeof event>, readonly ProbeName[], number]>([
    [
      'a readiness failure of the container',
      unhealthy('Readiness probe failed: HTTP probe failed with statuscode: 503'),
      ['readiness'],
      1,
    ],
    [
      'a probe the caller did not ask for',
      unhealthy('Readiness probe failed: HTTP probe failed with statuscode: 503'),
      ['liveness', 'startup'],
      0,
    ],
    [
      'another container',
      unhealthy('Readiness probe failed: HTTP probe failed with statuscode: 503', 'spec.containers{sidecar}'),
      ['readiness'],
      0,
    ],
    [
      'an Unhealthy message that is no probe text',
      unhealthy('something else entirely'),
      ['readiness', 'liveness', 'startup'],
      0,
    ],
    [
      'a probe-shaped message under another reason',
      unhealthy('Readiness probe failed: HTTP probe failed with statuscode: 503', appPath, 'BackOff'),
      ['readiness'],
      0,
    ],
  ])('%s', (_name, e, probes, count) => {
    const found = probeFailures([e], app, false, probes);
    expect(found).toHaveLength(count);
    if (count === 1)
      expect(found[0]?.parsed).toEqual({
        probe: 'readiness',
        outcome: 'failed',
        detail: 'HTTP probe failed with statuscode: 503',
      });
  });
});

describe('probeKills', () => {
  const byId =
    'Killing container with id docker://4b3a4e2f9c8d:Container failed liveness probe.. Container will be killed and recreated.';
  it('does not give a kill naming only a runtime ID to a container unless told it is the sole one', () => {
    const e = event({ reason: 'Killing', message: byId });
    expect(probeKills([e], app)).toEqual([]);
    expect(probeKills([e], app, true)).toEqual([
      { event: e, kill: { container: '', probe: 'liveness', restart: true } },
    ]);
  });
  it('counts only Killing events', () => {
    const message = 'Container app failed liveness probe, will be restarted';
    expect(probeKills([event({ reason: 'Killing', message })], app)).toHaveLength(1);
    expect(probeKills([event({ reason: 'BackOff', message })], app)).toEqual([]);
  });
});

describe('summarizeFailure texts', () => {
  const long = 'x'.repeat(250);
  it.each<[string, string, FailureSummary]>([
    [
      'no route to host with the URL',
      'Get "http://10.0.0.5:8080/healthz": dial tcp 10.0.0.5:8080: connect: no route to host',
      { kind: 'unreachable', text: 'no route to host (GET http://10.0.0.5:8080/healthz)' },
    ],
    [
      'network is unreachable',
      'dial tcp 10.0.0.5:8080: connect: network is unreachable',
      { kind: 'unreachable', text: 'no route to host' },
    ],
    [
      'connection reset with the URL',
      'Get "http://10.0.0.5:8080/healthz": read tcp 10.0.0.1:43210->10.0.0.5:8080: read: connection reset by peer',
      { kind: 'reset', text: 'connection reset (GET http://10.0.0.5:8080/healthz)' },
    ],
    [
      'EOF',
      'Get "http://10.0.0.5:8080/": EOF',
      { kind: 'reset', text: 'connection reset (GET http://10.0.0.5:8080/)' },
    ],
    [
      'the last non-blank line, trimmed',
      'first\n  second line  \n   \n',
      { kind: 'other', text: 'second line' },
    ],
    ['a line of exactly 200 characters', 'y'.repeat(200), { kind: 'other', text: 'y'.repeat(200) }],
    ['a line of 201 characters', 'z'.repeat(201), { kind: 'other', text: `${'z'.repeat(197)}...` }],
    ['a long line', long, { kind: 'other', text: `${'x'.repeat(197)}...` }],
  ])('%s', (_name, detail, summary) => {
    expect(summarizeFailure(detail)).toEqual(summary);
  });
});

describe('probeFixHint sentences', () => {
  const reach =
    'The probe could not reach the app: check that it listens on the pod IP (not only 127.0.0.1) and on the probed port.';
  it.each<[string, ProbeName, FailureSummary, string]>([
    [
      '404',
      'liveness',
      { kind: 'status', text: 'HTTP status 404', statusCode: 404 },
      'The probed path does not exist: point httpGet.path at the endpoint the app really serves.',
    ],
    [
      '503',
      'readiness',
      { kind: 'status', text: 'HTTP status 503', statusCode: 503 },
      'The endpoint answers with an error status: check why the app reports itself unhealthy (its logs), or whether the readiness probe checks the right thing.',
    ],
    [
      'timeout',
      'startup',
      { kind: 'timeout', text: 'timed out' },
      'The endpoint answers too slowly: make the check cheaper or raise timeoutSeconds (default 1s).',
    ],
    ['unreachable', 'readiness', { kind: 'unreachable', text: 'no route to host' }, reach],
    ['reset', 'liveness', { kind: 'reset', text: 'connection reset' }, reach],
  ])('%s', (_name, probe, summary, hint) => {
    expect(probeFixHint(probe, summary)).toBe(hint);
  });
});
