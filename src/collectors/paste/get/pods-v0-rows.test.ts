/**
 * Pre-1.0 `kubectl get pods` rows, field by field: a pod row gives exactly the fields its cells
 * hold (no key for a blank IP, `<none>` labels or an `<unassigned>` host), container rows of the
 * era before container states carry only a name and an image, and the table ends at the first
 * row that is neither a pod nor a container of the pod above it.
 */
import { describe, expect, it } from 'vitest';
import { parseGetPodsV0 } from './pods-v0.js';
import { readWith, text } from '../common/parser-test-helpers.js';
import { cleanLines } from '../common/text.js';

const read = (t: string) => readWith(t, parseGetPodsV0);

/** The guestbook-era layout (0.x before container states): extra containers under the pod, name and image only. */
const OLD = text`
  POD            IP           CONTAINER(S)   IMAGE(S)           HOST                     LABELS              STATUS
  redis-master   10.244.2.3   master         dockerfile/redis   minion-3/104.154.40.66   name=redis-master   Running
                              sidecar        busybox
  frontend-1                  php-redis      kubernetes/php     <unassigned>             <none>              Pending
`;

/** The 0.17 layout (kubernetes/kubernetes#7981): container rows with their state and message. */
const STATES = text`
  POD       IP          CONTAINER(S)   IMAGE(S)    HOST                  LABELS    STATUS    CREATED          MESSAGE
  foo       10.0.0.53                              127.0.0.1/127.0.0.1   <none>    Pending   About a minute
                        bar1           fooimage1                                   Waiting
                        bar2           fooimage2                                   Running
                        bar3           fooimage3                                   Terminated
`;

describe('pre-1.0 get pods rows give exactly the fields their cells hold', () => {
  it('a pod row with its first container, a container row with no state, an unassigned pod', () => {
    expect(read(OLD)).toStrictEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'redis-master', labels: { name: 'redis-master' } },
          spec: {
            containers: [
              { name: 'master', image: 'dockerfile/redis' },
              { name: 'sidecar', image: 'busybox' },
            ],
            nodeName: 'minion-3',
          },
          // The pod row's STATUS is also read as its first container's state (Running).
          status: {
            phase: 'Running',
            podIP: '10.244.2.3',
            containerStatuses: [{ name: 'master', ready: false, state: { running: {} } }],
          },
        },
        line: 2,
      },
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'frontend-1' },
          spec: { containers: [{ name: 'php-redis', image: 'kubernetes/php' }] },
          status: { phase: 'Pending', containerStatuses: [] },
        },
        line: 4,
      },
    ]);
  });

  it('container states without a message keep no message key, and a waiting state without one is no pull failure', () => {
    const [pod, ...rest] = read(STATES);
    expect(rest).toStrictEqual([]);
    expect(pod?.line).toBe(2);
    expect(pod?.raw.status).toStrictEqual({
      phase: 'Pending',
      podIP: '10.0.0.53',
      containerStatuses: [
        { name: 'bar1', ready: false, state: { waiting: {} } },
        { name: 'bar2', ready: false, state: { running: {} } },
        { name: 'bar3', ready: false, state: { terminated: {} } },
      ],
    });
  });

  it.each([
    [0, 4],
    [1, 4],
  ])('the header at line %i: the table ends %i lines on', (at, rows) => {
    const lines = [...(at === 0 ? [] : ['$ kubectl get pods']), ...cleanLines(OLD), '', 'next'];
    const r = parseGetPodsV0(lines, at);
    expect(r?.end).toBe(at + rows);
    expect(r?.objects.map((o) => o.line)).toStrictEqual([at + 2, at + 4]);
  });
});

describe('where a pre-1.0 table ends', () => {
  const header = 'POD      IP           CONTAINER(S)   IMAGE(S)   HOST                  LABELS   STATUS';
  const pod = 'web-1    10.244.1.4   nginx          nginx      minion-1/10.0.0.3     app=web  Running';

  it.each([
    [
      'Foo-1    10.244.1.5   nginx          nginx      minion-1/10.0.0.3     app=web  Running',
      'a pod name kubectl never prints',
    ],
    [
      'web_1    10.244.1.5   nginx          nginx      minion-1/10.0.0.3     app=web  Running',
      'a pod name kubectl never prints',
    ],
    ['kubernetes   component=apiserver,provider=kubernetes   <none>   10.0.0.2   443', 'a get services row'],
    ['                      Bar1           busybox', 'a container name kubectl never prints'],
    ['                      bar_1          busybox', 'a container name kubectl never prints'],
  ])('%s (%s) ends it after the pod above', (row) => {
    const r = parseGetPodsV0([header, pod, row, pod.replace('web-1', 'web-2')], 0);
    expect(r?.end).toBe(2);
    expect(r?.objects.map((o) => (o.raw.metadata as { name: string }).name)).toStrictEqual(['web-1']);
    expect((r?.objects[0]?.raw.spec as { containers: unknown[] }).containers).toStrictEqual([
      { name: 'nginx', image: 'nginx' },
    ]);
  });

  it('a container row with no pod row above it is no table', () => {
    expect(parseGetPodsV0([header, '                      bar1           busybox'], 0)).toStrictEqual({
      end: 1,
      objects: [],
    });
  });

  const long = (length: number): string => {
    const start = 'web-1    10.244.1.4   nginx          nginx      minion-1/10.0.0.3     note=';
    return `${start}${'x'.repeat(length - start.length - 9)}  Running`;
  };

  it.each([
    [4_999, 2],
    [5_000, 2],
    [5_001, 0],
  ])('a pod row of %i characters: %i pods', (length, pods) => {
    expect(long(length)).toHaveLength(length);
    const r = parseGetPodsV0([header, long(length), pod.replace('web-1', 'web-2')], 0);
    expect(r?.objects).toHaveLength(pods);
    expect(r?.end).toBe(pods + 1);
  });
});
