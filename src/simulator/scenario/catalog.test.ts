import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../../errors/index.js';
import { listScenarioFiles, loadScenarioFile, resolveScenario, scenariosDir } from './catalog.js';

const scenario = (name: string) => `name: ${name}\ndescription: d\nexpect: {verdict: healthy}\n`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('listScenarioFiles', () => {
  it('finds top-level and per-stage files, sorted by name, ignoring other files', () => {
    mkdirSync(join(dir, 'crash'));
    mkdirSync(join(dir, 'image-pull'));
    writeFileSync(join(dir, 'default.yaml'), scenario('default'));
    writeFileSync(join(dir, 'crash', 'crashloop-exit-1.yaml'), scenario('crashloop-exit-1'));
    writeFileSync(join(dir, 'image-pull', 'a-pull.yaml'), scenario('a-pull'));
    writeFileSync(join(dir, 'image-pull', 'notes.md'), '# not a scenario');
    writeFileSync(join(dir, 'README.txt'), 'no');
    expect(listScenarioFiles(dir)).toEqual([
      { name: 'a-pull', group: 'image-pull', path: join(dir, 'image-pull', 'a-pull.yaml') },
      { name: 'crashloop-exit-1', group: 'crash', path: join(dir, 'crash', 'crashloop-exit-1.yaml') },
      { name: 'default', path: join(dir, 'default.yaml') },
    ]);
  });

  it('refuses two files with the same name (a name must resolve to one file)', () => {
    mkdirSync(join(dir, 'crash'));
    mkdirSync(join(dir, 'node'));
    writeFileSync(join(dir, 'crash', 'x.yaml'), scenario('x'));
    writeFileSync(join(dir, 'node', 'x.yaml'), scenario('x'));
    expect(() => listScenarioFiles(dir)).toThrow(/scenario name "x" is also used by .*crash\/x\.yaml/);
  });

  it('lists the package scenarios, every one named like its file and in a stage folder or the top', () => {
    const files = listScenarioFiles();
    expect(files.map((f) => f.name)).toContain('image-pull-not-found');
    for (const f of files) expect(f.path.startsWith(scenariosDir())).toBe(true);
  });
});

describe('loadScenarioFile', () => {
  it('loads a file and keeps its group and path', () => {
    const path = join(dir, 'ok.yaml');
    writeFileSync(path, scenario('ok'));
    const s = loadScenarioFile(path, { group: 'healthy' });
    expect(s.name).toBe('ok');
    expect(s.group).toBe('healthy');
    expect(s.path).toBe(path);
  });

  it('requires a built-in scenario to be named like its file, pointing at the name line', () => {
    const path = join(dir, 'right.yaml');
    writeFileSync(path, `# comment\nname: wrong\ndescription: d\nexpect: {verdict: healthy}\n`);
    expect(() => loadScenarioFile(path, {})).toThrow(
      `${path}:2: name "wrong" must match the file name "right"`,
    );
    // A user's file may be named anything.
    expect(loadScenarioFile(path).name).toBe('wrong');
  });

  it('says when the file cannot be read', () => {
    const path = join(dir, 'missing.yaml');
    expect(() => loadScenarioFile(path)).toThrow(InputError);
    expect(() => loadScenarioFile(path)).toThrow(`${path}: cannot read the scenario: ENOENT`);
  });
});

describe('resolveScenario', () => {
  it('resolves a built-in name', () => {
    const s = resolveScenario('image-pull-not-found');
    expect(s.name).toBe('image-pull-not-found');
    expect(s.group).toBe('image-pull');
  });

  it('resolves a path', () => {
    const path = join(dir, 'mine.yml');
    writeFileSync(path, scenario('anything'));
    expect(resolveScenario(path).name).toBe('anything');
  });

  it('refuses unknown names and missing paths as usage errors', () => {
    expect(() => resolveScenario('no-such-scenario')).toThrow(UsageError);
    expect(() => resolveScenario('no-such-scenario')).toThrow('no scenario named "no-such-scenario"');
    expect(() => resolveScenario(join(dir, 'nope.yaml'))).toThrow(
      /scenario file .*nope\.yaml does not exist/,
    );
  });
});
