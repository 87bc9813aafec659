/**
 * Setup file of the mutation runs (vitest.mutation.config.ts): gives each test file's report only
 * the mutant coverage of its own tests.
 *
 * Stryker's vitest runner records coverage per test in one global object, and its setup file hands
 * that object to every test file's report when the file ends. The mutation runs share one module
 * graph between files (`isolate: false`), so that object only grows, and each file's report is a
 * copy of everything covered so far: memory grows with files × coverage. The engine group, whose
 * mutants nearly every test covers, ran out of a 16 GiB heap in its dry run that way.
 *
 * Instrumented modules keep a reference to the coverage object they first saw, so it cannot be
 * replaced; its two maps can. Before Stryker's own `afterAll` (hooks run in stack order: this
 * file's hook, registered later, runs first) the file's maps move to a fresh object that only this
 * file's report holds, and the shared object gets empty maps for the next file. Stryker merges
 * the reports per test id, so the coverage it reads is the same.
 */
import { afterAll, inject } from 'vitest';

interface Coverage {
  static: Record<string, number>;
  perTest: Record<string, Record<string, number>>;
}
interface StrykerNamespace {
  mutantCoverage?: Coverage;
}

const injected: unknown = (inject as (key: string) => unknown)('globalNamespace');
const name = typeof injected === 'string' ? injected : '__stryker__';
const g = globalThis as unknown as Record<string, StrykerNamespace | undefined> & {
  __handoffSharedCoverage?: Coverage;
};
const ns = g[name];

if (ns !== undefined) {
  // The object the instrumented modules write to, kept across files (this setup runs per file).
  const shared = (g.__handoffSharedCoverage ??= ns.mutantCoverage ?? { static: {}, perTest: {} });
  ns.mutantCoverage = shared;
  afterAll(() => {
    ns.mutantCoverage = { static: shared.static, perTest: shared.perTest };
    shared.static = {};
    shared.perTest = {};
  });
}
