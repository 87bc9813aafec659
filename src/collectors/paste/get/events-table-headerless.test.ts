import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';

describe("headerless rows of today's layout: every field of the row", () => {
  it.each([
    [
      'without NAMESPACE',
      '5m          Warning   FailedMount   pod/db-0   MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found',
      undefined,
      'MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found',
    ],
    [
      'with NAMESPACE',
      'shop   5m          Warning   FailedMount   pod/db-0   MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found',
      'shop',
      'MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found',
    ],
    [
      'with trailing blanks after the message',
      '5m          Warning   FailedMount   pod/db-0   MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found     ',
      undefined,
      'MountVolume.SetUp failed for volume "cfg" : configmap "db-cfg" not found',
    ],
    ['with an empty MESSAGE', '5m          Warning   FailedMount   pod/db-0', undefined, ''],
  ])('%s', (_label, line, namespace, message) => {
    const r = parseGetEvents([line], 0);
    expect(r?.end).toBe(1);
    expect(r?.objects).toHaveLength(1);
    const raw = r?.objects[0]?.raw;
    expect(raw?.type).toBe('Warning');
    expect(raw?.reason).toBe('FailedMount');
    expect(raw?.message).toBe(message);
    expect(raw?.involvedObject).toEqual({ kind: 'Pod', name: 'db-0', ...(namespace ? { namespace } : {}) });
    expect(raw?.count).toBeUndefined();
    expect(r?.objects[0]?.age).toEqual({ last: 300 });
  });

  it.each([
    ['3m (x4 over 10m)', 180, 600, 4],
    ['45s (x12 over 2m30s)', 45, 150, 12],
    ['2m (x123 over 3h)', 120, 10800, 123],
  ])('reads "%s" in LAST SEEN of a row without NAMESPACE', (seen, last, first, count) => {
    const r = parseGetEvents(
      [
        `${seen}   Warning   BackOff   pod/api-0   Back-off restarting failed container api in pod api-0_default(5f1c)`,
      ],
      0,
    );
    expect(r?.objects[0]).toMatchObject({
      raw: {
        involvedObject: { kind: 'Pod', name: 'api-0', namespace: 'default' },
        type: 'Warning',
        reason: 'BackOff',
        count,
        message: 'Back-off restarting failed container api in pod api-0_default(5f1c)',
      },
      age: { last, first },
    });
  });

  it('reads "<unknown>" in LAST SEEN of a row without NAMESPACE', () => {
    const r = parseGetEvents(
      [
        '<unknown>   Warning   FailedCreate   replicaset/web-7d4b9c   Error creating: pods "web-7d4b9c-" is forbidden: exceeded quota: compute',
      ],
      0,
    );
    expect(r?.objects[0]?.raw).toMatchObject({
      involvedObject: { kind: 'ReplicaSet', name: 'web-7d4b9c' },
      type: 'Warning',
      reason: 'FailedCreate',
    });
    expect(r?.objects[0]?.age).toBeUndefined();
  });
});

describe('headerless rows of -o wide (… SUBOBJECT SOURCE MESSAGE FIRST SEEN COUNT NAME)', () => {
  it.each([
    [
      'with SUBOBJECT',
      'shop   2m   Warning   Unhealthy   pod/web-1   spec.containers{app}   kubelet, worker-2   Readiness probe failed: HTTP probe failed with statuscode: 503   30m   88   web-1.17a8c3d2e1f0b9a7',
      'shop',
      'spec.containers{app}',
      { component: 'kubelet', host: 'worker-2' },
      'Readiness probe failed: HTTP probe failed with statuscode: 503',
    ],
    [
      'without SUBOBJECT',
      'shop   2m   Warning   Unhealthy   pod/web-1   kubelet, worker-2   Readiness probe failed: HTTP probe failed with statuscode: 503   30m   88   web-1.17a8c3d2e1f0b9a7',
      'shop',
      undefined,
      { component: 'kubelet', host: 'worker-2' },
      'Readiness probe failed: HTTP probe failed with statuscode: 503',
    ],
    [
      'without NAMESPACE, the message split by a double space',
      '2m   Warning   Unhealthy   pod/web-1   spec.containers{app}   kubelet, worker-2   Readiness probe failed:  HTTP probe failed with statuscode: 503   30m   88   web-1.17a8c3d2e1f0b9a7',
      undefined,
      'spec.containers{app}',
      { component: 'kubelet', host: 'worker-2' },
      'Readiness probe failed:  HTTP probe failed with statuscode: 503',
    ],
    [
      'with an empty MESSAGE',
      'shop   2m   Warning   Unhealthy   pod/web-1   kubelet, worker-2   30m   88   web-1.17a8c3d2e1f0b9a7',
      'shop',
      undefined,
      { component: 'kubelet', host: 'worker-2' },
      '',
    ],
    [
      'with SUBOBJECT and an empty MESSAGE',
      'shop   2m   Warning   Unhealthy   pod/web-1   spec.containers{app}   kubelet, worker-2   30m   88   web-1.17a8c3d2e1f0b9a7',
      'shop',
      'spec.containers{app}',
      { component: 'kubelet', host: 'worker-2' },
      '',
    ],
  ])('%s', (_label, line, namespace, fieldPath, source, message) => {
    const r = parseGetEvents([line], 0);
    expect(r?.end).toBe(1);
    const o = r?.objects[0];
    expect(o?.raw.metadata).toEqual({
      name: 'web-1.17a8c3d2e1f0b9a7',
      ...(namespace === undefined ? {} : { namespace }),
    });
    expect(o?.raw.involvedObject).toEqual({
      kind: 'Pod',
      name: 'web-1',
      ...(namespace === undefined ? {} : { namespace }),
      ...(fieldPath === undefined ? {} : { fieldPath }),
    });
    expect(o?.raw).toMatchObject({ type: 'Warning', reason: 'Unhealthy', count: 88, source, message });
    expect(o?.age).toEqual({ last: 120, first: 1800 });
  });

  it('reads a row with one cell between OBJECT and FIRST SEEN as SOURCE with no message', () => {
    const r = parseGetEvents(
      ['2m   Normal   Pulled   pod/web-1   kubelet   30m   7   web-1.17a8c3d2e1f0b9a7'],
      0,
    );
    expect(r?.objects[0]?.raw).toMatchObject({ source: { component: 'kubelet' }, message: '', count: 7 });
    expect(r?.objects[0]?.age).toEqual({ last: 120, first: 1800 });
  });
});

describe('what starts a headerless events table', () => {
  it.each([
    ['no event type on the line', '5m   Scheduled   pod/web-1   Successfully assigned default/web-1 to n1'],
    [
      'an event type in lower case',
      '5m   normal   Scheduled   pod/web-1   Successfully assigned default/web-1 to n1',
    ],
  ])('rejects a line with %s', (_label, line) => {
    expect(parseGetEvents([line], 0)).toBeUndefined();
  });

  it.each([
    ['Normal', 'Scheduled', 'Successfully assigned default/web-1 to n1'],
    ['Warning', 'FailedScheduling', '0/3 nodes are available: 3 Insufficient cpu.'],
  ])('accepts a row of type %s', (type, reason, message) => {
    const r = parseGetEvents([`5m   ${type}   ${reason}   pod/web-1   ${message}`], 0);
    expect(r?.objects[0]?.raw).toMatchObject({ type, reason, message });
  });
});

describe('rows of kubectl get events -w --output-watch-events (EVENT column first)', () => {
  it.each([
    [
      'ADDED   5m   Warning   BackOff   pod/web-1   Back-off restarting failed container app in pod web-1_default(5f1c)',
    ],
    [
      'MODIFIED   3m (x4 over 10m)   Warning   BackOff   pod/web-1   Back-off restarting failed container app in pod web-1_default(5f1c)',
    ],
  ])('does not take the watch event type for a namespace: %s', (line) => {
    const objs = parseGetEvents([line], 0)?.objects ?? [];
    const namespaces = objs.flatMap((o) => [
      (o.raw.metadata as { namespace?: string } | undefined)?.namespace,
      (o.raw.involvedObject as { namespace?: string }).namespace,
    ]);
    expect(namespaces).not.toContain('ADDED');
    expect(namespaces).not.toContain('MODIFIED');
  });
});

describe('a headerless -o wide row with SUBOBJECT but empty SOURCE and MESSAGE', () => {
  it('reads the field path and leaves source and message empty', () => {
    const r = parseGetEvents(
      ['2m   Warning   Unhealthy   pod/web-1   spec.containers{app}   30m   88   web-1.17a8c3d2e1f0b9a7'],
      0,
    );
    expect(r?.objects).toHaveLength(1);
    const raw = r?.objects[0]?.raw;
    expect(raw?.involvedObject).toEqual({ kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{app}' });
    expect(raw).toMatchObject({ message: '', count: 88, metadata: { name: 'web-1.17a8c3d2e1f0b9a7' } });
    expect(raw?.source).toBeUndefined();
  });
});
