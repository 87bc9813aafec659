import { describe, expect, it } from 'vitest';
import { goldenDiff } from './golden-diff.js';

interface D {
  name: string;
  verdict: string;
  stage: string | null;
  reason: string | null;
  summary?: string;
}

const report = (...ds: D[]): string =>
  JSON.stringify(
    {
      apiVersion: 'handoff/v1',
      diagnoses: ds.map((d) => ({
        target: { kind: 'Pod', namespace: 'shop', name: d.name },
        verdict: d.verdict,
        stage: d.stage,
        reason: d.reason,
        summary: d.summary ?? 'same',
      })),
    },
    null,
    2,
  );

const web: D = { name: 'web', verdict: 'failed', stage: 'image-pull', reason: 'ImageNotFound' };
const db: D = { name: 'db', verdict: 'healthy', stage: null, reason: null };

describe('goldenDiff', () => {
  // [case, before, after, lines the diff must hold, lines it must not]
  const table: [string, string | undefined, string, string[], string[]][] = [
    [
      'a verdict and stage that changed',
      report(web, db),
      report({ ...web, verdict: 'progressing' }, db),
      ['x.json: changed', '  Pod/shop/web: verdict failed -> progressing'],
      ['Pod/shop/db', 'other lines'],
    ],
    [
      'a stage and reason that changed',
      report(web),
      report({ ...web, stage: 'scheduling', reason: 'InsufficientResources' }),
      ['  Pod/shop/web: stage image-pull -> scheduling; reason ImageNotFound -> InsufficientResources'],
      ['verdict', 'other lines'],
    ],
    [
      'a reason that changed',
      report(web),
      report({ ...web, reason: 'PullBackOff' }),
      ['  Pod/shop/web: reason ImageNotFound -> PullBackOff'],
      ['stage image-pull ->'],
    ],
    [
      'a target added and one gone',
      report(web),
      report(db),
      ['  Pod/shop/web: gone (was failed image-pull/ImageNotFound)', '  Pod/shop/db: new (healthy)'],
      [],
    ],
    [
      'other lines only',
      report(web, db),
      report({ ...web, summary: 'new words' }, db),
      ['x.json: changed', '  other lines: +1 -1'],
      ['Pod/shop/web:'],
    ],
    [
      'a new file',
      undefined,
      report(web),
      ['x.json: new, 1 target(s)', '  Pod/shop/web: failed image-pull/ImageNotFound'],
      [],
    ],
  ];

  it.each(table)('%s', (_, before, after, has, hasNot) => {
    const lines = goldenDiff('x.json', before, after).split('\n');
    for (const l of has) expect(lines).toContain(l);
    for (const l of hasNot) expect(lines.join('\n')).not.toContain(l);
  });

  it('says nothing when nothing changed', () => {
    expect(goldenDiff('x.json', report(web, db), report(web, db))).toBe('');
  });
});
