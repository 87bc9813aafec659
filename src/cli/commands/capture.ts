/**
 * `handoff capture [TARGET...] --out PATH`: reads the same evidence a live diagnosis reads and
 * writes it as an evidence bundle (secrets redacted) that `handoff -f PATH` replays offline.
 */
import { renderBundle, redactObject } from '../../collectors/capture.js';
import { checkOutputPath, writeOutputFile } from '../output-file.js';
import { collectLive, type Connection } from '../../collectors/live/index.js';
import { connectionFor } from '../pipeline/collect.js';
import { UsageError } from '../../errors/index.js';
import { EXIT, type CliIO } from '../io.js';
import { clusterOptions, outputOption, scopeOptions, type RegisterCommand } from '../options.js';
import { liveScope, parseScope } from '../pipeline/scope.js';

export interface CaptureOptions {
  readonly out?: string;
  readonly force?: boolean;
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly selector?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly output?: string;
  /** `--probe`: also GET the readiness/liveness HTTP endpoints through pods/proxy, kept as `probes`. */
  readonly probe?: boolean;
}

/** The API server's gitVersion (`/version`), undefined when it does not say. */
export async function serverVersion(connection: Connection): Promise<string | undefined> {
  try {
    const res = await connection.request('/version', {}, { timeoutMs: 10_000 });
    if (res.status !== 200) return undefined;
    const body = JSON.parse(res.body.toString('utf8')) as { gitVersion?: unknown };
    return typeof body.gitVersion === 'string' ? body.gitVersion : undefined;
  } catch {
    return undefined;
  }
}

export async function runCapture(
  targetArgs: readonly string[],
  opts: CaptureOptions,
  io: CliIO,
): Promise<number> {
  if (opts.out === undefined)
    throw new UsageError(
      '--out PATH is required',
      'e.g. handoff capture deploy/web -n shop --out web.bundle.yaml',
    );
  const scope = parseScope(targetArgs, opts);
  const format = opts.output ?? (opts.out.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'yaml' && format !== 'json')
    throw new UsageError(`-o/--output: "${format}" is not yaml or json`);
  // "-" is standard output, as kubectl takes it; a file is checked before the cluster is read.
  const toStdout = opts.out === '-';
  const target = { flag: '--out', force: opts.force === true };
  if (!toStdout) checkOutputPath(opts.out, target);
  const connection = connectionFor(opts, io);
  const objects: unknown[] = [];
  const [snapshot, version] = await Promise.all([
    collectLive(connection, liveScope(scope), {
      now: () => new Date(io.now()),
      ...(opts.probe === true ? { probe: true } : {}),
      // Redacted as it arrives: secrets are never held, let alone written.
      onObject: (raw) => objects.push(redactObject(raw)),
      // a bundle is replayed later, against any reference time: it keeps every event it read
      keepAllEvents: true,
    }),
    serverVersion(connection),
  ]);
  const text = renderBundle(
    {
      capturedAt: snapshot.capturedAt ?? new Date(io.now()).toISOString(),
      source: {
        type: 'live',
        context: connection.context,
        server: connection.server,
        ...(version === undefined ? {} : { serverVersion: version }),
      },
      scope: {
        ...(opts.namespace === undefined
          ? { namespace: connection.namespace ?? 'default' }
          : { namespace: opts.namespace }),
        ...(opts.allNamespaces === true ? { allNamespaces: true } : {}),
        ...(scope.targets.length === 0 ? {} : { targets: scope.targets.map((t) => t.text) }),
        ...(opts.selector === undefined ? {} : { selector: opts.selector }),
      },
      collected: snapshot.collected,
      objects,
      logs: snapshot.logs,
      probes: snapshot.probes,
    },
    format,
  );
  if (toStdout) io.stdout.write(text);
  else writeOutputFile(opts.out, text, target);
  for (const m of snapshot.missing)
    io.stderr.write(
      `handoff: note: not in the bundle: ${m.kind}${m.namespace === undefined ? '' : ` in ${m.namespace}`}: ${m.why}\n`,
    );
  if (opts.probe === true)
    for (const n of snapshot.notes.filter((t) => /probe/.test(t))) io.stderr.write(`handoff: note: ${n}\n`);
  const probes = opts.probe === true ? `, ${snapshot.probes.length} probe results` : '';
  // With the bundle on stdout, the summary goes to stderr.
  (toStdout ? io.stderr : io.stdout).write(
    `wrote ${toStdout ? 'the bundle to standard output' : opts.out}: ${objects.length} objects, ${snapshot.logs.length} log tails${probes} (secrets redacted)\n`,
  );
  return EXIT.ok;
}

export const registerCapture: RegisterCommand = (program, { io, exit }) => {
  outputOption(
    clusterOptions(
      scopeOptions(
        program
          .command('capture')
          .description(
            'save the evidence a live diagnosis reads as a bundle (secrets redacted) for handoff -f',
          ),
      )
        .option('--out <PATH>', 'the bundle file to write (.yaml or .json), or - for standard output')
        .option('--force', 'replace an existing --out file (never through a symbolic link)')
        .option(
          '--probe',
          "also GET Running pods' readiness/liveness HTTP endpoints through pods/proxy (at most 20) and keep the answers",
        ),
    ),
    ['yaml', 'json'],
    undefined,
    'bundle format (default: from the --out extension)',
  ).action(async (targets: string[], opts: CaptureOptions) => {
    exit(await runCapture(targets, opts, io));
  });
};
