import { describe, expect, it } from 'vitest';
import { parseProbe } from './container-fields.js';

/**
 * Probe lines as kubectl describe prints them (pkg/describe DescribeProbe):
 * `http-get <scheme>://<JoinHostPort(host, port)><path> <attrs>`, `tcp-socket <host>:<port> <attrs>`,
 * `grpc <pod>:<port> <service> <attrs>`, `exec [<command>] <attrs>`, `unknown <attrs>`.
 * The http-get and exec values are verbatim from the kubectl fixtures and real pastes.
 */

const DEFAULTS = {
  initialDelaySeconds: 0,
  timeoutSeconds: 1,
  periodSeconds: 10,
  successThreshold: 1,
  failureThreshold: 3,
};

describe('parseProbe: http-get', () => {
  it.each([
    [
      'http-get http://:8085/health-check delay=0s timeout=1s period=10s #success=1 #failure=3',
      { httpGet: { path: '/health-check', port: 8085, scheme: 'HTTP' }, ...DEFAULTS },
    ],
    [
      'http-get http://:http/ready delay=0s timeout=1s period=10s #success=1 #failure=3',
      { httpGet: { path: '/ready', port: 'http', scheme: 'HTTP' }, ...DEFAULTS },
    ],
    [
      'http-get http://:8080/health delay=60s timeout=5s period=10s #success=1 #failure=5',
      {
        httpGet: { path: '/health', port: 8080, scheme: 'HTTP' },
        initialDelaySeconds: 60,
        timeoutSeconds: 5,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 5,
      },
    ],
    [
      'http-get http://:http/ delay=300s timeout=5s period=1s #success=1 #failure=3',
      {
        httpGet: { path: '/', port: 'http', scheme: 'HTTP' },
        initialDelaySeconds: 300,
        timeoutSeconds: 5,
        periodSeconds: 1,
        successThreshold: 1,
        failureThreshold: 3,
      },
    ],
    [
      'http-get https://10.0.0.5:8443/livez delay=10s timeout=15s period=10s #success=1 #failure=8',
      {
        httpGet: { path: '/livez', port: 8443, host: '10.0.0.5', scheme: 'HTTPS' },
        initialDelaySeconds: 10,
        timeoutSeconds: 15,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 8,
      },
    ],
    // net.JoinHostPort brackets an IPv6 host; the host field is the bare address.
    [
      'http-get http://[fd00:10:244::5]:8080/healthz delay=0s timeout=1s period=10s #success=1 #failure=3',
      { httpGet: { path: '/healthz', port: 8080, host: 'fd00:10:244::5', scheme: 'HTTP' }, ...DEFAULTS },
    ],
    // The value column as cut from the line, spaces around it.
    [
      '  http-get http://:8081/healthz delay=10s timeout=1s period=10s #success=1 #failure=3  ',
      {
        httpGet: { path: '/healthz', port: 8081, scheme: 'HTTP' },
        initialDelaySeconds: 10,
        timeoutSeconds: 1,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 3,
      },
    ],
    // An empty path: url.URL prints no slash after the port.
    [
      'http-get http://:8080 delay=0s timeout=1s period=10s #success=1 #failure=3',
      { httpGet: { port: 8080, scheme: 'HTTP' }, ...DEFAULTS },
    ],
  ])('%s', (value, want) => {
    expect(parseProbe(value)).toStrictEqual(want);
  });
});

describe('parseProbe: tcp-socket, grpc, exec, unknown', () => {
  it.each([
    [
      'tcp-socket :9092 delay=0s timeout=1s period=10s #success=1 #failure=3',
      { tcpSocket: { port: 9092 }, ...DEFAULTS },
    ],
    [
      'tcp-socket :redis delay=0s timeout=1s period=10s #success=1 #failure=3',
      { tcpSocket: { port: 'redis' }, ...DEFAULTS },
    ],
    [
      'tcp-socket 10.96.0.10:53 delay=15s timeout=5s period=20s #success=1 #failure=6',
      {
        tcpSocket: { port: 53 },
        initialDelaySeconds: 15,
        timeoutSeconds: 5,
        periodSeconds: 20,
        successThreshold: 1,
        failureThreshold: 6,
      },
    ],
    // The service is printed even when empty, leaving two spaces.
    [
      'grpc <pod>:9090  delay=0s timeout=1s period=10s #success=1 #failure=3',
      { grpc: { port: 9090 }, ...DEFAULTS },
    ],
    [
      'grpc <pod>:2379 readiness delay=0s timeout=1s period=10s #success=1 #failure=3',
      { grpc: { port: 2379 }, ...DEFAULTS },
    ],
    [
      'exec [mysqladmin ping] delay=30s timeout=5s period=10s #success=1 #failure=3',
      {
        exec: { command: ['mysqladmin', 'ping'] },
        initialDelaySeconds: 30,
        timeoutSeconds: 5,
        periodSeconds: 10,
        successThreshold: 1,
        failureThreshold: 3,
      },
    ],
    [
      'exec [mysql -h 127.0.0.1 -e SELECT 1] delay=5s timeout=1s period=2s #success=1 #failure=3',
      {
        exec: { command: ['mysql', '-h', '127.0.0.1', '-e', 'SELECT', '1'] },
        initialDelaySeconds: 5,
        timeoutSeconds: 1,
        periodSeconds: 2,
        successThreshold: 1,
        failureThreshold: 3,
      },
    ],
    // %v of a command whose last argument ends in a space: no empty word is kept.
    [
      'exec [sh -c pg_isready -U postgres ] delay=0s timeout=1s period=10s #success=1 #failure=3',
      { exec: { command: ['sh', '-c', 'pg_isready', '-U', 'postgres'] }, ...DEFAULTS },
    ],
    // A NAME=value word of the command is not a probe attribute.
    [
      'exec [env GOMAXPROCS=2 /app/healthcheck] delay=0s timeout=1s period=10s #success=1 #failure=3',
      { exec: { command: ['env', 'GOMAXPROCS=2', '/app/healthcheck'] }, ...DEFAULTS },
    ],
    ['unknown delay=0s timeout=1s period=10s #success=1 #failure=3', { ...DEFAULTS }],
  ])('%s', (value, want) => {
    expect(parseProbe(value)).toStrictEqual(want);
  });

  it.each(['', '<none>', 'Running'])('%j is not a probe', (value) => {
    expect(parseProbe(value)).toBeUndefined();
  });
});
