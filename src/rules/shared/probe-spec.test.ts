import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Probe } from '../../model/index.js';
import { formatProbe, probeBudgetSeconds, probeCheckCommands, probeOf } from './probe-spec.js';

describe('formatProbe', () => {
  it('quotes the handler and only the fields the spec sets', () => {
    expect(
      formatProbe({ httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 10, failureThreshold: 3 }),
    ).toBe('httpGet http://:8080/healthz, periodSeconds=10, failureThreshold=3');
    expect(formatProbe({ httpGet: { port: 'http', scheme: 'HTTPS' }, initialDelaySeconds: 5 })).toBe(
      'httpGet https://:http/, initialDelaySeconds=5',
    );
    expect(formatProbe({ tcpSocket: { port: 5432 } })).toBe('tcpSocket :5432');
    expect(formatProbe({ grpc: { port: 9090 }, timeoutSeconds: 2 })).toBe('grpc :9090, timeoutSeconds=2');
    expect(formatProbe({ exec: { command: ['cat', '/tmp/healthy'] } })).toBe('exec [cat /tmp/healthy]');
    expect(formatProbe({})).toBe('handler not in the evidence');
  });
  it('never throws and always names a handler (property)', () => {
    const probe = fc.record(
      {
        httpGet: fc.record(
          { path: fc.string(), port: fc.oneof(fc.integer(), fc.string()) },
          { requiredKeys: ['port'] },
        ),
        exec: fc.record({ command: fc.array(fc.string()) }),
        periodSeconds: fc.integer(),
        failureThreshold: fc.integer(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(probe, (p) => {
        expect(formatProbe(p as Probe).length).toBeGreaterThan(0);
        expect(Number.isFinite(probeBudgetSeconds(p as Probe))).toBe(true);
      }),
    );
  });
});

describe('probeBudgetSeconds', () => {
  it('is initialDelaySeconds + failureThreshold x periodSeconds with Kubernetes defaults', () => {
    expect(probeBudgetSeconds({})).toBe(30);
    expect(probeBudgetSeconds({ initialDelaySeconds: 20, periodSeconds: 5, failureThreshold: 6 })).toBe(50);
    expect(probeBudgetSeconds({ periodSeconds: -1, failureThreshold: 0 })).toBe(30);
  });
});

describe('probeOf and probeCheckCommands', () => {
  it('finds the probe and builds port-forward + curl for numeric httpGet ports', () => {
    const probe: Probe = { httpGet: { path: 'ready', port: 8080 } };
    expect(probeOf({ name: 'app', readinessProbe: probe }, 'readiness')).toBe(probe);
    expect(probeOf(undefined, 'liveness')).toBeUndefined();
    expect(probeCheckCommands('web-1', 'prod', probe)).toEqual([
      'kubectl port-forward pod/web-1 -n prod 8080:8080',
      'curl -i http://127.0.0.1:8080/ready',
    ]);
    expect(probeCheckCommands('web-1', 'prod', { httpGet: { port: 'http' } })).toEqual([]);
    expect(probeCheckCommands('web-1', undefined, { tcpSocket: { port: 80 } })).toEqual([]);
  });
});
