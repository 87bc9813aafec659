/**
 * Next steps are commands to run as they are: over every real paste of the corpus, no command
 * names an object by a name the collectors made up (unnamed-pod, the "its node" of a sentence),
 * and when the target's own name is a word to fill in (POD), the first step says what it is.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { diagnose } from '../src/rules/engine/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { RULES } from '../src/rules/index.js';
import { loadRealCases } from '../scripts/real-cases.mjs';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

function diagnosesOf(file: string, text: string) {
  const snapshot = snapshotFromSources([{ name: file, text }], [file], { clock: () => CLOCK });
  return diagnose(snapshot, { now: referenceTimeOf(snapshot) ?? CLOCK, rules: RULES }).diagnoses;
}

describe('next steps never run a command on a made-up name', () => {
  // Each paste diagnosed once; refused pastes have no steps.
  const judged = loadRealCases().flatMap((c) => {
    try {
      return [{ file: c.file, diagnoses: diagnosesOf(c.file, c.body) }];
    } catch {
      return [];
    }
  });

  it('covers most of the corpus, and pastes with unnamed targets among them', () => {
    expect(judged.length).toBeGreaterThanOrEqual(400);
    const unnamed = judged.filter((j) => j.diagnoses.some((d) => d.target.name.startsWith('unnamed-')));
    expect(unnamed.length).toBeGreaterThanOrEqual(100);
  });

  it('no step names unnamed-*, the unnamed container, or quotes "its node"', () => {
    const bad = judged.flatMap((j) =>
      j.diagnoses.flatMap((d) =>
        d.nextSteps
          .filter((step) => /\bunnamed(?:-[a-z]+)?\b|'its node'|node its node/.test(step))
          .map((step) => `${j.file}: ${step}`),
      ),
    );
    expect(bad).toEqual([]);
  });

  it('a target named by a word in capitals has the word explained first', () => {
    let explained = 0;
    for (const j of judged) {
      for (const d of j.diagnoses) {
        const m = /^unnamed-([a-z]+)$/.exec(d.target.name);
        if (m?.[1] === undefined) continue;
        const word = m[1].toUpperCase();
        if (!d.nextSteps.some((s) => s.startsWith('kubectl ') && s.includes(` ${word}`))) continue;
        const ns = d.target.namespace ? ` -n ${d.target.namespace}` : '';
        expect(d.nextSteps[0], j.file).toBe(
          `${word} stands for the ${d.target.kind}'s name, which the evidence does not give (kubectl get ${d.target.kind.toLowerCase()}s${ns} lists them).`,
        );
        explained++;
      }
    }
    expect(explained).toBeGreaterThanOrEqual(100);
  });
});
