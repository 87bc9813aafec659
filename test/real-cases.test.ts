import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';
import { loadRealCases } from './real-cases.js';

describe('real cases: what users pasted diagnoses to its known stage', () => {
  const cases = loadRealCases();
  it('has the cases to check', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });
  for (const c of cases) {
    it(c.file, () => {
      const snapshot = snapshotFromSources([{ name: c.file, text: c.body }], [c.file], {
        clock: () => Date.parse('2026-06-01T00:00:00Z'),
      });
      const now = referenceTimeOf(snapshot) ?? Date.parse('2026-01-01T00:00:00Z');
      const { diagnoses, ruleFailures } = diagnose(snapshot, { now, rules: RULES });
      expect(ruleFailures).toEqual([]);
      if (c.stage === 'healthy') {
        expect(diagnoses.filter((d) => d.verdict === 'failed')).toEqual([]);
        return;
      }
      const failed = diagnoses.filter((d) => d.verdict === 'failed');
      expect(
        failed.length,
        `${c.file}: no target failed; got ${diagnoses.map((d) => `${d.verdict}: ${d.summary}`).join(' | ')}`,
      ).toBeGreaterThan(0);
      expect(failed[0]?.stage, failed[0]?.summary).toBe(c.stage);
    });
  }
});
