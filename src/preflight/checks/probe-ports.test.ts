import { describe, expect, it } from 'vitest';
import { checkProbePorts } from './probe-ports.js';
import { container, ctx } from './test-helpers.js';

const PORTS = [
  { name: 'http', containerPort: 8080 },
  { containerPort: 9090, protocol: 'TCP' },
];
const run = (extra: Record<string, unknown>, init: Record<string, unknown>[] = []) =>
  checkProbePorts(ctx({ initContainers: init, containers: [container('web', extra)] }));

/** A startup probe silences the timing warning so the port cases stand alone. */
const STARTUP_OK = { startupProbe: { exec: { command: ['true'] } } };

describe('probe-ports: named ports', () => {
  it.each([
    {
      field: 'readinessProbe',
      probe: { httpGet: { path: '/ready', port: 'web' } },
      handler: 'httpGet',
      stage: 'readiness',
      reason: 'ReadinessProbeFailed',
      word: 'readiness',
    },
    {
      field: 'livenessProbe',
      probe: { tcpSocket: { port: 'admin' }, periodSeconds: 10, failureThreshold: 3 },
      handler: 'tcpSocket',
      stage: 'liveness',
      reason: 'LivenessProbeFailed',
      word: 'liveness',
    },
    {
      field: 'startupProbe',
      probe: { grpc: { port: 'grpc' } },
      handler: 'grpc',
      stage: 'liveness',
      reason: 'StartupProbeFailed',
      word: 'startup',
    },
  ])('$field naming an undeclared port fails at $stage', ({ field, probe, handler, stage, reason, word }) => {
    const port = (probe as Record<string, { port: string }>)[handler]?.port ?? '';
    const extra = { ...STARTUP_OK, ports: PORTS, [field]: probe };
    expect(run(extra)).toStrictEqual([
      {
        check: 'probe-ports',
        outcome: 'fail',
        stage,
        reason,
        message: `the ${word} probe names port "${port}", which container "web" does not declare`,
        evidence: [
          { source: 'spec', text: `containers[0].${field}.${handler}.port: ${port}` },
          { source: 'spec', text: 'containers[0].ports: 8080 (http), 9090' },
        ],
        nextSteps: [
          `declare a port named "${port}" in containers[0].ports, or set containers[0].${field}.${handler}.port to the port number`,
        ],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it.each(['metrics9', '9p', '8080a'])('%s is a name, not a number', (port) => {
    const findings = run({ ...STARTUP_OK, ports: PORTS, readinessProbe: { httpGet: { port } } });
    expect(findings.map((f) => f.message)).toStrictEqual([
      `the readiness probe names port "${port}", which container "web" does not declare`,
    ]);
  });

  it('a declared port without a number shows as ?', () => {
    const findings = run({ ports: [{ name: 'odd' }], readinessProbe: { tcpSocket: { port: 'http' } } });
    expect(findings.map((f) => f.evidence[1]?.text)).toStrictEqual(['containers[0].ports: ? (odd)']);
  });

  it('a container with no ports at all says so', () => {
    const findings = run({ readinessProbe: { httpGet: { port: 'http' } } });
    expect(findings.map((f) => f.evidence[1]?.text)).toStrictEqual(['containers[0].ports: none']);
  });

  it('reports each failing probe of a container, startup then liveness then readiness', () => {
    const findings = run({
      ports: PORTS,
      readinessProbe: { httpGet: { port: 'r' } },
      livenessProbe: { httpGet: { port: 'l' } },
      startupProbe: { tcpSocket: { port: 's' } },
    });
    expect(findings.map((f) => [f.stage, f.reason, f.message])).toStrictEqual([
      [
        'liveness',
        'StartupProbeFailed',
        'the startup probe names port "s", which container "web" does not declare',
      ],
      [
        'liveness',
        'LivenessProbeFailed',
        'the liveness probe names port "l", which container "web" does not declare',
      ],
      [
        'readiness',
        'ReadinessProbeFailed',
        'the readiness probe names port "r", which container "web" does not declare',
      ],
    ]);
  });

  it('a port declared by another container does not count (ports are per container)', () => {
    const findings = checkProbePorts(
      ctx({
        containers: [
          container('web', { readinessProbe: { httpGet: { port: 'metrics' } } }),
          container('exporter', { ports: [{ name: 'metrics', containerPort: 9100 }] }),
        ],
      }),
    );
    expect(findings.map((f) => [f.container, f.message])).toStrictEqual([
      [
        { name: 'web', type: 'app' },
        'the readiness probe names port "metrics", which container "web" does not declare',
      ],
    ]);
  });

  it('checks sidecar init containers too', () => {
    const findings = run({}, [
      container('proxy', {
        restartPolicy: 'Always',
        ports: [{ name: 'admin', containerPort: 15000 }],
        readinessProbe: { httpGet: { port: 'health' } },
      }),
    ]);
    expect(findings.map((f) => [f.container, f.evidence[0]?.text])).toStrictEqual([
      [{ name: 'proxy', type: 'init' }, 'initContainers[0].readinessProbe.httpGet.port: health'],
    ]);
  });

  it.each([
    { name: 'declared name', probe: { httpGet: { port: 'http' } } },
    { name: 'a number', probe: { httpGet: { port: 8080 } } },
    { name: 'an undeclared number', probe: { tcpSocket: { port: 7000 } } },
    { name: 'a number written as a string', probe: { httpGet: { port: '8080' } } },
    { name: 'an exec probe', probe: { exec: { command: ['cat', '/tmp/ok'] } } },
  ])('no finding: $name', ({ probe }) => {
    expect(run({ ...STARTUP_OK, ports: PORTS, readinessProbe: probe, livenessProbe: probe })).toStrictEqual(
      [],
    );
  });
});

describe('probe-ports: liveness timing', () => {
  it.each([
    { probe: { periodSeconds: 5 }, budget: 15, delay: 0, threshold: 3, period: 5 },
    { probe: { failureThreshold: 2 }, budget: 20, delay: 0, threshold: 2, period: 10 },
    {
      probe: { initialDelaySeconds: 9, failureThreshold: 2, periodSeconds: 10 },
      budget: 29,
      delay: 9,
      threshold: 2,
      period: 10,
    },
    { probe: { failureThreshold: 1, periodSeconds: 1 }, budget: 1, delay: 0, threshold: 1, period: 1 },
  ])('warns under 30 s: $budget s', ({ probe, budget, delay, threshold, period }) => {
    expect(run({ livenessProbe: { httpGet: { port: 8080 }, ...probe } })).toStrictEqual([
      {
        check: 'probe-ports',
        outcome: 'warn',
        stage: 'liveness',
        reason: 'LivenessProbeFailed',
        message: `container "web" must answer its liveness probe within ${budget} s of starting (initialDelaySeconds ${delay} + failureThreshold ${threshold} × periodSeconds ${period}) or be restarted, and it has no startup probe`,
        evidence: [
          {
            source: 'spec',
            text: `containers[0].livenessProbe: initialDelaySeconds ${delay}, failureThreshold ${threshold}, periodSeconds ${period}`,
          },
        ],
        nextSteps: [
          'add a startupProbe to containers[0] whose failureThreshold × periodSeconds covers the slowest start, or raise containers[0].livenessProbe.initialDelaySeconds',
        ],
        container: { name: 'web', type: 'app' },
      },
    ]);
  });

  it.each([
    { name: 'defaults: exactly 30 s', probe: {} },
    { name: '10 + 2 × 10 = 30 s', probe: { initialDelaySeconds: 10, failureThreshold: 2 } },
    { name: 'generous', probe: { initialDelaySeconds: 60, periodSeconds: 5 } },
  ])('no warning at or above 30 s: $name', ({ probe }) => {
    expect(run({ livenessProbe: { exec: { command: ['true'] }, ...probe } })).toStrictEqual([]);
  });

  it('a startup probe removes the warning', () => {
    expect(
      run({ livenessProbe: { exec: { command: ['true'] }, periodSeconds: 1 }, ...STARTUP_OK }),
    ).toStrictEqual([]);
  });

  it('a readiness probe alone never warns', () => {
    expect(
      run({ readinessProbe: { exec: { command: ['true'] }, periodSeconds: 1, failureThreshold: 1 } }),
    ).toStrictEqual([]);
  });
});
