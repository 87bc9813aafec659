import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // The real control plane suite has its own config (vitest.cluster.config.ts, npm run test:cluster).
    exclude: ['**/node_modules/**', 'test/control-plane/**'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
