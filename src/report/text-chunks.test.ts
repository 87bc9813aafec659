import { describe, expect, it } from 'vitest';
import type { Diagnosis, DiagnosisReport } from '../model/index.js';
import { REPORT } from '../../test/report-fixture.js';
import { renderText, textChunks } from './text.js';

const byVerdict = (v: Diagnosis['verdict']): Diagnosis => {
  const d = REPORT.diagnoses.find((x) => x.verdict === v);
  if (d === undefined) throw new Error(`REPORT has no ${v} diagnosis`);
  return d;
};
const healthy = (i: number): Diagnosis => {
  const h = byVerdict('healthy');
  return {
    ...h,
    target: { ...h.target, name: `ok-${String(i).padStart(4, '0')}` },
    owners: [],
    group: undefined,
  };
};

describe('text report in pieces', () => {
  const many: DiagnosisReport = {
    ...REPORT,
    diagnoses: [
      byVerdict('failed'),
      byVerdict('progressing'),
      ...Array.from({ length: 1_201 }, (_, i) => healthy(i)),
    ],
  };

  it('writes the summary, then each failure, then the healthy lines in batches of at most 500', () => {
    const pieces = [...textChunks(many)];
    expect(pieces[0]).toMatch(/^1203 targets: 1 failed, 1 progressing, 1201 healthy\n$/);
    expect(pieces[1]).toContain('web-6896db467d-7c5rn');
    expect(pieces[2]).toContain('inference-74d6dbd7b8-5v2bw');
    expect(pieces[3]).toBe('\n');
    const batches = pieces.slice(4).map((p) => p.trimEnd().split('\n').length);
    expect(batches).toEqual([500, 500, 201]);
    expect(pieces.slice(4).join('')).toContain('ok-1200');
  });

  it('gives the failures before a healthy line is formatted (pieces are made when asked for)', () => {
    const it = textChunks(many);
    const first = [it.next().value, it.next().value].join('');
    expect(first).toContain('web-6896db467d-7c5rn');
    expect(first).not.toContain('ok-0000');
  });

  it('joined, is the whole report, healthy lines one each after a blank line', () => {
    const text = renderText(many);
    expect(text).toBe([...textChunks(many)].join(''));
    expect(text.split('ok-').length - 1).toBe(1201);
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('\n\n\n');
  });

  it('an empty report is one piece', () => {
    expect([...textChunks({ ...REPORT, diagnoses: [] })]).toEqual([
      '0 targets: 0 failed, 0 progressing, 0 healthy\n\nNo target: the evidence shows no pod, and no workload or Service with a failure.\n',
    ]);
  });
});
