import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the suite against a real control plane (test/control-plane/README.md).
 * One control plane (etcd, kube-apiserver, kube-controller-manager, kube-scheduler) is started by
 * the global setup and shared by the files, which run one after another. Tests that assert the
 * correct behaviour where the tool is still wrong live in pending-fixes.test.ts and only run with
 * KUBE_HANDOFF_CP_PENDING=1 (`npm run test:cluster:pending`).
 */
const pending = process.env.KUBE_HANDOFF_CP_PENDING === '1';

export default defineConfig({
  test: {
    include: pending ? ['test/control-plane/pending-fixes.test.ts'] : ['test/control-plane/*.test.ts'],
    exclude: pending ? [] : ['test/control-plane/pending-fixes.test.ts'],
    globalSetup: ['test/control-plane/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 600_000,
  },
});
