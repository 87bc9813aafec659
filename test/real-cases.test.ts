/**
 * One test per real case (test/fixtures/real-cases): the first failed target names the
 * case's stage, and one of its accepted reason codes; a healthy control has no failed target.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';
import { judgeCase, loadKnownMisses, loadRealCases } from '../scripts/real-cases.mjs';

const engine = { snapshotFromSources, diagnose, referenceTime: referenceTimeOf, RULES };

describe('real cases: what users pasted diagnoses to its known stage and reason', () => {
  const cases = loadRealCases();
  it('holds at least 250 cases, a third of them held out', () => {
    expect(cases.length).toBeGreaterThanOrEqual(250);
    expect(cases.filter((c) => c.heldOut).length).toBeGreaterThanOrEqual(80);
  });
  const misses = loadKnownMisses();
  it('lists only known misses that are corpus files', () => {
    const files = new Set(cases.map((c) => c.file));
    expect([...misses].filter((m) => !files.has(m))).toEqual([]);
  });
  for (const c of cases) {
    const title = `${c.file}: ${c.stage}${c.reasonCodes.length > 0 ? ` (${c.reasonCodes.join(' | ')})` : ''}`;
    if (misses.has(c.file)) {
      it(`${title}: still a known miss (KNOWN-MISSES)`, () => {
        const j = judgeCase(engine, c);
        expect(
          j.stageOk && j.reasonOk && !j.refused,
          `${c.file} is now right: remove it from test/fixtures/real-cases/KNOWN-MISSES`,
        ).toBe(false);
      });
      continue;
    }
    it(title, () => {
      const j = judgeCase(engine, c);
      const seen = `got ${j.got}:${j.reason ?? ''}; ${j.error ?? j.verdicts}`;
      expect(j.refused, seen).toBe(false);
      expect(j.error, seen).toBeNull();
      expect(j.got, seen).toBe(c.stage);
      expect(j.reasonOk, seen).toBe(true);
    });
  }
});
