#!/usr/bin/env node
// npm run test:mutation [-- GROUP...] [--full]
//
// Mutation testing (StrykerJS, vitest runner) of the modules whose bugs would change a verdict:
// the engine, the stage analysers, the paste parsers, the scheduler-message parser, the check
// policy and redaction. Each group has its own incremental file under reports/mutation/GROUP, so
// a rerun after a small change tests only the mutants that change touched (--full: all again).
// Prints one line per group (mutation score = killed+timeout over all valid mutants) and writes
// reports/mutation/summary.md; exits 1 when a group is under the 80 % threshold.
//
// The incremental results are kept in the repository (test/mutation/GROUP.incremental.json.gz) so
// that a fresh clone starts from the last committed run instead of hours of mutants: the script
// unpacks that file when reports/ has none, and packs the new results back after each run.
/* global process */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

const THRESHOLD = 80;
const notTests = '!src/**/*.test.ts';
export const GROUPS = {
  policy: ['src/cli/check/definite-policy.ts', 'src/cli/check/definite.ts'],
  redaction: ['src/collectors/redact.ts'],
  'scheduler-message': ['src/rules/scheduling/scheduling-message.ts'],
  engine: ['src/rules/engine/**/*.ts', notTests],
  analysers: [
    'src/rules/**/*.ts',
    '!src/rules/engine/**',
    '!src/rules/scheduling/scheduling-message.ts',
    notTests,
  ],
  paste: ['src/collectors/paste/**/*.ts', notTests],
};

const args = process.argv.slice(2);
const full = args.includes('--full');
const asked = args.filter((a) => !a.startsWith('--'));
for (const g of asked) {
  if (!(g in GROUPS)) {
    process.stderr.write(`test:mutation: unknown group "${g}" (groups: ${Object.keys(GROUPS).join(', ')})\n`);
    process.exit(2);
  }
}
const groups = asked.length > 0 ? asked : Object.keys(GROUPS);

/** Counts of a Stryker JSON report, as Stryker's own "% Mutation score (total)" counts them. */
export function score(report) {
  const c = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 };
  for (const file of Object.values(report.files)) {
    for (const m of file.mutants) {
      if (m.status === 'Killed') c.killed++;
      else if (m.status === 'Timeout') c.timeout++;
      else if (m.status === 'Survived') c.survived++;
      else if (m.status === 'NoCoverage') c.noCoverage++;
      else if (m.status === 'Ignored') c.ignored++;
      else c.errors++;
    }
  }
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return { ...c, valid, score: valid === 0 ? 100 : (100 * (c.killed + c.timeout)) / valid };
}

const rows = [];
for (const group of groups) {
  const dir = `reports/mutation/${group}`;
  mkdirSync(dir, { recursive: true });
  const incremental = `${dir}/incremental.json`;
  const kept = `test/mutation/${group}.incremental.json.gz`;
  if (!full && !existsSync(incremental) && existsSync(kept))
    writeFileSync(incremental, gunzipSync(readFileSync(kept)));
  const config = `${dir}/stryker.config.mjs`;
  writeFileSync(
    config,
    [
      `import base from '../../../stryker.config.mjs';`,
      `export default {`,
      `  ...base,`,
      `  mutate: ${JSON.stringify(GROUPS[group])},`,
      `  incrementalFile: '${incremental}',`,
      `  jsonReporter: { fileName: '${dir}/mutation.json' },`,
      `  htmlReporter: { fileName: '${dir}/mutation.html' },`,
      `};`,
      '',
    ].join('\n'),
  );
  process.stderr.write(`test:mutation: ${group} (${GROUPS[group].join(' ')})\n`);
  const run = spawnSync('npx', ['stryker', 'run', config, ...(full ? ['--force'] : [])], {
    stdio: 'inherit',
  });
  if (run.status !== 0 || !existsSync(`${dir}/mutation.json`)) {
    process.stderr.write(`test:mutation: stryker failed for ${group} (exit ${run.status})\n`);
    process.exit(run.status === 0 ? 1 : (run.status ?? 1));
  }
  if (existsSync(incremental)) {
    mkdirSync('test/mutation', { recursive: true });
    writeFileSync(kept, gzipSync(readFileSync(incremental), { level: 9 }));
  }
  rows.push({ group, ...score(JSON.parse(readFileSync(`${dir}/mutation.json`, 'utf8'))) });
}

const table = [
  '| group | score | killed | timeout | survived | no coverage | ignored (static) |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.group} | ${r.score.toFixed(1)} % | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.ignored} |`,
  ),
].join('\n');
process.stdout.write(`\n${table}\n`);
writeFileSync('reports/mutation/summary.md', `${table}\n`);
const under = rows.filter((r) => r.score < THRESHOLD);
if (under.length > 0) {
  process.stderr.write(
    `test:mutation: under ${THRESHOLD} %: ${under.map((r) => `${r.group} ${r.score.toFixed(1)} %`).join(', ')}\n`,
  );
  process.exit(1);
}
