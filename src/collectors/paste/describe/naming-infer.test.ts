import { describe, expect, it } from 'vitest';
import { newDoc, type Doc, type EventRow } from './doc.js';
import { controllerOfEvents, inferName } from './naming.js';
import { UNNAMED_POD } from '../common/types.js';

/** Survivors in naming.ts controllerOfEvents and inferName (paste-describe-4). */

function ev(message: string, component: string, fieldPath?: string): EventRow {
  return {
    raw: { message, source: { component }, involvedObject: fieldPath === undefined ? {} : { fieldPath } },
    index: 0,
  };
}

function docOf(events: EventRow[], fill: Partial<Pick<Doc, 'header' | 'conditions'>> = {}): Doc {
  const doc = newDoc();
  doc.events.push(...events);
  doc.header.push(...(fill.header ?? []));
  doc.conditions.push(...(fill.conditions ?? []));
  return doc;
}

const RS_EVENT = ev('Created pod: web-7d4b9c8f6d-x2x9z', 'replicaset-controller');

describe('controllerOfEvents', () => {
  it('the controller only when it wrote every event', () => {
    expect(
      controllerOfEvents(docOf([RS_EVENT, ev('Deleted pod: web-7d4b9c8f6d-abcde', 'replicaset-controller')])),
    ).toBe('ReplicaSet');
    expect(controllerOfEvents(docOf([RS_EVENT, ev('Started container web', 'kubelet')]))).toBeUndefined();
    expect(controllerOfEvents(docOf([]))).toBeUndefined();
  });

  it('an event without a source, or with a null one, is nobody', () => {
    expect(
      controllerOfEvents(docOf([RS_EVENT, { raw: { source: null, involvedObject: null }, index: 1 }])),
    ).toBeUndefined();
  });
});

describe('inferName: workloads', () => {
  it('a block of controller events alone names the controller, from a forbidden pod name', () => {
    const doc = docOf([
      ev(
        'Error creating: pods "web-7d4b9c8f6d-" is forbidden: exceeded quota: compute',
        'replicaset-controller',
      ),
    ]);
    expect(inferName(doc, 'Pod')).toStrictEqual({
      kind: 'ReplicaSet',
      name: 'web-7d4b9c8f6d',
      inferred: 'named after the pods it failed to create',
    });
  });

  it("a StatefulSet from its controller's events; another controller's message is not read so", () => {
    const sts = docOf([
      ev('create Pod postgres-0 in StatefulSet postgres successful', 'statefulset-controller'),
    ]);
    expect(inferName(sts, 'StatefulSet')).toStrictEqual({
      kind: 'StatefulSet',
      name: 'postgres',
      inferred: "named in its controller's events",
    });
    const rs = docOf([ev('odd message in StatefulSet db here', 'replicaset-controller')]);
    expect(inferName(rs, 'ReplicaSet')).toStrictEqual({
      kind: 'ReplicaSet',
      name: 'unnamed-replicaset',
      inferred: 'the paste names no ReplicaSet',
    });
  });

  it('the describe command names the controller, with and without a namespace', () => {
    const doc = docOf([RS_EVENT]);
    expect(
      inferName(doc, 'ReplicaSet', { kind: 'ReplicaSet', name: 'web-7d4b9c8f6d', namespace: 'shop' }),
    ).toStrictEqual({
      kind: 'ReplicaSet',
      name: 'web-7d4b9c8f6d',
      namespace: 'shop',
      inferred: 'named in the describe command above it',
    });
    expect(inferName(doc, 'ReplicaSet', { kind: 'ReplicaSet', name: 'web-7d4b9c8f6d' })).toStrictEqual({
      kind: 'ReplicaSet',
      name: 'web-7d4b9c8f6d',
      inferred: 'named in the describe command above it',
    });
  });

  it('another kind without a name', () => {
    expect(inferName(docOf([]), 'Service')).toStrictEqual({
      kind: 'Service',
      name: 'unnamed-service',
      inferred: 'the paste names no Service',
    });
  });

  it('a pod with fields and controller events stays a pod', () => {
    const header = [{ key: 'Status', value: 'Pending', items: [], line: 0 }];
    expect(inferName(docOf([RS_EVENT], { header }), 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: UNNAMED_POD,
      inferred: 'the paste names no pod',
    });
    const conditions = [{ type: 'Ready', status: 'False' }];
    expect(inferName(docOf([RS_EVENT], { conditions }), 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: UNNAMED_POD,
      inferred: 'the paste names no pod',
    });
    const withContainer = docOf([RS_EVENT]);
    withContainer.containers.push({
      name: 'web',
      named: false,
      group: 'app',
      spec: {},
      status: {},
      hasStatus: false,
      state: undefined,
      lastState: undefined,
    });
    expect(inferName(withContainer, 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: UNNAMED_POD,
      inferred: 'the paste names no pod',
    });
  });
});

describe('inferName: pods', () => {
  it('an old Scheduled event without a namespace takes it from a kubelet message about the same pod', () => {
    const doc = docOf([
      ev('Back-off restarting failed container=app pod=other-1_default(8f1c2d3e)', 'kubelet'),
      ev('Successfully assigned web-1 to worker-2', 'default-scheduler'),
      ev('Back-off restarting failed container web in pod web-1_shop(8f1c2d3e-aaaa)', 'kubelet'),
    ]);
    expect(inferName(doc, 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: 'web-1',
      namespace: 'shop',
      inferred: 'named in its Scheduled event',
    });
    const alone = docOf([ev('Successfully assigned web-1 to worker-2', 'default-scheduler')]);
    expect(inferName(alone, 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: 'web-1',
      inferred: 'named in its Scheduled event',
    });
  });

  it('"Successfully assigned" must start the message', () => {
    const doc = docOf([ev('note: Successfully assigned shop/web-1 to worker-2', 'default-scheduler')]);
    expect(inferName(doc, 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: UNNAMED_POD,
      inferred: 'the paste names no pod',
    });
  });

  it('a message that names no pod names nothing; the container in a fieldPath does', () => {
    const doc = docOf([
      { raw: { involvedObject: null }, index: 0 },
      ev('Readiness probe failed: connection refused', 'kubelet', 'spec.containers{web}'),
    ]);
    expect(inferName(doc, 'Pod')).toStrictEqual({
      kind: 'Pod',
      name: 'web',
      inferred: 'named after its container web',
    });
    const none = docOf([
      ev('Readiness probe failed: connection refused', 'kubelet'),
      { raw: { involvedObject: null }, index: 1 },
    ]);
    expect(inferName(none, 'Pod', { kind: 'Pod', name: 'web-1' })).toStrictEqual({
      kind: 'Pod',
      name: 'web-1',
      inferred: 'named in the describe command above it',
    });
  });
});
