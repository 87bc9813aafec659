/**
 * `handoff [diagnose]`, the default command: one report, a `--watch` of a live cluster, or the
 * terminal UI, by `-o` and `-w`.
 */
import type { Command } from 'commander';
import { UsageError } from '../../errors/index.js';
import {
  clusterOptions,
  fileOption,
  judgingOptions,
  NOW_HELP,
  outputOption,
  scopeOptions,
  type RegisterCommand,
} from '../options.js';
import { OUTPUT_FORMATS, runDiagnose } from './diagnose.js';
import { defaultOutput, runTui, type TuiOptions } from './tui.js';
import { DEFAULT_WATCH_TIMEOUT, runWatch, type WatchOptions } from './watch.js';

export const FILE_HELP =
  'evidence: a file or directory of JSON/YAML (kubectl get -o yaml|json, Lists, cluster-info dump, bundles), or pasted kubectl output; - for stdin; repeatable';

/** The options of a one-shot diagnosis: scope, evidence source, output. */
export function diagnoseOptions(cmd: Command): Command {
  return judgingOptions(
    outputOption(
      clusterOptions(fileOption(scopeOptions(cmd), FILE_HELP))
        .option('--sim <SCENARIO>', 'diagnose a simulator scenario, run in process (see: handoff sim list)')
        .option(
          '--at <DURATION>',
          "with --sim: how long to run the scenario (default: the scenario's own duration)",
        ),
      OUTPUT_FORMATS,
      'text',
    ),
    NOW_HELP,
  );
}

export const registerDiagnose: RegisterCommand = (program, { io, exit }) => {
  const cmd = diagnoseOptions(
    program.command('diagnose', { isDefault: true }).description('diagnose targets (the default command)'),
  )
    .option(
      '-w, --watch',
      'live clusters: keep watching and print each target whose verdict, stage or reason changes (Ctrl-C stops)',
    )
    .option(
      '--watch-timeout <DURATION>',
      `with -w: exit 3 when the API server has not answered for this long; meanwhile the watch says it is stale and reconnects with back-off (0: never give up; default ${DEFAULT_WATCH_TIMEOUT})`,
    )
    .option(
      '--probe',
      "live clusters: GET Running pods' readiness/liveness HTTP endpoints through pods/proxy (at most 20)",
    )
    .option(
      '--speed <X>',
      'with --sim in the terminal UI: run the scenario live, X simulated seconds per real second (0 freezes time)',
    );
  cmd.options
    .find((o) => o.long === '--output')
    ?.default('text', 'tui on an interactive terminal (not in CI, not TERM=dumb), text otherwise');
  cmd.action(async (targets: string[], opts: TuiOptions & WatchOptions, self: Command) => {
    // The default of -o is decided now: the TUI on a terminal, plain text in pipes, CI and dumb terminals.
    const output = self.getOptionValueSource('output') === 'default' ? defaultOutput(io) : opts.output;
    if (opts.watchTimeout !== undefined && opts.watch !== true)
      throw new UsageError(
        '--watch-timeout only applies to --watch',
        'e.g. handoff -w -n shop --watch-timeout 10m',
      );
    if (output === 'tui') {
      exit(await runTui(targets, opts, io));
      return;
    }
    if (opts.speed !== undefined)
      throw new UsageError('--speed only applies to the terminal UI (-o tui) with --sim');
    const chosen = { ...opts, ...(output === undefined ? {} : { output }) };
    exit(opts.watch === true ? await runWatch(targets, chosen, io) : await runDiagnose(targets, chosen, io));
  });
};
