import { describe, expect, it } from 'vitest';
import { podContextsOf } from '../../../test/rule-tester.js';
import { event, ms, pod, pvc, snapshot, type EventOpts } from '../../../test/builders.js';
import type { EventRecord, PersistentVolumeClaim, Volume } from '../../model/index.js';
import type { PodContext } from '../types.js';
import {
  claimFor,
  failureEvidence,
  failureNode,
  specVolume,
  volumeFailures,
  volumeSources,
} from './analyse.js';
import { KUBELET_VOLUME_WAIT_MS } from './volume-successes.js';

const failedMount = (message: string, opts: Partial<EventOpts> = {}) =>
  event({ reason: 'FailedMount', message, ...opts });

const volumes: Volume[] = [
  { name: 'cfg', configMap: { name: 'app-config' } },
  { name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } },
  { name: 'logs', persistentVolumeClaim: { claimName: 'logs-db-0' } },
];

function ctxOf(
  events: EventRecord[],
  opts: { nodeName?: string; pvcs?: PersistentVolumeClaim[] } = {},
): PodContext {
  const ctx = podContextsOf(
    snapshot({
      pods: [pod({ volumes, ...(opts.nodeName === undefined ? {} : { nodeName: opts.nodeName }) })],
      events,
      pvcs: opts.pvcs ?? [],
    }),
    ms(1000),
  )[0];
  if (ctx === undefined) throw new Error('no pod context');
  return ctx;
}

const ALL = ['objectNotFound', 'keyNotFound', 'mountFailed', 'timeout'] as const;

describe('volumeFailures', () => {
  it('groups by kind, volume, object and key: another missing object or key is another failure', () => {
    const ctx = ctxOf([
      failedMount('MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found', {
        lastS: 10,
      }),
      failedMount('MountVolume.SetUp failed for volume "cfg" : configmap "app-config-v2" not found', {
        lastS: 20,
      }),
      failedMount(
        'MountVolume.SetUp failed for volume "cfg" : configmap references non-existent config key: app.yaml',
        {
          lastS: 30,
        },
      ),
      failedMount(
        'MountVolume.SetUp failed for volume "cfg" : configmap references non-existent config key: log.yaml',
        {
          lastS: 40,
        },
      ),
      failedMount('MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found', {
        lastS: 50,
      }),
    ]);
    const groups = volumeFailures(ctx, ALL).map((f) => [
      f.error.kind,
      f.error.object ?? f.error.key,
      f.events.map((e) => e.last),
    ]);
    expect(groups).toEqual([
      ['objectNotFound', 'app-config', [ms(10), ms(50)]],
      ['objectNotFound', 'app-config-v2', [ms(20)]],
      ['keyNotFound', 'app.yaml', [ms(30)]],
      ['keyNotFound', 'log.yaml', [ms(40)]],
    ]);
  });

  it('keeps volume and object apart in the group key (no run-together collision)', () => {
    const ctx = ctxOf([
      failedMount('MountVolume.SetUp failed for volume "a" : configmap "bc" not found', { lastS: 10 }),
      failedMount('MountVolume.SetUp failed for volume "ab" : configmap "c" not found', { lastS: 20 }),
    ]);
    expect(volumeFailures(ctx, ALL).map((f) => [f.error.volume, f.error.object])).toEqual([
      ['a', 'bc'],
      ['ab', 'c'],
    ]);
  });

  it('a group keeps every event, the newest classification, the earliest first-seen time and the kubelet host', () => {
    const ctx = ctxOf([
      failedMount(
        'MountVolume.SetUp failed for volume "data" : rpc error: code = Internal desc = mount failed: exit status 32',
        {
          firstS: 40,
          lastS: 100,
        },
      ),
      failedMount(
        'MountVolume.SetUp failed for volume "data" : rpc error: code = DeadlineExceeded desc = context deadline exceeded',
        {
          firstS: 10,
          lastS: 200,
          source: 'kubelet',
          host: 'node-7',
        },
      ),
    ]);
    const [f, ...rest] = volumeFailures(ctx, ALL);
    expect(rest).toEqual([]);
    expect(f?.error.detail).toBe('rpc error: code = DeadlineExceeded desc = context deadline exceeded');
    expect(f?.events.map((e) => e.last)).toEqual([ms(100), ms(200)]);
    expect(f?.newest.last).toBe(ms(200));
    expect(f?.since).toBe(ms(10));
    expect(f?.host).toBe('node-7');
  });

  it('of two events at the same time, the one listed last is the newest', () => {
    const ctx = ctxOf([
      failedMount('MountVolume.SetUp failed for volume "data" : rpc error: code = Internal desc = first', {
        lastS: 50,
      }),
      failedMount('MountVolume.SetUp failed for volume "data" : rpc error: code = Internal desc = second', {
        lastS: 50,
      }),
    ]);
    const [f] = volumeFailures(ctx, ALL);
    expect(f?.newest.message).toMatch(/second$/);
    expect(f?.host).toBeUndefined();
  });

  it.each([
    ['a kubelet timeout proves an earlier wait', 200, 150, ms(150) - KUBELET_VOLUME_WAIT_MS],
    ['the group itself was seen first', 20, 400, ms(20)],
  ])('since: %s', (_name, failureS, timeoutS, since) => {
    const ctx = ctxOf([
      failedMount('MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found', {
        firstS: failureS,
        lastS: 500,
      }),
      failedMount(
        'Unable to attach or mount volumes: unmounted volumes=[cfg], unattached volumes=[cfg]: timed out waiting for the condition',
        { firstS: timeoutS, lastS: 500 },
      ),
    ]);
    expect(volumeFailures(ctx, ['objectNotFound']).map((f) => f.since)).toEqual([since]);
  });

  it('since: an undated failure takes the wait a dated timeout proves', () => {
    const undated = failedMount(
      'MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found',
    );
    const bare: EventRecord = {
      regarding: undated.regarding,
      reason: undated.reason,
      message: undated.message,
      type: undated.type,
      count: undated.count,
    };
    const ctx = ctxOf([
      bare,
      failedMount(
        'Unable to attach or mount volumes: unmounted volumes=[cfg], unattached volumes=[cfg]: timed out waiting for the condition',
        { firstS: 300, lastS: 500 },
      ),
    ]);
    expect(volumeFailures(ctx, ['objectNotFound']).map((f) => f.since)).toEqual([
      ms(300) - KUBELET_VOLUME_WAIT_MS,
    ]);
  });
});

describe('failureEvidence', () => {
  it('quotes the newest event, then up to two older ones with other messages, newest first', () => {
    const msg = (d: string) =>
      `MountVolume.SetUp failed for volume "data" : rpc error: code = Internal desc = ${d}`;
    const ctx = ctxOf([
      failedMount(msg('A'), { lastS: 10 }),
      failedMount(msg('B'), { lastS: 20 }),
      failedMount(msg('A'), { lastS: 30 }),
      failedMount(msg('C'), { lastS: 40 }),
      failedMount(msg('D'), { lastS: 50 }),
    ]);
    const [f] = volumeFailures(ctx, ALL);
    if (f === undefined) throw new Error('no failure');
    expect(failureEvidence(f, ms(60)).map((e) => e.text)).toEqual([
      `Warning FailedMount 10s ago: ${msg('D')}`,
      `Warning FailedMount 20s ago: ${msg('C')}`,
      `Warning FailedMount 30s ago: ${msg('A')}`,
    ]);
  });

  it('skips a message already quoted, whichever place it holds', () => {
    const msg = (d: string) =>
      `MountVolume.SetUp failed for volume "data" : rpc error: code = Internal desc = ${d}`;
    const ctx = ctxOf([
      failedMount(msg('A'), { lastS: 10 }),
      failedMount(msg('C'), { lastS: 20 }),
      failedMount(msg('C'), { lastS: 30 }),
      failedMount(msg('D'), { lastS: 50 }),
    ]);
    const [f] = volumeFailures(ctx, ALL);
    if (f === undefined) throw new Error('no failure');
    expect(failureEvidence(f, ms(60)).map((e) => e.text)).toEqual([
      `Warning FailedMount 10s ago: ${msg('D')}`,
      `Warning FailedMount 30s ago: ${msg('C')}`,
      `Warning FailedMount 50s ago: ${msg('A')}`,
    ]);
  });
});

describe('volumeSources', () => {
  it.each<[string, Volume, ReturnType<typeof volumeSources>]>([
    ['emptyDir', { name: 'tmp', emptyDir: {} }, []],
    [
      'configMap',
      { name: 'cfg', configMap: { name: 'app' } },
      [{ kind: 'ConfigMap', name: 'app', path: 'configMap.name' }],
    ],
    [
      'secret',
      { name: 'tls', secret: { secretName: 'web-tls' } },
      [{ kind: 'Secret', name: 'web-tls', path: 'secret.secretName' }],
    ],
    [
      'claim',
      { name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } },
      [{ kind: 'PersistentVolumeClaim', name: 'data-db-0', path: 'persistentVolumeClaim.claimName' }],
    ],
    [
      'projected sources, each with its index',
      {
        name: 'all',
        projected: {
          sources: [
            { configMap: { name: 'app' } },
            { secret: { name: 'creds' } },
            { configMap: { name: 'extra' } },
          ],
        },
      },
      [
        { kind: 'ConfigMap', name: 'app', path: 'projected.sources[0].configMap.name' },
        { kind: 'Secret', name: 'creds', path: 'projected.sources[1].secret.name' },
        { kind: 'ConfigMap', name: 'extra', path: 'projected.sources[2].configMap.name' },
      ],
    ],
  ])('%s', (_name, v, sources) => {
    expect(volumeSources(v)).toEqual(sources);
  });
});

describe('specVolume, claimFor, failureNode', () => {
  const pvcs = [
    pvc({ name: 'data-db-0', volumeName: 'pvc-0f3c' }),
    pvc({ name: 'logs-db-0', volumeName: 'pvc-77aa' }),
  ];

  it('specVolume finds the pod volume by name', () => {
    const p = pod({ volumes });
    expect(specVolume(p, 'data')).toBe(volumes[1]);
    expect(specVolume(p, 'logs')).toBe(volumes[2]);
    expect(specVolume(p, 'nope')).toBeUndefined();
  });

  it.each([
    ['the bound PV name', 'pvc-77aa', 'logs-db-0'],
    ['the first bound PV name', 'pvc-0f3c', 'data-db-0'],
    ['the pod volume name', 'logs', 'logs-db-0'],
    ['a volume that is no claim', 'cfg', undefined],
    ['an unknown name', 'pvc-ffff', undefined],
  ])('claimFor: %s', (_name, volume, claim) => {
    expect(claimFor(ctxOf([], { pvcs }), volume)?.metadata.name).toBe(claim);
  });

  it('failureNode: the pod node, else the kubelet host, else a placeholder', () => {
    const ctx = ctxOf([
      failedMount('MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found', {
        lastS: 10,
        source: 'kubelet',
        host: 'node-9',
      }),
    ]);
    const [f] = volumeFailures(ctx, ALL);
    expect(failureNode(ctx.pod, f)).toBe('node-9');
    expect(failureNode(ctx.pod, undefined)).toBe('its node');
    expect(failureNode(pod({ nodeName: 'node-1' }), f)).toBe('node-1');
  });
});
