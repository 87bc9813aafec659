/**
 * What the crash rules hand over beyond the message id: the data every message can use, the
 * evidence lines they add, the confidence of a case resting on events, and the exact next steps.
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { Container, EventRecord, Pod } from '../../model/index.js';
import { rule as crashLoopBackOff } from './crash-loop-back-off.js';
import { rule as exitZeroLoop } from './exit-zero-loop.js';
import { rule as killedExternally } from './killed-externally.js';
import { rule as oomKilled } from './oom-killed.js';

const NOW = ms(120);
const LOGS = 'kubectl logs web-1 -n default -c app --previous';
const DESCRIBE = 'kubectl describe pod web-1 -n default';
const loopWaiting = state.waiting(
  'CrashLoopBackOff',
  'back-off 40s restarting failed container=app pod=web-1_default(uid-web-1)',
);

describe('crash/oom-killed: the memory settings of the spec', () => {
  const oomPod = (spec: Container) =>
    pod({
      phase: 'Running',
      containers: [spec],
      containerStatuses: [
        cstatus('app', {
          state: loopWaiting,
          restartCount: 4,
          lastState: state.terminated(137, 'OOMKilled', { finishedS: 100 }),
        }),
      ],
    });
  const TOP = 'kubectl top pod web-1 -n default --containers';
  const SET =
    "Set a memory request and limit above the container's peak use, or lower its memory use; without a limit the kernel kills it when the node runs short.";
  const raise = (limit: string) =>
    `Raise the memory limit (now ${limit}) above the container's peak use, or lower its memory use (e.g. keep a JVM or Node.js heap below the limit).`;
  const base = {
    container: 'app',
    restarts: 4,
    exitCode: 137,
    exitReason: 'OOMKilled',
    restartPolicy: 'Always',
  };

  it.each<[string, Container, string, string | undefined, string]>([
    [
      'limit and request',
      container('app', { resources: { limits: { memory: '256Mi' }, requests: { memory: '128Mi' } } }),
      'oomKilledResources',
      'limit 256Mi, request 128Mi',
      raise('256Mi'),
    ],
    [
      'a request only',
      container('app', { resources: { requests: { memory: '128Mi', cpu: '100m' } } }),
      'oomKilledResources',
      'no limit, request 128Mi',
      SET,
    ],
    [
      'a limit only',
      container('app', { resources: { limits: { memory: '512Mi' } } }),
      'oomKilledResources',
      'limit 512Mi, no request',
      raise('512Mi'),
    ],
    [
      'a CPU limit but no memory setting',
      container('app', { resources: { limits: { cpu: '500m' } } }),
      'oomKilledNoLimit',
      undefined,
      SET,
    ],
    ['no resources at all', container('app'), 'oomKilledNoLimit', undefined, SET],
  ])('%s', (_n, spec, messageId, memory, fix) => {
    const findings = runRule(oomKilled, snapshot({ pods: [oomPod(spec)] }), NOW);
    expect(findings.map((f) => f.messageId)).toEqual([messageId]);
    const f = findings[0];
    expect(f?.data).toStrictEqual(memory === undefined ? base : { ...base, memory });
    const specLines = f?.evidence.filter((e) => e.source === 'spec').map((e) => e.text);
    expect(specLines).toEqual(
      memory === undefined ? [] : [`spec.containers[app].resources memory: ${memory}`],
    );
    expect(f?.nextSteps).toEqual([LOGS, DESCRIBE, TOP, fix]);
  });
});

describe('crash/killed-externally: next steps', () => {
  const FIND =
    'Find who sent the signal: node agents and security tools, a preStop hook longer than terminationGracePeriodSeconds, or an OOM kill of a child process that some runtimes report as exit 137 without OOMKilled.';
  it.each<[string, string | undefined, string[]]>([
    ['on a node: describe the node too', 'node-1', [LOGS, DESCRIBE, 'kubectl describe node node-1', FIND]],
    ['node unknown', undefined, [LOGS, DESCRIBE, FIND]],
  ])('%s', (_n, nodeName, steps) => {
    const p = pod({
      phase: 'Running',
      ...(nodeName === undefined ? {} : { nodeName }),
      containerStatuses: [
        cstatus('app', {
          state: loopWaiting,
          restartCount: 3,
          lastState: state.terminated(137, 'Error', { finishedS: 100 }),
        }),
      ],
    });
    const findings = runRule(killedExternally, snapshot({ pods: [p] }), NOW);
    expect(findings.map((f) => [f.messageId, f.nextSteps])).toEqual([['killedSigkill', steps]]);
  });
});

describe('crash/exit-zero-loop: next steps', () => {
  it('the previous log, the description, then a long-lived process or a Job', () => {
    const p = pod({
      phase: 'Running',
      containerStatuses: [
        cstatus('app', {
          state: loopWaiting,
          restartCount: 4,
          lastState: state.terminated(0, 'Completed', { finishedS: 100 }),
        }),
      ],
    });
    const findings = runRule(exitZeroLoop, snapshot({ pods: [p] }), NOW);
    expect(findings.map((f) => f.nextSteps)).toEqual([
      [
        LOGS,
        DESCRIBE,
        'Make the container run a long-lived process (a server in the foreground, not a one-shot script or a daemon that forks away); work that is meant to finish belongs in a Job.',
      ],
    ]);
  });
});

describe('crash/crash-loop-back-off: data, confidence and commands by what shows the loop', () => {
  const FIX =
    'Fix the error the previous log shows (a missing setting, an unreachable dependency, a bad argument); the back-off, up to 5 minutes, resets once the container runs for 10 minutes.';
  const started = (fieldPath?: string): EventRecord =>
    event({
      reason: 'Started',
      type: 'Normal',
      message: 'Started container',
      count: 5,
      firstS: 0,
      lastS: 110,
      ...(fieldPath === undefined ? {} : { fieldPath }),
    });
  const unnamedBackOff = event({
    reason: 'BackOff',
    message: 'Back-off restarting failed container',
    count: 6,
    firstS: 20,
    lastS: 110,
  });

  it.each<
    [
      string,
      Pod[],
      EventRecord[],
      { messageId: string; data: Record<string, string | number>; confidence?: 'medium'; steps: string[] },
    ]
  >([
    [
      'status with a last exit: current state, the default confidence',
      [
        pod({
          phase: 'Running',
          containerStatuses: [
            cstatus('app', {
              state: loopWaiting,
              restartCount: 4,
              lastState: state.terminated(1, 'Error', { finishedS: 100 }),
            }),
          ],
        }),
      ],
      [],
      {
        messageId: 'crashLoop',
        data: { container: 'app', restarts: 4, exitCode: 1, exitReason: 'Error', restartPolicy: 'Always' },
        steps: [LOGS, DESCRIBE, FIX],
      },
    ],
    [
      'CrashLoopBackOff without a last state: exit code unknown',
      [
        pod({
          phase: 'Running',
          containerStatuses: [cstatus('app', { state: loopWaiting, restartCount: 3 })],
        }),
      ],
      [],
      {
        messageId: 'crashLoopNoExit',
        data: {
          container: 'app',
          restarts: 3,
          exitCode: 'unknown',
          exitReason: 'no reason given',
          restartPolicy: 'Always',
        },
        steps: [LOGS, DESCRIBE, FIX],
      },
    ],
    [
      'back-offs naming no container, still going on: medium confidence, logs without -c',
      [],
      [unnamedBackOff],
      {
        messageId: 'crashLoopEventsUnnamed',
        data: {
          container: '',
          restarts: 6,
          exitCode: 'unknown',
          exitReason: 'no reason given',
          restartPolicy: 'Always',
        },
        confidence: 'medium',
        steps: ['kubectl logs web-1 -n default --previous', DESCRIBE, FIX],
      },
    ],
    [
      'starts naming no container, still going on',
      [],
      [started()],
      {
        messageId: 'crashLoopStartsUnnamed',
        data: {
          container: '',
          restarts: 4,
          exitCode: 'unknown',
          exitReason: 'no reason given',
          restartPolicy: 'Always',
        },
        confidence: 'medium',
        steps: ['kubectl logs web-1 -n default --previous', DESCRIBE, FIX],
      },
    ],
    [
      'starts of a container named by fieldPath',
      [],
      [started('spec.containers{app}')],
      {
        messageId: 'crashLoopStarts',
        data: {
          container: 'app',
          restarts: 4,
          exitCode: 'unknown',
          exitReason: 'no reason given',
          restartPolicy: 'Always',
        },
        confidence: 'medium',
        steps: [LOGS, DESCRIBE, FIX],
      },
    ],
  ])('%s', (_n, pods, events, want) => {
    const findings = runRule(crashLoopBackOff, snapshot({ pods, events }), NOW);
    expect(findings.map((f) => f.messageId)).toEqual([want.messageId]);
    const f = findings[0];
    expect(f?.data).toEqual(want.data);
    expect(f?.confidence).toBe(want.confidence);
    expect(f?.nextSteps).toEqual(want.steps);
  });
});
