/**
 * The docs a contributor has: docs/architecture.md states the contracts (stage ids and reason
 * codes, evidence sources, exit codes, input limit, bundle fields) as the code defines them, and
 * no document points at a design file the repository does not hold.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/io.js';
import { DEFAULT_INPUT_LIMIT, INPUT_LIMIT_ENV } from '../src/collectors/files/index.js';
import { formatBytes } from '../src/k8s/index.js';
import { EVIDENCE_SOURCES, STAGES } from '../src/model/index.js';

const root = join(import.meta.dirname, '..');
const architecture = join(root, 'docs', 'architecture.md');
const read = (path: string): string => readFileSync(path, 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

describe('docs/architecture.md', () => {
  it('exists and names every stage id with its reason codes, in chain order', () => {
    expect(existsSync(architecture)).toBe(true);
    const text = read(architecture);
    let last = -1;
    for (const stage of STAGES) {
      const row = text.split('\n').find((l) => l.startsWith('|') && l.includes(`\`${stage.id}\``));
      expect(row, stage.id).toBeDefined();
      for (const reason of stage.reasons) expect(row, `${stage.id} ${reason}`).toContain(`\`${reason}\``);
      const at = text.indexOf(row ?? '');
      expect(at, `${stage.id} comes after the stage before it`).toBeGreaterThan(last);
      last = at;
    }
  });

  it('states the exit codes, evidence sources, input limit and bundle fields the code uses', () => {
    const text = read(architecture);
    for (const [name, code] of Object.entries(EXIT))
      expect(text, name).toMatch(new RegExp(`\\| \`${code}\` \\|`));
    for (const source of EVIDENCE_SOURCES) expect(text, source).toContain(source);
    expect(text).toContain(`\`${INPUT_LIMIT_ENV}\``);
    expect(text).toContain(formatBytes(DEFAULT_INPUT_LIMIT));
    for (const field of ['capturedAt', 'source', 'scope', 'objects', 'logs', 'probes', 'redacted'])
      expect(text, field).toContain(`\`${field}\``);
    expect(text).toContain('/handoff/requests');
  });

  it('is what the README and the docs point to; no document cites DESIGN.md', () => {
    const docs = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
    for (const file of docs) expect(read(file), file).not.toContain('DESIGN.md');
    expect(read(join(root, 'README.md'))).toContain('(docs/architecture.md)');
  });
});
