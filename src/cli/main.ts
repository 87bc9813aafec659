import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { isUserError } from '../errors/index.js';
import { registerCheck } from './check/command.js';
import { registerCapture } from './commands/capture.js';
import { registerPreflight } from './preflight/command.js';
import { registerDiagnose } from './commands/default.js';
import { registerRules } from './commands/rules.js';
import { EXIT, processIO, type CliIO } from './io.js';
import type { RegisterCommand } from './options.js';
import { registerSim } from './sim/index.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

/** Every command, in the order help lists them; each declares its own flags. */
const COMMANDS: readonly RegisterCommand[] = [
  registerDiagnose,
  registerCheck,
  registerCapture,
  registerPreflight,
  registerSim,
  registerRules,
];

/** Runs the CLI; resolves to the process exit code. Never throws for user mistakes. */
export async function main(
  argv: readonly string[],
  io: CliIO = processIO(),
  name = 'handoff',
): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command(name)
    .description(
      "Names the first handoff of a Kubernetes pod's lifecycle that failed, the evidence, and the next step.",
    )
    .version(version, '--version')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => {
        write(`handoff: ${s.replace(/^error: /, 'error: ')}`);
      },
    })
    .showHelpAfterError(`(run ${name} --help for usage)`)
    .addHelpText(
      'after',
      `
Examples:
  handoff                                  every pod in the current context's namespace
  handoff deploy/web -n shop               one workload of the live cluster
  handoff -A --context prod                every namespace of another context
  handoff -w -n shop                       watch: print each target whose verdict changes
  handoff capture -n shop --out shop.yaml  save the evidence (secrets redacted) for offline replay
  handoff -f pods-and-events.yaml          diagnose saved evidence
  kubectl get pods,events -o yaml | handoff -f -
  handoff -f dump/ deploy/web -n shop      one workload from a cluster-info dump directory
  handoff -f evidence.json -o json         machine-readable report for CI
  handoff --sim default                    diagnose the simulator's demo cluster (no cluster needed)
  handoff sim list                         the simulator's scenarios
  handoff sim run crashloop-exit-1 --at 2m one scenario, two simulated minutes in
  handoff rules                            the rule catalogue

Exit codes: 0 nothing failed, 1 a target failed, 2 usage or input error, 3 cluster unreachable (also: a watch
that heard nothing from it for --watch-timeout, 5m by default), 4 check timed out.`,
    );

  const ctx = {
    io,
    exit: (c: number) => {
      code = c;
    },
  };
  for (const register of COMMANDS) register(program, ctx);

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (
        err.code === 'commander.helpDisplayed' ||
        err.code === 'commander.version' ||
        err.code === 'commander.help'
      )
        return EXIT.ok;
      return EXIT.usage;
    }
    if (isUserError(err)) {
      io.stderr.write(`handoff: error: ${err.message}\n`);
      if (err.hint !== undefined) io.stderr.write(`  hint: ${err.hint}\n`);
      return err.exitCode;
    }
    const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
    io.stderr.write(`handoff: internal error (a bug in kube-handoff; please report it):\n${detail}\n`);
    return 70;
  }
}
