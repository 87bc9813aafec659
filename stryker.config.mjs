// @ts-check
// StrykerJS settings shared by every module group of `npm run test:mutation` (scripts/mutation.mjs
// chooses which files each run mutates and where its reports and incremental file go).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // A static mutant (in a module's top-level code) can only be tested by reloading every test
  // file; with perTest coverage Stryker would run the whole suite for each. Ignored, and counted
  // in the report as "ignored", never as killed.
  ignoreStatic: true,
  concurrency: 2,
  // With perTest coverage every test's coverage of the mutated files is kept in the runner: the
  // engine, which nearly every test reaches, outgrew the default heap (the dry run crashed out of
  // memory once the suite passed about 6,000 tests).
  testRunnerNodeArgs: ['--max-old-space-size=9216'],
  incremental: true,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  clearTextReporter: { reportTests: false, allowEmojis: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
