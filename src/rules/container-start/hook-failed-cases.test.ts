import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Finding, Pod } from '../../model/index.js';
import { rule } from './hook-failed.js';

/** kubelet's FailedPostStartHook text for an exec handler (see hook-failed.test.ts). */
const EXEC = (c: string, code = 1) =>
  `Exec lifecycle hook ([/bin/sh -c /hooks/warm.sh]) for Container "${c}" in Pod "web-1_default(09e369a0)" failed - error: command '/bin/sh -c /hooks/warm.sh' exited with ${code}: , message: "warm-up failed\\n"`;
const BARE = 'PostStartHook failed';
const DETAIL = (code = 1) =>
  `command '/bin/sh -c /hooks/warm.sh' exited with ${code}: , message: "warm-up failed\\n"`;

const hook = (message: string, lastS: number, fieldPath?: string): EventRecord =>
  event({
    reason: 'FailedPostStartHook',
    message,
    lastS,
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });
const started = (message: string, lastS: number, fieldPath?: string): EventRecord =>
  event({
    reason: 'Started',
    type: 'Normal',
    message,
    lastS,
    ...(fieldPath === undefined ? {} : { fieldPath }),
  });

const backOff = (name: string) =>
  cstatus(name, {
    state: state.waiting(
      'CrashLoopBackOff',
      `back-off 40s restarting failed container=${name} pod=web-1_default(uid)`,
    ),
    lastState: state.terminated(137, 'Error'),
    restartCount: 4,
  });
const runningSidecar = cstatus('sidecar', { state: state.running(0), ready: true, started: true });

const onePod = (statuses = [backOff('app')]): Pod =>
  pod({ nodeName: 'n', phase: 'Running', containers: [container('app')], containerStatuses: statuses });
const twoPod = (): Pod =>
  pod({
    nodeName: 'n',
    phase: 'Running',
    containers: [container('app'), container('sidecar')],
    containerStatuses: [backOff('app'), runningSidecar],
  });

const run = (pods: Pod[], events: EventRecord[], now = ms(400)): Finding[] =>
  runRule(rule, snapshot({ pods, events }), now);
const summary = (fs: Finding[]) =>
  fs.map((f) => ({ container: f.container?.name, subject: f.data?.['subject'], basis: f.basis }));

const STEPS = (name: string) => [
  'kubectl describe pod web-1 -n default',
  `kubectl get pod web-1 -n default -o jsonpath='{.spec.containers[?(@.name=="${name}")].lifecycle}'`,
  'Make the postStart handler succeed, or exit 0 when its work may fail: it runs beside the entrypoint, which may not be ready yet, and its failure kills the container. Work that must happen before the app starts belongs in an init container or the entrypoint.',
];

describe('hook-failed: which container a hook event belongs to', () => {
  it.each<[string, Pod[], EventRecord[], ReturnType<typeof summary>]>([
    [
      'a fieldPath naming the container',
      [onePod()],
      [hook(BARE, 300, 'spec.containers{app}')],
      [{ container: 'app', subject: 'container app', basis: 'state' }],
    ],
    [
      'a fieldPath naming another container of a one-container pod',
      [onePod()],
      [hook(BARE, 300, 'spec.containers{other}')],
      [],
    ],
    [
      'a fieldPath naming an init container of the same name',
      [onePod()],
      [hook(BARE, 300, 'spec.initContainers{app}')],
      [],
    ],
    [
      'no fieldPath, no name in the message, one container',
      [onePod()],
      [hook(BARE, 300)],
      [{ container: 'app', subject: 'container app', basis: 'state' }],
    ],
    ['no fieldPath, no name in the message, two containers', [twoPod()], [hook(BARE, 300)], []],
    [
      'the message names the container of a two-container pod',
      [twoPod()],
      [hook(EXEC('app'), 300)],
      [{ container: 'app', subject: 'container app', basis: 'state' }],
    ],
    ['the message names the other container', [twoPod()], [hook(`\n${EXEC('sidecar')}\n`, 300)], []],
    [
      'the message (with surrounding whitespace) names the container',
      [twoPod()],
      [hook(`  ${EXEC('app')}\n`, 300)],
      [{ container: 'app', subject: 'container app', basis: 'state' }],
    ],
  ])('%s', (_name, pods, events, expected) => {
    expect(summary(run(pods, events))).toEqual(expected);
  });
});

describe('hook-failed: a later Started event ends it only when it is the same container', () => {
  it.each<[string, Pod[], EventRecord, number]>([
    [
      'sole container, Started without fieldPath in the old docker form',
      [onePod()],
      started('Started container with docker id 4a5bd0d8b0a7', 380),
      0,
    ],
    [
      'two containers, Started of the other container without fieldPath',
      [twoPod()],
      started('Started container sidecar', 380),
      1,
    ],
    [
      'two containers, Started of this container without fieldPath',
      [twoPod()],
      started('Started container app', 380),
      0,
    ],
    [
      'two containers, Started with this fieldPath in the old docker form',
      [twoPod()],
      started('Started container with docker id 4a5bd0d8b0a7', 380, 'spec.containers{app}'),
      0,
    ],
    [
      'two containers, Started with the other fieldPath',
      [twoPod()],
      started('Started container app', 380, 'spec.containers{sidecar}'),
      1,
    ],
    [
      'two containers, Started of this container in the same run as the hook',
      [twoPod()],
      started('Started container app', 295, 'spec.containers{app}'),
      1,
    ],
  ])('%s', (_name, pods, start, count) => {
    expect(run(pods, [hook(EXEC('app'), 300), start])).toHaveLength(count);
  });
});

describe('hook-failed: the finding', () => {
  it('from the status: detail from the newest hook event, evidence, steps, time', () => {
    const fs = run(
      [onePod()],
      [hook(EXEC('app', 2), 300, 'spec.containers{app}'), hook(EXEC('app', 7), 100, 'spec.containers{app}')],
    );
    expect(fs).toHaveLength(1);
    const f = fs[0] as Finding;
    expect(f).toMatchObject({
      messageId: 'postStart',
      reason: 'StartError',
      basis: 'state',
      confidence: 'medium',
      reported: true,
      container: { name: 'app', type: 'app' },
      data: { subject: 'container app', detail: DETAIL(2) },
      nextSteps: STEPS('app'),
    });
    expect(f.evidence.map((e) => e.text)).toEqual([
      `Warning FailedPostStartHook 100s ago: ${EXEC('app', 2)}`,
    ]);
    expect(f.at).toBe(ms(300));
  });

  it('running again after restarts, its last hook failure after the latest start: events basis', () => {
    const fs = run(
      [onePod([cstatus('app', { state: state.running(290), restartCount: 3 })])],
      [
        started('Started container app', 290, 'spec.containers{app}'),
        hook(EXEC('app'), 300, 'spec.containers{app}'),
      ],
    );
    expect(fs.map((f) => [f.basis, f.confidence, f.data?.['detail']])).toEqual([
      ['events', undefined, DETAIL()],
    ]);
  });

  it('a status without a state: events basis', () => {
    const fs = run([onePod([cstatus('app')])], [hook(EXEC('app'), 300, 'spec.containers{app}')]);
    expect(fs.map((f) => [f.basis, f.confidence])).toEqual([['events', undefined]]);
  });

  it('a pod known only from its events, the message naming no container: "a container"', () => {
    const fs = run([], [hook(BARE, 300)]);
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({
      messageId: 'postStart',
      basis: 'events',
      reported: true,
      data: { subject: 'a container', detail: BARE },
    });
    expect(fs[0]?.container).toBeUndefined();
  });

  it('a pod known only from its events, two containers named: one finding each', () => {
    const fs = run([], [hook(EXEC('a'), 100), hook(EXEC('b'), 200), hook(EXEC('a', 3), 300)]);
    expect(fs.map((f) => [f.container?.name, f.data?.['detail']])).toEqual([
      ['a', DETAIL(3)],
      ['b', DETAIL()],
    ]);
  });
});

describe('hook-failed: waiting PostStartHookError / PreStartHookError', () => {
  const waitingPod = (reason: string, message?: string): Pod =>
    onePod([cstatus('app', { state: state.waiting(reason, message), restartCount: 2 })]);

  it.each<[string, Pod, EventRecord[], string, string, string[], number | undefined]>([
    [
      'post, with a message and a hook event',
      waitingPod('PostStartHookError', "command '/hooks/warm.sh' exited with 126: "),
      [hook(EXEC('app'), 300, 'spec.containers{app}')],
      'postStart',
      "command '/hooks/warm.sh' exited with 126:",
      [
        "containerStatuses[app].state.waiting: PostStartHookError: command '/hooks/warm.sh' exited with 126:",
        `Warning FailedPostStartHook 100s ago: ${EXEC('app')}`,
      ],
      ms(300),
    ],
    [
      'post, no message: the hook event tells the detail',
      waitingPod('PostStartHookError'),
      [hook(EXEC('app'), 300, 'spec.containers{app}')],
      'postStart',
      DETAIL(),
      [
        'containerStatuses[app].state.waiting: PostStartHookError',
        `Warning FailedPostStartHook 100s ago: ${EXEC('app')}`,
      ],
      ms(300),
    ],
    [
      'post, no message and no event',
      waitingPod('PostStartHookError'),
      [],
      'postStart',
      'PostStartHookError',
      ['containerStatuses[app].state.waiting: PostStartHookError'],
      undefined,
    ],
    [
      'pre, a postStart hook event beside it is not its evidence',
      waitingPod('PreStartHookError', 'failed to set cpuset'),
      [hook(EXEC('app'), 300, 'spec.containers{app}')],
      'preStart',
      'failed to set cpuset',
      ['containerStatuses[app].state.waiting: PreStartHookError: failed to set cpuset'],
      ms(300),
    ],
  ])('%s', (_name, p, events, id, detail, evidence, at) => {
    const fs = run([p], events);
    expect(fs).toHaveLength(1);
    const f = fs[0] as Finding;
    expect(f).toMatchObject({ messageId: id, reported: true, data: { subject: 'container app', detail } });
    expect(f.nextSteps).toEqual(STEPS('app'));
    expect(f.evidence.map((e) => e.text)).toEqual(evidence);
    expect(f.at).toBe(at);
  });
});
