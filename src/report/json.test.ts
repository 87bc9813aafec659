import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { Diagnosis, DiagnosisReport } from '../model/index.js';
import { REPORT } from '../../test/report-fixture.js';
import { reportDocument } from './document.js';
import { jsonChunks, renderJson, renderYaml, yamlChunks } from './json.js';

// Text as clusters write it, and as YAML must quote or fold it: newlines (block scalars with
// empty lines), leading and trailing spaces, `: `, `#`, `- `, quotes, unicode, terminal escapes.
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom('a', ' ', '\n', ': ', '#', '- ', '"', "'", '|', '>', '\t', 'é', '\u001b[31m', '{', '['),
      {
        maxLength: 20,
      },
    )
    .map((parts) => parts.join('')),
);

const diagnosis = fc
  .record({
    base: fc.constantFrom(...REPORT.diagnoses),
    name: text,
    summary: text,
    evidence: fc.array(
      fc.record({ text, at: fc.option(fc.constant('2026-01-01T00:00:12Z'), { nil: undefined }) }),
      {
        maxLength: 3,
      },
    ),
    nextSteps: fc.array(text, { maxLength: 3 }),
  })
  .map(({ base, name, summary, evidence, nextSteps }): Diagnosis => ({
    ...base,
    target: { ...base.target, name },
    summary,
    evidence: evidence.map((e) => ({
      source: 'event',
      text: e.text,
      ...(e.at === undefined ? {} : { at: e.at }),
    })),
    nextSteps,
  }));

const report = fc
  .array(diagnosis, { maxLength: 6 })
  .map((diagnoses): DiagnosisReport => ({ ...REPORT, diagnoses }));

/** Every string in a value, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(strings);
}

describe('JSON and YAML in pieces', () => {
  it('the JSON pieces joined are JSON.stringify of the whole document, byte for byte', () => {
    fc.assert(
      fc.property(report, (r) => {
        expect([...jsonChunks(r)].join('')).toBe(`${JSON.stringify(reportDocument(r), null, 2)}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('the YAML pieces joined are the whole document stringified, byte for byte, and parse back to it', () => {
    fc.assert(
      fc.property(report, (r) => {
        const joined = [...yamlChunks(r)].join('');
        expect(joined).toBe(stringify(reportDocument(r), { lineWidth: 0 }));
        // yaml 2 writes a multi-line string as a block scalar, where a line of only white space reads
        // back empty (the library's behaviour, whole document or pieces alike): not compared.
        const blankLine = (t: string): boolean =>
          t.includes('\n') && t.split('\n').some((l) => l !== '' && l.trim() === '');
        // The document's strings, as written: control sequences are stripped first, so "\u001b[31m \n"
        // is written as " \n".
        const doc = reportDocument(r);
        if (!strings(doc.diagnoses).some(blankLine))
          expect(parse(joined)).toEqual(JSON.parse(JSON.stringify(doc)));
      }),
      { numRuns: 300 },
    );
  });

  it.each(['\u2028', '\u2029', '\u0085', '\r', 'a\u2028 b'])(
    'YAML pieces keep a line or paragraph separator inside a string as the whole document does (%j)',
    (summary) => {
      const first = REPORT.diagnoses[0];
      if (first === undefined) throw new Error('REPORT has no diagnosis');
      const r: DiagnosisReport = { ...REPORT, diagnoses: [{ ...first, summary: `  ${summary}  ` }] };
      expect([...yamlChunks(r)].join('')).toBe(stringify(reportDocument(r), { lineWidth: 0 }));
    },
  );

  it('one piece per diagnosis after the head, so none is rendered before it is asked for', () => {
    const r: DiagnosisReport = { ...REPORT, diagnoses: [...REPORT.diagnoses, ...REPORT.diagnoses] };
    const n = r.diagnoses.length;
    expect([...jsonChunks(r)]).toHaveLength(n + 2);
    expect([...yamlChunks(r)]).toHaveLength(n + 1);
    const empty: DiagnosisReport = { ...REPORT, diagnoses: [] };
    expect([...jsonChunks(empty)]).toEqual([renderJson(empty)]);
    expect(renderJson(empty)).toContain('"diagnoses": []\n}\n');
    expect(renderYaml(empty)).toMatch(/\ndiagnoses: \[\]\n$/);
  });
});
