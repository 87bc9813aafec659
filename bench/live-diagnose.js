// Child of bench/sim.js: runs `handoff -A --kubeconfig PATH -o json` in its own process, so its
// peak RSS is the CLI's own (not the simulator's), and prints one JSON line of figures.
//   node bench/live-diagnose.js KUBECONFIG
import { performance } from 'node:perf_hooks';
import { Writable, Readable } from 'node:stream';
import { main } from '../dist/cli/main.js';

const kubeconfig = process.argv[2];
if (kubeconfig === undefined) {
  console.error('usage: node bench/live-diagnose.js KUBECONFIG');
  process.exit(2);
}
let bytes = 0;
let stderr = '';
const stdout = new Writable({
  write(chunk, _enc, done) {
    bytes += chunk.length;
    done();
  },
});
const t0 = performance.now();
const code = await main(['-A', '--kubeconfig', kubeconfig, '-o', 'json'], {
  stdout,
  stderr: new Writable({
    write(chunk, _enc, done) {
      stderr += chunk.toString();
      done();
    },
  }),
  stdin: Readable.from([]),
  env: { HOME: '/nonexistent' },
  now: () => Date.now(),
});
const ms = performance.now() - t0;
console.log(
  JSON.stringify({
    code,
    ms,
    reportBytes: bytes,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    stderr: stderr.slice(0, 2000),
  }),
);
