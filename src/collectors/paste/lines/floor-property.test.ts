import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findMessage } from './anywhere.js';
import { readRowCells } from './row-cells.js';
import { parseLine, PASTE_PARSERS } from '../parsers.js';
import { parsePaste } from '../driver.js';
import { isPromptLine } from '../common/text.js';

/** Pieces of event rows and messages, and the things around them in pastes. */
const PIECES = [
  'Warning',
  'Normal',
  'FailedMount',
  'Unhealthy',
  'FailedCreate:',
  '5m',
  '3m (x4 over 10m)',
  '<unknown>',
  '12',
  'kubelet, n1',
  '{kubelet n1}',
  'replicaset-controller',
  'pod/web-1',
  'pod/app-<id here>',
  'Pod',
  'Job',
  'spec.containers{app}',
  'web-7d4-x2b',
  'Liveness probe failed: HTTP probe failed with statuscode: 500',
  'Back-off restarting failed container',
  'Error creating: pods "web-7d4-" is forbidden: exceeded quota: q',
  '0/3 nodes are available: 3 Insufficient cpu.',
  "Node didn't have enough resource: cpu",
  'ErrImagePull: rpc error',
  'Error: secret "s" not found',
  '"message": "',
  '\\"',
  '"',
  '<',
  '>',
  '(x',
  '│',
  'E0625 13:52:21.097232   41027 x.go:1]',
  'kubectl describe pod web-1',
  '$',
  '',
];

const MESSAGES = PIECES.filter((p) => findMessage(p)?.at === 0);

const line = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(' ', '  ', '\t', '', '   ')), { maxLength: 16 })
  .map((parts) => parts.map(([t, sep]) => t + sep).join(''));
const anyLine = fc.oneof(line, fc.string({ maxLength: 160 }));

describe('the line floor on arbitrary input', () => {
  it('never throws; answers only with events and pods, consuming at least one line', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 20 }), fc.nat(30), (lines, at) => {
        const start = lines.length === 0 ? 0 : at % lines.length;
        const found = findMessage(lines[start] ?? '');
        if (found !== undefined) {
          expect(found.at).toBeGreaterThanOrEqual(0);
          expect(found.end).toBeGreaterThan(found.at);
        }
        const cells = readRowCells(lines[start] ?? '');
        expect(cells.restAt).toBeLessThanOrEqual((lines[start] ?? '').length);
        const r = parseLine(lines, start);
        if (r === undefined) return;
        expect(r.end).toBeGreaterThan(start);
        expect(r.end).toBeLessThanOrEqual(lines.length);
        for (const o of r.objects) expect(['Event', 'Pod']).toContain(o.raw.kind);
      }),
      { numRuns: 800 },
    );
  });

  it('reads every line that carries a message shape: a paste with one is never empty', () => {
    expect(MESSAGES.length).toBeGreaterThanOrEqual(6);
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 6 }),
        fc.constantFrom(...MESSAGES),
        // The prefix must not run into the message's first word, as the line cleaner leaves it:
        // cleanLine unwraps markdown bold, so "-**" before "Liveness" is "-Liveness".
        fc
          .string({ maxLength: 30 })
          .filter((s) => !s.includes('\n') && !/[A-Za-z0-9_./-]$/.test(s.replaceAll('**', ''))),
        (around, message, prefix) => {
          // A command line is only read for a whole event row: it may quote a message to grep for.
          fc.pre(!isPromptLine(`${prefix}${message}`));
          const text = [...around, `${prefix}${message}`].join('\n');
          expect(parsePaste(text, PASTE_PARSERS).objects.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  // How fast is for `npm run bench`; a blow-up on these lines ends at the test's timeout.
  it('reads long adversarial lines', () => {
    const long = [
      '<'.repeat(3_900),
      `${'<id here '.repeat(400)}>`,
      '"'.repeat(3_900),
      '\\"'.repeat(1_900),
      '(x1 over '.repeat(400),
      `${'Warning '.repeat(450)}Back-off restarting failed container`,
      `${'kubelet, n1 '.repeat(300)}Error: x`,
      'pod/a-<b> '.repeat(380),
      `"message": "${'Back-off restarting failed container \\" '.repeat(90)}`,
    ];
    // Where a message starts, the cells before it, the objects read: only the back-off message
    // after the run of `Warning ` and the quoted one are Kubernetes messages.
    const read = long.map((l, i) => [
      findMessage(l)?.at ?? -1,
      readRowCells(l).columns,
      parseLine(long, i)?.objects.length ?? 0,
    ]);
    expect(read).toEqual([
      [-1, 0, 0],
      [-1, 0, 0],
      [-1, 0, 0],
      [-1, 0, 0],
      [-1, 0, 0],
      [3600, 1, 1],
      [-1, 1, 0],
      [-1, 1, 0],
      [12, 0, 1],
    ]);
  });
});
