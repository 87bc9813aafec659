/**
 * Genuine `kubectl describe pod` text, captured from the golden fixtures with every kubectl from
 * 1.27 to 1.33 (test/tools/capture-kubectl.mjs), read back through the paste parser: each pod must
 * get the verdict, stage and reason its structured evidence gets.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const captured = join(root, 'test', 'fixtures', 'kubectl');
const golden = join(root, 'test', 'fixtures', 'golden');

interface Expected {
  diagnoses: {
    target: { kind: string; name: string };
    verdict: string;
    stage: string | null;
    reason: string | null;
  }[];
}

/**
 * Where describe text cannot carry what decided the structured diagnosis, what it must give instead.
 * Key: `<stage>/<case>/<pod>`.
 */
interface Outcome {
  verdict: string | undefined;
  stage: string | null;
  reason: string | null;
}

const DESCRIBE_SHOWS_LESS: Record<string, { why: string; accept: Outcome[] }> = {
  'termination/finalizer-blocking/billing-bq4jlwd74d-zwcmq': {
    why:
      'describe never prints finalizers; kubectl 1.31+ prints the phase of a terminal pod even while it is being ' +
      'deleted (healthy), older kubectl prints "Terminating (lasts 19m)" (stuck, cause unseen)',
    accept: [
      { verdict: 'healthy', stage: null, reason: null },
      { verdict: 'failed', stage: 'termination', reason: 'StuckTerminating' },
    ],
  },
  'termination/node-gone-statefulset/kafka-1': {
    why: "describe pod shows the stuck deletion but not the Node's status, so not that the node is gone",
    accept: [{ verdict: 'failed', stage: 'termination', reason: 'StuckTerminating' }],
  },
};

const versions = existsSync(captured)
  ? readdirSync(captured)
      .filter((v) => v.startsWith('v'))
      .sort()
  : [];

describe('kubectl describe text, every version', () => {
  it('has captures of several kubectl versions', () => {
    expect(versions.length).toBeGreaterThanOrEqual(7);
  });
  for (const version of versions) {
    for (const file of readdirSync(join(captured, version)).sort()) {
      const [stage = '', name = ''] = file.replace(/\.txt$/, '').split('--');
      it(`${version} ${stage}/${name}`, () => {
        const text = readFileSync(join(captured, version, file), 'utf8');
        const snapshot = snapshotFromSources([{ name: file, text }], [file], { clock: () => 0 });
        const { diagnoses, ruleFailures } = diagnose(snapshot, {
          now: referenceTimeOf(snapshot) ?? 0,
          rules: RULES,
        });
        expect(ruleFailures).toEqual([]);
        const expected = JSON.parse(
          readFileSync(join(golden, stage, name, 'expected.json'), 'utf8'),
        ) as Expected;
        const got = (n: string) => diagnoses.find((d) => d.target.kind === 'Pod' && d.target.name === n);
        for (const want of expected.diagnoses.filter((d) => d.target.kind === 'Pod')) {
          const d = got(want.target.name);
          const outcome = { verdict: d?.verdict, stage: d?.stage ?? null, reason: d?.reason ?? null };
          const lossy = DESCRIBE_SHOWS_LESS[`${stage}/${name}/${want.target.name}`];
          if (lossy !== undefined) {
            expect(lossy.accept, `${want.target.name}: ${lossy.why}`).toContainEqual(outcome);
          } else {
            expect({ pod: want.target.name, ...outcome }).toEqual({
              pod: want.target.name,
              verdict: want.verdict,
              stage: want.stage,
              reason: want.reason,
            });
          }
        }
      });
    }
  }
});
