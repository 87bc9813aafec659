import { describe, expect, it } from 'vitest';
import type { ContainerRef, Diagnosis, ReasonCode, Snapshot } from '../../model/index.js';
import { STAGES, stageOfReason } from '../../model/index.js';
import { cstatus, event, ms, node, pod, snapshot, state, workload } from '../../../test/builders.js';
import {
  FAILURE_POLICY,
  FailureFacts,
  judgeDefinite,
  NEW_NODE_WINDOW_MS,
  RESTARTS_DEFINITE,
} from './definite.js';

function failed(
  reason: ReasonCode,
  opts: { name?: string; kind?: 'Pod' | 'Deployment'; container?: ContainerRef } = {},
): Diagnosis {
  return {
    target: { kind: opts.kind ?? 'Pod', namespace: 'default', name: opts.name ?? 'web-1' },
    verdict: 'failed',
    stage: stageOfReason(reason),
    reason,
    ruleId: 'x/y',
    container: opts.container ?? null,
    summary: 's',
    confidence: 'high',
    evidence: [],
    nextSteps: [],
    chain: [],
    notes: [],
  };
}

const NOW = ms(600);

function judge(d: Diagnosis, snap: Snapshot, failedForMs = 0) {
  return judgeDefinite(d, { facts: new FailureFacts(snap), now: NOW, failedForMs });
}

const app: ContainerRef = { name: 'app', type: 'app' };
const crashing = (restartCount: number, phase = 'Running') =>
  pod({
    phase,
    containerStatuses: [
      cstatus('app', {
        state: state.waiting('CrashLoopBackOff'),
        restartCount,
        lastState: state.terminated(1, 'Error'),
      }),
    ],
  });

describe('FAILURE_POLICY', () => {
  it('has one entry per reason code of docs/architecture.md §1', () => {
    const reasons = STAGES.flatMap((s) => [...s.reasons]).sort();
    expect(Object.keys(FAILURE_POLICY).sort()).toEqual(reasons);
  });
});

describe('judgeDefinite', () => {
  const cases: readonly {
    readonly name: string;
    readonly d: Diagnosis;
    readonly snap: Snapshot;
    readonly failedForMs?: number;
    readonly definite: boolean;
  }[] = [
    {
      name: 'an admission denial at once',
      d: failed('WebhookDenied', { kind: 'Deployment' }),
      snap: snapshot(),
      definite: true,
    },
    {
      name: 'a quota that may free up: not yet',
      d: failed('QuotaExceeded', { kind: 'Deployment' }),
      snap: snapshot(),
      failedForMs: 30_000,
      definite: false,
    },
    {
      name: 'a quota still exceeded after a minute',
      d: failed('QuotaExceeded', { kind: 'Deployment' }),
      snap: snapshot(),
      failedForMs: 60_000,
      definite: true,
    },
    {
      name: 'an invalid image name at once',
      d: failed('InvalidImageName', { container: app }),
      snap: snapshot({ pods: [pod()] }),
      definite: true,
    },
    {
      name: 'image not found after one failed pull: not yet',
      d: failed('ImageNotFound', { container: app }),
      snap: snapshot({
        pods: [pod({ containerStatuses: [cstatus('app', { state: state.waiting('ErrImagePull') })] })],
        events: [
          event({
            reason: 'Failed',
            message: 'Failed to pull image "a": rpc error: code = NotFound desc = not found',
          }),
        ],
      }),
      definite: false,
    },
    {
      name: 'image not found after the kubelet retried (two failed pulls)',
      d: failed('ImageNotFound', { container: app }),
      snap: snapshot({
        pods: [pod({ containerStatuses: [cstatus('app', { state: state.waiting('ErrImagePull') })] })],
        events: [event({ reason: 'Failed', message: 'Failed to pull image "a": not found', count: 2 })],
      }),
      definite: true,
    },
    {
      name: 'unauthorized while in ImagePullBackOff',
      d: failed('RegistryUnauthorized', { container: app }),
      snap: snapshot({
        pods: [pod({ containerStatuses: [cstatus('app', { state: state.waiting('ImagePullBackOff') })] })],
      }),
      definite: true,
    },
    {
      name: 'a crash with 2 restarts: not yet',
      d: failed('CrashLoopBackOff', { container: app }),
      snap: snapshot({ pods: [crashing(2)] }),
      definite: false,
    },
    {
      name: `a crash loop at ${RESTARTS_DEFINITE} restarts`,
      d: failed('CrashLoopBackOff', { container: app }),
      snap: snapshot({ pods: [crashing(RESTARTS_DEFINITE)] }),
      definite: true,
    },
    {
      name: 'a bare pod that exited for good (phase Failed)',
      d: failed('ExitNonZero', { container: app }),
      snap: snapshot({ pods: [crashing(0, 'Failed')] }),
      definite: true,
    },
    {
      name: 'a failed Job pod while the Job may retry: not yet',
      d: failed('ExitNonZero', { container: app }),
      snap: snapshot({
        pods: [
          {
            ...crashing(0, 'Failed'),
            metadata: {
              ...crashing(0).metadata,
              ownerReferences: [{ kind: 'Job', name: 'export', controller: true }],
            },
          },
        ],
        workloads: [workload({ kind: 'Job', name: 'export' })],
      }),
      definite: false,
    },
    {
      name: 'a failed Job pod of a Job that failed',
      d: failed('ExitNonZero', { container: app }),
      snap: snapshot({
        pods: [
          {
            ...crashing(0, 'Failed'),
            metadata: {
              ...crashing(0).metadata,
              ownerReferences: [{ kind: 'Job', name: 'export', controller: true }],
            },
          },
        ],
        workloads: [
          workload({
            kind: 'Job',
            name: 'export',
            conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }],
          }),
        ],
      }),
      definite: true,
    },
    {
      name: 'unschedulable with nothing coming',
      d: failed('InsufficientResources'),
      snap: snapshot({ pods: [pod()], nodes: [node()] }),
      definite: true,
    },
    {
      name: 'unschedulable while cluster-autoscaler scales up',
      d: failed('InsufficientResources'),
      snap: snapshot({
        pods: [pod()],
        nodes: [node()],
        events: [
          event({
            reason: 'TriggeredScaleUp',
            type: 'Normal',
            message: 'pod triggered scale-up: [{pool-a 1->2 (max: 5)}]',
          }),
        ],
      }),
      definite: false,
    },
    {
      name: 'unschedulable while a new node joins (NotReady since a minute)',
      d: failed('UntoleratedTaint'),
      snap: snapshot({
        pods: [pod()],
        nodes: [node(), node({ name: 'node-2', ready: 'False', heartbeatS: 540 })],
      }),
      definite: false,
    },
    {
      name: 'unschedulable next to a node NotReady for long: no sign',
      d: failed('UntoleratedTaint'),
      snap: snapshot({
        pods: [pod()],
        nodes: [node({ name: 'old', ready: 'False', heartbeatS: 600 - NEW_NODE_WINDOW_MS / 1000 - 60 })],
      }),
      definite: true,
    },
    {
      name: 'unschedulable while pods in the namespace terminate',
      d: failed('HostPortConflict'),
      snap: snapshot({ pods: [pod(), pod({ name: 'old', deletionS: 590 })], nodes: [node()] }),
      definite: false,
    },
    {
      name: 'scheduling gates never end by themselves',
      d: failed('SchedulingGated'),
      snap: snapshot({ pods: [pod()] }),
      failedForMs: 3_600_000,
      definite: false,
    },
    {
      name: 'an init container stuck never ends by itself',
      d: failed('InitContainerStuck'),
      snap: snapshot({ pods: [pod()] }),
      failedForMs: 3_600_000,
      definite: false,
    },
    {
      name: 'a missing ConfigMap within 90 s: not yet',
      d: failed('ConfigMapMissing', { container: app }),
      snap: snapshot({ pods: [pod()] }),
      failedForMs: 60_000,
      definite: false,
    },
    {
      name: 'a missing ConfigMap after 90 s',
      d: failed('ConfigMapMissing', { container: app }),
      snap: snapshot({ pods: [pod()] }),
      failedForMs: 90_000,
      definite: true,
    },
    {
      name: 'an exec format error at once',
      d: failed('ExecFormatError', { container: app }),
      snap: snapshot({ pods: [pod()] }),
      definite: true,
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(judge(c.d, c.snap, c.failedForMs).definite).toBe(c.definite);
  });

  // A failure that may mend itself is definite once it has persisted exactly its policy's time.
  it.each([
    ['QuotaExceeded', '1 ms before', 59_999, false, 'failing for 59s; definite after 60s'],
    ['QuotaExceeded', 'exactly', 60_000, true, 'failing for 60s'],
    ['QuotaExceeded', '1 ms after', 60_001, true, 'failing for 60s'],
    ['ConfigMapMissing', '1 ms before', 89_999, false, 'failing for 89s; definite after 90s'],
    ['ConfigMapMissing', 'exactly', 90_000, true, 'failing for 90s'],
    ['ConfigMapMissing', '1 ms after', 90_001, true, 'failing for 90s'],
    ['NodeNotReady', '1 ms before', 299_999, false, 'failing for 4m59s; definite after 5m'],
    ['NodeNotReady', 'exactly', 300_000, true, 'failing for 5m'],
    ['NodeNotReady', '1 ms after', 300_001, true, 'failing for 5m'],
  ] as const)('%s failing %s its persist time: %s ms', (reason, _when, failedForMs, definite, why) => {
    expect(judge(failed(reason), snapshot({ pods: [pod()] }), failedForMs)).toEqual({ definite, why });
  });

  it('is never definite for a diagnosis that is not failed', () => {
    const d = { ...failed('WebhookDenied'), verdict: 'progressing' as const };
    expect(judge(d, snapshot(), 3_600_000)).toEqual({ definite: false, why: 'verdict is progressing' });
  });

  it('says why', () => {
    expect(judge(failed('CrashLoopBackOff', { container: app }), snapshot({ pods: [crashing(4)] })).why).toBe(
      'restarted 4 times',
    );
  });
});

/** The policy of docs/architecture.md §1, written out: seconds for `persist`, else the kind. */
const PERSIST_S: Readonly<Partial<Record<ReasonCode, number>>> = {
  QuotaExceeded: 60,
  WebhookUnavailable: 60,
  ServiceAccountMissing: 30,
  UnboundPVC: 60,
  SchedulerError: 60,
  NodeNotReady: 300,
  NodeLost: 300,
  VolumeSourceNotFound: 90,
  MountFailed: 60,
  AttachFailed: 60,
  MultiAttach: 60,
  CSIDriverNotRegistered: 60,
  MountTimeout: 60,
  CNIFailed: 60,
  IPExhausted: 60,
  NetworkNotReady: 60,
  SandboxFailed: 60,
  RateLimited: 120,
  RegistryUnreachable: 120,
  PullBackOff: 120,
  ConfigMapMissing: 90,
  SecretMissing: 90,
  KeyMissing: 90,
  CreateContainerError: 60,
  ReadinessProbeFailed: 120,
  ReadinessGateNotMet: 120,
  NotReady: 120,
  SelectorMatchesNoPods: 60,
  NoReadyEndpoints: 120,
  NotInEndpoints: 120,
  FinalizerBlocking: 300,
  NodeGone: 300,
  VolumeTeardownStuck: 300,
  StuckTerminating: 300,
};
const IMMEDIATE: readonly ReasonCode[] = [
  'LimitRangeViolation',
  'PodSecurityViolation',
  'WebhookDenied',
  'PolicyForbidden',
  'Forbidden',
  'NodeNameMismatch',
  'KubeletRejected',
  'Evicted',
  'Preempted',
  'NodeShutdown',
  'CNIUnauthorized',
  'SandboxImageFailed',
  'InvalidImageName',
  'NeverPullMissing',
  'RunAsNonRoot',
  'ExecutableNotFound',
  'ExecFormatError',
  'PermissionDenied',
  'TargetPortMismatch',
];
const RESTARTS: readonly ReasonCode[] = [
  'InitContainerFailed',
  'InitContainerCrashLoop',
  'StartError',
  'OOMKilled',
  'ExitNonZero',
  'ExitZeroLoop',
  'KilledExternally',
  'CrashLoopBackOff',
  'LivenessProbeFailed',
  'StartupProbeFailed',
];
const PULL_BACKOFF: readonly ReasonCode[] = ['ImageNotFound', 'RegistryUnauthorized', 'RegistryTLS'];
const CAPACITY: readonly ReasonCode[] = [
  'InsufficientResources',
  'UntoleratedTaint',
  'NodeAffinityMismatch',
  'NodeUnschedulable',
  'HostPortConflict',
  'PodAffinityMismatch',
  'TopologySpreadUnsatisfied',
  'TooManyPods',
  'VolumeNodeAffinityConflict',
  'VolumeLimitExceeded',
  'Unschedulable',
];
const NEVER: readonly ReasonCode[] = ['SchedulingGated', 'InitContainerStuck'];

/** humanDuration of the persist windows and 1 ms under them, as kubectl prints ages. */
const SHOWN: Readonly<Record<number, readonly [under: string, at: string]>> = {
  30: ['29s', '30s'],
  60: ['59s', '60s'],
  90: ['89s', '90s'],
  120: ['119s', '2m'],
  300: ['4m59s', '5m'],
};

describe('judgeDefinite per policy kind, at its boundaries', () => {
  it('the written-out policy covers every reason code once', () => {
    const listed = [
      ...Object.keys(PERSIST_S),
      ...IMMEDIATE,
      ...RESTARTS,
      ...PULL_BACKOFF,
      ...CAPACITY,
      ...NEVER,
    ].sort();
    expect(listed).toEqual(STAGES.flatMap((s) => [...s.reasons]).sort());
  });

  const persistRows = Object.entries(PERSIST_S).map(([reason, s]) => [reason as ReasonCode, s ?? 0] as const);
  it.each(persistRows)('%s persists for %i s: 1 ms before, exactly at, 1 ms after', (reason, seconds) => {
    const d = failed(reason, { container: app });
    const snap = snapshot({ pods: [pod()] });
    const [under, at] = SHOWN[seconds] ?? ['?', '?'];
    expect(judge(d, snap, seconds * 1000 - 1)).toEqual({
      definite: false,
      why: `failing for ${under}; definite after ${at}`,
    });
    expect(judge(d, snap, seconds * 1000)).toEqual({ definite: true, why: `failing for ${at}` });
    expect(judge(d, snap, seconds * 1000 + 1)).toEqual({ definite: true, why: `failing for ${at}` });
  });

  it.each(IMMEDIATE)('%s is definite at once', (reason) => {
    expect(judge(failed(reason, { container: app }), snapshot({ pods: [pod()] }), 0)).toEqual({
      definite: true,
      why: `${reason} does not mend itself`,
    });
  });

  it.each(NEVER)('%s is never definite, even after a day', (reason) => {
    expect(judge(failed(reason), snapshot({ pods: [pod()] }), 86_400_000)).toEqual({
      definite: false,
      why: `${reason} ends only when something outside the pod acts`,
    });
  });

  it.each(RESTARTS)(
    `%s: ${RESTARTS_DEFINITE - 1} restarts not yet, ${RESTARTS_DEFINITE} and ${RESTARTS_DEFINITE + 1} definite`,
    (reason) => {
      const d = failed(reason, { container: app });
      expect(judge(d, snapshot({ pods: [crashing(RESTARTS_DEFINITE - 1)] }), 3_600_000)).toEqual({
        definite: false,
        why: `restarted ${RESTARTS_DEFINITE - 1} time(s); definite after ${RESTARTS_DEFINITE}`,
      });
      expect(judge(d, snapshot({ pods: [crashing(RESTARTS_DEFINITE)] }))).toEqual({
        definite: true,
        why: `restarted ${RESTARTS_DEFINITE} times`,
      });
      expect(judge(d, snapshot({ pods: [crashing(RESTARTS_DEFINITE + 1)] }))).toEqual({
        definite: true,
        why: `restarted ${RESTARTS_DEFINITE + 1} times`,
      });
    },
  );

  it.each(PULL_BACKOFF)('%s: definite once the kubelet backs off', (reason) => {
    const d = failed(reason, { container: app });
    const pulling = (waiting: string) =>
      snapshot({ pods: [pod({ containerStatuses: [cstatus('app', { state: state.waiting(waiting) })] })] });
    expect(judge(d, pulling('ImagePullBackOff'))).toEqual({
      definite: true,
      why: 'the kubelet is backing off pulling the image',
    });
    expect(judge(d, pulling('ErrImagePull'), 3_600_000)).toEqual({
      definite: false,
      why: 'the first pull failed; waiting for the kubelet to retry',
    });
  });

  it.each(CAPACITY)('%s: definite when nothing could make room', (reason) => {
    expect(judge(failed(reason), snapshot({ pods: [pod()], nodes: [node()] }))).toEqual({
      definite: true,
      why: 'no node, scale-up or terminating pod could make room',
    });
  });

  it('a failure with no reason code must persist two minutes', () => {
    const d: Diagnosis = { ...failed('NotReady'), stage: null, reason: null, ruleId: null };
    expect(judge(d, snapshot({ pods: [pod()] }), 119_999)).toEqual({
      definite: false,
      why: 'failing for 119s; definite after 2m',
    });
    expect(judge(d, snapshot({ pods: [pod()] }), 120_000)).toEqual({ definite: true, why: 'failing for 2m' });
  });
});

describe('judgeDefinite: restarts', () => {
  const jobPod = (restartCount = 0, jobName = 'export') => {
    const p = crashing(restartCount, 'Failed');
    return {
      ...p,
      metadata: { ...p.metadata, ownerReferences: [{ kind: 'Job', name: jobName, controller: true }] },
    };
  };
  const job = (conditions: { type: string; status: string; reason?: string }[]) =>
    workload({ kind: 'Job', name: 'export', conditions });
  const exitNonZero = failed('ExitNonZero', { container: app });

  it.each([
    ['no conditions yet', [], false, 'the pod failed; Job export may still retry'],
    [
      'FailureTarget but not yet Failed',
      [{ type: 'FailureTarget', status: 'True', reason: 'BackoffLimitExceeded' }],
      false,
      'the pod failed; Job export may still retry',
    ],
    [
      'Suspended',
      [{ type: 'Suspended', status: 'True', reason: 'JobSuspended' }],
      false,
      'the pod failed; Job export may still retry',
    ],
    [
      'Failed=False',
      [{ type: 'Failed', status: 'False' }],
      false,
      'the pod failed; Job export may still retry',
    ],
    [
      'Failed=True',
      [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }],
      true,
      'Job export has failed',
    ],
    [
      'FailureTarget then Failed',
      [
        { type: 'FailureTarget', status: 'True', reason: 'BackoffLimitExceeded' },
        { type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' },
      ],
      true,
      'Job export has failed',
    ],
  ] as const)('a failed Job pod whose Job has %s', (_name, conditions, definite, why) => {
    expect(judge(exitNonZero, snapshot({ pods: [jobPod()], workloads: [job([...conditions])] }))).toEqual({
      definite,
      why,
    });
  });

  it('a failed Job pod whose Job is not in the snapshot may still be retried', () => {
    expect(judge(exitNonZero, snapshot({ pods: [jobPod()] }))).toEqual({
      definite: false,
      why: 'the pod failed; Job export may still retry',
    });
  });

  it('only a Job is looked up: a Deployment of the same name says nothing', () => {
    const deployment = workload({
      kind: 'Deployment',
      name: 'export',
      conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }],
    });
    expect(judge(exitNonZero, snapshot({ pods: [jobPod()], workloads: [deployment] }))).toEqual({
      definite: false,
      why: 'the pod failed; Job export may still retry',
    });
  });

  it('a failed pod owned by a ReplicaSet has stopped for good', () => {
    const p = crashing(0, 'Failed');
    const owned = {
      ...p,
      metadata: {
        ...p.metadata,
        ownerReferences: [{ kind: 'ReplicaSet', name: 'export', controller: true }],
      },
    };
    expect(judge(exitNonZero, snapshot({ pods: [owned], workloads: [job([])] }))).toEqual({
      definite: true,
      why: 'the pod has stopped (phase Failed)',
    });
  });

  it('a pod and its Job without a namespace', () => {
    const p = jobPod();
    const bare = { ...p, metadata: { ...p.metadata, namespace: undefined } } as unknown as typeof p;
    const j = job([{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }]);
    const bareJob = { ...j, metadata: { ...j.metadata, namespace: undefined } } as unknown as typeof j;
    const d: Diagnosis = { ...exitNonZero, target: { kind: 'Pod', namespace: '', name: 'web-1' } };
    expect(judge(d, snapshot({ pods: [bare], workloads: [bareJob] }))).toEqual({
      definite: true,
      why: 'Job export has failed',
    });
  });

  it('a workload target is judged from the workload, not from a pod of the same name', () => {
    const d = failed('CrashLoopBackOff', { kind: 'Deployment', container: app });
    expect(judge(d, snapshot({ pods: [crashing(0)] }))).toEqual({
      definite: true,
      why: 'the workload reports the failure',
    });
  });

  it("counts the named container's restarts, not another's", () => {
    const p = pod({
      phase: 'Running',
      containerStatuses: [
        cstatus('sidecar', { state: state.running(500), restartCount: 5 }),
        cstatus('app', { state: state.waiting('CrashLoopBackOff'), restartCount: 1 }),
      ],
    });
    expect(judge(failed('CrashLoopBackOff', { container: app }), snapshot({ pods: [p] }))).toEqual({
      definite: false,
      why: `restarted 1 time(s); definite after ${RESTARTS_DEFINITE}`,
    });
  });

  it('an init container counts its own restarts', () => {
    const p = pod({
      phase: 'Pending',
      initContainerStatuses: [
        cstatus('migrate', { state: state.waiting('CrashLoopBackOff'), restartCount: RESTARTS_DEFINITE }),
      ],
      containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing'), restartCount: 0 })],
    });
    const d = failed('InitContainerCrashLoop', { container: { name: 'migrate', type: 'init' } });
    expect(judge(d, snapshot({ pods: [p] }))).toEqual({
      definite: true,
      why: `restarted ${RESTARTS_DEFINITE} times`,
    });
  });

  it('without a container named, the most restarted container counts', () => {
    const p = pod({
      phase: 'Running',
      containerStatuses: [
        cstatus('a', { state: state.running(500), restartCount: 1 }),
        cstatus('b', { state: state.waiting('CrashLoopBackOff'), restartCount: 4 }),
      ],
    });
    expect(judge(failed('CrashLoopBackOff'), snapshot({ pods: [p] }))).toEqual({
      definite: true,
      why: 'restarted 4 times',
    });
  });

  it('a named container without a status yet counts as never restarted', () => {
    expect(
      judge(failed('CrashLoopBackOff', { container: app }), snapshot({ pods: [pod({ phase: 'Pending' })] })),
    ).toEqual({
      definite: false,
      why: `restarted 0 time(s); definite after ${RESTARTS_DEFINITE}`,
    });
  });
});

describe('judgeDefinite: pull back-off', () => {
  const notFound = failed('ImageNotFound', { container: app });
  const pullFailed = (count = 1) =>
    event({
      reason: 'Failed',
      message:
        'Failed to pull image "registry.example/app:1.0": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example/app:1.0": failed to resolve reference "registry.example/app:1.0": registry.example/app:1.0: not found',
      count,
    });
  const errImagePull = (count = 1) => event({ reason: 'Failed', message: 'Error: ErrImagePull', count });
  const pulling = (count = 1) =>
    event({ reason: 'Pulling', type: 'Normal', message: 'Pulling image "registry.example/app:1.0"', count });
  const backOff = (count = 1) =>
    event({
      reason: 'BackOff',
      type: 'Normal',
      message: 'Back-off pulling image "registry.example/app:1.0"',
      count,
    });
  const waitingPull = pod({ containerStatuses: [cstatus('app', { state: state.waiting('ErrImagePull') })] });

  it.each([
    ['one failed pull', [pullFailed()], false, 'the first pull failed; waiting for the kubelet to retry'],
    ['two failed-pull events', [pullFailed(), pullFailed()], true, '2 pulls failed the same way'],
    ['one event counted twice', [pullFailed(2)], true, '2 pulls failed the same way'],
    ['one event counted three times', [pullFailed(3)], true, '3 pulls failed the same way'],
    [
      'one failed pull among Pulling, BackOff and "Error: ErrImagePull" events',
      [pulling(3), pullFailed(), errImagePull(), backOff(2)],
      false,
      'the first pull failed; waiting for the kubelet to retry',
    ],
    ['no events at all', [], false, 'the first pull failed; waiting for the kubelet to retry'],
  ] as const)('%s', (_name, events, definite, why) => {
    expect(judge(notFound, snapshot({ pods: [waitingPull], events: [...events] }))).toEqual({
      definite,
      why,
    });
  });

  it('failed pulls of another pod do not count', () => {
    const other = event({ reason: 'Failed', name: 'web-2', message: pullFailed().message, count: 5 });
    expect(judge(notFound, snapshot({ pods: [waitingPull], events: [pullFailed(), other] })).definite).toBe(
      false,
    );
  });

  it('ImagePullBackOff on any container, init or app, whatever the others show', () => {
    const p = pod({
      initContainerStatuses: [
        cstatus('init', { state: state.terminated(0, 'Completed') }),
        cstatus('fetch', {}),
      ],
      containerStatuses: [
        cstatus('sidecar', { state: state.running(10) }),
        cstatus('app', {
          state: state.waiting('ImagePullBackOff', 'Back-off pulling image "registry.example/app:1.0"'),
        }),
      ],
    });
    expect(judge(notFound, snapshot({ pods: [p] }))).toEqual({
      definite: true,
      why: 'the kubelet is backing off pulling the image',
    });
  });

  it('statuses that are not waiting, and none in back-off, leave it to the failed pulls', () => {
    const p = pod({
      initContainerStatuses: [cstatus('fetch', {})],
      containerStatuses: [
        cstatus('sidecar', { state: state.running(10) }),
        cstatus('app', { state: state.waiting('ErrImagePull') }),
      ],
    });
    expect(judge(notFound, snapshot({ pods: [p], events: [pullFailed()] })).definite).toBe(false);
  });

  it('a workload target (no pod) falls back to persisting a minute', () => {
    const d = failed('RegistryUnauthorized', { kind: 'Deployment', container: app });
    expect(judge(d, snapshot({ pods: [pod()] }), 59_999)).toEqual({
      definite: false,
      why: 'failing for 59s; definite after 60s',
    });
    expect(judge(d, snapshot({ pods: [pod()] }), 60_000)).toEqual({ definite: true, why: 'failing for 60s' });
  });
});

describe('judgeDefinite: capacity coming', () => {
  const d = failed('InsufficientResources');
  const scheduling = event({
    reason: 'FailedScheduling',
    message:
      '0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.',
  });
  /** A node whose Ready condition changed `agoMs` before NOW. */
  const nodeSince = (
    name: string,
    status: 'True' | 'False' | 'Unknown',
    agoMs: number,
    extra: { type: string; status: string; agoMs: number }[] = [],
  ) => {
    const iso = (a: number) => new Date(NOW - a).toISOString();
    return {
      ...node({ name }),
      status: {
        allocatable: { cpu: '4', memory: '16Gi', pods: '110' },
        conditions: [
          ...extra.map((c) => ({
            type: c.type,
            status: c.status,
            lastHeartbeatTime: iso(0),
            lastTransitionTime: iso(c.agoMs),
          })),
          { type: 'Ready', status, lastHeartbeatTime: iso(0), lastTransitionTime: iso(agoMs) },
        ],
      },
    };
  };
  const nothing = { definite: true, why: 'no node, scale-up or terminating pod could make room' };

  it('a FailedScheduling event is no sign of a scale-up', () => {
    expect(judge(d, snapshot({ pods: [pod()], nodes: [node()], events: [scheduling] }))).toEqual(nothing);
  });

  it('a TriggeredScaleUp event is', () => {
    const up = event({
      reason: 'TriggeredScaleUp',
      type: 'Normal',
      message: 'pod triggered scale-up: [{pool-a 1->2 (max: 5)}]',
    });
    expect(judge(d, snapshot({ pods: [pod()], nodes: [node()], events: [scheduling, up] }))).toEqual({
      definite: false,
      why: 'cluster-autoscaler triggered a scale-up for it',
    });
  });

  it.each([
    ['NotReady, changed 1 ms inside the window', 'False', NEW_NODE_WINDOW_MS - 1, false],
    ['NotReady, changed exactly the window ago', 'False', NEW_NODE_WINDOW_MS, true],
    ['NotReady, changed 1 ms beyond the window', 'False', NEW_NODE_WINDOW_MS + 1, true],
    ['Unknown, changed a minute ago', 'Unknown', 60_000, false],
    ['Ready, changed a minute ago (already considered)', 'True', 60_000, true],
  ] as const)('node %s', (_name, status, agoMs, definite) => {
    const r = judge(d, snapshot({ pods: [pod()], nodes: [node(), nodeSince('node-2', status, agoMs)] }));
    expect(r).toEqual(definite ? nothing : { definite: false, why: 'node node-2 is new or not Ready yet' });
  });

  it('a Ready node whose other condition changed recently is not joining', () => {
    const n = nodeSince('node-2', 'True', 3_600_000, [
      { type: 'MemoryPressure', status: 'False', agoMs: 60_000 },
    ]);
    expect(judge(d, snapshot({ pods: [pod()], nodes: [n] }))).toEqual(nothing);
  });

  it.each([
    ['created 1 ms inside the window', NEW_NODE_WINDOW_MS - 1, false],
    ['created exactly the window ago', NEW_NODE_WINDOW_MS, true],
    ['created long ago', 3_600_000, true],
  ] as const)('a node without conditions yet, %s', (_name, agoMs, definite) => {
    const n = {
      kind: 'Node' as const,
      metadata: { name: 'node-2', creationTimestamp: new Date(NOW - agoMs).toISOString() },
      spec: {},
      status: {},
    };
    expect(judge(d, snapshot({ pods: [pod()], nodes: [n] }))).toEqual(
      definite ? nothing : { definite: false, why: 'node node-2 is new or not Ready yet' },
    );
  });

  it('a node with neither conditions nor creation time is not joining', () => {
    const n = { kind: 'Node' as const, metadata: { name: 'node-2' }, spec: {}, status: {} };
    expect(judge(d, snapshot({ pods: [pod()], nodes: [n] }))).toEqual(nothing);
  });

  it('terminating pods in the namespace, and only there', () => {
    expect(
      judge(d, snapshot({ pods: [pod(), pod({ name: 'old', deletionS: 590 })], nodes: [node()] })),
    ).toEqual({
      definite: false,
      why: 'pods in default are terminating and may free room',
    });
    expect(
      judge(
        d,
        snapshot({
          pods: [pod(), pod({ name: 'old', namespace: 'other', deletionS: 590 })],
          nodes: [node()],
        }),
      ),
    ).toEqual(nothing);
  });

  it('objects without a namespace are keyed under the empty namespace', () => {
    const strip = <T extends { metadata: object }>(o: T): T => ({
      ...o,
      metadata: { ...o.metadata, namespace: undefined },
    });
    const dd: Diagnosis = { ...d, target: { kind: 'Pod', namespace: '', name: 'web-1' } };
    expect(
      judge(
        dd,
        snapshot({ pods: [strip(pod()), strip(pod({ name: 'old', deletionS: 590 }))], nodes: [node()] }),
      ),
    ).toEqual({
      definite: false,
      why: 'pods in  are terminating and may free room',
    });
    const up = event({
      reason: 'TriggeredScaleUp',
      type: 'Normal',
      message: 'pod triggered scale-up: [{pool-a 1->2 (max: 5)}]',
    });
    const bareEvent = { ...up, regarding: { kind: 'Pod', name: 'web-1' } };
    expect(judge(dd, snapshot({ pods: [strip(pod())], nodes: [node()], events: [bareEvent] }))).toEqual({
      definite: false,
      why: 'cluster-autoscaler triggered a scale-up for it',
    });
  });
});
