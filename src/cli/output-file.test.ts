import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputPath, writeOutputFile } from './output-file.js';

/** A fresh folder with a precious file, a link to it, a sub-folder; returns their paths. */
function layout(): Record<'dir' | 'precious' | 'link' | 'sub' | 'fresh' | 'deep', string> {
  const dir = mkdtempSync(join(tmpdir(), 'handoff-out-'));
  const precious = join(dir, 'precious.xml');
  writeFileSync(precious, 'precious');
  const link = join(dir, 'link.xml');
  symlinkSync(precious, link);
  const sub = join(dir, 'sub');
  mkdirSync(sub);
  return {
    dir,
    precious,
    link,
    sub,
    fresh: join(dir, 'new.xml'),
    deep: join(dir, 'missing', 'deeper', 'r.xml'),
  };
}

const WRITE = [
  [
    'checked up front',
    (file: string, force: boolean): void => {
      checkOutputPath(file, { flag: '--report junit', force });
    },
  ],
  [
    'written',
    (file: string, force: boolean): void => {
      writeOutputFile(file, 'new', { flag: '--report junit', force });
    },
  ],
] as const;

describe.each(WRITE)('an output path %s', (_, act) => {
  it.each([
    [
      'an existing file, without --force',
      'precious',
      false,
      /precious\.xml already exists; not overwriting it/,
    ],
    [
      'a symbolic link, without --force',
      'link',
      false,
      /link\.xml is a symbolic link; kube-handoff does not write through links/,
    ],
    ['a symbolic link, even with --force', 'link', true, /is a symbolic link/],
    ['a directory, even with --force', 'sub', true, /sub is a directory/],
    ['a path whose folder does not exist', 'deep', false, /the directory .*missing\/deeper does not exist/],
  ] as const)('refuses %s, leaving everything as it was', (__, which, force, why) => {
    const l = layout();
    expect(() => {
      act(l[which], force);
    }).toThrow(why);
    expect(readFileSync(l.precious, 'utf8')).toBe('precious');
    expect(existsSync(join(l.dir, 'missing'))).toBe(false);
  });

  it('accepts a new file in an existing folder, and an existing file with --force', () => {
    const l = layout();
    expect(() => {
      act(l.fresh, false);
    }).not.toThrow();
    expect(() => {
      act(l.precious, true);
    }).not.toThrow();
  });
});

describe('writeOutputFile', () => {
  it('writes a new file, and replaces an existing one only with --force', () => {
    const l = layout();
    writeOutputFile(l.fresh, 'report', { flag: '--out', force: false });
    expect(readFileSync(l.fresh, 'utf8')).toBe('report');
    writeOutputFile(l.precious, 'replaced', { flag: '--out', force: true });
    expect(readFileSync(l.precious, 'utf8')).toBe('replaced');
  });
});
