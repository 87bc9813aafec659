import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RealCase {
  readonly file: string;
  readonly stage: string;
  readonly reason: string;
  readonly inputKind: string;
  /** The evidence exactly as pasted (everything after the second `---`). */
  readonly body: string;
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Real cases from ../shared/real-cases when that folder is there (it grows), else the copy
 * kept in test/fixtures/real-cases.
 */
export function realCasesDir(): string {
  const shared = join(root, '..', 'shared', 'real-cases');
  return existsSync(shared) ? shared : join(root, 'test', 'fixtures', 'real-cases');
}

export function loadRealCases(): RealCase[] {
  const dir = realCasesDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (m === null) throw new Error(`${file}: no header between --- lines`);
      const header = Object.fromEntries(
        (m[1] ?? '').split('\n').map((l) => {
          const i = l.indexOf(':');
          return [l.slice(0, i).trim(), l.slice(i + 1).trim()];
        }),
      );
      return {
        file,
        stage: header.stage ?? '',
        reason: header.reason ?? '',
        inputKind: header.input_kind ?? '',
        body: m[2] ?? '',
      };
    });
}
