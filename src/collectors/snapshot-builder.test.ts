import { describe, expect, it } from 'vitest';
import { SnapshotBuilder } from './snapshot-builder.js';

const coreEvent = {
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name: 'web-1.17a0b1c2d3e4f5a6', namespace: 'shop', uid: 'ev-1' },
  involvedObject: {
    kind: 'Pod',
    namespace: 'shop',
    name: 'web-1',
    uid: 'pod-1',
    fieldPath: 'spec.containers{app}',
  },
  reason: 'BackOff',
  message: 'Back-off pulling image "web:9"',
  type: 'Normal',
  source: { component: 'kubelet', host: 'node-a' },
  firstTimestamp: '2026-01-01T00:00:00Z',
  lastTimestamp: '2026-01-01T00:05:00Z',
  count: 12,
};

/** The same event as events.k8s.io/v1 serves it. */
const newEvent = {
  apiVersion: 'events.k8s.io/v1',
  kind: 'Event',
  metadata: { name: 'web-1.17a0b1c2d3e4f5a6', namespace: 'shop', uid: 'ev-1' },
  regarding: coreEvent.involvedObject,
  reason: 'BackOff',
  note: 'Back-off pulling image "web:9"',
  type: 'Normal',
  deprecatedSource: { component: 'kubelet', host: 'node-a' },
  deprecatedFirstTimestamp: '2026-01-01T00:00:00Z',
  deprecatedLastTimestamp: '2026-01-01T00:05:00Z',
  deprecatedCount: 12,
  reportingController: 'kubelet',
  reportingInstance: 'node-a',
};

describe('SnapshotBuilder', () => {
  it('normalises a core/v1 event as kubectl describe reads it', () => {
    const b = new SnapshotBuilder();
    b.add(coreEvent);
    const [e] = b.build({ type: 'file', paths: [] }).events;
    expect(e).toEqual({
      regarding: {
        kind: 'Pod',
        namespace: 'shop',
        name: 'web-1',
        uid: 'pod-1',
        fieldPath: 'spec.containers{app}',
      },
      reason: 'BackOff',
      message: 'Back-off pulling image "web:9"',
      type: 'Normal',
      source: 'kubelet',
      host: 'node-a',
      first: Date.parse('2026-01-01T00:00:00Z'),
      last: Date.parse('2026-01-01T00:05:00Z'),
      count: 12,
      name: 'web-1.17a0b1c2d3e4f5a6',
    });
  });

  it('keeps one copy of an event read through both event APIs', () => {
    const b = new SnapshotBuilder();
    b.add({ kind: 'EventList', items: [coreEvent] });
    b.add({ kind: 'EventList', apiVersion: 'events.k8s.io/v1', items: [newEvent] });
    const snap = b.build({ type: 'file', paths: [] });
    expect(snap.events).toHaveLength(1);
    expect(snap.events[0]?.message).toBe('Back-off pulling image "web:9"');
  });

  it('takes first/last/count from eventTime and series for new-style events', () => {
    const b = new SnapshotBuilder();
    b.add({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'web-1.x', namespace: 'shop' },
      regarding: { kind: 'Pod', namespace: 'shop', name: 'web-1' },
      reason: 'FailedScheduling',
      note: '0/3 nodes are available: 3 Insufficient cpu.',
      type: 'Warning',
      eventTime: '2026-01-01T00:00:00.000000Z',
      series: { count: 7, lastObservedTime: '2026-01-01T00:10:00.000000Z' },
      reportingController: 'default-scheduler',
    });
    const [e] = b.build({ type: 'file', paths: [] }).events;
    expect(e?.count).toBe(7);
    expect(e?.first).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(e?.last).toBe(Date.parse('2026-01-01T00:10:00Z'));
    expect(e?.source).toBe('default-scheduler');
  });

  it('infers item kinds from a typed List, marks kinds collected even when empty, and notes unknown kinds', () => {
    const b = new SnapshotBuilder();
    b.add({
      kind: 'PodList',
      items: [{ metadata: { name: 'a', namespace: 'x' }, spec: { containers: [{ name: 'c' }] } }],
    });
    b.add({ kind: 'EventList', items: [] });
    b.add({ kind: 'ConfigMap', metadata: { name: 'cm' } });
    b.add({ kind: 'Secret', metadata: { name: 's' }, data: { password: 'aHVudGVyMg==' } });
    const snap = b.build({ type: 'file', paths: [] });
    expect(snap.pods.map((p) => p.metadata.name)).toEqual(['a']);
    expect(snap.collected).toEqual(['events', 'pods']);
    expect(snap.notes).toEqual([
      'skipped objects of kinds kube-handoff does not read: 1 ConfigMap, 1 Secret',
    ]);
    expect(JSON.stringify(snap)).not.toContain('aHVudGVyMg');
  });

  it('drops wrong-typed fields instead of failing, and never keeps env values or last-applied annotations', () => {
    const b = new SnapshotBuilder();
    b.add({
      kind: 'Pod',
      metadata: {
        name: 'p',
        labels: { app: 'web', bad: { nested: true } },
        annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"password":"x"}', keep: 'yes' },
      },
      spec: {
        containers: [{ name: 'app', env: [{ name: 'TOKEN', value: 'sekrit' }], ports: 'nope' }, 'garbage'],
      },
      status: { phase: 7, containerStatuses: [{ name: 'app', restartCount: '3', ready: 'true' }] },
    });
    const [p] = b.build({ type: 'file', paths: [] }).pods;
    expect(p?.metadata.labels).toEqual({ app: 'web' });
    expect(p?.metadata.annotations).toEqual({ keep: 'yes' });
    expect(p?.spec.containers).toEqual([{ name: 'app', env: [{ name: 'TOKEN', value: '(redacted)' }] }]);
    expect(p?.status.phase).toBe('7');
    expect(p?.status.containerStatuses?.[0]).toMatchObject({ name: 'app', restartCount: 3, ready: true });
    expect(JSON.stringify(p)).not.toContain('sekrit');
  });
});

describe('events from Kubernetes 1.0', () => {
  it('reads lowerCamel reasons as the UpperCamel ones 1.1 renamed them to', () => {
    const b = new SnapshotBuilder();
    for (const reason of ['failed', 'failedScheduling', 'backOff', 'Pulled']) {
      b.add({
        kind: 'Event',
        metadata: { name: reason, namespace: 'x' },
        involvedObject: { kind: 'Pod', name: 'p', namespace: 'x' },
        reason,
      });
    }
    expect(b.build({ type: 'file', paths: [] }).events.map((e) => e.reason)).toEqual([
      'Failed',
      'FailedScheduling',
      'BackOff',
      'Pulled',
    ]);
  });
});
