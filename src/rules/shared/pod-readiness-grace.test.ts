import { describe, expect, it } from 'vitest';
import { cond, container, event, ms, pod } from '../../../test/builders.js';
import type { EventRecord, Pod } from '../../model/index.js';
import type { PodContext } from '../types.js';
import {
  notReadyWhy,
  podFinished,
  readinessEntries,
  readinessFailuresSince,
  readyGraceSeconds,
  readySince,
} from './pod-readiness.js';

describe('podFinished', () => {
  it.each<[string, boolean]>([
    ['Succeeded', true],
    ['Failed', true],
    ['Running', false],
  ])('%s', (phase, want) => {
    expect(podFinished(pod({ phase }))).toBe(want);
  });
});

describe('readinessEntries', () => {
  it('takes app containers and restartable (sidecar) init containers, not plain init containers', () => {
    const p = pod({
      containers: [container('app')],
      initContainers: [container('migrate'), container('proxy', { restartPolicy: 'Always' })],
    });
    expect(readinessEntries(p).map((e) => `${e.ref.type}/${e.ref.name}`)).toEqual(['app/app', 'init/proxy']);
  });
});

describe('readyGraceSeconds', () => {
  it('uses a startup probe alone (10 s x 30 = 300 s)', () => {
    const startupProbe = {
      httpGet: { path: '/healthz', port: 8080 },
      periodSeconds: 10,
      failureThreshold: 30,
    };
    expect(readyGraceSeconds(container('app', { startupProbe }))).toBe(300);
  });
});

describe('readinessFailuresSince', () => {
  const failure = (lastS?: number): EventRecord => {
    const e = event({
      reason: 'Unhealthy',
      message: 'Readiness probe failed: HTTP probe failed with statuscode: 503',
      lastS: lastS ?? 0,
    });
    if (lastS !== undefined) return e;
    return { regarding: e.regarding, reason: e.reason, message: e.message, type: e.type, count: e.count };
  };
  const ctx = (events: EventRecord[]) => ({ events }) as unknown as PodContext;
  const ref = { name: 'app', type: 'app' as const };
  it('keeps failures at or after the time, and failures with no time', () => {
    const before = failure(99);
    const exactly = failure(100);
    const untimed = failure();
    expect(
      readinessFailuresSince(ctx([before, exactly, untimed]), ref, true, ms(100)).map((f) => f.event),
    ).toEqual([exactly, untimed]);
  });
});

describe('notReadyWhy', () => {
  it('adds the ContainersReady message', () => {
    const p = pod({
      phase: 'Running',
      conditions: [
        cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [app]'),
      ],
    });
    expect(notReadyWhy(p)).toBe('Running, containers with unready status: [app]');
  });
  it('falls back to the Ready condition message', () => {
    const p = pod({
      phase: 'Running',
      conditions: [cond('Ready', 'False', 'ContainersNotReady', 'containers with unready status: [app]')],
    });
    expect(notReadyWhy(p)).toBe('Running, containers with unready status: [app]');
  });
  it('says only Terminating for a pod being deleted', () => {
    const p = pod({
      phase: 'Running',
      deletionS: 5,
      conditions: [
        cond('ContainersReady', 'False', 'ContainersNotReady', 'containers with unready status: [app]'),
      ],
    });
    expect(notReadyWhy(p)).toBe('Terminating');
  });
  it('says unknown status when the pod shows no phase', () => {
    const p = pod();
    const bare: Pod = { ...p, status: { ...p.status, phase: '' } };
    expect(notReadyWhy(bare)).toBe('unknown status');
  });
});

describe('readySince', () => {
  it.each<[string, Pod, number | undefined]>([
    ['Ready=True', pod({ conditions: [cond('Ready', 'True', undefined, undefined, 30)] }), ms(30)],
    ['Ready=False', pod({ conditions: [cond('Ready', 'False', undefined, undefined, 30)] }), undefined],
    ['no Ready condition', pod(), undefined],
  ])('%s', (_, p, want) => {
    expect(readySince(p)).toBe(want);
  });
});
