/**
 * A failing postStart hook through the whole engine: the kubelet writes `Started`, runs the hook,
 * and kills the container when it fails, so the restarts are the container-start stage, not a
 * crash; the `Started` of a run whose hook failed proves no start. A hook failure of an earlier
 * run that a later, quiet start followed is history.
 */
import { describe, expect, it } from 'vitest';
import type { ContainerStatus, EventRecord } from '../src/model/index.js';
import { container, cstatus, event, ms, pod, snapshot, state } from './builders.js';
import { RULES } from '../src/rules/index.js';
import { diagnose } from '../src/rules/engine/diagnose.js';

const NOW_S = 600;
const HOOK =
  'Exec lifecycle hook ([/bin/sh -c /hooks/register.sh]) for Container "app" in Pod "web-1_default(0b1c)" failed - error: command \'/bin/sh -c /hooks/register.sh\' exited with 7: , message: "curl: (7) Failed to connect"';

const kubelet = (
  reason: string,
  message: string,
  firstS: number,
  lastS: number,
  count: number,
  fieldPath?: string,
) =>
  event({
    reason,
    message,
    firstS,
    lastS,
    count,
    type: reason === 'Started' || reason === 'Created' ? 'Normal' : 'Warning',
    source: 'kubelet',
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });

const looping: ContainerStatus = cstatus('app', {
  state: state.waiting(
    'CrashLoopBackOff',
    'back-off 2m40s restarting failed container=app pod=web-1_default(0b1c)',
  ),
  lastState: state.terminated(137, 'Error'),
  restartCount: 6,
});

const run = (pods: ReturnType<typeof pod>[], events: EventRecord[]) =>
  diagnose(snapshot({ pods, events }), { now: ms(NOW_S), rules: RULES }).diagnoses[0];

describe('a postStart hook that fails on every start', () => {
  it.each([
    ['events only, without fieldPath', [] as ReturnType<typeof pod>[], undefined],
    ['events only, with fieldPath', [], 'spec.containers{app}'],
    [
      'a crash-looping container status',
      [pod({ nodeName: 'n', containers: [container('app')], containerStatuses: [looping] })],
      'spec.containers{app}',
    ],
  ])('%s: container-start StartError, not a crash', (_, pods, fieldPath) => {
    const d = run(pods, [
      kubelet('Created', 'Created container app', 0, 560, 7, fieldPath),
      kubelet('Started', 'Started container app', 0, 560, 7, fieldPath),
      kubelet('FailedPostStartHook', HOOK, 1, 561, 7, fieldPath),
      kubelet('BackOff', 'Back-off restarting failed container', 30, 590, 20, fieldPath),
    ]);
    expect(d?.verdict).toBe('failed');
    expect([d?.stage, d?.reason, d?.ruleId]).toEqual([
      'container-start',
      'StartError',
      'container-start/hook-failed',
    ]);
    expect(d?.summary).toContain('exited with 7');
  });

  it('a hook that failed once, then a start that stayed up and Ready: healthy', () => {
    const ready = pod({
      nodeName: 'n',
      phase: 'Running',
      containers: [container('app')],
      containerStatuses: [cstatus('app', { state: state.running(300), ready: true, restartCount: 1 })],
      conditions: [],
    });
    const d = run(
      [{ ...ready, status: { ...ready.status, conditions: [{ type: 'Ready', status: 'True' }] } }],
      [
        kubelet('Started', 'Started container app', 0, 300, 2, 'spec.containers{app}'),
        kubelet('FailedPostStartHook', HOOK, 1, 1, 1, 'spec.containers{app}'),
      ],
    );
    expect(d?.verdict).toBe('healthy');
  });
});
