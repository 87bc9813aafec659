import { afterEach, describe, expect, it } from 'vitest';
import { collectLive, loadConnection, type Connection } from '../../src/collectors/live/index.js';
import { KEEP_RECENT_MS, RoutineEventFilter } from '../../src/collectors/live/event-filter.js';
import { pod as normalisePod } from '../../src/collectors/normalize/pod.js';
import { node as normaliseNode } from '../../src/collectors/normalize/objects.js';
import type { Node, Pod, Snapshot } from '../../src/model/index.js';
import { diagnose } from '../../src/rules/engine/index.js';
import { collected } from '../../src/collectors/collector.js';
import { runDiagnosis } from '../../src/cli/pipeline/run-diagnosis.js';
import { RULES } from '../../src/rules/index.js';
import { startFakeApi, type FakeApi, type Obj } from './fake-api.js';
import { writeKubeconfig } from './kubeconfig-files.js';
import { crashLooping, named, pod } from './objects.js';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const clock = () => new Date(NOW);
const ago = (ms: number): string => new Date(NOW - ms).toISOString();
const HOUR = 60 * 60_000;

const connect = (server: string): Connection =>
  loadConnection({ kubeconfig: writeKubeconfig([{ name: 'prod', server }]), env: {} });

/** Running, Ready, never restarted, on `nodeName`. */
function quietPod(name: string, nodeName = 'n1'): Obj {
  return pod('shop', name, {
    spec: { nodeName },
    status: {
      phase: 'Running',
      conditions: [
        { type: 'Initialized', status: 'True' },
        { type: 'Ready', status: 'True' },
        { type: 'ContainersReady', status: 'True' },
        { type: 'PodScheduled', status: 'True' },
      ],
      containerStatuses: [
        { name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: ago(3 * HOUR) } } },
      ],
    },
  });
}

function readyNode(name: string, ready = 'True', taints: unknown[] = []): Obj {
  return {
    metadata: { name, uid: `uid-node-${name}` },
    spec: { taints },
    status: { conditions: [{ type: 'Ready', status: ready }] },
  };
}

let seq = 0;
function ev(
  about: { kind: string; name: string },
  reason: string,
  type: 'Normal' | 'Warning',
  at: string,
): Obj {
  seq++;
  return {
    metadata: { name: `e${seq}`, namespace: 'shop', uid: `ev-${seq}` },
    involvedObject: { kind: about.kind, namespace: 'shop', name: about.name },
    reason,
    message: `${reason} ${about.name}`,
    type,
    count: 1,
    firstTimestamp: at,
    lastTimestamp: at,
  };
}
const podRef = (name: string) => ({ kind: 'Pod', name });

describe('RoutineEventFilter: which events a scan drops', () => {
  const pods: Pod[] = [
    normalisePod(quietPod('quiet')) as Pod,
    normalisePod(crashLooping('shop', 'looping')) as Pod,
    normalisePod(quietPod('on-bad-node', 'n2')) as Pod,
    normalisePod(quietPod('on-tainted-node', 'n3')) as Pod,
  ];
  const nodes: Node[] = [
    readyNode('n1'),
    readyNode('n2', 'Unknown'),
    readyNode('n3', 'True', [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }]),
  ].map((n) => normaliseNode(n as Record<string, unknown>) as Node);
  const filter = (podsComplete = true, withNodes = true) =>
    new RoutineEventFilter({ pods, nodes: withNodes ? nodes : undefined, podsComplete, now: NOW });

  it.each([
    // [about, reason, type, age, kept, why]
    [podRef('quiet'), 'Scheduled', 'Normal', 3 * HOUR, false, 'old routine event of a quiet pod'],
    [podRef('quiet'), 'Pulled', 'Normal', KEEP_RECENT_MS, false, 'exactly at the window: old'],
    [podRef('quiet'), 'Started', 'Normal', KEEP_RECENT_MS - 1, true, 'one ms inside the window: recent'],
    [podRef('quiet'), 'Created', 'Normal', 0, true, 'recent'],
    [podRef('quiet'), 'Unhealthy', 'Warning', 3 * HOUR, true, 'not routine: a warning'],
    [podRef('quiet'), 'Killing', 'Normal', 3 * HOUR, true, 'not routine: a Normal kill'],
    [
      podRef('quiet'),
      'Scheduled',
      'Warning',
      3 * HOUR,
      true,
      'a routine reason typed Warning is not routine',
    ],
    [podRef('looping'), 'Started', 'Normal', 3 * HOUR, true, 'the pod is not quiet'],
    [podRef('on-bad-node'), 'Started', 'Normal', 3 * HOUR, true, 'its node is not Ready'],
    [podRef('on-tainted-node'), 'Started', 'Normal', 3 * HOUR, true, 'its node is tainted unreachable'],
    [podRef('gone'), 'Started', 'Normal', 3 * HOUR, false, 'the pod no longer exists'],
    [podRef('gone'), 'BackOff', 'Warning', 3 * HOUR, true, 'a warning of a gone pod'],
    [{ kind: 'ReplicaSet', name: 'quiet' }, 'Started', 'Normal', 3 * HOUR, true, 'not about a Pod'],
  ] as const)('%o %s %s %d ms old: kept %s (%s)', (about, reason, type, age, kept, why) => {
    const f = filter();
    expect(f.accept(ev(about, reason, type, ago(age))), why).toBe(kept);
    expect(f.dropped).toBe(kept ? 0 : 1);
  });

  it('keeps every event of an unknown time', () => {
    const e = ev(podRef('quiet'), 'Started', 'Normal', ago(3 * HOUR));
    delete e.firstTimestamp;
    delete e.lastTimestamp;
    expect(filter().accept(e)).toBe(true);
  });

  it('keeps the events of a gone pod when the pod list is not the whole scope (-l, or an unfinished list)', () => {
    expect(filter(false).accept(ev(podRef('gone'), 'Started', 'Normal', ago(3 * HOUR)))).toBe(true);
    // the quiet pod's own events are still dropped: its status says it is quiet
    expect(filter(false).accept(ev(podRef('quiet'), 'Started', 'Normal', ago(3 * HOUR)))).toBe(false);
  });

  it('without a whole node list no pod counts as quiet', () => {
    expect(filter(true, false).accept(ev(podRef('quiet'), 'Started', 'Normal', ago(3 * HOUR)))).toBe(true);
  });

  it('reads events.k8s.io/v1 events the same way (regarding, eventTime, series)', () => {
    const f = filter();
    const v1 = (series?: string) => ({
      apiVersion: 'events.k8s.io/v1',
      metadata: { name: 'v', namespace: 'shop' },
      regarding: { kind: 'Pod', namespace: 'shop', name: 'quiet' },
      reason: 'Pulled',
      note: 'Successfully pulled image',
      type: 'Normal',
      eventTime: ago(3 * HOUR),
      ...(series === undefined ? {} : { series: { count: 4, lastObservedTime: series } }),
    });
    expect(f.accept(v1())).toBe(false);
    // a series seen lately is recent, whenever it began
    expect(f.accept(v1(ago(60_000)))).toBe(true);
  });

  it('says how many events about how many pods it dropped, and nothing when it dropped none', () => {
    const f = filter();
    expect(f.note()).toBeUndefined();
    f.accept(ev(podRef('quiet'), 'Scheduled', 'Normal', ago(3 * HOUR)));
    f.accept(ev(podRef('quiet'), 'Started', 'Normal', ago(3 * HOUR)));
    f.accept(ev(podRef('gone'), 'Started', 'Normal', ago(3 * HOUR)));
    expect(f.dropped).toBe(3);
    expect(f.note()).toMatch(
      /^3 routine events \(Scheduled, Pulled, Started …\) older than 60 min, about 2 pods /,
    );
    const one = filter();
    one.accept(ev(podRef('quiet'), 'Started', 'Normal', ago(3 * HOUR)));
    expect(one.note()).toMatch(/^1 routine event \(.*\) older than 60 min, about 1 pod Running/);
  });
});

describe('collectLive: the scan lists events after the pods and nodes, through the filter', () => {
  let api: FakeApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  const nsScope = { namespace: 'shop', allNamespaces: false, targets: [] };

  function objects(): Record<string, Obj[]> {
    const old = ago(3 * HOUR);
    return {
      '/pods': [quietPod('web-1'), quietPod('web-2'), crashLooping('shop', 'worker-1')],
      '/nodes': [readyNode('n1')],
      '/events': [
        ...['web-1', 'web-2'].flatMap((p) =>
          ['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started'].map((r) =>
            ev(podRef(p), r, 'Normal', old),
          ),
        ),
        ev(podRef('web-2'), 'Unhealthy', 'Warning', old),
        ev(podRef('worker-1'), 'Started', 'Normal', old),
        ev(podRef('worker-1'), 'BackOff', 'Warning', ago(60_000)),
        ev(podRef('web-old-7f9c'), 'Killing', 'Normal', old),
        ev(podRef('web-old-7f9c'), 'Started', 'Normal', old),
        ev({ kind: 'ReplicaSet', name: 'web-5d8f' }, 'SuccessfulCreate', 'Normal', old),
      ],
      'apps/replicasets': [named('shop', 'web-5d8f')],
    };
  }

  it('drops the old routine events of quiet and gone pods, keeps the rest, and says so in notes and dropped', async () => {
    api = await startFakeApi({ objects: objects() });
    const snap = await collectLive(connect(api.url), nsScope, { now: clock });
    const kept = snap.events.map((e) => `${e.regarding.name} ${e.reason}`).sort();
    expect(kept).toEqual([
      'web-2 Unhealthy',
      'web-5d8f SuccessfulCreate',
      'web-old-7f9c Killing',
      'worker-1 BackOff',
      'worker-1 Started',
    ]);
    expect(snap.dropped?.map((d) => [d.kind, d.count])).toEqual([['events', 11]]);
    expect(snap.dropped?.[0]?.why).toMatch(/^11 routine events/);
    expect(snap.notes).toContain(snap.dropped?.[0]?.why);
    expect(snap.collected).toContain('events');
  });

  it('lists the events only once the other lists are done', async () => {
    api = await startFakeApi({ objects: objects(), delayMs: 20 });
    await collectLive(connect(api.url), nsScope, { now: clock, concurrency: 6 });
    // the previous-log tails of crash-looping containers come last, after every list
    const lists = api.requests.map((r) => r.path).filter((p) => !p.endsWith('/log'));
    expect(lists.at(-1)).toBe('/api/v1/namespaces/shop/events');
    expect(lists.filter((p) => p.endsWith('/events'))).toHaveLength(1);
    expect(lists.length).toBeGreaterThan(10);
  });

  it('keeps every event with keepAllEvents (captures), and records nothing as dropped', async () => {
    api = await startFakeApi({ objects: objects() });
    const snap = await collectLive(connect(api.url), nsScope, { now: clock, keepAllEvents: true });
    expect(snap.events).toHaveLength(objects()['/events']?.length ?? -1);
    expect(snap.dropped).toBeUndefined();
  });

  it('with -l the gone pods are not known to be gone: their events stay', async () => {
    api = await startFakeApi({ objects: objects() });
    const snap = await collectLive(connect(api.url), { ...nsScope, selector: 'app=web' }, { now: clock });
    expect(snap.events.filter((e) => e.regarding.name === 'web-old-7f9c')).toHaveLength(2);
  });

  it('gives every target the same verdict, stage and reason as the unfiltered events', async () => {
    api = await startFakeApi({ objects: objects() });
    const judged = (snap: Snapshot) =>
      diagnose(snap, { now: NOW, rules: RULES }).diagnoses.map(
        (d) => `${d.target.kind}/${d.target.name} ${d.verdict} ${d.stage} ${d.reason} ${d.summary}`,
      );
    const filtered = await collectLive(connect(api.url), nsScope, { now: clock });
    const whole = await collectLive(connect(api.url), nsScope, { now: clock, keepAllEvents: true });
    expect(filtered.events.length).toBeLessThan(whole.events.length);
    expect(judged(filtered)).toEqual(judged(whole));
    expect(judged(filtered).some((l) => / failed /.test(l))).toBe(true);
  });

  it("puts what it dropped in the JSON report's source, and nothing when it kept all", async () => {
    const fake = await startFakeApi({ objects: objects() });
    api = fake;
    const report = async (keepAllEvents: boolean) =>
      runDiagnosis(
        collected(await collectLive(connect(fake.url), nsScope, { now: clock, keepAllEvents })),
        { namespace: 'shop', allNamespaces: false, targets: [] },
        () => NOW,
      ).report;
    const filtered = await report(false);
    expect(filtered.source.type).toBe('live');
    const dropped = filtered.source.dropped as { kind: string; count: number; why: string }[];
    expect(dropped.map((d) => [d.kind, d.count])).toEqual([['events', 11]]);
    expect(dropped[0]?.why).toMatch(/^11 routine events .* about 3 pods /);
    expect('dropped' in (await report(true)).source).toBe(false);
  });
});
