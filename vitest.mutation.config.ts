import { defineConfig } from 'vitest/config';

// The tests StrykerJS runs against each mutant (npm run test:mutation). The mutated modules are
// the engine, the stage analysers, the paste parsers, the check policy and redaction; these are
// the in-process tests that exercise them. Tests that start the built CLI, a served simulator or
// a terminal run dist/ or another process, which a mutant never reaches. test/quiet-pods.test.ts
// is left out too: it diagnoses every corpus twice in one test (seconds per run, near the
// per-mutant timeout) to prove the engine's fast path changes nothing; the fast path's own
// mutants are killed by src/rules/engine/quiet.test.ts.
export default defineConfig({
  test: {
    include: [
      'src/rules/**/*.test.ts',
      'src/collectors/**/*.test.ts',
      'src/cli/check/**/*.test.ts',
      'src/k8s/**/*.test.ts',
      'test/*.test.ts',
    ],
    exclude: [
      '**/node_modules/**',
      'test/control-plane/**',
      'test/cluster-info-dump.test.ts',
      'test/deploy.test.ts',
      'test/find-kubectl.test.ts',
      'test/docs.test.ts',
      'test/quiet-pods.test.ts',
    ],
    environment: 'node',
    isolate: false,
    // Each test file reports only its own tests' mutant coverage (see the setup file); its hook
    // must run before Stryker's, which stack order (after-hooks in reverse) guarantees.
    setupFiles: ['test/stryker-coverage-setup.ts'],
    sequence: { hooks: 'stack' },
    testTimeout: 20_000,
  },
});
