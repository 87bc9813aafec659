import { basename } from 'node:path';
import { main } from './main.js';

// A reader that went away (`handoff sim list | head -1`) ends the output, quietly and with 0, as
// other command-line tools do; any other write error is reported once.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    process.stderr.write(`handoff: cannot write the output: ${err.message}\n`);
    process.exit(1);
  });

// As a kubectl plugin (kubectl-handoff), usage lines say `kubectl handoff`, as kubectl shows it.
const invokedAs = basename(process.argv[1] ?? 'handoff').replace(/\.js$/, '');
process.exitCode = await main(
  process.argv.slice(2),
  undefined,
  invokedAs === 'kubectl-handoff' ? 'kubectl handoff' : 'handoff',
);
