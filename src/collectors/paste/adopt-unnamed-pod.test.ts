/**
 * A pod the text could not name is the one pod the rest of the paste's events name, when the paste
 * holds no other pod object.
 */
import { describe, expect, it } from 'vitest';
import { adoptUnnamedPod } from './attribute.js';
import { UNNAMED_POD } from './common/types.js';
import type { Raw } from '../normalize/coerce.js';

const podObj = (name: string, namespace = 'default'): Raw => ({
  kind: 'Pod',
  metadata: { name, namespace },
  spec: { containers: [{ name: 'unnamed', startupProbe: { periodSeconds: 10 } }] },
});
const ev = (name: string, namespace?: string, kind = 'Pod'): Record<string, unknown> => ({
  kind: 'Event',
  involvedObject: { kind, name, ...(namespace === undefined ? {} : { namespace }) },
  reason: 'Unhealthy',
});
const keyed = (...pods: Raw[]) =>
  new Map(
    pods.map((p) => [`${String((p.metadata as Raw).namespace)}/${String((p.metadata as Raw).name)}`, p]),
  );

describe('adoptUnnamedPod', () => {
  it('renames the unnamed pod after the one pod the events name, with its namespace', () => {
    const pods = keyed(podObj(UNNAMED_POD));
    const events = [ev('web-7d9f-x2k4q', 'shop'), ev('web-7d9f-x2k4q', 'shop'), ev(UNNAMED_POD, 'default')];
    expect(adoptUnnamedPod(pods, events)).toBe('web-7d9f-x2k4q');
    expect([...pods.keys()]).toEqual(['shop/web-7d9f-x2k4q']);
    expect(pods.get('shop/web-7d9f-x2k4q')?.spec).toEqual(podObj('x').spec);
    // the unnamed pod's own events go with it
    expect(events.map((e) => (e.involvedObject as Raw).name)).toEqual([
      'web-7d9f-x2k4q',
      'web-7d9f-x2k4q',
      'web-7d9f-x2k4q',
    ]);
  });

  it("keeps the pod's namespace when the events give none", () => {
    const pods = keyed(podObj(UNNAMED_POD, 'batch'));
    expect(adoptUnnamedPod(pods, [ev('job-1-abcde')])).toBe('job-1-abcde');
    expect([...pods.keys()]).toEqual(['/job-1-abcde']);
    expect((pods.get('/job-1-abcde')?.metadata as Raw).namespace).toBe('batch');
  });

  it.each([
    ['the events name two pods', [podObj(UNNAMED_POD)], [ev('a', 'x'), ev('b', 'x')]],
    ['the same name in two namespaces', [podObj(UNNAMED_POD)], [ev('a', 'x'), ev('a', 'y')]],
    ['the events name no pod', [podObj(UNNAMED_POD)], [ev(UNNAMED_POD, 'default')]],
    ['the events are about another kind', [podObj(UNNAMED_POD)], [ev('web', 'x', 'ReplicaSet')]],
    ['no events', [podObj(UNNAMED_POD)], []],
    ['another pod object is pasted', [podObj(UNNAMED_POD), podObj('web-2')], [ev('web-1', 'default')]],
    ['the pod has a name', [podObj('web-1')], [ev('web-2', 'default')]],
  ])('leaves the pods alone when %s', (_why, list, events) => {
    const pods = keyed(...list);
    const before = [...pods.keys()];
    expect(adoptUnnamedPod(pods, events)).toBeUndefined();
    expect([...pods.keys()]).toEqual(before);
  });
});
