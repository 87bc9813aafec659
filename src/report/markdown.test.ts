import { describe, expect, it } from 'vitest';
import { REPORT } from '../../test/report-fixture.js';
import { codeBlock, markdownCell, renderMarkdown } from './markdown.js';

describe('renderMarkdown', () => {
  const md = renderMarkdown(REPORT, {
    title: 'handoff check',
    headline: '1 target failed, definite after 12s',
  });

  it('matches the snapshot', () => {
    expect(md).toMatchSnapshot();
  });

  it('has a count table, a row per target that is not healthy, and a details block each', () => {
    expect(md).toContain('| ❌ failed | 1 |');
    expect(md).toContain('| ⏳ progressing | 1 |');
    expect(md).toContain('| ✅ healthy | 1 |');
    const rows = md.split('\n').filter((l) => /^\| Pod \S+ \| (?:❌|⏳|❔|✅) /.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^\| Pod shop\/web-6896db467d-7c5rn \| ❌ failed \| image-pull \| ImageNotFound \| /,
    );
    expect(md.match(/<details>/g)).toHaveLength(3); // two targets and the startup table
  });

  it('escapes cells: |, backticks and HTML, and never lets a terminal escape through', () => {
    const row = md.split('\n').find((l) => l.startsWith('| Pod shop/web-'));
    expect(row).toContain('boom red \\| \\`tick\\` &lt;b&gt;&amp;amp;&lt;/b&gt;');
    expect(row?.split(/(?<!\\)\|/)).toHaveLength(7); // 5 cells between 6 pipes
    for (const c of ['\u0000', '\u0007', '\u001b']) expect(md).not.toContain(c);
  });

  it('puts evidence and next steps in code blocks that the content cannot close', () => {
    expect(md).toContain('````text\n');
    expect(md).toContain('```sh\nkubectl describe pod web-6896db467d-7c5rn -n shop');
    expect(codeBlock(['a ```` b'])).toBe('`````text\na ```` b\n`````');
  });

  it('shows the startup breakdown by the SLO definition', () => {
    expect(md).toContain('| Pod shop/api-1 | 9.0s | 2.5s | 1.0s | 5.5s |');
  });

  it('says so when nothing is in scope', () => {
    expect(renderMarkdown({ ...REPORT, diagnoses: [] })).toContain(
      'No target: the evidence shows no pod, and no workload or Service with a failure.',
    );
  });

  it('markdownCell keeps one line', () => {
    expect(markdownCell('a\nb | c')).toBe('a b \\| c');
  });
});
