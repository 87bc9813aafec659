import { describe, expect, it } from 'vitest';
import { UNNAMED_CONTAINER, UNNAMED_POD } from '../common/types.js';
import { parseProbeLines } from './probe-lines.js';

const containerOf = (lines: string[], start = 0) =>
  (
    parseProbeLines(lines, start)?.objects[0]?.raw.spec as
      { containers: Record<string, unknown>[] } | undefined
  )?.containers[0];

describe("a container's probe lines cut out of kubectl describe", () => {
  it.each([
    [
      'http-get with kubectl indenting',
      '    Readiness:  http-get http://:15021/healthz/ready delay=1s timeout=1s period=2s #success=1 #failure=30',
      'readinessProbe',
      {
        httpGet: { path: '/healthz/ready', port: 15021, scheme: 'HTTP' },
        initialDelaySeconds: 1,
        timeoutSeconds: 1,
        periodSeconds: 2,
        successThreshold: 1,
        failureThreshold: 30,
      },
    ],
    [
      'tcp-socket',
      'Liveness:   tcp-socket :5432 delay=30s timeout=5s period=10s #success=1 #failure=6',
      'livenessProbe',
      {
        tcpSocket: { port: 5432 },
        initialDelaySeconds: 30,
        timeoutSeconds: 5,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 6,
      },
    ],
    [
      'exec',
      'Startup:  exec [pg_isready -U postgres] delay=0s timeout=1s period=10s #success=1 #failure=30',
      'startupProbe',
      {
        exec: { command: ['pg_isready', '-U', 'postgres'] },
        initialDelaySeconds: 0,
        timeoutSeconds: 1,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 30,
      },
    ],
  ])('%s', (_, line, field, probe) => {
    const got = parseProbeLines([line], 0);
    expect(got?.end).toBe(1);
    expect(got?.objects[0]?.raw.metadata).toEqual({ name: UNNAMED_POD });
    expect(containerOf([line])).toEqual({ name: UNNAMED_CONTAINER, [field]: probe });
  });

  it('consecutive probe lines are one container', () => {
    const lines = [
      '    Liveness:   http-get http://:8080/healthz delay=10s timeout=1s period=10s #success=1 #failure=3',
      '    Readiness:  http-get http://:8080/ready delay=5s timeout=1s period=5s #success=1 #failure=3',
      '    Environment:  <none>',
    ];
    expect(parseProbeLines(lines, 0)?.end).toBe(2);
    expect(Object.keys(containerOf(lines) ?? {})).toEqual(['name', 'livenessProbe', 'readinessProbe']);
  });

  it.each([
    ['a sentence about probes', 'Readiness: the probe fails with #failure=3 after a while'],
    ['the probe without its attributes', 'Liveness:  http-get http://:8080/healthz'],
    ['another field', 'Image:  nginx:1.27'],
  ])('%s is not read', (_, line) => {
    expect(parseProbeLines([line], 0)).toBeUndefined();
  });
});
