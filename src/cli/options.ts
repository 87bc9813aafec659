/**
 * Option builders every command shares, so that a flag means the same and reads the same in
 * every command's help; and the shape of a command's registration.
 */
import { Option, type Command } from 'commander';
import type { CliIO } from './io.js';

/** What a command's registration gets: the IO, and where its action leaves the exit code. */
export interface CommandContext {
  readonly io: CliIO;
  readonly exit: (code: number) => void;
}

/** Adds a command (or a group of commands) under `parent`. */
export type RegisterCommand = (parent: Command, ctx: CommandContext) => void;

/** Accumulates a repeatable option's values. */
export const repeatable = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

export const TARGET_HELP =
  'pod/NAME, NAME, deploy/NAME, rs/NAME, sts/NAME, ds/NAME, job/NAME, cronjob/NAME, svc/NAME';

/** `[TARGET...]`, `-n`, `-A` and `-l`: what to look at. */
export function scopeOptions(cmd: Command): Command {
  return cmd
    .argument('[TARGET...]', TARGET_HELP)
    .option('-n, --namespace <NS>', "only targets in this namespace (a live cluster: default the context's)")
    .option('-A, --all-namespaces', 'targets in every namespace (the default for files and scenarios)')
    .option(
      '-l, --selector <SELECTOR>',
      'only pods whose labels match, as kubectl -l takes it (app=web,tier!=db)',
    );
}

/** `--kubeconfig` and `--context`: which live cluster. */
export function clusterOptions(cmd: Command): Command {
  return cmd
    .option(
      '--kubeconfig <PATH>',
      'kubeconfig file of the cluster to read (default: $KUBECONFIG, then ~/.kube/config)',
    )
    .option('--context <NAME>', 'kubeconfig context to use (default: the current context)');
}

/** `-f`: saved evidence. */
export function fileOption(cmd: Command, help: string): Command {
  return cmd.option('-f, --file <PATH>', help, repeatable);
}

/** `-o`: one of `formats`. */
export function outputOption(
  cmd: Command,
  formats: readonly string[],
  defaultValue: string | undefined,
  help = 'output format',
): Command {
  const option = new Option('-o, --output <FORMAT>', help).choices([...formats]);
  return cmd.addOption(defaultValue === undefined ? option : option.default(defaultValue));
}

/** `--now` and `-v`: the reference time and how much of the healthy to show. */
export function judgingOptions(cmd: Command, nowHelp: string): Command {
  return cmd.option('--now <TIME>', nowHelp).option('-v, --verbose', 'show healthy targets in full');
}

export const NOW_HELP =
  'reference time for grace periods (RFC 3339); default: the capture time or the newest time in the evidence';
