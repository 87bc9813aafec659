import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../errors/index.js';
import { parseScenario } from '../../simulator/scenario/load.js';
import type { CliIO } from '../io.js';
import { runSimGenerate } from './generate.js';

let dir: string;
let out: string;
let io: CliIO;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'generate-'));
  out = '';
  const stdout = new PassThrough();
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, now: () => 0 };
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const usage = (f: () => unknown): string => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    expect((err as UsageError).exitCode).toBe(2);
    return (err as UsageError).message;
  }
  throw new Error('expected a usage error');
};

describe('runSimGenerate', () => {
  it('writes a loadable scenario and says what it wrote', () => {
    const path = join(dir, 'big.yaml');
    expect(runSimGenerate({ nodes: '20', pods: '300', seed: '3', out: path }, io)).toBe(0);
    const scenario = parseScenario(readFileSync(path, 'utf8'), path);
    expect(scenario.cluster.nodes).toHaveLength(20);
    expect(scenario.seed).toBe(3);
    expect(out).toMatch(
      new RegExp(
        `^wrote ${path}: 20 nodes, 300 pods in \\d+ workloads \\(21 pods failing\\), \\d+ objects, seed 3\\n$`,
      ),
    );
  });

  it('defaults the seed to 1', () => {
    const path = join(dir, 's.yaml');
    runSimGenerate({ nodes: '3', pods: '10', out: path }, io);
    expect(parseScenario(readFileSync(path, 'utf8'), path).seed).toBe(1);
  });

  it('refuses to overwrite unless --force', () => {
    const path = join(dir, 'mine.yaml');
    writeFileSync(path, 'hand written');
    expect(usage(() => runSimGenerate({ nodes: '3', pods: '10', out: path }, io))).toBe(
      `${path} already exists`,
    );
    expect(readFileSync(path, 'utf8')).toBe('hand written');
    expect(runSimGenerate({ nodes: '3', pods: '10', out: path, force: true }, io)).toBe(0);
    expect(readFileSync(path, 'utf8')).toContain('name: generated-3n-10p');
  });

  it('validates the numbers', () => {
    const path = join(dir, 'x.yaml');
    expect(usage(() => runSimGenerate({ nodes: 'ten', pods: '10', out: path }, io))).toBe(
      '--nodes: "ten" is not a whole number',
    );
    expect(usage(() => runSimGenerate({ nodes: '2', pods: '1e3', out: path }, io))).toBe(
      '--pods: "1e3" is not a whole number',
    );
    expect(usage(() => runSimGenerate({ nodes: '2', pods: '10', seed: '-4', out: path }, io))).toBe(
      '--seed: "-4" is not a whole number',
    );
    expect(usage(() => runSimGenerate({ nodes: '0', pods: '10', out: path }, io))).toBe(
      '--nodes must be a whole number, 1 or more',
    );
    expect(usage(() => runSimGenerate({ nodes: '1', pods: '500', out: path }, io))).toBe(
      '--pods 500 do not fit on 1 node(s): at most 80 pods a node (80)',
    );
  });

  it('says when the folder does not exist', () => {
    const path = join(dir, 'no', 'such', 'x.yaml');
    expect(usage(() => runSimGenerate({ nodes: '2', pods: '10', out: path }, io))).toBe(
      `cannot write ${path}: ENOENT`,
    );
  });
});
