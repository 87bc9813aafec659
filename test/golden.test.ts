/**
 * Golden fixtures: test/fixtures/golden/<stage>/<case>/ holds the evidence (`input.*` files or
 * an `input/` folder), `expect.yaml` written by hand (what each target must be diagnosed as),
 * and `expected.json`, the whole JSON report. Run with UPDATE_GOLDEN=1 to rewrite expected.json
 * after a deliberate change: it prints what changed in each rewritten file (verdict, stage and
 * reason per target, and the count of other changed lines; test/golden-diff.ts); review that.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectFiles } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';
import { renderJson } from '../src/report/index.js';
import { STAGE_IDS } from '../src/model/index.js';
import { goldenDiff } from './golden-diff.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const goldenDir = join(root, 'test', 'fixtures', 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

interface Expectation {
  target: string;
  verdict: string;
  stage?: string | null;
  reason?: string | null;
  container?: { name: string; type: string };
}

function cases(): { stage: string; name: string; dir: string }[] {
  if (!existsSync(goldenDir)) return [];
  return readdirSync(goldenDir)
    .sort()
    .flatMap((stage) =>
      readdirSync(join(goldenDir, stage))
        .sort()
        .map((name) => ({ stage, name, dir: join(goldenDir, stage, name) })),
    );
}

async function report(dir: string): Promise<string> {
  const inputs = readdirSync(dir)
    .filter((f) => f.startsWith('input'))
    .sort()
    .map((f) => join(dir, f));
  const snapshot = await collectFiles(inputs, new PassThrough());
  const now = referenceTimeOf(snapshot) ?? Date.parse('2026-01-01T00:00:00Z');
  const { diagnoses, ruleFailures } = diagnose(snapshot, { now, rules: RULES });
  expect(ruleFailures).toEqual([]);
  const json = renderJson({
    generatedAt: '2000-01-01T00:00:00.000Z',
    referenceTime: now,
    source: {
      type: 'file',
      paths: inputs.map((p) => relative(dir, p)),
      referenceTime: new Date(now).toISOString(),
    },
    diagnoses,
  });
  return json;
}

describe('golden fixtures', () => {
  const all = cases();
  it('cover every stage of the chain', () => {
    const covered = new Set(all.map((c) => c.stage));
    expect(STAGE_IDS.filter((s) => !covered.has(s))).toEqual([]);
  });

  for (const c of all) {
    it(`${c.stage}/${c.name}`, async () => {
      const actual = await report(c.dir);
      const doc = JSON.parse(actual) as {
        diagnoses: {
          target: { kind: string; namespace: string; name: string };
          verdict: string;
          stage: string | null;
          reason: string | null;
          container: unknown;
        }[];
      };
      const expectations = parse(readFileSync(join(c.dir, 'expect.yaml'), 'utf8')) as Expectation[];
      for (const e of expectations) {
        const d = doc.diagnoses.find(
          (x) => `${x.target.kind}/${x.target.namespace}/${x.target.name}` === e.target,
        );
        expect(d, `${e.target} is not in the report`).toBeDefined();
        expect({ verdict: d?.verdict, stage: d?.stage, reason: d?.reason }).toMatchObject({
          verdict: e.verdict,
          ...(e.stage === undefined ? {} : { stage: e.stage }),
          ...(e.reason === undefined ? {} : { reason: e.reason }),
        });
        if (e.container !== undefined) expect(d?.container).toEqual(e.container);
      }
      const expectedPath = join(c.dir, 'expected.json');
      if (update) {
        // A rewritten golden file is printed as a diff to review: verdict, stage, reason per target.
        const before = existsSync(expectedPath) ? readFileSync(expectedPath, 'utf8') : undefined;
        const diff = goldenDiff(relative(root, expectedPath), before, actual);
        if (diff !== '') {
          writeFileSync(expectedPath, actual);
          process.stderr.write(`UPDATE_GOLDEN ${diff}\n`);
        }
      }
      expect(
        existsSync(expectedPath),
        `${expectedPath} is missing: run UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts and review it`,
      ).toBe(true);
      expect(actual).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }
});
