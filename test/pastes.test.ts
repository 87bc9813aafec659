/** Pastes written for this suite in the shapes users paste, beyond the real cases. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'pastes');
const expected = parse(readFileSync(join(dir, 'expect.yaml'), 'utf8')) as Record<
  string,
  { stage: string; reason: string; target: string }
>;

describe('pastes', () => {
  it('every paste has an expectation', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f !== 'expect.yaml')
        .sort(),
    ).toEqual(Object.keys(expected).sort());
  });
  for (const [file, want] of Object.entries(expected)) {
    it(file, () => {
      const text = readFileSync(join(dir, file), 'utf8');
      const snapshot = snapshotFromSources([{ name: file, text }], [file], {
        clock: () => Date.parse('2026-06-01T00:00:00Z'),
      });
      const { diagnoses, ruleFailures } = diagnose(snapshot, {
        now: referenceTimeOf(snapshot) ?? 0,
        rules: RULES,
      });
      expect(ruleFailures).toEqual([]);
      const first = diagnoses[0];
      expect(first && `${first.target.kind}/${first.target.namespace}/${first.target.name}`).toBe(
        want.target,
      );
      expect({ verdict: first?.verdict, stage: first?.stage, reason: first?.reason }).toEqual({
        verdict: 'failed',
        stage: want.stage,
        reason: want.reason,
      });
    });
  }
});
