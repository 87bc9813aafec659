import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './hook-failed.js';

// kubelet's handler error as it reaches the FailedPostStartHook event (exec and HTTP handlers),
// and the details-free text of newer kubelets.
const EXEC = (c: string) =>
  `Exec lifecycle hook ([/bin/sh -c sleep 3 && dsconf localhost monitor server]) for Container "${c}" in Pod "ds-74fc7d99b6-t2zrl_aether(09e369a0-5b3f-4bca-813e-40a445e7fdab)" failed - error: command '/bin/sh -c sleep 3 && dsconf localhost monitor server' exited with 1: , message: "Enter Bind DN: Error: EOF when reading a line\\n"`;
const HTTP = (c: string) =>
  `Http lifecycle hook (/warmup) for Container "${c}" in Pod "web-1_shop(0b1c)" failed - error: Get "http://10.1.2.3:8080/warmup": dial tcp 10.1.2.3:8080: connect: connection refused, message: ""`;
const BARE = 'PostStartHook failed';

const crashLooping = (name = 'app', restarts = 4) =>
  cstatus(name, {
    state: state.waiting(
      'CrashLoopBackOff',
      `back-off 40s restarting failed container=${name} pod=web-1_default(uid)`,
    ),
    lastState: state.terminated(137, 'Error'),
    restartCount: restarts,
  });

testRule(rule, {
  valid: [
    { name: 'running pod, no hook events', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'Ready pod with an old hook failure',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [event({ reason: 'FailedPostStartHook', message: EXEC('app'), lastS: 10 })],
      }),
    },
    {
      name: 'events only: a later start whose hook has not failed',
      snapshot: snapshot({
        events: [
          event({ reason: 'FailedPostStartHook', message: EXEC('app'), firstS: 0, lastS: 100, count: 3 }),
          event({
            reason: 'Started',
            type: 'Normal',
            message: 'Started container app',
            firstS: 0,
            lastS: 400,
            count: 4,
          }),
        ],
      }),
    },
    {
      name: 'running, never restarted, not Ready yet',
      snapshot: snapshot({
        pods: [pod({ nodeName: 'n', containerStatuses: [cstatus('app', { state: state.running(50) })] })],
        events: [event({ reason: 'FailedPostStartHook', message: EXEC('app'), lastS: 40 })],
      }),
    },
    {
      name: 'a hook failure of a container the pod does not have',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'n',
            containers: [container('app'), container('b')],
            containerStatuses: [crashLooping()],
          }),
        ],
        events: [event({ reason: 'FailedPostStartHook', message: EXEC('other'), lastS: 40 })],
      }),
    },
  ],
  invalid: [
    {
      name: 'waiting PostStartHookError',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'n',
            containerStatuses: [
              cstatus('app', {
                state: state.waiting(
                  'PostStartHookError',
                  "command '/bin/bash /post-start-hook.sh' exited with 126: ",
                ),
              }),
            ],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'postStart',
          reason: 'StartError',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { subject: 'container app' },
          evidenceIncludes: ['PostStartHookError', 'exited with 126'],
        },
      ],
    },
    {
      name: 'waiting PreStartHookError',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'n',
            containerStatuses: [
              cstatus('app', { state: state.waiting('PreStartHookError', 'failed to set cpuset') }),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'preStart', reason: 'StartError', evidenceIncludes: ['PreStartHookError'] }],
    },
    ...(
      [
        ['an exec hook', EXEC('app'), 'exited with 1'],
        ['an HTTP hook', HTTP('app'), 'connection refused'],
        ['a newer kubelet without details', BARE, BARE],
      ] as const
    ).map(([what, message, detail]) => ({
      name: `crash-looping, ${what} failing on every start`,
      snapshot: snapshot({
        pods: [pod({ nodeName: 'n', containers: [container('app')], containerStatuses: [crashLooping()] })],
        events: [
          event({
            reason: 'Started',
            type: 'Normal',
            message: 'Started container app',
            firstS: 0,
            lastS: 300,
            count: 5,
            fieldPath: 'spec.containers{app}',
          }),
          event({
            reason: 'FailedPostStartHook',
            message,
            firstS: 2,
            lastS: 303,
            count: 5,
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'postStart',
          basis: 'state' as const,
          confidence: 'medium' as const,
          container: { name: 'app', type: 'app' as const },
          evidenceIncludes: [detail, 'x5'],
        },
      ],
    })),
    {
      name: 'events only, the container named in the message of a two-container pod',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'n',
            containers: [container('app'), container('sidecar')],
            containerStatuses: [
              crashLooping('app'),
              cstatus('sidecar', { state: state.running(0), ready: true }),
            ],
          }),
        ],
        events: [
          event({ reason: 'FailedPostStartHook', message: EXEC('app'), firstS: 0, lastS: 300, count: 5 }),
        ],
      }),
      expect: [
        {
          messageId: 'postStart',
          container: { name: 'app', type: 'app' },
          data: { subject: 'container app' },
        },
      ],
    },
    {
      name: 'a pod known only from its events',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Started',
            type: 'Normal',
            message: 'Started container 389ds',
            firstS: 0,
            lastS: 60,
            count: 3,
          }),
          event({ reason: 'FailedPostStartHook', message: EXEC('389ds'), firstS: 4, lastS: 64, count: 3 }),
        ],
      }),
      expect: [
        { messageId: 'postStart', container: { name: '389ds', type: 'app' }, evidenceIncludes: ['x3'] },
      ],
    },
  ],
});
