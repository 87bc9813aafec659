/**
 * assemble(): the namespace a paste is about, the lines its notes name, and what it keeps of what
 * the text did say (reasons, times, names, namespaces of cluster-scoped objects).
 */
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.js';
import type { PastedObject } from './common/types.js';
import { TERMINATING_FOR } from './describe/kinds.js';
import { UNNAMED_POD } from './common/types.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');
const run = (pasted: PastedObject[], commandNamespaces: string[] = []) =>
  assemble(pasted, { commandNamespaces, now: NOW, clock: () => 0 });

const pod = (name: string, namespace?: string, line = 1): PastedObject => ({
  raw: { kind: 'Pod', metadata: { name, ...(namespace === undefined ? {} : { namespace }) } },
  line,
});
const svc = (name: string, namespace: string): PastedObject => ({
  raw: { kind: 'Service', metadata: { name, namespace } },
  line: 1,
});
const FILL = (ns: string, why: string) => `objects pasted without a namespace were put in ${ns} (${why})`;
const REST = 'the namespace the rest of the paste names';
const nsOf = (raw: unknown) => (raw as { metadata: { namespace?: string } }).metadata.namespace;

describe('the namespace given to objects pasted without one', () => {
  it.each([
    {
      what: 'the one named most (2 of 3), named after the other',
      names: ['data', 'shop', 'shop'],
      want: 'shop',
    },
    { what: 'the one named most (3 of 5)', names: ['ops', 'data', 'shop', 'shop', 'shop'], want: 'shop' },
    { what: 'the one named most, named first', names: ['shop', 'shop', 'data'], want: 'shop' },
    { what: 'the one named most, between the others', names: ['data', 'shop', 'shop', 'ops'], want: 'shop' },
  ])('$what', ({ names, want }) => {
    const out = run([...names.map((n, i) => svc(`s${i}`, n)), pod('web-1')], ['other']);
    expect(out.namespace).toBe(want);
    expect(nsOf(out.objects[0])).toBe(want);
    expect(out.notes).toEqual([FILL(want, REST)]);
  });

  it('an empty namespace names no namespace: the command does', () => {
    const out = run([svc('s', ''), svc('t', ''), pod('web-1')], ['shop']);
    expect(out.namespace).toBe('shop');
    expect(out.notes).toEqual([FILL('shop', 'the namespace the pasted command names')]);
  });

  it.each([
    { cmds: ['shop'], want: 'shop', why: 'the namespace the pasted command names' },
    { cmds: ['data', 'shop'], want: 'shop', why: 'the namespace the pasted command names' },
    { cmds: [], want: 'default', why: "kubectl's default namespace" },
  ])('no object names one: commands $cmds give $want', ({ cmds, want, why }) => {
    const out = run([pod('web-1')], cmds);
    expect(out.namespace).toBe(want);
    expect(nsOf(out.objects[0])).toBe(want);
    expect(out.notes).toEqual([FILL(want, why)]);
  });

  it('an event without a namespace is put in it too, and says so', () => {
    const out = run([
      {
        raw: {
          kind: 'Event',
          involvedObject: { kind: 'Pod', name: 'web-1' },
          reason: 'Pulled',
          message: 'x',
        },
        line: 3,
      },
    ]);
    expect(out.objects[0]).toMatchObject({
      involvedObject: { namespace: 'default' },
      metadata: { name: 'web-1.paste-3-0', namespace: 'default' },
    });
    expect(out.notes).toEqual([FILL('default', "kubectl's default namespace")]);
  });

  it.each([
    // A node not Ready and nothing else: a stand-in pod is bound to it (node-only.ts), said in a note.
    [
      'Node',
      ['the text shows node n1 not Ready and no pod: pod unnamed-pod stands for the pods bound to it'],
    ],
    ['PersistentVolume', []],
  ])('an event about a %s stays without a namespace', (kind, notes) => {
    const out = run([
      {
        raw: { kind: 'Event', involvedObject: { kind, name: 'n1' }, reason: 'NodeNotReady', message: 'x' },
        line: 2,
      },
    ]);
    const e = out.objects.find((o) => o.kind === 'Event') as {
      involvedObject: Record<string, unknown>;
      metadata: Record<string, unknown>;
    };
    expect(e.involvedObject.namespace).toBeUndefined();
    expect(e.metadata).toEqual({ name: 'n1.paste-2-0' });
    expect(out.notes).toEqual(notes);
  });

  it('nothing is said when every object names its namespace', () => {
    const out = run([pod('web-1', 'shop'), svc('web', 'shop')]);
    expect(out.notes).toEqual([]);
  });
});

const guessed = (line: number, kind = 'Event'): PastedObject =>
  kind === 'Event'
    ? {
        raw: {
          kind: 'Event',
          involvedObject: { kind: 'Pod', name: UNNAMED_POD, namespace: 'shop' },
          reason: 'BackOff',
          message: 'Back-off restarting failed container',
        },
        line,
        inferredName: 'its Events table was cut from its describe',
      }
    : { ...pod(UNNAMED_POD, 'shop', line), inferredName: 'a status cut out of a manifest' };

describe('the lines a note names', () => {
  it.each([
    { lines: [4], want: 'line 4' },
    { lines: [4, 4], want: 'line 4' },
    { lines: [10, 9, 11], want: 'lines 9-11' },
    { lines: [3, 4, 5, 6, 7, 8, 9], want: 'lines 3-9' },
    { lines: [1, 2], want: 'lines 1-2' },
    { lines: [2, 5, 9], want: 'lines 2, 5, 9' },
    { lines: [9, 5, 2], want: 'lines 2, 5, 9' },
    { lines: [2, 4], want: 'lines 2, 4' },
    { lines: [1, 3, 5, 7, 9, 11], want: 'lines 1, 3, 5, 7, 9, 11' },
    { lines: [1, 3, 5, 7, 9, 11, 13], want: 'lines 1, 3, 5, 7, 9, 11, …' },
    { lines: [10, 30, 20, 50, 40, 70, 60, 80], want: 'lines 10, 20, 30, 40, 50, 60, …' },
  ])('$lines -> $want', ({ lines, want }) => {
    const out = run(lines.map((l) => guessed(l)));
    expect(out.notes).toEqual([
      `${want}: the event names no object; its Events table was cut from its describe`,
    ]);
  });

  it('an object with no guessed name gets no note', () => {
    const out = run([
      {
        raw: {
          kind: 'Event',
          involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
          reason: 'Pulled',
          message: 'x',
        },
        line: 2,
      },
      pod('web-1', 'shop', 1),
    ]);
    expect(out.notes).toEqual([]);
  });

  it.each([
    { raw: { kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' } }, want: 'pod web-1' },
    { raw: { kind: 'ConfigMap', metadata: { name: 'cfg', namespace: 'shop' } }, want: 'configmap cfg' },
    { raw: { metadata: { name: 'x', namespace: 'shop' } }, want: 'object x' },
    { raw: { kind: 'Pod', metadata: { namespace: 'shop' } }, want: 'pod ' },
  ])('an object whose name was guessed: "$want was not named"', ({ raw, want }) => {
    const out = run([
      { raw, line: 7, inferredName: 'named by the command above it (kubectl get pod web-1)' },
    ]);
    expect(out.notes).toEqual([
      `line 7: ${want} was not named in the text; named by the command above it (kubectl get pod web-1)`,
    ]);
  });
});

describe('what the text said is kept', () => {
  it('a reason the event gives is not replaced by the one its message usually has', () => {
    // kubelets before 1.12 recorded SuccessfulMountVolume with this message
    const message = 'MountVolume.SetUp succeeded for volume "default-token-x2k4q"';
    const out = run([
      {
        raw: {
          kind: 'Event',
          involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
          reason: 'SuccessfulMountVolume',
          type: 'Normal',
          message,
        },
        line: 1,
      },
      {
        raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' }, message },
        line: 2,
      },
    ]);
    expect(out.objects.map((o) => o.reason)).toEqual(['SuccessfulMountVolume', 'SuccessfulAttachVolume']);
  });

  it('an event keeps the name and namespace its metadata gives', () => {
    const out = run([
      {
        raw: {
          kind: 'Event',
          metadata: { name: 'web-1.17a9f3c2d4e5b6a7', namespace: 'shop' },
          involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
          reason: 'Pulled',
          message: 'x',
        },
        line: 4,
      },
    ]);
    expect(out.objects[0]?.metadata).toEqual({ name: 'web-1.17a9f3c2d4e5b6a7', namespace: 'shop' });
  });

  it('an event without a name takes "event" and its line and index', () => {
    const out = run([
      pod('web-1', 'shop', 1),
      {
        raw: {
          kind: 'Event',
          involvedObject: { kind: 'Pod', namespace: 'shop' },
          reason: 'Pulled',
          message: 'x',
        },
        line: 12,
      },
    ]);
    expect(out.objects[1]?.metadata).toEqual({ name: 'event.paste-12-1', namespace: 'shop' });
  });

  it('a deletionTimestamp and creationTimestamp the text gave are kept over its ages', () => {
    const metadata = {
      name: 'web-1',
      namespace: 'shop',
      creationTimestamp: '2025-12-31T20:00:00Z',
      deletionTimestamp: '2025-12-31T23:00:00Z',
      annotations: { [TERMINATING_FOR]: '5m' },
    };
    const out = run([{ raw: { kind: 'Pod', metadata }, line: 1, age: { last: 600 } }]);
    expect(out.objects[0]?.metadata).toMatchObject({
      creationTimestamp: '2025-12-31T20:00:00Z',
      deletionTimestamp: '2025-12-31T23:00:00Z',
    });
  });

  it('ages become times when the text gave none', () => {
    const metadata = { name: 'web-1', namespace: 'shop', annotations: { [TERMINATING_FOR]: '5m' } };
    const out = run([{ raw: { kind: 'Pod', metadata }, line: 1, age: { last: 600 } }]);
    expect(out.objects[0]?.metadata).toMatchObject({
      creationTimestamp: '2025-12-31T23:50:00Z',
      deletionTimestamp: '2025-12-31T23:55:00Z',
    });
  });

  it('Endpoints of the same name in two namespaces stay two objects; in one they merge', () => {
    const ep = (namespace: string, ip: string): PastedObject => ({
      raw: { kind: 'Endpoints', metadata: { name: 'web', namespace }, subsets: [{ addresses: [{ ip }] }] },
      line: 1,
    });
    expect(run([ep('shop', '10.0.0.1'), ep('data', '10.0.0.2')]).objects).toHaveLength(2);
    expect(run([ep('shop', '10.0.0.1'), ep('shop', '10.0.0.2')]).objects).toHaveLength(1);
  });
});

describe('notes rewritten once the unnamed pod or its events are found', () => {
  it('events tied to a pod by its IP say so; the other notes stay as they were', () => {
    const probe =
      'Readiness probe failed: Get http://10.244.2.5:8181/ready: dial tcp 10.244.2.5:8181: connect: connection refused';
    const out = run([
      {
        raw: { kind: 'Pod', metadata: { name: 'dns-a', namespace: 'shop' }, status: { podIP: '10.244.1.2' } },
        line: 1,
      },
      {
        raw: { kind: 'Pod', metadata: { name: 'dns-b', namespace: 'shop' }, status: { podIP: '10.244.2.5' } },
        line: 2,
      },
      {
        raw: { kind: 'ConfigMap', metadata: { namespace: 'shop', name: 'cfg' } },
        line: 3,
        inferredName: 'named by the command above it (kubectl get cm cfg -o yaml)',
      },
      {
        raw: {
          kind: 'Event',
          involvedObject: { kind: 'Pod', name: UNNAMED_POD, namespace: 'shop' },
          reason: 'Unhealthy',
          message: probe,
        },
        line: 5,
        inferredName: 'its Events table was cut from its describe',
      },
    ]);
    expect(out.notes).toEqual([
      'line 3: configmap cfg was not named in the text; named by the command above it (kubectl get cm cfg -o yaml)',
      'line 5: the event names no object; the text ties it to pod dns-b (its IP, node or state)',
    ]);
  });
});
