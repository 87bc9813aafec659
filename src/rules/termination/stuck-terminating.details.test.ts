/**
 * stuck-terminating in full: its evidence (the request, what still runs and the deadline, the last
 * two kill troubles, the finalizers), its message for a dated, undated or quiet pod, and its next
 * steps (the node, or the node list when the evidence does not name it).
 */
import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { at, cstatus, event, ms, node, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './stuck-terminating.js';

const KILL_CONTAINER =
  'error killing pod: failed to "KillContainer" for "app" with KillContainerError: "rpc error: code = DeadlineExceeded desc = context deadline exceeded"';
const EXCEEDED = 'Container runtime did not kill the pod within specified grace period.';

/** A `kubectl get pods` row reading Terminating, on a pod whose status is known. */
function terminatingRow(p: Pod): Pod {
  return { ...p, metadata: { ...p.metadata, annotations: { 'handoff.dev/status-column': 'Terminating' } } };
}

describe('stuck-terminating: output', () => {
  it('containers still running past the deadline: the last two kill troubles, the finalizers, the node', () => {
    const p = runningPod({
      namespace: 'shop',
      deletionS: 100,
      finalizers: ['example.com/cleanup', 'example.com/audit'],
    });
    const events = [
      event({ reason: 'ExceededGracePeriod', namespace: 'shop', message: EXCEEDED, lastS: 140 }),
      event({ reason: 'FailedKillPod', namespace: 'shop', message: KILL_CONTAINER, lastS: 150 }),
      event({ reason: 'ExceededGracePeriod', namespace: 'shop', message: EXCEEDED, lastS: 160 }),
    ];
    const findings = runRule(rule, snapshot({ pods: [p], events, nodes: [node()] }), ms(700));
    expect(findings).toStrictEqual([
      {
        ruleId: 'termination/stuck-terminating',
        stage: 'termination',
        reason: 'StuckTerminating',
        status: 'failed',
        basis: 'state',
        messageId: 'stuckRunning',
        data: { overdue: '10m', containers: 'app', node: 'node-1' },
        evidence: [
          { source: 'status', text: 'metadata.deletionTimestamp: 2026-01-01T00:01:40Z', at: at(100) },
          { source: 'status', text: 'still running: app (deadline 2026-01-01T00:01:40Z)' },
          { source: 'event', text: `Warning FailedKillPod 9m10s ago: ${KILL_CONTAINER}`, at: at(150) },
          { source: 'event', text: `Warning ExceededGracePeriod 9m ago: ${EXCEEDED}`, at: at(160) },
          { source: 'status', text: 'metadata.finalizers: [example.com/cleanup, example.com/audit]' },
        ],
        nextSteps: [
          'kubectl describe pod web-1 -n shop',
          'kubectl describe node node-1',
          'Check the kubelet and container runtime on node-1 (they must stop the containers and report it); as a last resort: kubectl delete pod web-1 -n shop --grace-period=0 --force',
        ],
        at: ms(100),
        since: ms(100),
      },
    ]);
  });

  it('nothing running, no node named: only the request as evidence, the node list in the next steps', () => {
    const p = pod({
      phase: 'Running',
      deletionS: 100,
      containerStatuses: [cstatus('app', { state: state.terminated(137, 'Error') })],
    });
    const [f, ...rest] = runRule(rule, snapshot({ pods: [p] }), ms(400));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('stuck');
    expect(f?.data).toEqual({ overdue: '5m', node: 'its node' });
    expect(f?.evidence).toEqual([
      { source: 'status', text: 'metadata.deletionTimestamp: 2026-01-01T00:01:40Z', at: at(100) },
    ]);
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      'kubectl get nodes -o wide',
      'Check the kubelet and container runtime on its node (they must stop the containers and report it); as a last resort: kubectl delete pod web-1 -n default --grace-period=0 --force',
    ]);
  });

  it.each([
    [
      'a container still running',
      terminatingRow(runningPod()),
      ' (still running: app)',
      ['still running: app'],
    ],
    [
      'two containers still running',
      terminatingRow(
        runningPod({
          containers: [
            { name: 'app', image: 'a' },
            { name: 'proxy', image: 'p' },
          ],
        }),
      ),
      ' (still running: app, proxy)',
      ['still running: app, proxy'],
    ],
    ['nothing known to run', terminatingRow({ ...pod(), status: {} }), '', []],
  ])('a Terminating row with no time, %s: undated and failed', (_name, p, running, extra) => {
    const [f, ...rest] = runRule(rule, snapshot({ pods: [p] }), ms(400));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe('stuckUndated');
    expect(f?.status).toBe('failed');
    expect(f?.data).toEqual({ running });
    expect(f?.evidence.map((e) => e.text)).toEqual([
      'kubectl get pods STATUS Terminating (metadata.deletionTimestamp is set; the evidence does not say when)',
      ...extra,
    ]);
    expect(f?.at).toBeUndefined();
    expect(f?.since).toBeUndefined();
  });

  it('inside the grace period: the deadline in the data, progressing', () => {
    const [f] = runRule(rule, snapshot({ pods: [runningPod({ deletionS: 100 })], nodes: [node()] }), ms(110));
    expect(f?.messageId).toBe('terminating');
    expect(f?.status).toBe('progressing');
    expect(f?.data).toEqual({ deadline: '2026-01-01T00:01:40Z' });
  });
});
