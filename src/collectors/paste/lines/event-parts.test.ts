import { describe, expect, it } from 'vitest';
import { eventObject, namespaceInMessage, parseSource } from './event.js';

describe('parseSource: an event source as kubectl prints it', () => {
  it.each([
    // kubectl describe before 1.14: "component, host"; an event without a component keeps its host.
    ['kubelet, node-1', { component: 'kubelet', host: 'node-1' }],
    [', node-1', { host: 'node-1' }],
    // kubectl describe since 1.14 and `get events`: the component alone.
    ['kubelet', { component: 'kubelet' }],
    ['default-scheduler', { component: 'default-scheduler' }],
    ['node-controller', { component: 'node-controller' }],
    // Go's %v of the EventSource struct (old `get events` SOURCE / describe From), padding around it.
    ['{kubelet node-1}', { component: 'kubelet', host: 'node-1' }],
    ['  {kubelet node-1}  ', { component: 'kubelet', host: 'node-1' }],
    ['{kubelet node-1}\t', { component: 'kubelet', host: 'node-1' }],
    ['{default-scheduler }', { component: 'default-scheduler' }],
    // A cell cut by a terminal wrap keeps the brace it has: no pair, nothing is taken off.
    ['{kubelet', { component: '{kubelet' }],
    ['kubelet node-1}', { component: 'kubelet', host: 'node-1}' }],
  ])('%j', (cell, parsed) => {
    expect(parseSource(cell)).toStrictEqual(parsed);
  });

  it.each([[undefined], [''], ['<none>'], ['<unknown>'], ['{ }'], ['{}'], [','], ['   ']])(
    'gives no source for %j',
    (cell) => {
      expect(parseSource(cell)).toBeUndefined();
    },
  );
});

describe('namespaceInMessage: the namespace a pod event message gives its own pod', () => {
  it.each([
    ['Pod', 'web-1', 'Successfully assigned shop/web-1 to node-1', 'shop'],
    [
      'Pod',
      'web-1',
      'Back-off restarting failed container app in pod web-1_shop(0f6b2c1e-8a7d-4e3b-9c2f-1a2b3c4d5e6f)',
      'shop',
    ],
    ['Pod', 'web-2', 'Successfully assigned shop/web-1 to node-1', undefined],
    // Only a pod event: a node or an owner named like the pod takes nothing from the message.
    ['Node', 'web-1', 'Successfully assigned shop/web-1 to node-1', undefined],
    [
      'ReplicaSet',
      'web-1',
      'Back-off restarting failed container app in pod web-1_shop(0f6b2c1e-8a7d-4e3b-9c2f-1a2b3c4d5e6f)',
      undefined,
    ],
  ])('%s %s: %s', (kind, name, message, namespace) => {
    expect(namespaceInMessage(kind, name, message)).toBe(namespace);
  });
});

describe('eventObject: the raw core/v1 Event of the parts', () => {
  it('writes only the fields the parts give (a bare message on its own line)', () => {
    expect(
      eventObject({ kind: 'Pod', name: 'unnamed-pod', message: 'Back-off restarting failed container' }, 3),
    ).toStrictEqual({
      raw: {
        kind: 'Event',
        involvedObject: { kind: 'Pod', name: 'unnamed-pod' },
        message: 'Back-off restarting failed container',
      },
      line: 3,
    });
  });

  it.each([
    ['empty reason and type', { reason: '', type: '' }],
    ['undefined reason and type', { reason: undefined, type: undefined }],
    ['placeholder field path', { fieldPath: '<none>' }],
    ['empty field path', { fieldPath: '' }],
    ['placeholder source', { source: '<none>' }],
    ['empty braces source', { source: '{ }' }],
  ])('leaves out an %s', (_label, extra) => {
    expect(
      eventObject({ kind: 'Pod', name: 'web-0', message: 'Started container app', ...extra }, 12),
    ).toStrictEqual({
      raw: {
        kind: 'Event',
        involvedObject: { kind: 'Pod', name: 'web-0' },
        message: 'Started container app',
      },
      line: 12,
    });
  });

  it('writes every field of a full `get events -o wide` row', () => {
    expect(
      eventObject(
        {
          kind: 'Pod',
          name: 'web-0',
          namespace: 'shop',
          fieldPath: 'spec.containers{app}',
          type: 'Warning',
          reason: 'BackOff',
          message: 'Back-off restarting failed container app in pod web-0_shop(abc)',
          count: 12,
          source: 'kubelet, node-1',
          eventName: 'web-0.17a1b2c3d4e5f6a7',
          last: 60,
          first: 600,
          inferredName: 'from the OBJECT cell',
        },
        7,
      ),
    ).toStrictEqual({
      raw: {
        kind: 'Event',
        metadata: { name: 'web-0.17a1b2c3d4e5f6a7', namespace: 'shop' },
        involvedObject: { kind: 'Pod', name: 'web-0', namespace: 'shop', fieldPath: 'spec.containers{app}' },
        reason: 'BackOff',
        message: 'Back-off restarting failed container app in pod web-0_shop(abc)',
        type: 'Warning',
        count: 12,
        source: { component: 'kubelet', host: 'node-1' },
      },
      line: 7,
      age: { last: 60, first: 600 },
      inferredName: 'from the OBJECT cell',
    });
  });

  it.each([
    [{ eventName: 'web-0.17a1b2c3d4e5f6a7' }, { name: 'web-0.17a1b2c3d4e5f6a7' }],
    [{ namespace: 'shop' }, { namespace: 'shop' }],
  ])('writes metadata %j alone', (extra, metadata) => {
    const r = eventObject({ kind: 'Pod', name: 'web-0', message: 'Pulling image "nginx:1.25"', ...extra }, 1);
    expect(r.raw.metadata).toStrictEqual(metadata);
  });

  it('takes the namespace from a scheduler message when the row has none', () => {
    expect(
      eventObject(
        {
          kind: 'Pod',
          name: 'web-1',
          type: 'Normal',
          reason: 'Scheduled',
          message: 'Successfully assigned shop/web-1 to node-1',
          source: 'default-scheduler',
        },
        2,
      ).raw,
    ).toStrictEqual({
      kind: 'Event',
      metadata: { namespace: 'shop' },
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
      reason: 'Scheduled',
      message: 'Successfully assigned shop/web-1 to node-1',
      type: 'Normal',
      source: { component: 'default-scheduler' },
    });
  });

  it('keeps a cluster-scoped object out of the namespace but the event in it', () => {
    expect(
      eventObject(
        {
          kind: 'Node',
          name: 'node-1',
          namespace: 'default',
          type: 'Normal',
          reason: 'NodeNotReady',
          message: 'Node node-1 status is now: NodeNotReady',
          source: 'node-controller',
          count: 1,
        },
        4,
      ).raw,
    ).toStrictEqual({
      kind: 'Event',
      metadata: { namespace: 'default' },
      involvedObject: { kind: 'Node', name: 'node-1' },
      reason: 'NodeNotReady',
      message: 'Node node-1 status is now: NodeNotReady',
      type: 'Normal',
      count: 1,
      source: { component: 'node-controller' },
    });
  });
});
