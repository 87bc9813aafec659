/**
 * `handoff preflight -f PATH...`: before anything is applied, which handoff would stop each
 * workload of the manifests, judged against a cluster's current state (a live cluster, a capture
 * bundle, or a simulator scenario's cluster). Read-only: nothing is sent to the cluster but lists (and,
 * with --server-dry-run, creates that store nothing).
 */
import { Option } from 'commander';
import { readSources } from '../../collectors/files/sources.js';
import { parseReports } from '../check/options.js';
import { writeOutputFile } from '../output-file.js';
import { UsageError } from '../../errors/index.js';
import type { DiagnosisReport } from '../../model/index.js';
import type { JudgeInput } from '../../preflight/judge.js';
import { targetsOf } from '../../preflight/targets.js';
import { colour, plain } from '../../report/index.js';
import { EXIT, type CliIO } from '../io.js';
import { outputOption, repeatable, type RegisterCommand } from '../options.js';
import { outputFormat, useColour } from '../commands/diagnose.js';
import { PREFLIGHT_FORMATS, type PreflightOptions } from './options.js';
import { inputObjects } from './input.js';
import { clusterState, stateSource } from './state.js';
import { predict } from './predict.js';
import { askServer } from './server-dry-run.js';
import { preflightAnnotations } from './annotations.js';

export async function runPreflight(opts: PreflightOptions, io: CliIO): Promise<number> {
  const format = outputFormat(opts.output);
  if (opts.annotations !== undefined && format.name !== 'text')
    throw new UsageError(
      '--annotations github prints workflow commands on stdout, which only the text output leaves readable',
      'use -o text with --annotations github',
    );
  const paths = opts.file ?? [];
  if (paths.length === 0)
    throw new UsageError(
      '-f/--file PATH is required: the manifests to judge',
      'e.g. handoff preflight -f k8s/ --sim default, or helm template . | handoff preflight -f - ...',
    );
  // Report paths are refused before anything is read: nothing the user gave is overwritten.
  const reports = parseReports(
    opts.report,
    [...paths, ...(opts.against === undefined ? [] : [opts.against])],
    opts.force === true,
  );
  if (paths.includes('-') && opts.against === '-')
    throw new UsageError('-f - and --against - both read standard input: give one of them a file');
  const from = stateSource(opts, io);
  const { sources } = await readSources(paths, io.stdin);
  const notes: string[] = [];
  const namespace =
    opts.namespace ?? (from.type === 'live' ? from.connection.namespace : undefined) ?? 'default';
  const inputs = inputObjects(sources, namespace, notes);
  if (targetsOf(inputs).length === 0 && !inputs.some((i) => i.object.kind === 'Service'))
    throw new UsageError(
      `${paths.join(', ')}: no workload to judge (Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob or Service)`,
    );
  const namespaces = [
    ...new Set(inputs.map((i) => i.object.metadata.namespace).filter((n): n is string => n !== undefined)),
  ];
  const { state, source } = await clusterState(from, namespaces.length > 0 ? namespaces : [namespace], io);
  for (const m of state.missing) notes.push(`could not read ${m.kind}: ${m.why}`);
  let server: JudgeInput['serverDryRun'];
  if (opts.serverDryRun === true) {
    if (from.type !== 'live')
      throw new UsageError(
        "--server-dry-run asks a live cluster's API server; it cannot be used with --against or --sim",
      );
    const asked = await askServer(from.connection, inputs);
    server = asked.results;
    notes.push(asked.note);
  }
  const results = predict(state, inputs, server);
  const report: DiagnosisReport = {
    kind: 'PreflightReport',
    generatedAt: new Date(io.now()).toISOString(),
    referenceTime: state.at,
    source: { ...source, referenceTime: new Date(state.at).toISOString() },
    diagnoses: results,
  };
  io.stdout.write(
    format.render(report, {
      style: format.name === 'text' && useColour(io) ? colour : plain,
      notes,
      verbose: opts.verbose === true,
      title: 'handoff preflight',
    }),
  );
  if (!format.showsNotes) for (const n of notes) io.stderr.write(`handoff: note: ${n}\n`);
  for (const spec of reports)
    writeOutputFile(
      spec.path,
      spec.format.render(report, { style: plain, notes, verbose: false, title: 'handoff preflight' }),
      spec,
    );
  if (opts.annotations === 'github') for (const l of preflightAnnotations(results)) io.stdout.write(`${l}\n`);
  return results.some((d) => d.preflight?.verdict === 'would-fail') ? EXIT.failed : EXIT.ok;
}

export const registerPreflight: RegisterCommand = (program, { io, exit }) => {
  outputOption(
    program
      .command('preflight')
      .description(
        'before applying manifests, name the handoff that would stop each workload, from the cluster as it is',
      )
      .option(
        '-f, --file <PATH>',
        'manifests as kubectl apply -f takes them: files, folders, - for standard input (repeatable)',
        repeatable,
      )
      .option('-n, --namespace <NS>', 'namespace of input objects that name none (default: default)')
      .option(
        '--kubeconfig <PATH>',
        'kubeconfig of the cluster to judge against (default: $KUBECONFIG, then ~/.kube/config)',
      )
      .option('--context <NAME>', 'kubeconfig context to use (default: the current context)')
      .option(
        '--against <BUNDLE>',
        'judge against a capture bundle (handoff capture --out) instead of a live cluster',
      )
      .addOption(
        new Option(
          '--sim <SCENARIO>',
          "judge against a built-in simulator scenario's cluster (handoff sim list)",
        ),
      )
      .option('-v, --verbose', 'show targets that would pass in full')
      .option(
        '--report <KIND=PATH>',
        'also write a report: junit, markdown, json, yaml or text (repeatable)',
        repeatable,
      )
      .option('--force', 'replace existing --report files (never through a symbolic link)')
      .option(
        '--server-dry-run',
        "also send each object (and a pod of each template) as a create with dryRun=All: the API server's own admission, webhooks included; nothing is stored",
      )
      .addOption(
        new Option('--annotations <FORMAT>', 'also print CI annotations on the manifest lines').choices([
          'github',
        ]),
      ),
    PREFLIGHT_FORMATS,
    undefined,
    'output format (default: text)',
  ).action(async (opts: PreflightOptions) => {
    exit(await runPreflight(opts, io));
  });
};
