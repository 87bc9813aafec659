#!/usr/bin/env node
// Launcher: the CLI lives in the build output (npm install builds it through `prepare`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/bin.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('handoff: not built yet: run `npm install` (or `npm run build`) in the kube-handoff checkout\n');
  process.exit(2);
}
await import(entry.href);
