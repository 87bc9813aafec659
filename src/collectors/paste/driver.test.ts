import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePaste } from './driver.js';
import type { BlockParser } from './common/types.js';
import { assemble } from './assemble.js';
import { PASTE_PARSERS } from './parsers.js';

/** A toy parser: a line "EVENT <reason> <age>" is one event on pod web-1. */
const toy: BlockParser = (lines, start) => {
  const m = /^EVENT (\w+) (\d+)$/.exec(lines[start] ?? '');
  if (m === null) return undefined;
  return {
    end: start + 1,
    objects: [
      {
        raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-1' }, reason: m[1] },
        line: start + 1,
        age: { last: Number(m[2]) },
      },
    ],
  };
};

describe('parsePaste', () => {
  it('passes over prompts, prose and fences, and notes namespaces from commands', () => {
    const text = [
      'Here is what I see:',
      '```',
      '$ kubectl get events -n shop',
      'EVENT FailedMount 30',
      '```',
      'any ideas?',
    ].join('\n');
    const r = parsePaste(text, { blocks: [toy] });
    expect(r.objects.map((o) => o.raw.reason)).toEqual(['FailedMount']);
    expect(r.objects[0]?.line).toBe(4);
    expect(r.commandNamespaces).toEqual(['shop']);
  });

  it('reads YAML embedded in prose up to where the prose resumes', () => {
    const text = [
      'the pod:',
      '$ kubectl get pod x -o yaml',
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: x',
      'status:',
      '  phase: Pending',
      'After that nothing happens.',
      'EVENT Failed 5',
    ].join('\n');
    const r = parsePaste(text, { blocks: [toy] });
    expect(r.objects.map((o) => [o.raw.kind, o.line])).toEqual([
      ['Pod', 3],
      ['Event', 10],
    ]);
  });

  it('reads a status fragment pasted in the middle of prose', () => {
    const r = parsePaste('look:\n  state:\n    waiting:\n      reason: CrashLoopBackOff\nthanks', {
      blocks: [],
    });
    expect(r.objects[0]?.raw).toMatchObject({
      kind: 'Pod',
      status: { containerStatuses: [{ state: { waiting: { reason: 'CrashLoopBackOff' } } }] },
    });
  });

  describe('a YAML block whose first line lost its indentation when it was selected', () => {
    const waitingMessage = (first: string): string =>
      [
        first,
        '          cannot verify user is non-root (pod: "web",',
        "          container: app)'",
        '        reason: CreateContainerConfigError',
      ].join('\n');
    it.each([
      ['no indentation', "message: 'container has runAsNonRoot and image has non-numeric user (admin),"],
      ['one space', " message: 'container has runAsNonRoot and image has non-numeric user (admin),"],
      ['three spaces', "   message: 'container has runAsNonRoot and image has non-numeric user (admin),"],
    ])('keeps the message of a waiting state (%s)', (_, first) => {
      const text = waitingMessage(first);
      const r = parsePaste(text, { blocks: [] });
      const status = (r.objects[0]?.raw as { status?: { containerStatuses?: unknown[] } }).status;
      expect(status?.containerStatuses?.[0]).toMatchObject({
        state: {
          waiting: {
            reason: 'CreateContainerConfigError',
            message: expect.stringContaining(
              'non-numeric user (admin), cannot verify user is non-root',
            ) as unknown,
          },
        },
      });
    });

    it('reads a Pod whose `kind:` line lost its indentation', () => {
      const text = [
        'kind: Pod',
        '  apiVersion: v1',
        '  metadata:',
        '    name: web-1',
        '  status:',
        '    phase: Pending',
      ].join('\n');
      const r = parsePaste(text, { blocks: [] });
      expect(
        r.objects.map((o) => [o.raw.kind, (o.raw.metadata as { name?: string } | undefined)?.name]),
      ).toEqual([['Pod', 'web-1']]);
    });

    it('does not re-indent a block that parses, or one whose first line is not the shallowest', () => {
      const bad = ['    reason: CrashLoopBackOff', '  message: x: y: z'].join('\n');
      expect(() => parsePaste(bad, { blocks: [] })).not.toThrow();
      const fine = parsePaste(['state:', '  waiting:', '    reason: CrashLoopBackOff'].join('\n'), {
        blocks: [],
      });
      expect(fine.objects[0]?.raw).toMatchObject({
        status: { containerStatuses: [{ state: { waiting: { reason: 'CrashLoopBackOff' } } }] },
      });
    });
  });

  it('is linear and never throws on any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.constantFrom('kind: Pod', '  status:', '{', '$ kubectl get pods', 'EVENT Failed 3', '```'),
          ),
          { maxLength: 40 },
        ),
        (lines) => {
          const r = parsePaste(lines.join('\n'), { blocks: [toy] });
          for (const o of r.objects) {
            expect(o.line).toBeGreaterThanOrEqual(1);
            expect(o.line).toBeLessThanOrEqual(Math.max(1, lines.join('\n').split('\n').length));
            expect(typeof o.raw.kind).toBe('string');
          }
        },
      ),
    );
  });

  it('reads prose and event lines in order, and a concatenation as its parts one after the other', () => {
    const toyLine = fc
      .tuple(fc.constantFrom('Failed', 'FailedMount', 'BackOff'), fc.nat(999))
      .map(([r, n]) => `EVENT ${r} ${n}`);
    const prose = fc.stringMatching(/^[a-z][a-z ,.]{0,30}$/);
    const part = fc.array(fc.oneof(toyLine, prose), { maxLength: 12 });
    const read = (lines: readonly string[]) =>
      parsePaste(lines.join('\n'), { blocks: [toy] }).objects.map((o) => [o.line, o.raw.reason, o.age?.last]);
    let events = 0;
    fc.assert(
      fc.property(part, part, (a, b) => {
        const expected = (lines: readonly string[], offset: number) =>
          lines.flatMap((l, i) => {
            const m = /^EVENT (\w+) (\d+)$/.exec(l);
            return m === null ? [] : [[i + 1 + offset, m[1], Number(m[2])]];
          });
        expect(read(a)).toEqual(expected(a, 0));
        expect(read([...a, ...b])).toEqual([...read(a), ...expected(b, a.length)]);
        events += expected(b, 0).length;
      }),
    );
    expect(events).toBeGreaterThan(0);
  });
});

describe('assemble', () => {
  it('counts ages back from --now, fills the namespace, names events, merges what blocks say about one pod', () => {
    const now = Date.parse('2026-02-01T12:00:00Z');
    const r = assemble(
      [
        {
          raw: { kind: 'Pod', metadata: { name: 'web-1', namespace: 'shop' }, status: { phase: 'Pending' } },
          line: 1,
        },
        {
          raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-1' }, reason: 'Failed' },
          line: 5,
          age: { last: 60, first: 600 },
        },
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'web-1' },
            status: { containerStatuses: [{ name: 'app', restartCount: 2 }] },
          },
          line: 9,
        },
      ],
      { now, clock: () => 0, commandNamespaces: [] },
    );
    expect(r.referenceTime).toBe('2026-02-01T12:00:00Z');
    expect(r.objects).toEqual([
      {
        kind: 'Pod',
        metadata: { name: 'web-1', namespace: 'shop' },
        status: { phase: 'Pending', containerStatuses: [{ name: 'app', restartCount: 2 }] },
      },
      {
        kind: 'Event',
        involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
        reason: 'Failed',
        metadata: { name: 'web-1.paste-5-1', namespace: 'shop' },
        lastTimestamp: '2026-02-01T11:59:00Z',
        firstTimestamp: '2026-02-01T11:50:00Z',
      },
    ]);
    expect(r.notes.join('\n')).toContain('were put in shop');
  });

  it('without --now or an anchor, puts the events after the newest absolute time, and says when a name was inferred', () => {
    const r = assemble(
      [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'unnamed-pod' },
            status: { startTime: '2026-03-01T00:00:00Z' },
          },
          line: 2,
          inferredName: 'the text names no pod',
        },
        {
          raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'unnamed-pod' }, reason: 'BackOff' },
          line: 3,
          age: { last: 10 },
        },
      ],
      { clock: () => 0, commandNamespaces: ['ci'] },
    );
    expect(r.referenceTime).toBe('2026-03-01T00:00:10Z');
    expect(r.objects[1]).toMatchObject({ lastTimestamp: '2026-03-01T00:00:00Z' });
    expect(r.notes.join('\n')).toContain('was not named in the text; the text names no pod');
    expect(r.objects[0]).toMatchObject({ metadata: { namespace: 'ci' } });
  });

  it('anchors the ages on a happening shown both with a time and as an aged event', () => {
    const r = assemble(
      [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'web-1' },
            status: {
              startTime: '2026-03-01T00:00:00Z',
              containerStatuses: [{ name: 'app', state: { running: { startedAt: '2026-03-01T00:20:00Z' } } }],
            },
          },
          line: 1,
        },
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Pod', name: 'web-1' },
            reason: 'Started',
            message: 'Started container app',
          },
          line: 9,
          age: { last: 120, first: 1500 },
        },
        {
          raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-1' }, reason: 'BackOff' },
          line: 10,
          age: { last: 5 },
        },
      ],
      { clock: () => 0, commandNamespaces: [] },
    );
    // Started 2m ago and started at 00:20:00: kubectl ran at 00:22:00.
    expect(r.referenceTime).toBe('2026-03-01T00:22:00Z');
    expect(r.objects[2]).toMatchObject({ reason: 'BackOff', lastTimestamp: '2026-03-01T00:21:55Z' });
  });
});

describe('assemble: placeholder containers', () => {
  it('folds the unnamed container of a get pods row into the one container describe names', () => {
    const r = assemble(
      [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'web-1', namespace: 'x' },
            status: {
              containerStatuses: [
                { name: 'unnamed', restartCount: 3, state: { waiting: { reason: 'ImagePullBackOff' } } },
              ],
            },
          },
          line: 1,
        },
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'web-1', namespace: 'x' },
            status: {
              containerStatuses: [
                { name: 'web', image: 'web:1', state: { waiting: { reason: 'ImagePullBackOff' } } },
              ],
            },
          },
          line: 5,
        },
      ],
      { clock: () => 0, commandNamespaces: [] },
    );
    expect(r.objects[0]).toMatchObject({
      status: { containerStatuses: [{ name: 'web', image: 'web:1', restartCount: 3 }] },
    });
    expect((r.objects[0]?.status as { containerStatuses: unknown[] }).containerStatuses).toHaveLength(1);
  });

  it('drops the placeholder when describe names several containers', () => {
    const r = assemble(
      [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'p', namespace: 'x' },
            status: { containerStatuses: [{ name: 'unnamed' }] },
          },
          line: 1,
        },
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'p', namespace: 'x' },
            status: { containerStatuses: [{ name: 'a' }, { name: 'b' }] },
          },
          line: 2,
        },
      ],
      { clock: () => 0, commandNamespaces: [] },
    );
    expect(
      (r.objects[0]?.status as { containerStatuses: { name: string }[] }).containerStatuses.map(
        (c) => c.name,
      ),
    ).toEqual(['a', 'b']);
  });
});

describe('parsePaste: fragments named by the command above them', () => {
  it('takes the pod and namespace from `kubectl get pod NAME -n NS -o yaml | yq ...`', () => {
    const text =
      '$ kubectl get pod keycloak-0 -n sso -o yaml | yq .status.containerStatuses\n- name: keycloak\n  state:\n    waiting:\n      reason: CreateContainerConfigError\n';
    const [o] = parsePaste(text, { blocks: [] }).objects;
    expect(o?.raw).toMatchObject({ kind: 'Pod', metadata: { name: 'keycloak-0', namespace: 'sso' } });
    expect(o?.inferredName).toContain('named by the command above it');
  });

  it('does not take a name from a command that selects several pods', () => {
    const text = '$ kubectl get pods -l app=x -o yaml | yq .items[0].status\nphase: Failed\n';
    const [o] = parsePaste(text, { blocks: [] }).objects;
    expect(o?.raw).toMatchObject({ metadata: { name: 'unnamed-pod' } });
  });
});

describe('assemble: a pod shown as a get pods row and as -o yaml', () => {
  it('anchors the time on creationTimestamp plus the AGE column', () => {
    const r = assemble(
      [
        { raw: { kind: 'Pod', metadata: { name: 'job-1', namespace: 'x' } }, line: 2, age: { last: 3600 } },
        {
          raw: {
            kind: 'Pod',
            metadata: {
              name: 'job-1',
              namespace: 'x',
              creationTimestamp: '2023-11-23T08:00:00Z',
              deletionTimestamp: '2023-11-23T08:05:00Z',
            },
          },
          line: 6,
        },
      ],
      { clock: () => 0, commandNamespaces: [] },
    );
    expect(r.referenceTime).toBe('2023-11-23T09:00:00Z');
  });
});

describe('parsePaste: kubectl logs output', () => {
  it('keeps what a logs command printed as a log tail, unparsed', () => {
    const text = [
      '$ kubectl logs web-1 -c app -n shop --previous',
      'Error: connect ECONNREFUSED 10.0.0.9:5432',
      '  Warning  Failed  1m  kubelet  this line is the app talking, not an event',
      '$ kubectl get pods',
    ].join('\n');
    const r = parsePaste(text, { blocks: [toy] });
    expect(r.logs).toEqual([
      {
        pod: 'web-1',
        namespace: 'shop',
        container: 'app',
        previous: true,
        lines: [
          'Error: connect ECONNREFUSED 10.0.0.9:5432',
          '  Warning  Failed  1m  kubelet  this line is the app talking, not an event',
        ],
      },
    ]);
    // No pod pasted: the log's pod is in the evidence by its log alone.
    expect(r.objects).toEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: 'web-1', namespace: 'shop' },
          spec: { containers: [{ name: 'app' }] },
        },
        line: 2,
      },
    ]);
  });

  it("ends the log at kubectl's own error, which is read as kubectl output", () => {
    const text = [
      'kubectl logs es-1 --all-containers=true',
      "sysctl: error setting key 'vm.max_map_count': Read-only file system",
      'Error from server (BadRequest): container "es" in pod "es-1" is waiting to start: PodInitializing',
    ].join('\n');
    const r = parsePaste(text, PASTE_PARSERS);
    expect(r.logs.map((l) => l.lines)).toEqual([
      ["sysctl: error setting key 'vm.max_map_count': Read-only file system"],
    ]);
    expect(r.objects.map((o) => o.raw)).toMatchObject([
      { kind: 'Pod', metadata: { name: 'es-1' }, status: { containerStatuses: [{ name: 'es' }] } },
    ]);
  });
});

describe('assemble: containers named in kubelet messages', () => {
  it('gives back the fieldPath an events table without SUBOBJECT dropped', () => {
    const ev = (message: string, line: number) => ({
      raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'w' }, reason: 'X', message },
      line,
    });
    const r = assemble(
      [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'w' },
            spec: { initContainers: [{ name: 'migrate' }], containers: [{ name: 'wiki' }] },
          },
          line: 1,
        },
        ev('Back-off restarting failed container wiki in pod w_default(uid)', 2),
        ev('Started container migrate', 3),
        ev('Created container: wiki', 4),
        ev('Pulling image "x"', 5),
      ],
      { clock: () => 0, commandNamespaces: [] },
    );
    const paths = r.objects
      .filter((o) => o.kind === 'Event')
      .map((o) => (o.involvedObject as { fieldPath?: string }).fieldPath);
    expect(paths).toEqual([
      'spec.containers{wiki}',
      'spec.initContainers{migrate}',
      'spec.containers{wiki}',
      undefined,
    ]);
  });
});

describe('assemble: the container a get pods row could not name', () => {
  it('takes the one app container the events name', () => {
    const r = assemble(
      [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'w', namespace: 'x' },
            status: { containerStatuses: [{ name: 'unnamed', restartCount: 2 }] },
          },
          line: 1,
        },
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Pod', name: 'w', namespace: 'x' },
            reason: 'Started',
            message: 'Started container wiki',
          },
          line: 2,
        },
      ],
      { clock: () => 0, commandNamespaces: [] },
    );
    expect(r.objects[0]).toMatchObject({
      status: { containerStatuses: [{ name: 'wiki', restartCount: 2 }] },
    });
  });
});

describe('assemble: an event shown without its reason', () => {
  it('takes the reason and type its message shape says', () => {
    const r = assemble(
      [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Pod', name: 'web-1' },
            message: '0/3 nodes are available: 3 Insufficient cpu.',
          },
          line: 1,
        },
        { raw: { kind: 'Event', involvedObject: { kind: 'Pod', name: 'web-1' }, message: 'hello' }, line: 2 },
      ],
      { commandNamespaces: [], clock: () => 0 },
    );
    expect(r.objects.map((o) => [o.reason, o.type])).toEqual([
      ['FailedScheduling', 'Warning'],
      [undefined, undefined],
    ]);
  });

  it('tells the lines of a double-spaced paste in the text as given', () => {
    const text = [
      '$ kubectl get pods',
      'NAME    READY   STATUS    RESTARTS   AGE',
      'web-1   0/1     Pending   0          5m',
      'web-2   1/1     Running   0          5m',
    ].join('\n\n');
    const pods = parsePaste(text, PASTE_PARSERS).objects.map((o) => [
      o.line,
      (o.raw.metadata as { name: string }).name,
    ]);
    expect(pods).toEqual([
      [5, 'web-1'],
      [7, 'web-2'],
    ]);
  });
});
