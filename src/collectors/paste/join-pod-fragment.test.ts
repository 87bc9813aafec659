/**
 * joinPodFragment: a container state cut out of a describe without its pod joins the one pod the
 * paste names, only when nothing says it could be another pod's.
 */
import { describe, expect, it } from 'vitest';
import { joinPodFragment } from './attribute.js';
import { UNNAMED_CONTAINER, UNNAMED_POD } from './common/types.js';
import type { Raw } from '../normalize/coerce.js';

const row = (containers: string[] = [UNNAMED_CONTAINER]): Raw => ({
  kind: 'Pod',
  metadata: {
    name: 'web-7d9f',
    namespace: 'shop',
    annotations: { 'handoff.dev/status-column': 'CrashLoopBackOff' },
  },
  spec: {
    nodeName: 'n1',
    containers: containers.filter((c) => c !== UNNAMED_CONTAINER).map((name) => ({ name })),
  },
  status: {
    phase: 'Running',
    containerStatuses: containers.map((name) => ({
      name,
      restartCount: 7,
      state: { waiting: { reason: 'CrashLoopBackOff' } },
    })),
  },
});

const fragment = (over: Raw = {}, container = UNNAMED_CONTAINER): Raw => ({
  kind: 'Pod',
  metadata: { name: UNNAMED_POD, namespace: 'shop' },
  spec: { containers: [{ name: container, image: 'registry.example.com/web:2' }] },
  status: {
    containerStatuses: [
      {
        name: container,
        restartCount: 0,
        state: { running: {} },
        lastState: { terminated: { reason: 'StartError', exitCode: 128 } },
      },
    ],
  },
  ...over,
});

const pods = (...list: [string, Raw][]) => new Map(list);

describe('joinPodFragment', () => {
  it('fills what the pod lacks from the fragment; the pod’s own fields win', () => {
    const map = pods(['shop/web-7d9f', row()], [`shop/${UNNAMED_POD}`, fragment()]);
    expect(joinPodFragment(map, new Set([`shop/${UNNAMED_POD}`]))).toEqual({
      fragment: UNNAMED_POD,
      pod: 'web-7d9f',
    });
    expect([...map.keys()]).toEqual(['shop/web-7d9f']);
    const pod = map.get('shop/web-7d9f');
    expect(pod?.metadata).toEqual(row().metadata);
    expect((pod?.spec as Raw).nodeName).toBe('n1');
    expect((pod?.spec as Raw).containers).toEqual([
      { name: UNNAMED_CONTAINER, image: 'registry.example.com/web:2' },
    ]);
    expect((pod?.status as Raw).phase).toBe('Running');
    expect((pod?.status as Raw).containerStatuses).toEqual([
      {
        name: UNNAMED_CONTAINER,
        restartCount: 7,
        state: { waiting: { reason: 'CrashLoopBackOff' } },
        lastState: { terminated: { reason: 'StartError', exitCode: 128 } },
      },
    ]);
  });

  it('the container takes the name the fragment gives it, or the pod’s', () => {
    const named = pods(
      ['shop/web-7d9f', row()],
      ['shop/worker', fragment({ metadata: { name: 'worker' } }, 'worker')],
    );
    expect(joinPodFragment(named, new Set(['shop/worker']))).toEqual({ fragment: 'worker', pod: 'web-7d9f' });
    const status = named.get('shop/web-7d9f')?.status as Raw;
    expect((status.containerStatuses as Raw[]).map((c) => c.name)).toEqual(['worker']);
    const podNamed = pods(['shop/web-7d9f', row(['app'])], [`shop/${UNNAMED_POD}`, fragment()]);
    joinPodFragment(podNamed, new Set([`shop/${UNNAMED_POD}`]));
    const spec = podNamed.get('shop/web-7d9f')?.spec as Raw;
    expect(spec.containers).toEqual([{ name: 'app', image: 'registry.example.com/web:2' }]);
  });

  it('the fragment’s state where the pod has none', () => {
    const bare: Raw = { ...row(), status: { phase: 'Running' } };
    const map = pods(['shop/web-7d9f', bare], [`shop/${UNNAMED_POD}`, fragment()]);
    joinPodFragment(map, new Set([`shop/${UNNAMED_POD}`]));
    const [status] = (map.get('shop/web-7d9f')?.status as Raw).containerStatuses as Raw[];
    expect(status?.state).toEqual({ running: {} });
    expect(status?.lastState).toEqual({ terminated: { reason: 'StartError', exitCode: 128 } });
  });

  it.each([
    [
      'a third pod',
      pods(['shop/web-7d9f', row()], [`shop/${UNNAMED_POD}`, fragment()], ['shop/db-0', row()]),
      [`shop/${UNNAMED_POD}`],
    ],
    ['only the fragment', pods([`shop/${UNNAMED_POD}`, fragment()]), [`shop/${UNNAMED_POD}`]],
    ['no pod guessed', pods(['shop/web-7d9f', row()], [`shop/${UNNAMED_POD}`, fragment()]), []],
    [
      'both guessed',
      pods(['shop/web-7d9f', row()], [`shop/${UNNAMED_POD}`, fragment()]),
      ['shop/web-7d9f', `shop/${UNNAMED_POD}`],
    ],
    [
      'labels of its own',
      pods(
        ['shop/web-7d9f', row()],
        [`shop/${UNNAMED_POD}`, fragment({ metadata: { name: UNNAMED_POD, labels: { app: 'db' } } })],
      ),
      [`shop/${UNNAMED_POD}`],
    ],
    [
      'a node of its own',
      pods(
        ['shop/web-7d9f', row()],
        [`shop/${UNNAMED_POD}`, fragment({ spec: { nodeName: 'n2', containers: [] } })],
      ),
      [`shop/${UNNAMED_POD}`],
    ],
    [
      'a pod of two containers',
      pods(['shop/web-7d9f', row(['app', 'proxy'])], [`shop/${UNNAMED_POD}`, fragment()]),
      [`shop/${UNNAMED_POD}`],
    ],
    [
      'another container’s name',
      pods(
        ['shop/web-7d9f', row(['app'])],
        ['shop/proxy', fragment({ metadata: { name: 'proxy' } }, 'proxy')],
      ),
      ['shop/proxy'],
    ],
    [
      'two container states',
      pods(
        ['shop/web-7d9f', row()],
        [
          `shop/${UNNAMED_POD}`,
          fragment({
            status: { containerStatuses: [{ name: UNNAMED_CONTAINER }, { name: UNNAMED_CONTAINER }] },
          }),
        ],
      ),
      [`shop/${UNNAMED_POD}`],
    ],
  ])('stays apart with %s', (_, map, guessed) => {
    const before = structuredClone([...map]);
    expect(joinPodFragment(map, new Set(guessed))).toBeUndefined();
    expect([...map]).toEqual(before);
  });
});
