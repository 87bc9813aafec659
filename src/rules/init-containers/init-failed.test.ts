import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import {
  cond,
  container,
  cstatus,
  event,
  ms,
  pod,
  runningPod,
  snapshot,
  state,
} from '../../../test/builders.js';
import type { ContainerStatus, Pod } from '../../model/index.js';
import { rule } from './init-failed.js';

const notInitialized = (name: string) =>
  cond('Initialized', 'False', 'ContainersNotInitialized', `containers with incomplete status: [${name}]`, 1);

const initPod = (
  init: ContainerStatus,
  opts: { restartPolicy?: string; sidecar?: boolean; phase?: string } = {},
): Pod =>
  pod({
    phase: opts.phase ?? 'Pending',
    nodeName: 'node-1',
    conditions: [notInitialized(init.name)],
    initContainers: [container(init.name, opts.sidecar ? { restartPolicy: 'Always' } : {})],
    initContainerStatuses: [init],
    containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
    ...(opts.restartPolicy === undefined ? {} : { spec: { restartPolicy: opts.restartPolicy } }),
  });

testRule(rule, {
  valid: [
    {
      name: 'initialized pod whose init container completed',
      snapshot: snapshot({
        pods: [
          runningPod({
            initContainers: [container('init')],
            initContainerStatuses: [cstatus('init', { state: state.terminated(0, 'Completed') })],
          }),
        ],
      }),
    },
    {
      name: 'Initialized=True even though the init container failed once before',
      snapshot: snapshot({
        pods: [
          runningPod({
            initContainers: [container('init')],
            initContainerStatuses: [
              cstatus('init', {
                state: state.terminated(0, 'Completed'),
                restartCount: 1,
                lastState: state.terminated(1, 'Error'),
              }),
            ],
          }),
        ],
      }),
    },
    {
      name: 'init container image pull failure is image-pull',
      snapshot: snapshot({
        pods: [
          initPod(
            cstatus('init', { state: state.waiting('ImagePullBackOff', 'Back-off pulling image "x"') }),
          ),
        ],
      }),
    },
    {
      name: 'init container start error is container-start',
      snapshot: snapshot({
        pods: [
          initPod(
            cstatus('init', {
              state: state.terminated(128, 'StartError', {
                message: 'exec: "x": executable file not found in $PATH',
              }),
            }),
          ),
        ],
      }),
    },
    {
      name: 'init container whose exec failed after the start (exit 1, exec format error): container-start',
      snapshot: snapshot({
        pods: [
          initPod(
            cstatus('init', {
              state: state.waiting('CrashLoopBackOff', 'back-off 40s restarting failed container=init'),
              restartCount: 3,
              lastState: state.terminated(1, 'Error', {
                message: 'exec /usr/local/bin/setup: exec format error',
              }),
            }),
          ),
        ],
      }),
    },
    {
      name: 'sidecar that exited once and is being restarted is not a failure',
      snapshot: snapshot({
        pods: [
          initPod(cstatus('proxy', { state: state.terminated(1, 'Error'), restartCount: 1 }), {
            sidecar: true,
          }),
        ],
      }),
    },
    {
      name: 'init container running its first attempt',
      snapshot: snapshot({ pods: [initPod(cstatus('init', { state: state.running(5) }))] }),
      now: ms(30),
    },
    {
      name: 'FailedSync back-off of an app container is not an init failure',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedSync',
            message:
              'Error syncing pod, skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "Back-off 10s restarting failed container=app pod=web-1_default(uid)"',
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'real 044: Init:CrashLoopBackOff, exit 1, config fetch got 403',
      snapshot: snapshot({
        pods: [
          initPod(
            cstatus('init', {
              state: state.waiting('CrashLoopBackOff'),
              lastState: state.terminated(1, 'Error', {
                message: 'Failed to fetch /opt/mule/conf/rtfv1.yml. statusCode=403',
                startedS: 50,
                finishedS: 50,
              }),
              restartCount: 16,
              containerID: 'docker://f2fd33030980',
            }),
          ),
        ],
      }),
      expect: [
        {
          messageId: 'crashLoop',
          reason: 'InitContainerCrashLoop',
          basis: 'state',
          container: { name: 'init', type: 'init' },
          data: {
            exitCode: 1,
            restarts: 16,
            exit: 'exit code 1 (Error)',
            detail: 'Failed to fetch /opt/mule/conf/rtfv1.yml. statusCode=403',
          },
          evidenceIncludes: [
            'initContainerStatuses[init].state.waiting: CrashLoopBackOff',
            'containers with incomplete status: [init]',
          ],
        },
      ],
    },
    {
      name: 'Init:Error with restartPolicy Never, reason from the log',
      snapshot: snapshot({
        pods: [
          initPod(cstatus('migrate', { state: state.terminated(2, 'Error', { finishedS: 40 }) }), {
            restartPolicy: 'Never',
            phase: 'Failed',
          }),
        ],
        logs: [
          {
            namespace: 'default',
            pod: 'web-1',
            container: 'migrate',
            previous: false,
            lines: ['connecting to db:5432', 'FATAL: password authentication failed for user "app"'],
          },
        ],
      }),
      expect: [
        {
          messageId: 'failed',
          reason: 'InitContainerFailed',
          data: { exitCode: 2, detail: 'FATAL: password authentication failed for user "app"' },
          evidenceIncludes: ['migrate log: FATAL: password authentication failed'],
        },
      ],
    },
    {
      name: 'a retry is running right after a failed run',
      snapshot: snapshot({
        pods: [
          initPod(
            cstatus('init', {
              state: state.running(100),
              restartCount: 3,
              lastState: state.terminated(137, 'OOMKilled'),
            }),
          ),
        ],
      }),
      now: ms(110),
      expect: [{ messageId: 'crashLoop', data: { exit: 'exit code 137 (OOMKilled)', restarts: 3 } }],
    },
    {
      name: 'events only: restart back-off of an init container (fieldPath)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'BackOff',
            message: 'Back-off restarting failed container wait-db in pod web-1_default(uid-web-1)',
            fieldPath: 'spec.initContainers{wait-db}',
            count: 12,
            firstS: 0,
            lastS: 600,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'crashLoopEvents',
          basis: 'events',
          container: { name: 'wait-db', type: 'init' },
          evidenceIncludes: ['x12'],
        },
      ],
    },
    {
      name: 'events without fieldPath, spec says the container is an init container',
      snapshot: snapshot({
        pods: [{ ...pod({ initContainers: [container('seed')] }), status: {} }],
        events: [
          event({
            reason: 'BackOff',
            message: 'Back-off restarting failed container seed in pod web-1_default(uid-web-1)',
          }),
        ],
      }),
      expect: [{ messageId: 'crashLoopEvents', container: { name: 'seed', type: 'init' } }],
    },
    {
      name: 'sidecar init container in CrashLoopBackOff',
      snapshot: snapshot({
        pods: [
          initPod(
            cstatus('proxy', {
              state: state.waiting('CrashLoopBackOff'),
              restartCount: 5,
              lastState: state.terminated(1, 'Error', { message: 'bind: address already in use' }),
            }),
            { sidecar: true },
          ),
        ],
      }),
      expect: [
        {
          messageId: 'sidecarCrashLoop',
          reason: 'InitContainerCrashLoop',
          data: { detail: 'bind: address already in use' },
        },
      ],
    },
    // Kubelets before 1.13 reported init container failures only as FailedSync sync errors.
    ...[
      {
        what: 'exit and back-off in one FailedSync',
        message:
          'Error syncing pod, skipping: [failed to "InitContainer" for "remove-lost-found" with RunInitContainerError: "init container \\"remove-lost-found\\" exited with 1", failed to "StartContainer" for "remove-lost-found" with CrashLoopBackOff: "Back-off 2m40s restarting failed container=remove-lost-found pod=db-1_default(uid)"]',
        messageId: 'crashLoopEvents',
        reason: 'InitContainerCrashLoop' as const,
        exit: 'exit code 1',
      },
      {
        what: 'first failure, no back-off yet',
        message:
          'Error syncing pod, skipping: failed to "InitContainer" for "remove-lost-found" with RunInitContainerError: "init container \\"remove-lost-found\\" exited with 2"',
        messageId: 'failedEvents',
        reason: 'InitContainerFailed' as const,
        exit: 'exit code 2',
      },
      {
        what: 'back-off alone, the spec lists the init container',
        message:
          'Error syncing pod, skipping: failed to "StartContainer" for "remove-lost-found" with CrashLoopBackOff: "Back-off 10s restarting failed container=remove-lost-found pod=db-1_default(uid)"',
        messageId: 'crashLoopEvents',
        reason: 'InitContainerCrashLoop' as const,
        exit: 'an unknown exit code',
        spec: true,
      },
    ].map((c) => ({
      name: `FailedSync sync error: ${c.what}`,
      snapshot: snapshot({
        ...(c.spec
          ? { pods: [{ ...pod({ initContainers: [container('remove-lost-found')] }), status: {} }] }
          : {}),
        events: [event({ reason: 'FailedSync', message: c.message, count: 3, source: 'kubelet' })],
      }),
      expect: [
        {
          messageId: c.messageId,
          reason: c.reason,
          basis: 'events' as const,
          container: { name: 'remove-lost-found', type: 'init' as const },
          data: { exit: c.exit },
        },
      ],
    })),
  ],
});

const FIX_RETRY =
  'Fix what the init container needs (its log says why it exits non-zero); the kubelet reruns it on its own.';
const FIX_NEVER =
  'Fix what the init container needs (its log says why it exits non-zero); with restartPolicy Never the pod will not retry, so recreate it afterwards.';
const backOff = (name: string, firstS: number, lastS: number) =>
  event({
    reason: 'BackOff',
    message: `Back-off restarting failed container ${name} in pod web-1_default(uid-web-1)`,
    fieldPath: `spec.initContainers{${name}}`,
    count: 5,
    firstS,
    lastS,
  });
const specOnly = (name: string, restartPolicy?: string) => ({
  ...pod({
    initContainers: [container(name)],
    ...(restartPolicy === undefined ? {} : { spec: { restartPolicy } }),
  }),
  status: {},
});

describe('init-failed: the finding in full', () => {
  it.each([
    {
      name: 'Init:Error, restartPolicy Never: failed, the pod will not retry',
      p: initPod(cstatus('migrate', { state: state.terminated(2, 'Error', { finishedS: 40 }) }), {
        restartPolicy: 'Never',
      }),
      id: 'failed',
      reason: 'InitContainerFailed',
      data: { exit: 'exit code 2 (Error)', exitCode: 2, restarts: 0 },
      state: 'initContainerStatuses[migrate].state.terminated: exit code 2 (Error)',
      fix: FIX_NEVER,
      previous: false,
    },
    {
      name: 'Init:Error, default restartPolicy: failed, the kubelet retries',
      p: initPod(cstatus('migrate', { state: state.terminated(2, 'Error', { finishedS: 40 }) })),
      id: 'failed',
      reason: 'InitContainerFailed',
      data: { exit: 'exit code 2 (Error)', exitCode: 2, restarts: 0 },
      state: 'initContainerStatuses[migrate].state.terminated: exit code 2 (Error)',
      fix: FIX_RETRY,
      previous: false,
    },
    {
      name: 'Init:Error after restarts: crashLoop',
      p: initPod(
        cstatus('migrate', { state: state.terminated(1, 'Error', { finishedS: 40 }), restartCount: 2 }),
      ),
      id: 'crashLoop',
      reason: 'InitContainerCrashLoop',
      data: { exit: 'exit code 1 (Error)', exitCode: 1, restarts: 2 },
      state: 'initContainerStatuses[migrate].state.terminated: exit code 1 (Error)',
      fix: FIX_RETRY,
      previous: true,
    },
    {
      name: 'a retry right after a failed run: the last run as evidence',
      p: initPod(
        cstatus('migrate', {
          state: state.running(35),
          restartCount: 3,
          lastState: state.terminated(137, 'OOMKilled', { finishedS: 40 }),
        }),
      ),
      id: 'crashLoop',
      reason: 'InitContainerCrashLoop',
      data: { exit: 'exit code 137 (OOMKilled)', exitCode: 137, restarts: 3 },
      state: 'initContainerStatuses[migrate].lastState.terminated: exit code 137 (OOMKilled)',
      fix: FIX_RETRY,
      previous: true,
    },
  ])('$name', ({ p, id, reason, data, state: line, fix, previous }) => {
    const findings = runRule(rule, snapshot({ pods: [p] }), ms(60));
    expect(findings.map((f) => f.messageId)).toEqual([id]);
    const [f] = findings;
    expect(f?.reason).toBe(reason);
    expect(f?.data).toMatchObject(data);
    expect(f?.evidence.map((e) => e.text)).toEqual([
      line,
      'Initialized=False ContainersNotInitialized: containers with incomplete status: [migrate]',
    ]);
    expect(f?.at).toBe(ms(40));
    expect(f?.nextSteps).toEqual([
      `kubectl logs web-1 -n default -c migrate${previous ? ' --previous' : ''}`,
      'kubectl describe pod web-1 -n default',
      fix,
    ]);
  });

  it.each([
    { name: 'killed by a signal', t: { terminated: { signal: 9 } }, exit: 'signal 9', exitCode: 'unknown' },
    {
      name: 'no exit code (a pasted status)',
      t: { terminated: { reason: 'Error' } },
      exit: 'exit code unknown (Error)',
      exitCode: 'unknown',
    },
  ])('$name: $exit', ({ t, exit, exitCode }) => {
    const [f] = runRule(rule, snapshot({ pods: [initPod(cstatus('migrate', { state: t }))] }));
    expect(f?.data).toMatchObject({ exit, exitCode });
    expect(f?.at).toBeUndefined();
  });

  it('an earlier init container that completed while the next runs its first attempt: nothing', () => {
    const p = pod({
      phase: 'Pending',
      conditions: [notInitialized('second')],
      initContainers: [container('first'), container('second')],
      initContainerStatuses: [
        cstatus('first', { state: state.terminated(0, 'Completed') }),
        cstatus('second', { state: state.running(5) }),
      ],
    });
    expect(runRule(rule, snapshot({ pods: [p] }), ms(30))).toEqual([]);
  });

  it.each([
    {
      name: 'waiting to be created again after a failed run',
      status: cstatus('migrate', {
        state: state.waiting('ContainerCreating'),
        restartCount: 2,
        lastState: state.terminated(1, 'Error'),
      }),
      nowS: 30,
    },
    {
      name: 'rerun after a successful run (sandbox recreated)',
      status: cstatus('migrate', {
        state: state.running(20),
        restartCount: 1,
        lastState: state.terminated(0, 'Completed'),
      }),
      nowS: 30,
    },
    {
      name: 'retry running for exactly the grace period is init-stuck',
      status: cstatus('migrate', {
        state: state.running(0),
        restartCount: 3,
        lastState: state.terminated(1, 'Error'),
      }),
      nowS: 600,
    },
    {
      name: 'a status without any state',
      status: cstatus('migrate', { restartCount: 0 }),
      nowS: 30,
    },
  ])('$name: nothing', ({ status, nowS }) => {
    expect(runRule(rule, snapshot({ pods: [initPod(status)] }), ms(nowS))).toEqual([]);
  });

  it('retry running just under the grace period is still the crash loop', () => {
    const status = cstatus('migrate', {
      state: state.running(0),
      restartCount: 3,
      lastState: state.terminated(1, 'Error'),
    });
    expect(runRule(rule, snapshot({ pods: [initPod(status)] }), ms(599)).map((f) => f.messageId)).toEqual([
      'crashLoop',
    ]);
  });

  it('events only: the newest time of the back-off, no exit code', () => {
    const [f] = runRule(
      rule,
      snapshot({ pods: [specOnly('seed')], events: [backOff('seed', 10, 500)] }),
      ms(600),
    );
    expect(f?.messageId).toBe('crashLoopEvents');
    expect(f?.at).toBe(ms(500));
    expect(f?.data).toMatchObject({ exit: 'an unknown exit code', exitCode: 'unknown', restarts: 0 });
  });

  it('state and a back-off event: the later of the two times', () => {
    const p = initPod(
      cstatus('migrate', {
        state: state.waiting('CrashLoopBackOff'),
        restartCount: 4,
        lastState: state.terminated(1, 'Error', { finishedS: 40 }),
      }),
    );
    const [f] = runRule(rule, snapshot({ pods: [p], events: [backOff('migrate', 10, 90)] }), ms(100));
    expect(f?.at).toBe(ms(90));
    const [g] = runRule(rule, snapshot({ pods: [p], events: [backOff('migrate', 10, 30)] }), ms(100));
    expect(g?.at).toBe(ms(40));
  });

  it('an image pull back-off of an init container is image-pull, not init-failed', () => {
    const e = event({
      reason: 'BackOff',
      type: 'Normal',
      message: 'Back-off pulling image "registry.example/seed:1.0"',
      fieldPath: 'spec.initContainers{seed}',
    });
    expect(runRule(rule, snapshot({ pods: [specOnly('seed')], events: [e] }))).toEqual([]);
  });

  it('a Succeeded pod with an old back-off event of its init container: nothing', () => {
    const p = { ...pod({ initContainers: [container('seed')] }), status: { phase: 'Succeeded' } };
    expect(runRule(rule, snapshot({ pods: [p], events: [backOff('seed', 0, 10)] }))).toEqual([]);
  });
  it.each([
    { policy: 'Never', fix: FIX_NEVER },
    { policy: undefined, fix: FIX_RETRY },
  ])('an init container exit only the FailedSync events show, restartPolicy $policy', ({ policy, fix }) => {
    const e = event({
      reason: 'FailedSync',
      source: 'kubelet',
      message:
        'Error syncing pod, skipping: failed to "InitContainer" for "seed" with RunInitContainerError: "init container \\"seed\\" exited with 2"',
    });
    const [f] = runRule(rule, snapshot({ pods: [specOnly('seed', policy)], events: [e] }));
    expect(f?.messageId).toBe('failedEvents');
    expect(f?.data).toMatchObject({ exit: 'exit code 2', exitCode: 2 });
    expect(f?.nextSteps[2]).toBe(fix);
  });
});

describe('an init container known only by its log', () => {
  const waitingApp = [cstatus('app', { state: state.waiting('PodInitializing') })];
  const log = (container: string, lines: string[], previous = false) => ({
    namespace: 'default',
    pod: 'web-1',
    container,
    previous,
    lines,
  });

  it('a log ending in an error: InitContainerFailed, low confidence, its log as evidence', () => {
    const p = pod({ initContainers: [container('init')], containerStatuses: waitingApp });
    const [f, ...rest] = runRule(
      rule,
      snapshot({
        pods: [p],
        logs: [log('init', ['setting permissions', 'chown: /data: Operation not permitted'], true)],
      }),
    );
    expect(rest).toEqual([]);
    expect([f?.reason, f?.messageId, f?.container?.name, f?.confidence, f?.basis]).toEqual([
      'InitContainerFailed',
      'failedLog',
      'init',
      'low',
      'events',
    ]);
    expect(f?.data['detail']).toBe('chown: /data: Operation not permitted');
    expect(f?.evidence.map((e) => e.text)).toContain(
      'init previous log: chown: /data: Operation not permitted',
    );
  });

  it('a log no container is named for, printed while the app waits on PodInitializing: an unnamed init container', () => {
    const p = pod({ containerStatuses: waitingApp });
    const [f] = runRule(
      rule,
      snapshot({ pods: [p], logs: [log('', ["sysctl: error setting key 'vm.max_map_count'"])] }),
    );
    expect([f?.messageId, f?.container?.name, f?.container?.type]).toEqual(['failedLog', 'unnamed', 'init']);
  });

  it('a log ending in a wait or an arrival is not a failure', () => {
    const p = pod({ initContainers: [container('init')], containerStatuses: waitingApp });
    for (const lines of [['waiting for db'], ['done']])
      expect(runRule(rule, snapshot({ pods: [p], logs: [log('init', lines)] }))).toEqual([]);
  });

  it('a failure the events report is told from them, not from the log', () => {
    const p = pod({ initContainers: [container('init')], containerStatuses: waitingApp });
    const back = event({
      reason: 'BackOff',
      fieldPath: 'spec.initContainers{init}',
      message: 'Back-off restarting failed container init in pod web-1_default(uid)',
    });
    const found = runRule(
      rule,
      snapshot({ pods: [p], events: [back], logs: [log('init', ['Error: boom'])] }),
    );
    expect(found.map((f) => f.messageId)).toEqual(['crashLoopEvents']);
  });
});
