import { Command, CommanderError, Option } from 'commander';
import { createRequire } from 'node:module';
import { UsageError, isUserError } from '../errors/index.js';
import { runDiagnose, OUTPUT_FORMATS, type DiagnoseOptions } from './commands/diagnose.js';
import { EXIT, processIO, type CliIO } from './io.js';
import { runRules } from './commands/rules.js';
import { runCapture, type CaptureOptions } from './commands/capture.js';
import { runSimList } from './sim/run.js';
import { runSimGenerate, type SimGenerateOptions } from './sim/generate.js';
import { runSimServe, type SimServeOptions } from './sim/serve.js';
import { runWatch, type WatchOptions } from './commands/watch.js';
import { defaultOutput, runTui, type TuiOptions } from './commands/tui.js';
import { runCheck, type CheckOptions } from './check/command.js';

const require = createRequire(import.meta.url);
const { version } = require('../../package.json') as { version: string };

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Options shared by every command that prints a diagnosis. */
function scopeAndOutputOptions(cmd: Command): Command {
  return cmd
    .option('-n, --namespace <NS>', 'only targets in this namespace')
    .option('-A, --all-namespaces', 'targets in every namespace (the default for files and scenarios)')
    .option(
      '-l, --selector <SELECTOR>',
      'only pods whose labels match, as kubectl -l takes it (app=web,tier!=db)',
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

function diagnoseOptions(cmd: Command): Command {
  return scopeAndOutputOptions(
    cmd
      .argument(
        '[TARGET...]',
        'pod/NAME, NAME, deploy/NAME, rs/NAME, sts/NAME, ds/NAME, job/NAME, cronjob/NAME, svc/NAME',
      )
      .option(
        '-f, --file <PATH>',
        'evidence: a file or directory of JSON/YAML (kubectl get -o yaml|json, Lists, cluster-info dump, bundles); - for stdin; repeatable',
        collect,
      )
      .option(
        '--kubeconfig <PATH>',
        'kubeconfig file of the cluster to read (default: $KUBECONFIG, then ~/.kube/config)',
      )
      .option('--context <NAME>', 'kubeconfig context to use (default: the current context)')
      .option('--sim <SCENARIO>', 'diagnose a simulator scenario, run in process (see: handoff sim list)')
      .option(
        '--at <DURATION>',
        "with --sim: how long to run the scenario (default: the scenario's own duration)",
      )
      .option(
        '-w, --watch',
        'live clusters: keep watching and print each target whose verdict, stage or reason changes (Ctrl-C stops)',
      )
      .option(
        '--probe',
        "live clusters: GET Running pods' readiness/liveness HTTP endpoints through pods/proxy (at most 20)",
      ),
  );
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

Exit codes: 0 nothing failed, 1 a target failed, 2 usage or input error, 3 cluster unreachable, 4 check timed out.`,
    );

  const diagnoseCommand = diagnoseOptions(
    program.command('diagnose', { isDefault: true }).description('diagnose targets (the default command)'),
  ).option(
    '--speed <X>',
    'with --sim in the terminal UI: run the scenario live, X simulated seconds per real second (0 freezes time)',
  );
  diagnoseCommand.options
    .find((o) => o.long === '--output')
    ?.default('text', 'tui on an interactive terminal (not in CI, not TERM=dumb), text otherwise');
  diagnoseCommand.action(async (targets: string[], opts: TuiOptions & WatchOptions, cmd: Command) => {
    // The default of -o is decided now: the TUI on a terminal, plain text in pipes, CI and dumb terminals.
    const output = cmd.getOptionValueSource('output') === 'default' ? defaultOutput(io) : opts.output;
    if (output === 'tui') {
      code = await runTui(targets, opts, io);
      return;
    }
    if (opts.speed !== undefined)
      throw new UsageError('--speed only applies to the terminal UI (-o tui) with --sim');
    const chosen = { ...opts, ...(output === undefined ? {} : { output }) };
    code = opts.watch === true ? await runWatch(targets, chosen, io) : await runDiagnose(targets, chosen, io);
  });
  program
    .command('check')
    .description(
      'CI gate: wait until every target is Ready (Succeeded for Jobs) or definitely failed; exit 0, 1, or 4 on timeout',
    )
    .argument('[TARGET...]', 'pod/NAME, NAME, deploy/NAME, sts/NAME, ds/NAME, job/NAME, svc/NAME')
    .option('-n, --namespace <NS>', "only targets in this namespace (live: default the context's)")
    .option('-A, --all-namespaces', 'targets in every namespace')
    .option('-l, --selector <SELECTOR>', 'only pods whose labels match')
    .option('--timeout <DURATION>', 'give up after this long (simulated time with --sim)', '5m')
    .option('--fail-fast', 'stop at the first definite failure instead of waiting for every target')
    .option(
      '--report <KIND=PATH>',
      'write a report at the end: junit=PATH, markdown=PATH or json=PATH (repeatable)',
      collect,
    )
    .addOption(
      new Option('--annotations <FORMAT>', 'print CI annotations for failed targets').choices(['github']),
    )
    .option(
      '--slo <NAME=BUDGET>',
      'also fail pods whose startup (excluding image pulls and init containers) exceeded the budget, e.g. startup=5s',
      collect,
    )
    .option('--settle <DURATION>', 'how long Ready targets must stay Ready before the check passes', '10s')
    .option('--sim <SCENARIO>', 'check a simulator scenario, advancing simulated time')
    .option('-f, --file <PATH>', 'check saved evidence once (post-mortem); repeatable', collect)
    .option('--kubeconfig <PATH>', 'kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
    .option('--context <NAME>', 'kubeconfig context (default: the current context)')
    .addOption(
      new Option('-o, --output <FORMAT>', 'progress lines and report (text) or JSON lines (json)')
        .choices(['text', 'json'])
        .default('text'),
    )
    .option('--now <TIME>', 'with -f: reference time for grace periods (RFC 3339)')
    .option('-v, --verbose', 'show healthy targets in full')
    .addHelpText(
      'after',
      `
Examples:
  handoff check deploy/web -n shop --timeout 5m             after kubectl apply, in a pipeline
  handoff check -n shop --report junit=out/handoff.xml --report markdown=out/handoff.md --annotations github
  handoff check -A -o json                                  JSON lines (the in-cluster CronJob)
  handoff check --sim image-pull-not-found                  on a simulator scenario, in simulated time

Exit codes: 0 all ready, 1 a target failed (as soon as that is definite), 2 usage, 3 cluster unreachable,
4 timed out while targets were still progressing. See docs/github-action.md.`,
    )
    .action(async (targets: string[], opts: CheckOptions) => {
      code = await runCheck(targets, opts, io);
    });
  program
    .command('capture')
    .description('save the evidence a live diagnosis reads as a bundle (secrets redacted) for handoff -f')
    .argument('[TARGET...]', 'pod/NAME, NAME, deploy/NAME, sts/NAME, ds/NAME, job/NAME, svc/NAME')
    .option('--out <PATH>', 'the bundle file to write (.yaml or .json)')
    .option('--force', 'replace an existing --out file')
    .option('-n, --namespace <NS>', "the namespace to read (default: the context's)")
    .option('-A, --all-namespaces', 'every namespace')
    .option('-l, --selector <SELECTOR>', 'only pods whose labels match')
    .option('--kubeconfig <PATH>', 'kubeconfig file (default: $KUBECONFIG, then ~/.kube/config)')
    .option('--context <NAME>', 'kubeconfig context (default: the current context)')
    .addOption(
      new Option('-o, --output <FORMAT>', 'bundle format (default: from the --out extension)').choices([
        'yaml',
        'json',
      ]),
    )
    .action(async (targets: string[], opts: CaptureOptions) => {
      code = await runCapture(targets, opts, io);
    });
  const sim = program
    .command('sim')
    .description('the bundled cluster simulator: scenarios that walk pods through the handoff chain');
  sim
    .command('list')
    .description('the built-in scenarios, one a line with a description')
    .option('--wide', "also show each scenario's stage folder, duration and expected diagnosis")
    .action((opts: { wide?: boolean }) => {
      code = runSimList(io, opts);
    });
  scopeAndOutputOptions(
    sim
      .command('run')
      .description('run a scenario in process and print its diagnosis')
      .argument('<SCENARIO>', 'a built-in scenario name (handoff sim list) or a path to a scenario file')
      .argument('[TARGET...]', 'only these targets, as for diagnose')
      .option('--at <DURATION>', "how long to run the scenario (default: the scenario's own duration)"),
  ).action(async (scenario: string, targets: string[], opts: DiagnoseOptions) => {
    code = await runDiagnose(targets, { ...opts, sim: scenario }, io);
  });
  sim
    .command('serve')
    .description(
      'serve a scenario as a Kubernetes API on 127.0.0.1 (for kubectl and handoff --kubeconfig) until stopped',
    )
    .option('--scenario <NAME|PATH>', 'a built-in scenario or a scenario file', 'default')
    .option('--port <N>', 'port to listen on (0: any free port)', '0')
    .option('--speed <X>', 'simulated seconds per real second once serving (0 freezes time)', '1')
    .option(
      '--at <DURATION>',
      "run the scenario this far before serving (default: the scenario's own duration)",
    )
    .option('--write-kubeconfig <PATH>', 'write a kubeconfig for this server once it listens')
    .option('--force', 'replace an existing --write-kubeconfig file')
    .action(async (opts: SimServeOptions) => {
      code = await runSimServe(opts, io);
    });
  sim
    .command('generate')
    .description('write a synthetic cluster scenario: many nodes and pods, mostly healthy, some failing')
    .requiredOption('--nodes <N>', 'number of nodes')
    .requiredOption('--pods <M>', 'number of pods')
    .option('--seed <S>', 'seed for the mix (same seed, same scenario)')
    .requiredOption('--out <PATH>', 'the scenario file to write')
    .option('--force', 'replace an existing --out file')
    .action((opts: SimGenerateOptions) => {
      code = runSimGenerate(opts, io);
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
