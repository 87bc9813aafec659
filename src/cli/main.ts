import { Command, CommanderError, Option } from 'commander';
import { createRequire } from 'node:module';
import { isUserError } from '../errors/index.js';
import { runDiagnose, OUTPUT_FORMATS, type DiagnoseOptions } from './diagnose-command.js';
import { EXIT, processIO, type CliIO } from './io.js';
import { runRules } from './rules-command.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

function diagnoseOptions(cmd: Command): Command {
  return cmd
    .argument(
      '[TARGET...]',
      'pod/NAME, NAME, deploy/NAME, rs/NAME, sts/NAME, ds/NAME, job/NAME, cronjob/NAME, svc/NAME',
    )
    .option('-n, --namespace <NS>', 'only targets in this namespace')
    .option('-A, --all-namespaces', 'targets in every namespace (the default for files)')
    .option(
      '-l, --selector <SELECTOR>',
      'only pods whose labels match, as kubectl -l takes it (app=web,tier!=db)',
    )
    .option(
      '-f, --file <PATH>',
      'evidence: a file or directory of JSON/YAML (kubectl get -o yaml|json, Lists, cluster-info dump, bundles); - for stdin; repeatable',
      collect,
    )
    .addOption(
      new Option('-o, --output <FORMAT>', 'output format').choices([...OUTPUT_FORMATS]).default('text'),
    )
    .option(
      '--now <TIME>',
      'reference time for grace periods (RFC 3339); default: the capture time or the newest time in the evidence',
    )
    .option('-v, --verbose', 'show healthy targets in full');
}

/** Runs the CLI; resolves to the process exit code. Never throws for user mistakes. */
export async function main(argv: readonly string[], io: CliIO = processIO()): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command('handoff')
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
    .showHelpAfterError('(run handoff --help for usage)')
    .addHelpText(
      'after',
      `
Examples:
  handoff -f pods-and-events.yaml          diagnose saved evidence
  kubectl get pods,events -o yaml | handoff -f -
  handoff -f dump/ deploy/web -n shop      one workload from a cluster-info dump directory
  handoff -f evidence.json -o json         machine-readable report for CI
  handoff rules                            the rule catalogue

Exit codes: 0 nothing failed, 1 a target failed, 2 usage or input error, 3 cluster unreachable, 4 check timed out.`,
    );

  diagnoseOptions(
    program.command('diagnose', { isDefault: true }).description('diagnose targets (the default command)'),
  ).action(async (targets: string[], opts: DiagnoseOptions) => {
    code = await runDiagnose(targets, opts, io);
  });
  program
    .command('rules')
    .description('list the rule catalogue, or explain one rule')
    .argument('[ID]', 'a rule id such as image-pull/pull-failed')
    .action((id: string | undefined) => {
      code = runRules(id, io);
    });

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
