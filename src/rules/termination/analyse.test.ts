/**
 * The stage's shared analyser: how the evidence shows the deletion request (and quotes it), when
 * the deadline is (deletionTimestamp, or the first kill plus the grace period for a pod known only
 * from its events), which events count as volume teardown and which as kill trouble (only those
 * after the request), and which blocker the pod gets.
 */
import { describe, expect, it } from 'vitest';
import { at, cstatus, event, ms, node, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Node, Pod } from '../../model/index.js';
import { podContextsOf } from '../../../test/rule-tester.js';
import { stuckDeletion } from './analyse.js';

const NOW = ms(600);

/** The deletion state of the first pod. */
function stuckOf(pods: Pod[], events: EventRecord[] = [], nodes?: Node[]) {
  const ctx = podContextsOf(snapshot({ pods, events, ...(nodes === undefined ? {} : { nodes }) }), NOW)[0];
  if (ctx === undefined) throw new Error('no pod context');
  return stuckDeletion(ctx);
}

/** A pod known only from its events: no phase, no STATUS column (a pasted kubelet log). */
const eventsOnly = (spec: Partial<Pod['spec']> = {}): Pod => {
  const p = pod({ spec });
  return { ...p, status: {} };
};

/** A pasted `kubectl get pods` row: no phase, the STATUS column as an annotation. */
const pastedRow = (status: string, finalizers?: string[]): Pod => {
  const p = pod();
  return {
    ...p,
    metadata: {
      ...p.metadata,
      annotations: { 'handoff.dev/status-column': status },
      ...(finalizers === undefined ? {} : { finalizers }),
    },
    status: {},
  };
};

/** deletionTimestamp at 100 s after T0, with the given grace periods. */
const deletedAt100 = (grace: { deletion?: number; spec?: number } = {}): Pod => {
  const p = runningPod({
    deletionS: 100,
    ...(grace.spec === undefined ? {} : { spec: { terminationGracePeriodSeconds: grace.spec } }),
  });
  return grace.deletion === undefined
    ? p
    : { ...p, metadata: { ...p.metadata, deletionGracePeriodSeconds: grace.deletion } };
};

const KILL_CONTAINER =
  'error killing pod: failed to "KillContainer" for "app" with KillContainerError: "rpc error: code = DeadlineExceeded desc = context deadline exceeded"';
const KILL_SANDBOX_NETWORK =
  'error killing pod: failed to "KillPodSandbox" for "f2b7d50b-836f-433b-996a-999860105c7f" with KillPodSandboxError: "rpc error: code = Unknown desc = failed to destroy network for sandbox \\"b60c23\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: connection is unauthorized: Unauthorized"';
const KILL_SANDBOX_VOLUME =
  'error killing pod: failed to "KillPodSandbox" for "9a1c" with KillPodSandboxError: "rpc error: code = Unknown desc = failed to remove volume mounts: unmount /var/lib/kubelet/pods/9a1c/volumes/kubernetes.io~csi/pvc-1/mount: device or resource busy"';
/** Docker could not remove the container's root filesystem: busy, but no volume of the pod. */
const KILL_ROOTFS_BUSY =
  'error killing pod: failed to "KillContainer" for "app" with KillContainerError: "rpc error: code = Unknown desc = Error response from daemon: driver \\"overlay2\\" failed to remove root filesystem for 1c9b7e: remove /var/lib/docker/overlay2/5d1f/merged: device or resource busy"';
const TEARDOWN =
  'UnmountVolume.TearDown failed for volume "data" (UniqueName: "kubernetes.io/csi/ebs.csi.aws.com^vol-1") pod "uid" (UID: "uid") : rpc error: code = Internal desc = unmount failed: device or resource busy';
const EXCEEDED = 'Container runtime did not kill the pod within specified grace period.';

const stopping = (lastS: number) =>
  event({ reason: 'Killing', type: 'Normal', message: 'Stopping container app', lastS });
const teardownAt = (lastS: number) => event({ reason: 'FailedMount', message: TEARDOWN, lastS });

describe('stuckDeletion: how the evidence shows the deletion request', () => {
  it.each([
    [
      'deletionGracePeriodSeconds wins over the spec',
      deletedAt100({ deletion: 30, spec: 60 }),
      'metadata.deletionTimestamp: 2026-01-01T00:01:40Z (grace period 30s)',
    ],
    [
      'deletionGracePeriodSeconds alone',
      deletedAt100({ deletion: 45 }),
      'metadata.deletionTimestamp: 2026-01-01T00:01:40Z (grace period 45s)',
    ],
    [
      "the spec's terminationGracePeriodSeconds",
      deletedAt100({ spec: 60 }),
      'metadata.deletionTimestamp: 2026-01-01T00:01:40Z (grace period 60s)',
    ],
    ['no grace period named', deletedAt100(), 'metadata.deletionTimestamp: 2026-01-01T00:01:40Z'],
  ])('deletionTimestamp, %s', (_name, p, text) => {
    expect(stuckOf([p])?.requested).toEqual({ source: 'status', text, at: at(100) });
  });

  it('a get pods row reading Terminating: no time', () => {
    const stuck = stuckOf([pastedRow('Terminating')]);
    expect(stuck?.requested).toEqual({
      source: 'status',
      text: 'kubectl get pods STATUS Terminating (metadata.deletionTimestamp is set; the evidence does not say when)',
    });
    expect(stuck?.deadline).toBeUndefined();
  });

  it('a deletion finalizer among others, all quoted', () => {
    const p = runningPod({ finalizers: ['example.com/cleanup', 'orphan'] });
    expect(stuckOf([p])?.requested).toEqual({
      source: 'status',
      text: 'metadata.finalizers: [example.com/cleanup, orphan] (orphan is only added when deletion is requested)',
    });
  });

  it.each([
    [
      'FailedKillPod, not about volumes: killing the pod, message cut at 120 characters',
      event({ reason: 'FailedKillPod', message: KILL_SANDBOX_NETWORK, lastS: 100 }),
      `FailedKillPod: the kubelet is killing the pod (${KILL_SANDBOX_NETWORK.slice(0, 120)})`,
    ],
    [
      'ExceededGracePeriod',
      event({ reason: 'ExceededGracePeriod', message: EXCEEDED, lastS: 100 }),
      `ExceededGracePeriod: the kubelet is killing the pod (${EXCEEDED})`,
    ],
    [
      'an unmount failing: tearing down the volumes',
      event({ reason: 'FailedUnMount', message: TEARDOWN, lastS: 100 }),
      `FailedUnMount: the kubelet is tearing down the pod's volumes (${TEARDOWN.slice(0, 120)})`,
    ],
  ])('events only, %s', (_name, e, text) => {
    expect(KILL_SANDBOX_NETWORK.length).toBeGreaterThan(120);
    expect(stuckOf([eventsOnly()], [e])?.requested).toEqual({ source: 'event', text });
  });

  it.each([
    ['a pod not being deleted', runningPod()],
    ['a finalizer that deletion does not add', runningPod({ finalizers: ['example.com/cleanup'] })],
    [
      'a deletionTimestamp that is the zero time (no time)',
      (() => {
        const p = runningPod();
        return { ...p, metadata: { ...p.metadata, deletionTimestamp: '0001-01-01T00:00:00Z' } };
      })(),
    ],
  ])('no deletion: %s', (_name, p) => {
    expect(stuckOf([p], [stopping(50)])).toBeUndefined();
  });

  it.each([
    ['a phase', { ...eventsOnly(), status: { phase: 'Running' } }],
    ['a STATUS column that is not Terminating', pastedRow('Running')],
  ])('kill trouble alone is no deletion for a pod whose state is known (%s)', (_name, p) => {
    expect(
      stuckOf([p], [event({ reason: 'ExceededGracePeriod', message: EXCEEDED, lastS: 100 })]),
    ).toBeUndefined();
  });
});

describe('stuckDeletion: the deadline', () => {
  it('deletionTimestamp is the deadline', () => {
    expect(stuckOf([deletedAt100({ spec: 60 })])?.deadline).toBe(ms(100));
  });

  it.each([
    [
      'the first "Stopping container" plus the default 30 s, not a restart kill nor an earlier event',
      eventsOnly(),
      [
        event({
          reason: 'Scheduled',
          type: 'Normal',
          message: 'Successfully assigned default/web-1 to node-1',
          lastS: 5,
        }),
        event({
          reason: 'Killing',
          type: 'Normal',
          message: 'Container app failed liveness probe, will be restarted',
          lastS: 20,
        }),
        stopping(50),
        event({ reason: 'FailedKillPod', message: KILL_CONTAINER, firstS: 100, lastS: 300, count: 5 }),
      ],
      ms(80),
    ],
    [
      "a kill's first time, not its last, plus the spec's grace",
      eventsOnly({ terminationGracePeriodSeconds: 60 }),
      [event({ reason: 'FailedKillPod', message: KILL_CONTAINER, firstS: 100, lastS: 300, count: 5 })],
      ms(160),
    ],
    [
      'an unmount failing dates it too',
      eventsOnly({ terminationGracePeriodSeconds: 10 }),
      [event({ reason: 'FailedUnMount', message: TEARDOWN, firstS: 40, lastS: 90, count: 3 })],
      ms(50),
    ],
  ])('events only: %s', (_name, p, events, deadline) => {
    expect(stuckOf([p], events)?.deadline).toBe(deadline);
  });

  it('a get pods row reading Terminating is not dated by kill events', () => {
    const stuck = stuckOf(
      [pastedRow('Terminating')],
      [stopping(50), event({ reason: 'FailedKillPod', message: KILL_CONTAINER, lastS: 100 })],
    );
    expect(stuck?.deadline).toBeUndefined();
    expect(stuck?.killTrouble.map((e) => e.reason)).toEqual(['FailedKillPod']);
  });

  it('a running pod with foregroundDeletion is not dated by a Stopping event: finalizers, undated', () => {
    const stuck = stuckOf([runningPod({ finalizers: ['foregroundDeletion'] })], [stopping(50)]);
    expect(stuck?.deadline).toBeUndefined();
    expect(stuck?.blocker).toBe('finalizers');
    expect(stuck?.running).toEqual(['app']);
  });
});

describe('stuckDeletion: which events count', () => {
  /** Requested at 70 s (deletionTimestamp 100 s, grace 30 s). */
  const p = deletedAt100({ spec: 30 });
  const undated: EventRecord = (({ regarding, reason, message, type, count }) => ({
    regarding,
    reason,
    message,
    type,
    count,
  }))(teardownAt(0));

  it.each([
    ['at the request time', [teardownAt(70)], 1],
    ['after the request', [teardownAt(80)], 1],
    ['before the request', [teardownAt(60)], 0],
    ['undated', [undated], 1],
    [
      'a mount (not an unmount) failing',
      [
        event({
          reason: 'FailedMount',
          message: 'MountVolume.SetUp failed for volume "data" : secret "data" not found',
          lastS: 90,
        }),
      ],
      0,
    ],
    [
      'FailedKillPod about the volume mounts',
      [event({ reason: 'FailedKillPod', message: KILL_SANDBOX_VOLUME, lastS: 90 })],
      1,
    ],
    [
      'FailedKillPod busy on the root filesystem, no volume',
      [event({ reason: 'FailedKillPod', message: KILL_ROOTFS_BUSY, lastS: 90 })],
      0,
    ],
  ])('volume teardown: %s', (_name, events, count) => {
    const stuck = stuckOf([p], events, [node()]);
    expect(stuck?.teardown).toHaveLength(count);
    expect(stuck?.blocker).toBe(count > 0 ? 'volumeTeardown' : 'stuck');
  });

  it('no request time (a Terminating row): dated teardown counts', () => {
    const stuck = stuckOf([pastedRow('Terminating')], [teardownAt(20)]);
    expect(stuck?.teardown).toHaveLength(1);
    expect(stuck?.blocker).toBe('volumeTeardown');
  });

  it('kill trouble: only kill reasons after the request, not the teardown ones', () => {
    const early = event({ reason: 'ExceededGracePeriod', message: EXCEEDED, lastS: 10 });
    const late = event({ reason: 'ExceededGracePeriod', message: EXCEEDED, lastS: 95 });
    const kill = event({ reason: 'FailedKillPod', message: KILL_CONTAINER, lastS: 96 });
    const volume = event({ reason: 'FailedKillPod', message: KILL_SANDBOX_VOLUME, lastS: 97 });
    const stuck = stuckOf([p], [early, stopping(75), late, kill, volume]);
    expect(stuck?.killTrouble.map((e) => `${e.reason}@${e.last}`)).toEqual([
      `ExceededGracePeriod@${ms(95)}`,
      `FailedKillPod@${ms(96)}`,
    ]);
    expect(stuck?.teardown.map((e) => e.message)).toEqual([KILL_SANDBOX_VOLUME]);
  });

  it('running: init and app containers in a running state', () => {
    const q = pod({
      phase: 'Running',
      nodeName: 'node-1',
      deletionS: 100,
      initContainerStatuses: [cstatus('sidecar', { state: state.running(2) })],
      containerStatuses: [
        cstatus('app', { state: state.running(3) }),
        cstatus('done', { state: state.terminated(0, 'Completed') }),
      ],
    });
    expect(stuckOf([q])?.running).toEqual(['sidecar', 'app']);
  });
});

describe('stuckDeletion: the node', () => {
  const lost = (opts: { nodeName?: string; message?: string }) =>
    pod({
      phase: 'Running',
      deletionS: 100,
      reason: 'NodeLost',
      ...(opts.nodeName === undefined ? {} : { nodeName: opts.nodeName }),
      ...(opts.message === undefined ? {} : { message: opts.message }),
    });

  it('NodeLost with the node named and a message, no Node objects', () => {
    const message = 'Node node-1 which was running pod web-1 is unresponsive';
    const stuck = stuckOf([lost({ nodeName: 'node-1', message })]);
    expect(stuck?.blocker).toBe('nodeGone');
    expect(stuck?.node).toEqual({
      node: 'node-1',
      state: 'Unknown',
      detail: message,
      evidence: [{ source: 'status', text: `status.reason: NodeLost; status.message: ${message}` }],
      since: undefined,
    });
  });

  it('NodeLost with neither node nor message', () => {
    expect(stuckOf([lost({})])?.node).toEqual({
      node: 'its node',
      state: 'Unknown',
      detail: 'the node is lost',
      evidence: [{ source: 'status', text: 'status.reason: NodeLost' }],
      since: undefined,
    });
  });

  it('NodeLost on a node that is NotReady: the Node object tells', () => {
    const message = 'Node node-1 which was running pod web-1 is unresponsive';
    const stuck = stuckOf(
      [lost({ nodeName: 'node-1', message })],
      [],
      [node({ ready: 'False', readyReason: 'KubeletNotReady', heartbeatS: 40 })],
    );
    expect(stuck?.node?.state).toBe('NotReady');
    expect(stuck?.node?.since).toBe(ms(40));
  });
});
