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
