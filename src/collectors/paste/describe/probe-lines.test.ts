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

describe('probe lines: each kind, field and edge', () => {
  it.each([
    [
      'grpc',
      'Liveness:  grpc <pod>:9090  delay=0s timeout=1s period=10s #success=1 #failure=3',
      { grpc: { port: 9090 } },
    ],
    ['unknown', 'Liveness:  unknown delay=0s timeout=1s period=10s #success=1 #failure=3', {}],
  ])('%s', (_, line, handler) => {
    expect(containerOf([line])).toEqual({
      name: UNNAMED_CONTAINER,
      livenessProbe: {
        ...handler,
        initialDelaySeconds: 0,
        timeoutSeconds: 1,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 3,
      },
    });
  });

  it('reads from the line it is given and stops at the first line that is none', () => {
    const lines = [
      'Containers:',
      'Readiness:  tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3',
      'Startup:  tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=30',
      'Ready:  False',
    ];
    expect(parseProbeLines(lines, 0)).toBeUndefined();
    const got = parseProbeLines(lines, 1);
    expect([got?.end, got?.objects.length, got?.objects[0]?.line]).toEqual([3, 1, 2]);
    expect(Object.keys(containerOf(lines, 1) ?? {})).toEqual(['name', 'readinessProbe', 'startupProbe']);
    expect(got?.objects[0]?.inferredName).toBe("a container's probe lines cut out of kubectl describe");
  });

  it('a second probe of the same kind is the next container: the block ends before it', () => {
    const line = 'Liveness:  tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3';
    expect(parseProbeLines([line, line], 0)?.end).toBe(1);
  });

  it.each([
    [
      'a kind kubectl never prints',
      'Liveness:  http-post http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
    ['an attribute missing', 'Liveness:  tcp-socket :80 delay=0s timeout=1s #success=1 #failure=3'],
    [
      'an attribute without its unit',
      'Liveness:  tcp-socket :80 delay=0 timeout=1s period=10s #success=1 #failure=3',
    ],
    [
      'words after the attributes',
      'Liveness:  tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3 (from the chart)',
    ],
    [
      'a field other than a probe',
      'Readiness Gates:  tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
    [
      'no space after the colon',
      'Liveness:tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
    [
      'a prefix before the field',
      'note Liveness:  tcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3',
    ],
  ])('%s is not read', (_, line) => {
    expect(parseProbeLines([line], 0)).toBeUndefined();
  });

  it("trailing spaces and tabs around the line are kubectl's padding", () => {
    expect(
      parseProbeLines(
        ['\tLiveness:\ttcp-socket :80 delay=0s timeout=1s period=10s #success=1 #failure=3  '],
        0,
      )?.end,
    ).toBe(1);
  });
});
