/**
 * DESIGN.md §1, history: evidence that a later stage passed, or that the same step later
 * succeeded, turns an earlier warning into history. A healthy control (a transient Multi-Attach,
 * a first mount that failed, a Completed Job pod with old warnings) must not be reported failed.
 * Each variant is judged by the real rules, from events alone and with the pod object.
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord, Pod } from '../src/model/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';
import { cond, cstatus, event, ms, pod, runningPod, snapshot, state } from './builders.js';

const NOW_S = 600;
const PV = 'pvc-7a81d56f-1cf9-11eb-8295-b6961e0a47ed';

const warn = (
  reason: string,
  message: string,
  atS: number,
  extra: Partial<Parameters<typeof event>[0]> = {},
) => event({ reason, message, lastS: atS, source: 'kubelet', ...extra });
const normal = (
  reason: string,
  message: string,
  atS: number,
  extra: Partial<Parameters<typeof event>[0]> = {},
) => event({ reason, message, lastS: atS, type: 'Normal', source: 'kubelet', ...extra });

const pulledCreatedStarted = (atS: number): EventRecord[] => [
  normal('Pulled', 'Container image "nginx:1.25" already present on machine', atS, {
    fieldPath: 'spec.containers{app}',
  }),
  normal('Created', 'Created container: app', atS, { fieldPath: 'spec.containers{app}' }),
  normal('Started', 'Started container app', atS, { fieldPath: 'spec.containers{app}' }),
];

interface Variant {
  readonly name: string;
  readonly events: readonly EventRecord[];
}

/** Earlier warnings, each followed by evidence that the step or a later stage succeeded. */
const RECOVERED: readonly Variant[] = [
  {
    name: 'Multi-Attach, then the attach succeeded and the container started',
    events: [
      warn(
        'FailedAttachVolume',
        `Multi-Attach error for volume "${PV}" Volume is already exclusively attached to one node and can't be attached to another`,
        100,
        { source: 'attachdetach-controller' },
      ),
      normal('SuccessfulAttachVolume', `AttachVolume.Attach succeeded for volume "${PV}"`, 130, {
        source: 'attachdetach-controller',
      }),
      ...pulledCreatedStarted(150),
    ],
  },
  {
    name: 'Multi-Attach, then only SuccessfulAttachVolume (no later container events)',
    events: [
      warn(
        'FailedAttachVolume',
        `Multi-Attach error for volume "${PV}" Volume is already used by pod(s) web-0`,
        100,
        { source: 'attachdetach-controller' },
      ),
      normal('SuccessfulAttachVolume', `AttachVolume.Attach succeeded for volume "${PV}"`, 130, {
        source: 'attachdetach-controller',
      }),
    ],
  },
  {
    name: 'a mount failed once, then MountVolume.SetUp succeeded for that volume',
    events: [
      warn(
        'FailedMount',
        'MountVolume.SetUp failed for volume "secrets-store" : rpc error: code = Unknown desc = failed to mount secrets store objects',
        100,
      ),
      normal('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "secrets-store"', 140),
    ],
  },
  {
    name: 'an old-style mount timeout, then the volume mounted and the container started',
    events: [
      warn(
        'FailedMount',
        'Unable to mount volumes for pod "web-1_default(1)": timeout expired waiting for volumes to attach/mount for pod "default"/"web-1". list of unattached/unmounted volumes=[data]',
        100,
      ),
      normal('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "data"', 160),
      ...pulledCreatedStarted(170),
    ],
  },
  {
    name: 'FailedScheduling, then the kubelet pulled and started the container',
    events: [
      event({
        reason: 'FailedScheduling',
        message: '0/3 nodes are available: 3 Insufficient cpu.',
        lastS: 100,
        source: 'default-scheduler',
      }),
      ...pulledCreatedStarted(200),
    ],
  },
  {
    name: 'a sandbox failure, then the container started',
    events: [
      warn(
        'FailedCreatePodSandBox',
        'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "abc": plugin type="calico" failed (add): connection is unauthorized',
        100,
      ),
      normal('SandboxChanged', 'Pod sandbox changed, it will be killed and re-created.', 110),
      ...pulledCreatedStarted(150),
    ],
  },
];

/** The pod as a kubelet reports it once everything recovered: Running and Ready. */
function recoveredPod(): Pod {
  return runningPod({ createdS: 50 });
}

/** A pod known only from events (its object was not pasted). */
function judgeEventsOnly(events: readonly EventRecord[]) {
  return diagnose(snapshot({ events: [...events] }), { now: ms(NOW_S), rules: RULES }).diagnoses;
}

describe('earlier warnings that later evidence resolved are history', () => {
  it.each(RECOVERED)('events only: $name', ({ events }) => {
    const ds = judgeEventsOnly(events);
    expect(ds.filter((d) => d.verdict === 'failed')).toEqual([]);
  });

  it.each(RECOVERED)('with the Running and Ready pod: $name', ({ events }) => {
    const ds = diagnose(snapshot({ pods: [recoveredPod()], events: [...events] }), {
      now: ms(NOW_S),
      rules: RULES,
    }).diagnoses;
    expect(ds.map((d) => d.verdict)).toEqual(['healthy']);
  });

  it('keeps a failure that came back after the success', () => {
    const events = [
      normal('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "data"', 100),
      warn('FailedMount', 'MountVolume.SetUp failed for volume "data" : mount failed: exit status 32', 300, {
        count: 20,
        firstS: 200,
      }),
    ];
    const [d] = judgeEventsOnly(events);
    expect(d).toMatchObject({ verdict: 'failed', stage: 'volumes', reason: 'MountFailed' });
  });

  it('keeps a failure of another volume than the one that succeeded', () => {
    const events = [
      warn(
        'FailedMount',
        'MountVolume.SetUp failed for volume "config" : configmap "app-config" not found',
        300,
        {
          count: 20,
          firstS: 100,
        },
      ),
      normal('SuccessfulMountVolume', 'MountVolume.SetUp succeeded for volume "kube-api-access-x"', 320),
    ];
    const [d] = judgeEventsOnly(events);
    expect(d).toMatchObject({ verdict: 'failed', stage: 'volumes', reason: 'VolumeSourceNotFound' });
  });
});

describe('a Completed Job pod is healthy whatever warnings it had', () => {
  const completed = pod({
    phase: 'Succeeded',
    nodeName: 'n',
    createdS: 0,
    conditions: [cond('PodScheduled', 'True'), cond('Ready', 'False', 'PodCompleted')],
    containerStatuses: [
      cstatus('app', { state: state.terminated(0, 'Completed', { startedS: 200, finishedS: 260 }) }),
    ],
  });
  it.each([
    [
      'FailedScheduling',
      event({
        reason: 'FailedScheduling',
        message: '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
        lastS: 10,
      }),
    ],
    [
      'FailedMount',
      warn('FailedMount', 'MountVolume.SetUp failed for volume "cfg" : configmap "cfg" not found', 100),
    ],
    [
      'BackOff pulling',
      warn('Failed', 'Failed to pull image "x:1": rpc error: code = Unknown desc = i/o timeout', 120, {
        fieldPath: 'spec.containers{app}',
      }),
    ],
    [
      'Readiness probe',
      warn('Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', 230, {
        fieldPath: 'spec.containers{app}',
      }),
    ],
  ])('%s', (_name, e) => {
    const ds = diagnose(snapshot({ pods: [completed], events: [e] }), {
      now: ms(NOW_S),
      rules: RULES,
    }).diagnoses;
    expect(ds.map((d) => d.verdict)).toEqual(['healthy']);
  });
});
