/**
 * restoreFieldPath and appContainersNamedByEvents: the container a kubelet message names goes back
 * into the event's fieldPath (an init container's when the pod knows it as one), and each pod's
 * events give the set of app containers they name.
 */
import { describe, expect, it } from 'vitest';
import type { Raw } from '../normalize/coerce.js';
import { appContainersNamedByEvents, restoreFieldPath } from './container-names.js';

const ev = (message: string, involved: Record<string, unknown> = {}): Record<string, unknown> => ({
  kind: 'Event',
  involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop', ...involved },
  reason: 'Started',
  message,
});
const fieldPathOf = (e: Record<string, unknown>) => (e.involvedObject as { fieldPath?: string }).fieldPath;
const WITH_INIT: Raw = {
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop' },
  spec: { initContainers: [{ name: 'init-db', image: 'busybox:1.36' }], containers: [{ name: 'app' }] },
};
const INIT_IN_STATUS: Raw = {
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop' },
  status: { initContainerStatuses: [{ name: 'init-db', ready: false }] },
};

describe('restoreFieldPath', () => {
  it.each([
    { what: 'an app container', msg: 'Started container app', pods: [['shop/web-1', WITH_INIT]], want: 'spec.containers{app}' },
    { what: 'an init container of the spec', msg: 'Created container init-db', pods: [['shop/web-1', WITH_INIT]], want: 'spec.initContainers{init-db}' },
    { what: 'an init container of the status', msg: 'Started container init-db', pods: [['shop/web-1', INIT_IN_STATUS]], want: 'spec.initContainers{init-db}' },
    { what: 'an init container of a pod not pasted', msg: 'Started container init-db', pods: [], want: 'spec.containers{init-db}' },
    { what: 'an init container of another pod', msg: 'Started container init-db', pods: [['shop/web-2', WITH_INIT]], want: 'spec.containers{init-db}' },
    {
      what: 'a list that holds a JSON null',
      msg: 'Started container init-db',
      pods: [['shop/web-1', { kind: 'Pod', spec: { initContainers: [null, { image: 'x' }, { name: 'init-db' }] } }]],
      want: 'spec.initContainers{init-db}',
    },
  ] as { what: string; msg: string; pods: [string, Raw][]; want: string }[])('$what: $want', ({ msg, pods, want }) => {
    const e = ev(msg);
    restoreFieldPath(e, new Map(pods));
    expect(fieldPathOf(e)).toBe(want);
  });

  it.each([
    { what: 'no namespace', involved: { namespace: undefined }, key: '/web-1' },
    { what: 'no name', involved: { name: undefined }, key: 'shop/' },
  ])('an event with $what finds the pod keyed $key', ({ involved, key }) => {
    const e = ev('Started container init-db', involved);
    restoreFieldPath(e, new Map([[key, WITH_INIT]]));
    expect(fieldPathOf(e)).toBe('spec.initContainers{init-db}');
  });

  it('a fieldPath the event has is kept', () => {
    const e = ev('Started container init-db', { fieldPath: 'spec.initContainers{init-db}' });
    restoreFieldPath(e, new Map());
    expect(fieldPathOf(e)).toBe('spec.initContainers{init-db}');
  });

  it.each(['Node', 'ReplicaSet'])('an event about a %s gets none', (kind) => {
    const e = ev('Started container app', { kind });
    restoreFieldPath(e, new Map());
    expect(fieldPathOf(e)).toBeUndefined();
  });
});

describe('appContainersNamedByEvents', () => {
  it('collects every app container each pod\'s events name', () => {
    const out = appContainersNamedByEvents([
      ev('Started container app', { fieldPath: 'spec.containers{app}' }),
      ev('Started container sidecar', { fieldPath: 'spec.containers{sidecar}' }),
      ev('Started container app', { fieldPath: 'spec.containers{app}' }),
      ev('Started container init-db', { fieldPath: 'spec.initContainers{init-db}' }),
      ev('Container image "web:1" already present on machine', { name: 'web-2' }),
      ev('Started container app', { name: 'web-3', fieldPath: 'spec.containers{app}', namespace: undefined }),
      ev('Started container db', { name: undefined, fieldPath: 'spec.containers{db}' }),
      ev('Started container app', { kind: 'Node', name: 'n1', fieldPath: 'spec.containers{app}' }),
    ]);
    expect(out).toEqual(
      new Map([
        ['shop/web-1', new Set(['app', 'sidecar'])],
        ['/web-3', new Set(['app'])],
        ['shop/', new Set(['db'])],
      ]),
    );
  });
});
