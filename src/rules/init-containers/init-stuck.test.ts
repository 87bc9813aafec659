import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cond, container, cstatus, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { ContainerStatus, Pod } from '../../model/index.js';
import { rule } from './init-stuck.js';

const initPod = (inits: ContainerStatus[], sidecar = false): Pod =>
  pod({
    nodeName: 'node-1',
    startS: 0,
    conditions: [
      cond(
        'Initialized',
        'False',
        'ContainersNotInitialized',
        `containers with incomplete status: [${inits.map((i) => i.name).join(' ')}]`,
      ),
    ],
    initContainers: inits.map((i) => container(i.name, sidecar ? { restartPolicy: 'Always' } : {})),
    initContainerStatuses: inits,
    containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'sidecar init container keeps running by design',
      snapshot: snapshot({
        pods: [initPod([cstatus('proxy', { state: state.running(0), started: true })], true)],
      }),
      now: ms(7200),
    },
    {
      name: 'retry running briefly after a failure is init-failed',
      snapshot: snapshot({
        pods: [
          initPod([
            cstatus('init', {
              state: state.running(1000),
              restartCount: 4,
              lastState: state.terminated(1, 'Error'),
            }),
          ]),
        ],
      }),
      now: ms(1030),
    },
    {
      name: 'Initialized=True: the init containers are done',
      snapshot: snapshot({
        pods: [
          runningPod({
            initContainers: [container('init')],
            initContainerStatuses: [cstatus('init', { state: state.running(0) })],
          }),
        ],
      }),
      now: ms(7200),
    },
  ],
  invalid: [
    {
      name: 'waiting for a database for 25 minutes',
      snapshot: snapshot({
        pods: [
          initPod([
            cstatus('wait-db', { state: state.running(10) }),
            cstatus('migrate', { state: state.waiting('PodInitializing') }),
          ]),
        ],
        logs: [
          {
            namespace: 'default',
            pod: 'web-1',
            container: 'wait-db',
            previous: false,
            lines: ['waiting for db:5432...', 'waiting for db:5432...'],
          },
        ],
      }),
      now: ms(1510),
      expect: [
        {
          messageId: 'stuck',
          reason: 'InitContainerStuck',
          status: 'failed',
          container: { name: 'wait-db', type: 'init' },
          data: { duration: '25m', podStatus: 'Init:0/2', lastLog: 'waiting for db:5432...' },
          evidenceIncludes: ['containers with incomplete status', 'wait-db log: waiting for db'],
        },
      ],
    },
    {
      name: 'two minutes in is still progressing',
      snapshot: snapshot({ pods: [initPod([cstatus('init', { state: state.running(0) })])] }),
      now: ms(120),
      expect: [{ messageId: 'stuck', status: 'progressing', data: { duration: '2m' } }],
    },
    {
      name: 'a retry that has now run past the grace period is stuck',
      snapshot: snapshot({
        pods: [
          initPod([
            cstatus('init', {
              state: state.running(0),
              restartCount: 2,
              lastState: state.terminated(1, 'Error'),
            }),
          ]),
        ],
      }),
      now: ms(900),
      expect: [{ messageId: 'stuck', status: 'failed' }],
    },
    {
      name: 'no start time in the evidence: progressing',
      snapshot: snapshot({
        pods: [
          {
            kind: 'Pod',
            metadata: { name: 'pasted', namespace: 'default' },
            spec: { containers: [container('app')], initContainers: [container('init')] },
            status: {
              initContainerStatuses: [
                { name: 'init', ready: false, restartCount: 0, state: { running: {} } },
              ],
            },
          },
        ],
      }),
      now: ms(5000),
      expect: [{ messageId: 'stuck', status: 'progressing', data: { duration: 'an unknown time' } }],
    },
  ],
});

const pasted = (status: ContainerStatus): Pod => ({
  kind: 'Pod',
  metadata: { name: 'pasted', namespace: 'default' },
  spec: { containers: [container('app')], initContainers: [container('init')] },
  status: { initContainerStatuses: [status] },
});

describe('init-stuck: boundaries and evidence', () => {
  it('a retry at exactly the grace period is stuck', () => {
    const p = initPod([
      cstatus('init', { state: state.running(0), restartCount: 2, lastState: state.terminated(1, 'Error') }),
    ]);
    expect(runRule(rule, snapshot({ pods: [p] }), ms(600)).map((f) => f.status)).toEqual(['failed']);
    expect(runRule(rule, snapshot({ pods: [p] }), ms(599))).toEqual([]);
  });

  it('a rerun after a successful run is not a retry: it counts from its start', () => {
    const p = initPod([
      cstatus('init', {
        state: state.running(0),
        restartCount: 1,
        lastState: state.terminated(0, 'Completed'),
      }),
    ]);
    expect(runRule(rule, snapshot({ pods: [p] }), ms(60)).map((f) => f.status)).toEqual(['progressing']);
  });

  it('a retry without any start time is left to init-failed', () => {
    const p = pasted({
      name: 'init',
      ready: false,
      restartCount: 2,
      state: { running: {} },
      lastState: state.terminated(1, 'Error'),
    });
    expect(runRule(rule, snapshot({ pods: [p] }), ms(5000))).toEqual([]);
  });

  it('no start time: "startedAt unknown" in the evidence', () => {
    const p = pasted({ name: 'init', ready: false, restartCount: 0, state: { running: {} } });
    const [f] = runRule(rule, snapshot({ pods: [p] }), ms(5000));
    expect(f?.evidence).toEqual([
      { source: 'status', text: 'initContainerStatuses[init].state.running: startedAt unknown' },
    ]);
  });

  it('the log of the running instance, not the previous one', () => {
    const p = initPod([cstatus('wait-db', { state: state.running(10) })]);
    const log = (previous: boolean, line: string) => ({
      namespace: 'default',
      pod: 'web-1',
      container: 'wait-db',
      previous,
      lines: [line],
    });
    const [f] = runRule(
      rule,
      snapshot({ pods: [p], logs: [log(true, 'old run'), log(false, 'waiting for db:5432...')] }),
      ms(1510),
    );
    expect(f?.data['lastLog']).toBe('waiting for db:5432...');
  });
});

describe('no init container state in the evidence', () => {
  const waitingApp = [cstatus('app', { state: state.waiting('PodInitializing') })];
  const log = (container: string, lines: string[]) => ({
    namespace: 'default',
    pod: 'web-1',
    container,
    previous: false,
    lines,
  });

  it('app containers on PodInitializing: the pod waits on the init containers it lists', () => {
    const p = pod({
      initContainers: [container('migrate'), container('seed')],
      containerStatuses: waitingApp,
    });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [p] }));
    expect(rest).toEqual([]);
    expect([f?.reason, f?.messageId, f?.data['which'], f?.status, f?.confidence]).toEqual([
      'InitContainerStuck',
      'podInitializing',
      ' (migrate, seed)',
      'failed',
      'low',
    ]);
    expect(f?.container).toBeUndefined();
    expect(f?.evidence.map((e) => e.text)).toContain('containerStatuses[app].state.waiting: PodInitializing');
    expect(f?.nextSteps.some((s) => s.includes(' -c '))).toBe(false);
  });

  it('one init container listed: the steps read its log', () => {
    const p = pod({ initContainers: [container('migrate')], containerStatuses: waitingApp });
    const [f] = runRule(rule, snapshot({ pods: [p] }));
    expect(f?.nextSteps[0]).toBe('kubectl logs web-1 -n default -c migrate');
  });

  it('none listed: the wait is still the pod waiting on init containers, unnamed', () => {
    const [f] = runRule(rule, snapshot({ pods: [pod({ containerStatuses: waitingApp })] }));
    expect([f?.messageId, f?.data['which']]).toEqual(['podInitializing', '']);
  });

  it('a waiting log names the init container stuck', () => {
    const p = pod({ initContainers: [container('wait-for-db')], containerStatuses: waitingApp });
    const [f, ...rest] = runRule(
      rule,
      snapshot({ pods: [p], logs: [log('wait-for-db', ['waiting for db', 'waiting for db'])] }),
    );
    expect(rest).toEqual([]);
    expect([f?.messageId, f?.container?.name, f?.container?.type, f?.data['lastLog'], f?.basis]).toEqual([
      'waitingLog',
      'wait-for-db',
      'init',
      'waiting for db',
      'events',
    ]);
  });

  it('a log that ended otherwise says more than the state: no wait reported', () => {
    const p = pod({ initContainers: [container('wait-for-db')], containerStatuses: waitingApp });
    for (const lines of [['db is ready'], ['chown: /data: Operation not permitted']])
      expect(runRule(rule, snapshot({ pods: [p], logs: [log('wait-for-db', lines)] }))).toEqual([]);
  });

  it('an app container not waiting on init containers is no wait', () => {
    const p = pod({ containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })] });
    expect(runRule(rule, snapshot({ pods: [p] }))).toEqual([]);
  });
});
