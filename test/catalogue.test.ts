/** Every rule is registered, tested and documented; the README's rules table matches the registry. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAGES, STAGE_IDS, stageOrder } from '../src/model/index.js';
import { RULES } from '../src/rules/index.js';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const rulesDir = join(root, 'src', 'rules');

/** Files of the stage folders that export a rule (beside them: the stage's analysis, index and tests). */
function ruleFiles(): string[] {
  return STAGE_IDS.flatMap((stage) => {
    const dir = join(rulesDir, stage);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts')
      .filter((f) => /^export const rule\b/m.test(readFileSync(join(dir, f), 'utf8')))
      .map((f) => `${stage}/${f.slice(0, -3)}`);
  });
}

export function rulesTable(): string {
  const rows = RULES.map(
    (r) => `| \`${r.meta.id}\` | ${r.meta.title} | ${r.meta.reasons.map((x) => `\`${x}\``).join(', ')} |`,
  );
  return ['| rule | detects | reason codes |', '|---|---|---|', ...rows].join('\n');
}

describe('rule catalogue', () => {
  it('registers every rule file, once, sorted by stage then id', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect([...ids].sort()).toEqual([...ruleFiles()].sort());
    expect(new Set(ids).size).toBe(ids.length);
    const sorted = [...RULES].sort(
      (a, b) => stageOrder(a.meta.stage) - stageOrder(b.meta.stage) || a.meta.id.localeCompare(b.meta.id),
    );
    expect(ids).toEqual(sorted.map((r) => r.meta.id));
  });

  it('covers every stage', () => {
    const stages = new Set(RULES.map((r) => r.meta.stage));
    expect(STAGE_IDS.filter((s) => !stages.has(s))).toEqual([]);
  });

  for (const rule of RULES) {
    const m = rule.meta;
    it(`${m.id} is consistent, tested and documented`, () => {
      expect(m.id.split('/')[0]).toBe(m.stage);
      const stage = STAGES.find((s) => s.id === m.stage);
      for (const r of m.reasons) expect(stage?.reasons as readonly string[]).toContain(r);
      expect(Object.keys(m.messages).length).toBeGreaterThan(0);
      expect(m.title.trim()).not.toBe('');
      expect(m.description.trim()).not.toBe('');
      expect(m.graceSeconds).toBeGreaterThanOrEqual(0);
      const testFile = join(rulesDir, `${m.id}.test.ts`);
      expect(existsSync(testFile), `${m.id} has no test file`).toBe(true);
      const test = readFileSync(testFile, 'utf8');
      expect(test).toContain('testRule(');
      expect(test).toContain(`./${m.id.split('/')[1] ?? ''}.js`);
      expect(m.docs).toBe(`docs/rules/${m.id}.md`);
      const doc = join(root, m.docs);
      expect(existsSync(doc), `${m.docs} is missing`).toBe(true);
      expect(readFileSync(doc, 'utf8')).toContain(m.id);
    });
  }

  it('README rules table matches the registry (UPDATE_README=1 rewrites it)', () => {
    const path = join(root, 'README.md');
    const readme = readFileSync(path, 'utf8');
    const start = '<!-- rules:start -->';
    const end = '<!-- rules:end -->';
    const block = `${start}\n${rulesTable()}\n${end}`;
    const current = readme.slice(readme.indexOf(start), readme.indexOf(end) + end.length);
    if (process.env.UPDATE_README === '1') {
      writeFileSync(path, readme.replace(current, block));
      return;
    }
    expect(current).toBe(block);
  });
});
