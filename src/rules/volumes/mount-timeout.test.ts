import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import type { EventRecord, Finding, Snapshot } from '../../model/index.js';
import { rule } from './mount-timeout.js';
import { KUBELET_VOLUME_WAIT_MS } from './volume-successes.js';

const creating = (scheduledS = 0) =>
  pod({
    nodeName: 'node-1',
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }],
    conditions: [cond('PodScheduled', 'True', undefined, undefined, scheduledS)],
    containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
  });
const timeout = event({
  reason: 'FailedMount',
  message:
    'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-f9q7s]: timed out waiting for the condition',
  source: 'kubelet',
  count: 3,
  firstS: 125,
  lastS: 400,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [timeout] }) },
    {
      name: 'a per-volume error explains it (real case 024)',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          timeout,
          event({
            reason: 'FailedMount',
            message: 'MountVolume.SetUp failed for volume "secrets" : secret "secret-appsettings" not found',
            lastS: 410,
          }),
        ],
      }),
    },
    {
      name: 'Multi-Attach explains it',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          event({
            reason: 'FailedAttachVolume',
            message: 'Multi-Attach error for volume "pvc-ec14" Volume is already used by pod(s) web-0',
            lastS: 10,
          }),
          timeout,
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'timeout alone, claim named from the spec',
      snapshot: snapshot({ pods: [creating()], events: [timeout] }),
      expect: [
        {
          messageId: 'mountTimeout',
          reason: 'MountTimeout',
          basis: 'events',
          data: { volumes: 'data', node: 'node-1' },
        },
      ],
    },
    {
      name: 'newer format with failed to process volumes',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          {
            ...timeout,
            message:
              'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[], failed to process volumes=[]: context deadline exceeded',
          },
        ],
      }),
      expect: [{ messageId: 'mountTimeout', data: { volumes: 'data' } }],
    },
    {
      name: 'older format, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedMount',
            name: 'postgres-db-754f6dc5c7-7khnc',
            message:
              'Unable to mount volumes for pod "postgres-db-754f6dc5c7-7khnc_gts-lab-dev(c38af83c)": timeout expired waiting for volumes to attach or mount for pod "gts-lab-dev"/"postgres-db-754f6dc5c7-7khnc". list of unmounted volumes=[postgresql]. list of unattached volumes=[postgresql default-token-5vx9p]',
            lastS: 200,
          }),
        ],
      }),
      expect: [{ messageId: 'mountTimeout', data: { volumes: 'postgresql' } }],
    },
    {
      name: 'within grace after scheduling',
      snapshot: snapshot({ pods: [creating(350)], events: [timeout] }),
      expect: [{ messageId: 'mountTimeout', status: 'progressing' }],
    },
  ],
});

describe('volumes/mount-timeout: the finding in full', () => {
  const agg = (unmounted: string, unattached: string) =>
    `Unable to attach or mount volumes: unmounted volumes=[${unmounted}], unattached volumes=[${unattached}]: timed out waiting for the condition`;
  const twoClaims = pod({
    nodeName: 'node-1',
    volumes: [
      { name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } },
      { name: 'logs', persistentVolumeClaim: { claimName: 'logs-db-0' } },
      { name: 'cfg', configMap: { name: 'app-config' } },
    ],
    conditions: [cond('PodScheduled', 'True', undefined, undefined, 0)],
  });
  const only = (snap: Snapshot) => {
    const findings = runRule(rule, snap, ms(700));
    expect(findings).toHaveLength(1);
    return findings[0] as Finding;
  };

  it('names every unmounted volume, describes each claim among them, and quotes at most three events, group by group', () => {
    const f = only(
      snapshot({
        pods: [twoClaims],
        events: [
          event({
            reason: 'FailedMount',
            message: agg('data logs cfg', 'data logs cfg'),
            firstS: 130,
            lastS: 300,
            count: 2,
          }),
          event({ reason: 'FailedMount', message: agg('logs', 'logs'), firstS: 320, lastS: 400, count: 2 }),
          event({ reason: 'FailedMount', message: agg('logs', ''), lastS: 450 }),
          event({ reason: 'FailedMount', message: agg('logs', 'logs cfg'), lastS: 500 }),
        ],
      }),
    );
    expect(f.data).toEqual({ node: 'node-1', volumes: 'logs' });
    expect(f.confidence).toBe('medium');
    expect(f.status).toBe('failed');
    expect(f.since).toBe(ms(0));
    expect(f.at).toBe(ms(500));
    expect(f.evidence.map((e) => e.text.replace(/:.*/s, ''))).toEqual([
      'Warning FailedMount (x2 over 2m50s) 6m40s ago',
      'Warning FailedMount 3m20s ago',
      'Warning FailedMount 4m10s ago',
    ]);
    expect(f.nextSteps).toEqual([
      'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
      'kubectl describe pvc logs-db-0 -n default',
      'Find the per-volume error (events of the pod and its PVCs, CSI controller and node plugin logs); newer kubelets report only those.',
    ]);
  });

  it('with several volumes, each claim gets its describe (not the ConfigMap)', () => {
    const f = only(
      snapshot({
        pods: [twoClaims],
        events: [
          event({ reason: 'FailedMount', message: agg('data cfg logs', 'data'), firstS: 130, lastS: 300 }),
        ],
      }),
    );
    expect(f.data).toEqual({ node: 'node-1', volumes: 'data, cfg, logs' });
    expect(f.nextSteps.slice(1, 3)).toEqual([
      'kubectl describe pvc data-db-0 -n default',
      'kubectl describe pvc logs-db-0 -n default',
    ]);
    expect(f.nextSteps).toHaveLength(4);
  });

  it.each([
    [
      'the group whose newest event is latest, though it appeared first',
      [
        ['data', 100],
        ['logs', 300],
        ['data', 600],
      ],
      'data',
    ],
    [
      'the latest group',
      [
        ['data', 100],
        ['logs', 300],
      ],
      'logs',
    ],
    [
      'of two equally new groups, the later one',
      [
        ['data', 300],
        ['logs', 300],
      ],
      'logs',
    ],
  ] as const)('reports %s', (_name, timeouts, volumes) => {
    const f = only(
      snapshot({
        pods: [twoClaims],
        events: timeouts.map(([v, s]) => event({ reason: 'FailedMount', message: agg(v, v), lastS: s })),
      }),
    );
    expect(f.data.volumes).toBe(volumes);
  });

  it.each([
    ['nothing unmounted: the unattached ones', agg('', 'logs'), 'logs'],
    ['no volume named at all', agg('', ''), 'unknown'],
  ])('volumes: %s', (_name, message, volumes) => {
    const f = only(
      snapshot({ pods: [twoClaims], events: [event({ reason: 'FailedMount', message, lastS: 300 })] }),
    );
    expect(f.data.volumes).toBe(volumes);
  });

  it('events only: the wait began one kubelet wait before the first timeout, the node is the kubelet host', () => {
    const f = only(
      snapshot({
        events: [
          event({
            reason: 'FailedMount',
            message: agg('logs', 'logs'),
            firstS: 400,
            lastS: 600,
            source: 'kubelet',
            host: 'node-4',
          }),
          event({
            reason: 'FailedMount',
            message: agg('data', 'data'),
            firstS: 200,
            lastS: 500,
            source: 'kubelet',
            host: 'node-4',
          }),
        ],
      }),
    );
    expect(f.since).toBe(ms(200) - KUBELET_VOLUME_WAIT_MS);
    expect(f.data.node).toBe('node-4');
  });

  it('events only and undated: no time at all', () => {
    const e = event({ reason: 'FailedMount', message: agg('data', 'data') });
    const undated: EventRecord = {
      regarding: e.regarding,
      reason: e.reason,
      message: e.message,
      type: e.type,
      count: 1,
    };
    const f = only(snapshot({ events: [undated] }));
    expect(f.since).toBeUndefined();
    expect(f.status).toBe('failed');
  });
});
