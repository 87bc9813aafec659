/**
 * A startup or liveness probe that fails but has not restarted anything yet is progressing for as
 * long as the kubelet lets it fail: failureThreshold × periodSeconds in a row (after
 * initialDelaySeconds for a startup probe), from the spec when the evidence has it, else the
 * defaults (3 × 10 s). Failures seen over that long or longer should have restarted the container:
 * failed. (A probe is a check the kubelet repeats, so its failure lasts from first to last seen.)
 */
import { describe, expect, it } from 'vitest';
import { container, event, ms, pod, snapshot } from './builders.js';
import type { Probe } from '../src/model/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';

/** The verdict when the probe's failures were seen from 0 to `spanS` seconds, judged 5 s later. */
function judged(probe: 'startup' | 'liveness', spec: Probe | undefined, spanS: number) {
  const field = probe === 'startup' ? 'startupProbe' : 'livenessProbe';
  const app = container('app', spec === undefined ? {} : { [field]: spec });
  const failures = event({
    reason: 'Unhealthy',
    message: `${probe === 'startup' ? 'Startup' : 'Liveness'} probe failed: Get "http://10.0.0.7:8080/healthz": dial tcp 10.0.0.7:8080: connect: connection refused`,
    fieldPath: 'spec.containers{app}',
    count: 2,
    firstS: 0,
    lastS: spanS,
  });
  const snap = snapshot({ pods: [pod({ containers: [app], phase: 'Pending' })], events: [failures] });
  const d = diagnose(snap, { now: ms(spanS + 5), rules: RULES }).diagnoses.find(
    (x) => x.target.kind === 'Pod',
  );
  return `${d?.verdict} ${d?.stage} ${d?.reason}`;
}

const slowStart: Probe = {
  httpGet: { path: '/healthz', port: 8080 },
  periodSeconds: 10,
  failureThreshold: 30,
};

describe('a failing probe is progressing within its budget, failed past it', () => {
  it.each([
    // [probe, spec, budget seconds]
    ['startup', slowStart, 300],
    ['startup', { ...slowStart, initialDelaySeconds: 60 }, 360],
    ['startup', { ...slowStart, failureThreshold: 12, periodSeconds: 5 }, 60],
    ['startup', undefined, 30],
    ['liveness', { ...slowStart, failureThreshold: 6 }, 60],
    // a liveness probe's initial delay is before its first try, not part of its failing streak
    ['liveness', { ...slowStart, failureThreshold: 6, initialDelaySeconds: 120 }, 60],
    ['liveness', undefined, 30],
  ] as const)('%s probe %o: budget %d s', (probe, spec, budget) => {
    const reason = probe === 'startup' ? 'StartupProbeFailed' : 'LivenessProbeFailed';
    expect(judged(probe, spec, budget - 1)).toBe(`progressing liveness ${reason}`);
    expect(judged(probe, spec, budget)).toBe(`failed liveness ${reason}`);
    expect(judged(probe, spec, budget + 1)).toBe(`failed liveness ${reason}`);
  });
});
