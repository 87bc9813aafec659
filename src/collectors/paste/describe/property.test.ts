import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectEventHeader, parseDescribe, parseDescribeEventRow } from './block.js';
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

function scanAll(lines: readonly string[]): number {
  let i = 0;
  let steps = 0;
  while (i < lines.length) {
    const r = parseDescribe(lines, i);
    if (r !== undefined) {
      expect(r.end).toBeGreaterThan(i);
      expect(r.end).toBeLessThanOrEqual(lines.length);
      i = r.end;
    } else i++;
    steps++;
  }
  return steps;
}

describe('parseDescribe on arbitrary input', () => {
  it('never throws and always consumes at least one line', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        scanAll(lines);
      }),
      { numRuns: 600 },
    );
  });

  it('survives random text, out-of-range starts and odd line endings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: -3, max: 50 }), (text, start) => {
        const lines = cleanLines(text);
        const r = parseDescribe(lines, start);
        if (r !== undefined) expect(r.end).toBeGreaterThan(start);
      }),
      { numRuns: 600 },
    );
  });

  it('row and header readers never throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        detectEventHeader(s);
        parseDescribeEventRow(s);
        parseDescribeEventRow(s, { style: 'age', typeAt: 2, messageAt: 40 });
        parseDescribeEventRow(s, { style: 'seen', typed: true });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('time stays linear in what is read', () => {
  const timed = (lines: readonly string[]): number => {
    const t0 = performance.now();
    scanAll(lines);
    return performance.now() - t0;
  };

  it('reads 200 describes back to back quickly', () => {
    const lines = cleanLines(Array(200).fill(MODERN).join('\n'));
    expect(timed(lines)).toBeLessThan(3000);
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
    for (const lines of cases) expect(timed(lines)).toBeLessThan(3000);
  });
});
