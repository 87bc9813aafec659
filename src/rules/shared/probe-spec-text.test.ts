import { describe, expect, it } from 'vitest';
import type { Probe } from '../../model/index.js';
import { formatProbe, probeBudgetSeconds, probeCheckCommands, probePort } from './probe-spec.js';

describe('formatProbe handler text', () => {
  it.each<[string, Probe, string]>([
    ['empty httpGet port', { httpGet: { port: '' } }, 'httpGet http://:?/'],
    ['missing tcpSocket port', { tcpSocket: {} as { port: number } }, 'tcpSocket :?'],
    [
      'path without a leading slash',
      { httpGet: { path: 'healthz', port: 8080 } },
      'httpGet http://:8080/healthz',
    ],
    [
      'path with a leading slash',
      { httpGet: { path: '/healthz', port: 8080 } },
      'httpGet http://:8080/healthz',
    ],
    ['lower-case https scheme', { httpGet: { port: 8443, scheme: 'https' } }, 'httpGet https://:8443/'],
    ['exec without a command', { exec: {} }, 'exec []'],
    ['exec of exactly 80 characters', { exec: { command: ['x'.repeat(80)] } }, `exec [${'x'.repeat(80)}]`],
    [
      'exec of 81 characters, cut to 77 and an ellipsis',
      { exec: { command: ['y'.repeat(40), 'z'.repeat(40)] } },
      `exec [${'y'.repeat(40)} ${'z'.repeat(36)}...]`,
    ],
  ])('%s', (_name, probe, text) => {
    expect(formatProbe(probe)).toBe(text);
  });
});

describe('probeBudgetSeconds fallbacks', () => {
  it.each<[string, Probe, number]>([
    ['infinite delay falls back to 0', { initialDelaySeconds: Infinity }, 30],
    ['NaN delay falls back to 0', { initialDelaySeconds: Number.NaN }, 30],
    ['negative delay falls back to 0', { initialDelaySeconds: -5 }, 30],
    ['zero delay is kept', { initialDelaySeconds: 0, periodSeconds: 2, failureThreshold: 1 }, 2],
    ['infinite period falls back to 10', { periodSeconds: Infinity, failureThreshold: 1 }, 10],
    ['negative threshold falls back to 3', { failureThreshold: -2, periodSeconds: 1 }, 3],
  ])('%s', (_name, probe, seconds) => {
    expect(probeBudgetSeconds(probe)).toBe(seconds);
  });
});

describe('probePort', () => {
  it.each<[string, Probe, number | string | undefined]>([
    ['httpGet numeric', { httpGet: { port: 8080 } }, 8080],
    ['httpGet named', { httpGet: { port: 'http' } }, 'http'],
    ['tcpSocket', { tcpSocket: { port: 5432 } }, 5432],
    ['grpc', { grpc: { port: 9090 } }, 9090],
    ['exec names none', { exec: { command: ['true'] } }, undefined],
    ['no handler', {}, undefined],
  ])('%s', (_name, probe, port) => {
    expect(probePort(probe)).toBe(port);
  });
});

describe('probeCheckCommands curl line', () => {
  it.each<[string, Probe, string]>([
    [
      'HTTPS scheme adds -k',
      { httpGet: { port: 8443, scheme: 'HTTPS', path: '/live' } },
      'curl -ik https://127.0.0.1:8443/live',
    ],
    [
      'https scheme in lower case',
      { httpGet: { port: 8443, scheme: 'https' } },
      'curl -ik https://127.0.0.1:8443/',
    ],
    [
      'HTTP scheme',
      { httpGet: { port: 8080, scheme: 'HTTP', path: '/live' } },
      'curl -i http://127.0.0.1:8080/live',
    ],
    ['no path probes /', { httpGet: { port: 8080 } }, 'curl -i http://127.0.0.1:8080/'],
    [
      'path without a slash',
      { httpGet: { port: 8080, path: 'ready' } },
      'curl -i http://127.0.0.1:8080/ready',
    ],
  ])('%s', (_name, probe, curl) => {
    expect(probeCheckCommands('web-1', undefined, probe)).toEqual([
      `kubectl port-forward pod/web-1 ${String(probe.httpGet?.port)}:${String(probe.httpGet?.port)}`,
      curl,
    ]);
  });
  it('builds nothing without a probe', () => {
    expect(probeCheckCommands('web-1', 'prod', undefined)).toEqual([]);
  });
});
