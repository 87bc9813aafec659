import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cond, container, cstatus, pod, state } from '../../../test/builders.js';
import { notReadyWhy, readyGraceSeconds, unreadyNames } from './pod-readiness.js';

describe('unreadyNames', () => {
  it('reads the kubelet condition message', () => {
    expect(unreadyNames('containers with unready status: [app sidecar]')).toEqual(['app', 'sidecar']);
    expect(unreadyNames('containers with unready status: []')).toEqual([]);
    expect(unreadyNames(undefined)).toEqual([]);
  });
  it('round-trips container name lists (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,20}[a-z0-9])?$/), { maxLength: 5 }),
        (names) => {
          expect(unreadyNames(`containers with unready status: [${names.join(' ')}]`)).toEqual(names);
        },
      ),
    );
  });
});

describe('readyGraceSeconds', () => {
  it('uses the probe budgets, else 60 s', () => {
    expect(readyGraceSeconds(container('app'))).toBe(60);
    expect(
      readyGraceSeconds(container('app', { readinessProbe: { httpGet: { port: 80 }, periodSeconds: 5 } })),
    ).toBe(15);
    expect(
      readyGraceSeconds(
        container('app', {
          readinessProbe: { tcpSocket: { port: 80 } },
          startupProbe: { tcpSocket: { port: 80 }, failureThreshold: 30 },
        }),
      ),
    ).toBe(330);
  });
});

describe('notReadyWhy', () => {
  it('names the status column and the unready containers', () => {
    const p = pod({
      phase: 'Running',
      conditions: [
        cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [app]'),
      ],
      containerStatuses: [cstatus('app', { state: state.running(1) })],
    });
    expect(notReadyWhy(p)).toBe('Running, containers with unready status: [app]');
  });
});
