import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectEventHeader, parseDescribe, parseDescribeEventRow } from './block.js';
import type { BlockParse } from '../common/types.js';
import { MODERN } from './describe-test-helpers.js';
import { cleanLines } from '../common/text.js';

/** parseDescribe and the row reader never throw, always move forward, and stay linear. */

const PIECES = [
  'Name:         web-1',
  'Namespace:    shop',
  'Status:       Running',
  'Reason:       Evicted',
  'Message:      The node was low on resource: memory.',
  'Containers:',
  'Init Containers:',
  '  app:',
  '    State:          Waiting',
  '      Reason:       CrashLoopBackOff',
  '      Message:      boom',
  '    Last State:     Terminated',
  '      Exit Code:    137',
  '    Ready:          False',
  '    Restart Count:  3',
  '    Limits:',
  '      cpu:  1',
  '    Environment:',
  '      A:  <set to the key',
  '    Mounts:',
  '      /x from y (ro)',
  'Conditions:',
  '  Type    Status',
  '  Ready   False',
  'Volumes:',
  '  cfg:',
  '    Type:  ConfigMap (a volume populated by a ConfigMap)',
  'Events:',
  '  Type     Reason   Age              From     Message',
  '  ----     ------   ----             ----     -------',
  '  Warning  Failed   3m (x2 over 5m)  kubelet  Error: ErrImagePull',
  '  FirstSeen\tLastSeen\tCount\tFrom\tSubObjectPath\tType\tReason\tMessage',
  '  1m\t\t1m\t\t1\t{kubelet n}\tspec.containers{a}\tNormal\tPulled\tok',
  'Pod Template:',
  'Port:  http  80/TCP',
  'Endpoints:  <none>',
  'No events.',
  '...',
  '```',
  '$ kubectl describe pod web-1',
  '',
];

const line = fc.oneof(
  fc.constantFrom(...PIECES),
  fc.string({ maxLength: 40 }),
  fc
    .tuple(fc.nat(8), fc.constantFrom(...PIECES), fc.string({ maxLength: 10 }))
    .map(([n, p, s]) => ' '.repeat(n) + p.trim() + s),
);

/** The name of a rebuilt object, or of the object a rebuilt event is about. */
function nameOf(raw: Record<string, unknown>): unknown {
  const about = (raw.kind === 'Event' ? raw.involvedObject : raw.metadata) as
    Record<string, unknown> | undefined;
  return about?.name;
}

/** What any describe parse must be: forward, inside the text, and Kubernetes-shaped objects from its own lines. */
function expectWellFormed(r: BlockParse, lines: readonly string[], start: number): void {
  expect(r.end).toBeGreaterThan(start);
  expect(r.end).toBeLessThanOrEqual(lines.length);
  for (const o of r.objects) {
    expect(o.raw.kind).toMatch(/^[A-Z][A-Za-z]+$/);
    expect(nameOf(o.raw)).toMatch(/\S/);
    expect(o.line).toBeGreaterThanOrEqual(start + 1);
    expect(o.line).toBeLessThanOrEqual(r.end);
  }
}

function scanAll(lines: readonly string[]): number {
  let i = 0;
  let steps = 0;
  while (i < lines.length) {
    const r = parseDescribe(lines, i);
    if (r !== undefined) {
      expectWellFormed(r, lines, i);
      i = r.end;
    } else i++;
    steps++;
  }
  return steps;
}

/** A describe header the parser must read: a name and namespace line, then describe lines. */
const header = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9-]{0,20}[a-z0-9]$/),
    fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
    fc.array(fc.constantFrom(...PIECES.slice(2, 27)), { maxLength: 10 }),
  )
  .map(([name, ns, rest]) => ({
    name,
    ns,
    lines: [`Name:         ${name}`, `Namespace:    ${ns}`, ...rest],
  }));

describe('parseDescribe on arbitrary input', () => {
  it('never throws and always consumes at least one line', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        scanAll(lines);
      }),
      { numRuns: 600 },
    );
  });

  it('answers nothing for a start outside the text, and reads random text only into well-formed objects', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: -3, max: 50 }), (text, start) => {
        const lines = cleanLines(text);
        const r = parseDescribe(lines, start);
        if (start < 0 || start >= lines.length) expect(r).toBeUndefined();
        else if (r !== undefined) {
          expectWellFormed(r, lines, start);
          read++;
        }
      }),
      { numRuns: 600 },
    );
    // Random text is almost never a describe: the test below gives the parser real ones.
    expect(read).toBeLessThan(600);
  });

  it('reads a describe header set among random lines and odd line endings, from its first line', () => {
    let read = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(line, fc.string({ maxLength: 40 })), { maxLength: 8 }),
        header,
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        (before, head, after, eol) => {
          const lines = cleanLines([...before, ...head.lines, ...after].join(eol));
          const start = lines.indexOf(`Name:         ${head.name}`);
          fc.pre(start >= 0);
          const r = parseDescribe(lines, start);
          expect(r).toBeDefined();
          if (r === undefined) return;
          expectWellFormed(r, lines, start);
          expect(r.end).toBeGreaterThanOrEqual(start + 2);
          const main = r.objects.filter((o) => o.raw.kind !== 'Event');
          for (const o of main) {
            expect(nameOf(o.raw)).toBe(head.name);
            expect((o.raw.metadata as Record<string, unknown>).namespace).toBe(head.ns);
          }
          read++;
        },
      ),
      { numRuns: 600 },
    );
    expect(read).toBeGreaterThan(500);
  });

  it('row and header readers answer only with layouts and events of the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom(...PIECES)), (s) => {
        const layout = detectEventHeader(s);
        if (layout !== undefined)
          expect(s.toLowerCase()).toMatch(/(type\s+reason\s+age|firstseen\s+lastseen)/);
        for (const row of [
          parseDescribeEventRow(s),
          parseDescribeEventRow(s, { style: 'age', typeAt: 2, messageAt: 40 }),
          parseDescribeEventRow(s, { style: 'seen', typed: true }),
        ]) {
          if (row === undefined) continue;
          expect(row.raw.kind).toBe('Event');
          for (const key of ['reason', 'message'] as const) {
            const v = row.raw[key];
            if (typeof v === 'string' && v !== '') expect(s).toContain(v.split(/\s+/)[0]);
          }
          for (const age of [row.age?.last, row.age?.first])
            if (age !== undefined) expect(Number.isFinite(age) && age >= 0).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

// How fast is for `npm run bench` to measure (a timed test fails on a busy machine); a blow-up on
// these inputs ends at the test's timeout. What is read must be well-formed all the way through.
describe('long input read to its end', () => {
  /** Reads the lines as the driver would, block after block; the objects read. */
  const readAll = (lines: readonly string[]): BlockParse['objects'][number][] => {
    const objects: BlockParse['objects'][number][] = [];
    for (let i = 0; i < lines.length;) {
      const r = parseDescribe(lines, i);
      if (r !== undefined) {
        expectWellFormed(r, lines, i);
        objects.push(...r.objects);
      }
      i = Math.max(i + 1, r?.end ?? 0);
    }
    return objects;
  };

  it('reads 200 describes back to back, each its pod', () => {
    const lines = cleanLines(Array(200).fill(MODERN).join('\n'));
    expect(readAll(lines).filter((o) => o.raw.kind === 'Pod')).toHaveLength(200);
  });

  it('long wrapped messages, long lists and long runs of look-alike lines', () => {
    const n = 20_000;
    const cases = [
      [
        '    Last State:  Terminated',
        '      Message:  start',
        ...Array<string>(n).fill('        more of the message'),
      ],
      [
        'Events:',
        '  Warning  Failed  1m  kubelet  start',
        ...Array<string>(n).fill('wrapped text of the message'),
      ],
      ['    Command:', ...Array<string>(n).fill('      --flag')],
      Array<string>(n).fill('    State:  Waiting'),
      Array<string>(n).fill('Name:  x'),
      Array<string>(n).fill('Reason:  Evicted'),
      Array<string>(n).fill('  Warning  Failed  1m  kubelet  Error: ErrImagePull'),
      ['Message:  x', ...Array<string>(n).fill('prose that goes on')],
      Array<string>(n).fill('Name: ' + 'a'.repeat(200)),
    ];
    // A wrapped message or a long list stays one object; each of 20,000 event rows is an event;
    // look-alike lines with nothing to read give none.
    expect(cases.map((lines) => readAll(lines).length)).toEqual([1, 1, 0, 1, 0, 1, 20_000, 0, 0]);
  });
});
