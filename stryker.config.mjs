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
  // With perTest coverage the runner keeps every test's coverage of the mutated files; each test
  // file reports only its own (test/stryker-coverage-setup.ts), so the engine's dry run, which
  // nearly every test reaches, stays under 1 GiB. The heap limit is headroom, not a need.
  testRunnerNodeArgs: ['--max-old-space-size=4096'],
  incremental: true,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  clearTextReporter: { reportTests: false, allowEmojis: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
