import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { event } from '../../../test/builders.js';
import {
  aboutContainer,
  parseProbeKill,
  parseProbeMessage,
  probeFixHint,
  summarizeFailure,
} from './probe-events.js';

describe('parseProbeMessage', () => {
  it('reads the failed, errored and aggregated forms', () => {
    expect(parseProbeMessage('Readiness probe failed: HTTP probe failed with statuscode: 503')).toEqual({
      probe: 'readiness',
      outcome: 'failed',
      detail: 'HTTP probe failed with statuscode: 503',
    });
    expect(
      parseProbeMessage('Liveness probe errored and resulted in unknown state: rpc error: code = Unknown'),
    ).toEqual({
      probe: 'liveness',
      outcome: 'errored',
      detail: 'rpc error: code = Unknown',
    });
    expect(parseProbeMessage('Startup probe errored: exec failed')?.outcome).toBe('errored');
    expect(parseProbeMessage('(combined from similar events): Readiness probe failed: a\nb')).toEqual({
      probe: 'readiness',
      outcome: 'failed',
      detail: 'a\nb',
    });
  });
  it('ignores other messages', () => {
    expect(parseProbeMessage('Readiness probe warning: too many redirects')).toBeUndefined();
    expect(parseProbeMessage('Back-off restarting failed container')).toBeUndefined();
    expect(parseProbeMessage('')).toBeUndefined();
  });
  it('round-trips any probe kind and detail (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Liveness', 'Readiness', 'Startup'),
        fc.constantFrom('failed', 'errored'),
        fc.string(),
        (kind, outcome, detail) => {
          const parsed = parseProbeMessage(`${kind} probe ${outcome}: ${detail}`);
          expect(parsed?.probe).toBe(kind.toLowerCase());
          expect(parsed?.outcome).toBe(outcome);
          expect(parsed?.detail).toBe(detail.trim());
        },
      ),
    );
  });
  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        parseProbeMessage(s);
        parseProbeKill(s);
        const summary = summarizeFailure(s);
        expect(summary.text.length).toBeGreaterThan(0);
        expect(probeFixHint('liveness', summary).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('parseProbeKill', () => {
  it('reads liveness and startup kills, with and without restart', () => {
    expect(parseProbeKill('Container app failed liveness probe, will be restarted')).toEqual({
      container: 'app',
      probe: 'liveness',
      restart: true,
    });
    expect(parseProbeKill('Container db failed startup probe')).toEqual({
      container: 'db',
      probe: 'startup',
      restart: false,
    });
    expect(parseProbeKill('Stopping container app')).toBeUndefined();
    expect(parseProbeKill('Container app definition changed, will be restarted')).toBeUndefined();
  });
  it('reads the kill messages of older kubelets (1.9-1.15 and 1.3-1.8)', () => {
    const cases: [string, { container: string; probe: 'liveness' | 'startup'; restart: boolean }][] = [
      [
        'Killing container with id docker://liveness:Container failed liveness probe.. Container will be killed and recreated.',
        { container: 'liveness', probe: 'liveness', restart: true },
      ],
      [
        'Killing container with id containerd://calico-node:Container failed liveness probe.. Container will be killed and recreated.',
        { container: 'calico-node', probe: 'liveness', restart: true },
      ],
      [
        'Killing container with docker id 7dc6893a5f79: pod "lbapp-rc-m2eoe_default(755cd7f6-3387-11e6-ac39-080027048954)" container "liveness" is unhealthy, it will be killed and re-created.',
        { container: 'liveness', probe: 'liveness', restart: true },
      ],
      [
        'Killing container with id docker://2ac946a0b1c2:pod "kuard_default(9ee84f2c)" container "kuard" is unhealthy, it will be killed and re-created.',
        { container: 'kuard', probe: 'liveness', restart: true },
      ],
      [
        '(combined from similar events): Container web failed startup probe, will be restarted',
        { container: 'web', probe: 'startup', restart: true },
      ],
    ];
    for (const [message, kill] of cases) expect(parseProbeKill(message), message).toEqual(kill);
    // A container ID where 1.9-era messages put the name: the container is not named.
    expect(
      parseProbeKill('Killing container with id docker://0123456789abcdef:Container failed liveness probe..')
        ?.container,
    ).toBe('');
    expect(
      parseProbeKill(
        'Killing container with id docker://client:Container spec hash changed (3635549375 vs 3145631940).. Container will be killed and recreated.',
      ),
    ).toBeUndefined();
  });
  it('round-trips container names (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,20}[a-z0-9])?$/),
        fc.boolean(),
        (name, restart) => {
          const kill = parseProbeKill(
            `Container ${name} failed liveness probe${restart ? ', will be restarted' : ''}`,
          );
          expect(kill).toEqual({ container: name, probe: 'liveness', restart });
        },
      ),
    );
  });
});

describe('summarizeFailure', () => {
  it('classifies the common probe outputs', () => {
    expect(summarizeFailure('HTTP probe failed with statuscode: 404')).toEqual({
      kind: 'status',
      text: 'HTTP status 404',
      statusCode: 404,
    });
    expect(
      summarizeFailure(
        'Get "http://10.0.0.5:8080/healthz": dial tcp 10.0.0.5:8080: connect: connection refused',
      ).text,
    ).toBe('connection refused (GET http://10.0.0.5:8080/healthz)');
    expect(
      summarizeFailure(
        'Get "http://10.0.0.5:8080/": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
      ).kind,
    ).toBe('timeout');
    expect(summarizeFailure('dial tcp 10.0.0.5:80: connect: no route to host').kind).toBe('unreachable');
    expect(summarizeFailure('line one\ncalico/node is not ready: BIRD is not ready\n\n').text).toBe(
      'calico/node is not ready: BIRD is not ready',
    );
    expect(summarizeFailure('').text).toBe('no output');
  });
});

describe('aboutContainer', () => {
  const ref = { name: 'app', type: 'app' as const };
  it('prefers the fieldPath, then a name, then a sole container', () => {
    expect(
      aboutContainer(event({ reason: 'Unhealthy', fieldPath: 'spec.containers{app}' }), ref, false),
    ).toBe(true);
    expect(
      aboutContainer(event({ reason: 'Unhealthy', fieldPath: 'spec.initContainers{app}' }), ref, true),
    ).toBe(false);
    expect(aboutContainer(event({ reason: 'Unhealthy' }), ref, false, 'app')).toBe(true);
    expect(aboutContainer(event({ reason: 'Unhealthy' }), ref, true, 'other')).toBe(false);
    expect(aboutContainer(event({ reason: 'Unhealthy' }), ref, true)).toBe(true);
    expect(aboutContainer(event({ reason: 'Unhealthy' }), ref, false)).toBe(false);
  });
});
