/** `handoff sim …`: the bundled cluster simulator's commands. */
import { judgingOptions, NOW_HELP, outputOption, scopeOptions, type RegisterCommand } from '../options.js';
import { OUTPUT_FORMATS, runDiagnose, type DiagnoseOptions } from '../commands/diagnose.js';
import { runSimGenerate, type SimGenerateOptions } from './generate.js';
import { runSimList } from './list.js';
import { runSimServe, scenarioOf, type SimServeOptions } from './serve.js';

export const registerSim: RegisterCommand = (program, { io, exit }) => {
  const sim = program
    .command('sim')
    .description('the bundled cluster simulator: scenarios that walk pods through the handoff chain');
  sim
    .command('list')
    .description('the built-in scenarios, one a line with a description')
    .option('--wide', "also show each scenario's stage folder, duration and expected diagnosis")
    .action((opts: { wide?: boolean }) => {
      exit(runSimList(io, opts));
    });
  judgingOptions(
    outputOption(
      scopeOptions(
        sim
          .command('run')
          .description('run a scenario in process and print its diagnosis')
          .argument('<SCENARIO>', 'a built-in scenario name (handoff sim list) or a path to a scenario file'),
      ).option('--at <DURATION>', "how long to run the scenario (default: the scenario's own duration)"),
      OUTPUT_FORMATS,
      'text',
    ),
    NOW_HELP,
  ).action(async (scenario: string, targets: string[], opts: DiagnoseOptions) => {
    exit(await runDiagnose(targets, { ...opts, sim: scenario }, io));
  });
  sim
    .command('serve')
    .description(
      'serve a scenario as a Kubernetes API on 127.0.0.1 (for kubectl and handoff --kubeconfig) until stopped',
    )
    .argument('[SCENARIO]', 'a built-in scenario (handoff sim list) or a scenario file (default: default)')
    .option('--scenario <NAME|PATH>', 'the same as SCENARIO')
    .option('--port <N>', 'port to listen on (0: any free port)', '0')
    .option('--speed <X>', 'simulated seconds per real second once serving (0 freezes time)', '1')
    .option(
      '--at <DURATION>',
      "run the scenario this far before serving (default: the scenario's own duration)",
    )
    .option('--write-kubeconfig <PATH>', 'write a kubeconfig for this server once it listens')
    .option('--force', 'replace an existing --write-kubeconfig file')
    .action(async (scenario: string | undefined, opts: SimServeOptions) => {
      exit(await runSimServe({ ...opts, scenario: scenarioOf(scenario, opts.scenario) }, io));
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
      exit(runSimGenerate(opts, io));
    });
};
