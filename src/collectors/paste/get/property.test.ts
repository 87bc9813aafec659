import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseGetEvents } from './events.js';
import { parseGetOther } from './other.js';
import { parseGetPods } from './pods.js';
import { parseGetPodsV0 } from './pods-v0.js';
import { parseStatusWord } from './status-word.js';
import { parseLine } from '../parsers.js';
import type { BlockParser } from '../common/types.js';

const PARSERS: readonly [string, BlockParser][] = [
  ['parseGetEvents', parseGetEvents],
  ['parseGetPods', parseGetPods],
  ['parseGetPodsV0', parseGetPodsV0],
  ['parseStatusWord', parseStatusWord],
  ['parseGetOther', parseGetOther],
  ['parseLine', parseLine],
];

const TOKENS = [
  'NAME',
  'NAMESPACE',
  'READY',
  'STATUS',
  'RESTARTS',
  'AGE',
  'LAST SEEN',
  'LASTSEEN',
  'FIRSTSEEN',
  'COUNT',
  'KIND',
  'SUBOBJECT',
  'TYPE',
  'REASON',
  'OBJECT',
  'SOURCE',
  'MESSAGE',
  'ENDPOINTS',
  'PORT(S)',
  'CLUSTER-IP',
  'VOLUME',
  'CAPACITY',
  'ACCESS MODES',
  'ROLES',
  'VERSION',
  'UP-TO-DATE',
  'AVAILABLE',
  'DESIRED',
  'CURRENT',
  '5m',
  '3m (x4 over 10m)',
  '<unknown>',
  '<none>',
  'Normal',
  'Warning',
  'pod/web-1',
  'replicaset/web-7d4',
  'web-1',
  '0/1',
  '1/1',
  'Running',
  'Evicted',
  'Init:0/1',
  'CrashLoopBackOff',
  'POD',
  'CONTAINER(S)',
  'IMAGE(S)',
  'HOST',
  'Waiting',
  '2 (7h40m ago)',
  '0',
  '12',
  'spec.containers{app}',
  'kubelet, n1',
  'Pod',
  'ReplicaSet',
  'Bound',
  'Pending',
  'RWO',
  'Ready,SchedulingDisabled',
  '80:30080/TCP',
  '10.0.0.5:8080,10.0.0.6:8080 + 1 more...',
  'web.15f3a2b4c5d6e7f8',
  'Error creating: pods "x-" is',
  'Multi-Attach error for volume',
  'The node was low on resource:',
  'Error from server (Forbidden):',
  '$',
  '```',
  '',
];

const tableLine = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom(' ', '  ', '   ', '\t', '     ')), {
    maxLength: 14,
  })
  .map((parts) => parts.map(([t, sep]) => t + sep).join(''));
const anyLine = fc.oneof(fc.string({ maxLength: 120 }), tableLine, fc.constantFrom(...TOKENS));

describe('get and line parsers on arbitrary input', () => {
  it('never throw, and consume at least one line and never past the end when they answer', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 25 }), fc.nat(30), (lines, at) => {
        const start = lines.length === 0 ? 0 : at % lines.length;
        for (const [, parse] of PARSERS) {
          const r = parse(lines, start);
          if (r !== undefined) {
            expect(r.end).toBeGreaterThan(start);
            expect(r.end).toBeLessThanOrEqual(Math.max(lines.length, start + 1));
            for (const o of r.objects) {
              expect(typeof o.raw.kind).toBe('string');
              expect(o.line).toBeGreaterThanOrEqual(start + 1);
              expect(o.line).toBeLessThanOrEqual(r.end);
            }
          }
        }
      }),
      { numRuns: 600 },
    );
  });

  it('return undefined past the end of the lines', () => {
    for (const [, parse] of PARSERS) expect(parse(['x'], 5)).toBeUndefined();
  });

  // How fast is for `npm run bench`; a blow-up on these inputs ends at the test's timeout.
  it('read long and repetitive input', () => {
    const wrapped = [
      'LAST SEEN   TYPE      REASON   OBJECT      MESSAGE',
      '5m          Warning   Failed   pod/web-1   Failed to pull image "x"',
      ...Array.from({ length: 5000 }, () => '   continued message text'),
    ];
    const rows = Array.from({ length: 5000 }, (_, i) => `web-${i}   0/1   Pending   0   5m`);
    const dotted = `5m   5m   1   ${'a.'.repeat(8000)}b   Pod   Warning   Failed   kubelet   x`;
    const spaces = [
      dotted,
      'a '.repeat(5000),
      `${' '.repeat(10000)}x`,
      `Error creating: pods "${'a-'.repeat(2000)}" is forbidden`,
    ];
    parseGetEvents(wrapped, 0);
    const r = parseGetPods(rows, 0);
    for (const [, parse] of PARSERS) for (let i = 0; i < spaces.length; i++) parse(spaces, i);
    for (let i = 0; i < rows.length; i += 500) parseLine(rows, i);
    expect(r?.objects).toHaveLength(5000);
  });
});
