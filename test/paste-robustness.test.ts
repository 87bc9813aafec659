/**
 * The paste parser must never throw (except the one InputError for input with nothing in it) and
 * never hang, whatever is pasted. Inputs mix kubectl's own line shapes with junk; pathological
 * lines (long runs of separators, repeated half-patterns) guard against regex backtracking.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InputError } from '../src/errors/index.js';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { BLOCKS } from '../bench/paste-sample.js';

const SHAPES = [
  'Name:         web-1',
  'Namespace:    shop',
  'Containers:',
  '  app:',
  '    State:          Waiting',
  '      Reason:       CrashLoopBackOff',
  '    Last State:     Terminated',
  '      Exit Code:    137',
  '    Restart Count:  3',
  'Conditions:',
  '  Type              Status',
  '  Ready             False',
  'Events:',
  '  Type     Reason   Age                From     Message',
  '  ----     ------   ----               ----     -------',
  '  Warning  BackOff  3m (x12 over 20m)  kubelet  Back-off restarting failed container',
  '  1m\t\t21s\t\t26\t{kubelet n1}\t\t\tWarning\t\tFailed\tError',
  'LAST SEEN   TYPE      REASON        OBJECT        MESSAGE',
  '7m18s       Warning   FailedMount   pod/web-1     MountVolume.SetUp failed for volume "x" : secret "y" not found',
  'NAME     READY   STATUS             RESTARTS       AGE',
  'web-1    0/1     CrashLoopBackOff   2 (7h40m ago)  11h',
  'NAME   ENDPOINTS',
  'web    <none>',
  'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node',
  'Evicted',
  '$ kubectl describe pod web-1',
  '```',
  '...',
  'phase: Failed',
  ' containerStatuses:',
  '  - name: app',
];

/** Pods and events found, or 'nothing' when the input holds nothing readable. */
function read(text: string): number | 'nothing' {
  try {
    const s = snapshotFromSources([{ name: 'paste', text }], ['paste'], {
      now: Date.parse('2026-01-01T00:00:00Z'),
    });
    return s.pods.length + s.events.length;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return 'nothing';
  }
}

describe('paste robustness', () => {
  it('never throws on lines mixing kubectl shapes and junk', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...SHAPES),
            fc.string({ maxLength: 60 }),
            fc.string({ unit: 'binary', maxLength: 20 }),
          ),
          { maxLength: 60 },
        ),
        (lines) => {
          read(lines.join('\n'));
        },
      ),
      { numRuns: Number(process.env.ROBUSTNESS_RUNS ?? 300) },
    );
  });

  it('never throws on sample blocks cut at any point', () => {
    fc.assert(
      fc.property(fc.constantFrom(...BLOCKS), fc.nat(), fc.nat(), (block, a, b) => {
        const text = block.replaceAll('{i}', '1');
        const from = a % text.length;
        read(text.slice(from, from + (b % 2000)));
      }),
      { numRuns: 300 },
    );
  });

  it('finishes on pathological lines (no backtracking blow-up)', () => {
    const n = 100_000;
    const inputs = [
      ' '.repeat(n) + 'x',
      '\t'.repeat(n) + 'x',
      'a '.repeat(n),
      '(x1 over '.repeat(n / 10),
      'Name:' + ' '.repeat(n) + 'x',
      '  Warning  ' + 'Failed  '.repeat(n / 10),
      'web-1 ' + '0/1 '.repeat(n / 4),
      '{'.repeat(n),
      '- '.repeat(n),
      'a:'.repeat(n / 2),
      '0/3 nodes are available: ' + '1 node(s) had untolerated taint, '.repeat(n / 40),
      // Spaces before a line's end: regexes anchored at the end were quadratic in such runs.
      '  Warning  BackOff  3m  kubelet  Back-off restarting failed container' + ' '.repeat(n) + 'x',
      '  Warning  BackOff  3m  kubelet  Back-off restarting failed container' + ' '.repeat(n) + '│',
      // Flags that read both as a flag with a value and as two flags.
      '$ kubectl logs ' + '-c '.repeat(n / 10) + '!',
      '  Ready  False  ' + 'Thu, 03 Dec 2026 12:12:12 +0000  '.repeat(n / 40) + 'x',
      "$ kubectl get pod web-1 -o jsonpath='{" + '.a'.repeat(n / 10) + "'\n{}",
      Array.from({ length: n / 10 }, () => '  Reason:  X').join('\n'),
    ];
    const results = inputs.map(read);
    expect(results).toHaveLength(inputs.length);
    // The last input is a run of describe Reason lines: it must still be read, not skipped.
    expect(results.at(-1)).not.toBe('nothing');
  });
});

describe('large inputs', () => {
  it('reads 130,000 pasted event rows and a 200,000-item List without overflowing the stack', () => {
    const rows = Array.from(
      { length: 130_000 },
      (_, i) => `5m   Warning   BackOff   pod/web-${i % 50}   Back-off restarting failed container app`,
    );
    const paste = ['LAST SEEN   TYPE      REASON    OBJECT    MESSAGE', ...rows].join('\n');
    const pasted = snapshotFromSources([{ name: 'big.txt', text: paste }], ['big.txt'], {
      now: Date.parse('2026-01-01T00:00:00Z'),
    });
    expect(pasted.events).toHaveLength(130_000);
    const list = JSON.stringify({
      kind: 'EventList',
      items: Array.from({ length: 200_000 }, (_, i) => ({
        metadata: { name: `e${i}`, namespace: 'x' },
        involvedObject: { kind: 'Pod', name: 'p', namespace: 'x' },
        reason: 'Pulled',
        lastTimestamp: '2026-01-01T00:00:00Z',
      })),
    });
    const structured = snapshotFromSources([{ name: 'big.json', text: list }], ['big.json']);
    expect(structured.events).toHaveLength(200_000);
  }, 120_000);
});
