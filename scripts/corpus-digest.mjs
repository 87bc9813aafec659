#!/usr/bin/env node
/* global process, console */
// Runs the built CLI over every input the project knows (golden fixtures, paste fixtures, real
// cases, every built-in scenario, a generated bench cluster and the engine bench's evidence) as
// JSON and as text, and prints one sha256 over the whole output. A refactoring that must not
// change behaviour keeps this digest: run it before and after (`npm run digest`), and compare.
//
//   node scripts/corpus-digest.mjs [--out FILE]   FILE gets the whole output, for a diff.
//
// The wall clock is pinned (scripts/frozen-clock.mjs) and generatedAt replaced; everything else is
// compared as is.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = join(root, 'bin', 'handoff.js');
const clock = pathToFileURL(join(root, 'scripts', 'frozen-clock.mjs')).href;
const outIndex = process.argv.indexOf('--out');
const outFile = outIndex > 0 ? process.argv[outIndex + 1] : undefined;

function run(args, stdin, cwd = root) {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', clock, bin, ...args],
      { cwd, maxBuffer: 1 << 30, env: { ...process.env, CI: 'true', NO_COLOR: '1' } },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : (err.code ?? 'signal');
        resolve(
          `exit ${code}\n${stdout.replace(/"generatedAt": "[^"]*"/g, '"generatedAt": "-"')}\n${stderr}`,
        );
      },
    );
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
  });
}

const jobs = [];
const add = (label, args, stdin, cwd) => {
  for (const format of ['json', 'text'])
    jobs.push({ label: `${label} -o ${format}`, args: [...args, '-o', format], stdin, cwd });
};

const golden = join(root, 'test', 'fixtures', 'golden');
for (const stage of readdirSync(golden).sort())
  for (const name of readdirSync(join(golden, stage)).sort()) {
    const dir = join(golden, stage, name);
    const inputs = readdirSync(dir)
      .filter((f) => f.startsWith('input'))
      .sort();
    add(
      `golden ${stage}/${name}`,
      inputs.flatMap((f) => ['-f', relative(root, join(dir, f))]),
    );
  }

const pastes = join(root, 'test', 'fixtures', 'pastes');
for (const f of readdirSync(pastes).sort()) add(`paste ${f}`, ['-f', relative(root, join(pastes, f))]);

const realDirs = [join(root, 'test', 'fixtures', 'real-cases')];
const seen = new Set();
for (const dir of realDirs.filter(existsSync))
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.txt'))
    .sort()) {
    if (seen.has(f)) continue;
    seen.add(f);
    const body = readFileSync(join(dir, f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    add(`real ${f}`, ['-f', '-'], body);
  }

const list = await run(['sim', 'list']);
for (const line of list.split('\n').slice(1)) {
  const name = /^(\S+)\s{2,}/.exec(line)?.[1];
  if (name !== undefined) add(`scenario ${name}`, ['--sim', name]);
}

// Generated inputs are named relative to their own folder: the paths appear in the reports.
const tmp = mkdtempSync(join(tmpdir(), 'handoff-digest-'));
const generated = join(tmp, 'generated.yaml');
await run(['sim', 'generate', '--nodes', '100', '--pods', '3000', '--seed', '7', '--out', generated]);
add('generated 100 nodes / 3000 pods', ['--sim', 'generated.yaml'], undefined, tmp);

const { generateEvidence } = await import(join(root, 'bench', 'generate.js'));
const evidence = generateEvidence({ pods: 2000, events: 20000 });
writeFileSync(join(tmp, 'pods.json'), evidence.pods);
writeFileSync(join(tmp, 'events.json'), evidence.events);
add('bench evidence 2000 pods', ['-f', 'pods.json', '-f', 'events.json'], undefined, tmp);

const results = new Array(jobs.length);
let next = 0;
await Promise.all(
  [0, 1, 2].map(async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = `=== ${jobs[i].label}\n${await run(jobs[i].args, jobs[i].stdin, jobs[i].cwd)}`;
    }
  }),
);
const whole = results.join('\n');
if (outFile !== undefined) writeFileSync(outFile, whole);
rmSync(tmp, { recursive: true, force: true });
console.log(
  `${jobs.length} runs, ${whole.length} bytes, sha256 ${createHash('sha256').update(whole).digest('hex')}`,
);
