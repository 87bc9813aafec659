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
// unpacks that file before each run, and packs the new results back after it.
/* global process */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

const THRESHOLD = 80;
// Test code is not mutated: the test files and the helpers only tests import (`*test-helpers.ts`).
const notTests = ['!src/**/*.test.ts', '!src/**/*test-helpers.ts'];
const rules = (...globs) => globs.map((g) => `src/rules/${g}`);
const paste = (...globs) => globs.map((g) => `src/collectors/paste/${g}`);
/** The stage folders of src/rules (every folder but engine/ and shared/), each one part of the analysers. */
const STAGES = readdirSync('src/rules', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'engine' && d.name !== 'shared')
  .map((d) => d.name)
  .sort();
// A group is one Stryker run with its own incremental file. The analysers and the paste parsers
// are split in parts of at most about a thousand mutants (half an hour or less on 2 cores), so a
// long first measurement keeps every part it finished; `analysers` and `paste` name all parts.
export const GROUPS = {
  policy: ['src/cli/check/definite-policy.ts', 'src/cli/check/definite.ts'],
  redaction: ['src/collectors/redact.ts'],
  'scheduler-message': ['src/rules/scheduling/scheduling-message.ts'],
  // quiet-pod.ts holds the engine's quiet-pod test (moved to k8s/ so the live collector shares it)
  engine: ['src/rules/engine/**/*.ts', 'src/k8s/quiet-pod.ts', ...notTests],
  ...Object.fromEntries(
    STAGES.map((stage) => [
      `analysers-${stage}`,
      [
        ...rules(`${stage}/**/*.ts`),
        ...(stage === 'scheduling' ? ['!src/rules/scheduling/scheduling-message.ts'] : []),
        ...notTests,
      ],
    ]),
  ),
  'analysers-shared-1': [...rules('*.ts', 'shared/[a-m]*.ts'), ...notTests],
  'analysers-shared-2': [...rules('shared/[n-z]*.ts'), ...notTests],
  'paste-common': [...paste('common/**/*.ts'), ...notTests],
  'paste-get-1': [...paste('get/[a-m]*.ts'), ...notTests],
  'paste-get-2': [...paste('get/[n-r]*.ts'), ...notTests],
  'paste-get-3': [...paste('get/[s-z]*.ts'), ...notTests],
  'paste-lines-1': [...paste('lines/[a-l]*.ts'), ...notTests],
  'paste-lines-2': [...paste('lines/[m-z]*.ts'), ...notTests],
  'paste-describe-1': [...paste('describe/[a-c]*.ts'), ...notTests],
  'paste-describe-2': [...paste('describe/[d-j]*.ts'), ...notTests],
  'paste-describe-3': [...paste('describe/k*.ts'), ...notTests],
  'paste-describe-4': [...paste('describe/[l-z]*.ts'), ...notTests],
  'paste-top-1': [...paste('[a-i]*.ts'), ...notTests],
  'paste-top-2': [...paste('[j-z]*.ts'), ...notTests],
};
/**
 * Stryker options of one group over stryker.config.mjs. None today: the engine group's dry run,
 * which ran out of a 9 GiB heap per runner while every test file's report copied all coverage
 * so far, takes under 1 GiB since test/stryker-coverage-setup.ts.
 */
const OVERRIDES = {};
/** Modules whose score is judged as one: the sum of their parts' reports. */
export const MODULES = {
  analysers: Object.keys(GROUPS).filter((g) => g.startsWith('analysers-')),
  paste: Object.keys(GROUPS).filter((g) => g.startsWith('paste-')),
};

const args = process.argv.slice(2);
const USAGE = `usage: npm run test:mutation [-- GROUP...] [--full] [--summary]
  GROUP      a group or module to run (default: all of them): ${[...Object.keys(MODULES), ...Object.keys(GROUPS)].join(', ')}
  --full     test every mutant again, not only those a change touched
  --summary  print the kept results per group and module and judge them, running nothing
Exits 1 when a group or module is under ${THRESHOLD} %, 2 on a usage error.
`;
if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const unknownFlag = args.find((a) => a.startsWith('-') && a !== '--full' && a !== '--summary');
if (unknownFlag !== undefined) {
  process.stderr.write(`test:mutation: unknown flag ${unknownFlag}\n${USAGE}`);
  process.exit(2);
}
const full = args.includes('--full');
// --summary: print the table of the kept results and judge every module, running nothing.
const summaryOnly = args.includes('--summary');
const asked = args.filter((a) => !a.startsWith('--'));
for (const g of asked) {
  if (!(g in GROUPS) && !(g in MODULES)) {
    const names = [...Object.keys(GROUPS), ...Object.keys(MODULES)].join(', ');
    process.stderr.write(`test:mutation: unknown group "${g}" (groups: ${names})\n`);
    process.exit(2);
  }
}
const groups = summaryOnly
  ? []
  : (asked.length > 0 ? asked : Object.keys(GROUPS)).flatMap((g) => MODULES[g] ?? [g]);

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
  return withScore(c);
}

function withScore(c) {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return { ...c, valid, score: valid === 0 ? 100 : (100 * (c.killed + c.timeout)) / valid };
}

// A group's result is its kept file, which every run rewrites: a report left in reports/ by an
// older local run may predate tests that came with a pull, so it is read only when nothing is kept.
const keptFile = (g) => `test/mutation/${g}.incremental.json.gz`;
const report = (g) => `reports/mutation/${g}/mutation.json`;
const result = (g) =>
  existsSync(keptFile(g)) ? gunzipSync(readFileSync(keptFile(g))) : readFileSync(report(g));
const counts = (g) => score(JSON.parse(result(g).toString('utf8')));

// A glob of GROUPS as a regular expression: a double star and slash, a star and a [a-m] class are all they use.
function globRegExp(glob) {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) {
      re += '(?:.*/)?';
      i += 2;
    } else if (c === '*') re += '[^/]*';
    else if (c === '[') {
      const end = glob.indexOf(']', i);
      re += glob.slice(i, end + 1);
      i = end;
    } else re += /[\w/-]/.test(c) ? c : `\\${c}`;
  }
  return new RegExp(`^${re}$`);
}

/** The checkout's source files a group mutates. */
function groupFiles(g) {
  const include = GROUPS[g].filter((p) => !p.startsWith('!')).map(globRegExp);
  const exclude = GROUPS[g].filter((p) => p.startsWith('!')).map((p) => globRegExp(p.slice(1)));
  return readdirSync('src', { recursive: true })
    .map((f) => `src/${String(f).split('\\').join('/')}`)
    .filter((f) => include.some((r) => r.test(f)) && !exclude.some((r) => r.test(f)));
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');
/** Beside a kept result: the sha256 of every file the group mutated, as the run read them. */
const sourcesFile = (g) => `test/mutation/${g}.sources.json`;
const sourcesNow = (g) => Object.fromEntries(groupFiles(g).map((f) => [f, sha256(readFileSync(f, 'utf8'))]));

/**
 * The files whose source differs from the one a group's kept result was measured on: changed,
 * new since or gone. A result of other source is no measure of this checkout. Results kept
 * before the list of sources was kept are judged by the sources in Stryker's report, which
 * names only files with mutants (a new file is then not seen).
 */
export function staleFiles(g) {
  const now = sourcesNow(g);
  const then = existsSync(sourcesFile(g))
    ? JSON.parse(readFileSync(sourcesFile(g), 'utf8'))
    : Object.fromEntries(
        Object.entries(JSON.parse(result(g).toString('utf8')).files).map(([f, v]) => [f, sha256(v.source)]),
      );
  const changed = Object.keys(now).filter((f) => then[f] !== undefined && then[f] !== now[f]);
  const added = existsSync(sourcesFile(g)) ? Object.keys(now).filter((f) => then[f] === undefined) : [];
  const gone = Object.keys(then).filter((f) => now[f] === undefined);
  return [...changed, ...added, ...gone].sort();
}
const hasResult = (g) => existsSync(keptFile(g)) || existsSync(report(g));

const ran = [];
for (const group of groups) {
  const dir = `reports/mutation/${group}`;
  mkdirSync(dir, { recursive: true });
  const incremental = `${dir}/incremental.json`;
  const kept = keptFile(group);
  // The kept file is the truth: each run packs its results into it, and a pull may bring newer
  // ones than this checkout's last local run.
  if (!full && existsSync(kept)) writeFileSync(incremental, gunzipSync(readFileSync(kept)));
  const config = `${dir}/stryker.config.mjs`;
  writeFileSync(
    config,
    [
      `import base from '../../../stryker.config.mjs';`,
      `export default {`,
      `  ...base,`,
      `  ...${JSON.stringify(OVERRIDES[group] ?? {})},`,
      `  mutate: ${JSON.stringify(GROUPS[group])},`,
      `  incrementalFile: '${incremental}',`,
      `  jsonReporter: { fileName: '${dir}/mutation.json' },`,
      `  htmlReporter: { fileName: '${dir}/mutation.html' },`,
      `};`,
      '',
    ].join('\n'),
  );
  rmSync(`${dir}/mutation.json`, { force: true });
  // The sources this run measures, read before it starts (an edit during the run is not measured).
  const sources = sourcesNow(group);
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
    writeFileSync(sourcesFile(group), `${JSON.stringify(sources, null, 1)}\n`);
  }
  ran.push(group);
}

// The table shows every group with a result (this run's and earlier ones'), then each module as
// the sum of its parts. A module is judged when all its parts have a result, else each part ran.
// With --summary every group with a kept result counts as measured.
const measured = summaryOnly ? Object.keys(GROUPS).filter(hasResult) : ran;
const rows = Object.keys(GROUPS)
  .filter(hasResult)
  .map((g) => ({ name: measured.includes(g) ? g : `${g} (earlier run)`, group: g, ...counts(g) }));
const judged = new Set(measured.filter((g) => !Object.values(MODULES).some((parts) => parts.includes(g))));
const unmeasured = [];
for (const [module, parts] of Object.entries(MODULES)) {
  const done = parts.filter(hasResult);
  if (!parts.some((g) => measured.includes(g))) continue;
  if (done.length < parts.length) {
    for (const g of parts.filter((p) => measured.includes(p))) judged.add(g);
    unmeasured.push(`${module}: ${parts.filter((p) => !hasResult(p)).join(', ')}`);
    continue;
  }
  const sum = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 };
  for (const r of rows.filter((row) => parts.includes(row.group)))
    for (const k of Object.keys(sum)) sum[k] += r[k];
  rows.push({ name: `**${module}** (${parts.length} parts)`, group: module, ...withScore(sum) });
  judged.add(module);
}

const table = [
  '| group | score | killed | timeout | survived | no coverage | ignored (static) |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.score.toFixed(1)} % | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.ignored} |`,
  ),
].join('\n');
process.stdout.write(`\n${table}\n`);
mkdirSync('reports/mutation', { recursive: true });
writeFileSync('reports/mutation/summary.md', `${table}\n`);
const under = rows.filter((r) => judged.has(r.group) && r.score < THRESHOLD);
// Each kept result was measured on the source of its run: a group whose files changed since is
// shown as stale, and a summary with stale groups is no pass.
const stale = Object.keys(GROUPS)
  .filter(hasResult)
  .map((g) => ({ g, files: staleFiles(g) }))
  .filter((x) => x.files.length > 0);
if (stale.length > 0)
  process.stderr.write(
    `test:mutation: measured on older source (run these groups again): ${stale.map((x) => `${x.g} (${x.files.join(', ')})`).join('; ')}\n`,
  );
if (unmeasured.length > 0)
  process.stderr.write(`test:mutation: parts not measured yet (no module score): ${unmeasured.join('; ')}\n`);
if (under.length > 0) {
  process.stderr.write(
    `test:mutation: under ${THRESHOLD} %: ${under.map((r) => `${r.group} ${r.score.toFixed(1)} %`).join(', ')}\n`,
  );
  process.exit(1);
}
// A summary of a module with parts never measured has no score to show: not a pass.
if (summaryOnly && (unmeasured.length > 0 || stale.length > 0)) process.exit(1);
