/**
 * `handoff capture [TARGET...] --out PATH`: reads the same evidence a live diagnosis reads and
 * writes it as an evidence bundle (secrets redacted) that `handoff -f PATH` replays offline.
 */
import { renderBundle, redactObject, writeBundle } from '../../collectors/capture.js';
import { collectLive, loadConnection, type Connection } from '../../collectors/live/index.js';
import { UsageError } from '../../errors/index.js';
import { EXIT, type CliIO } from '../io.js';
import { parseLabelSelector, parseTarget } from '../pipeline/scope.js';

export interface CaptureOptions {
  readonly out?: string;
  readonly force?: boolean;
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly selector?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly output?: string;
}

async function serverVersion(connection: Connection): Promise<string | undefined> {
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
  if (opts.namespace !== undefined && opts.allNamespaces === true)
    throw new UsageError('-n/--namespace and -A/--all-namespaces cannot be used together');
  const format = opts.output ?? (opts.out.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'yaml' && format !== 'json')
    throw new UsageError(`-o/--output: "${format}" is not yaml or json`);
  const targets = targetArgs.map(parseTarget);
  if (opts.selector !== undefined) parseLabelSelector(opts.selector);
  const connection = loadConnection({
    ...(opts.kubeconfig === undefined ? {} : { kubeconfig: opts.kubeconfig }),
    ...(opts.context === undefined ? {} : { context: opts.context }),
    env: io.env,
  });
  const objects: unknown[] = [];
  const scope = {
    ...(opts.namespace === undefined ? {} : { namespace: opts.namespace }),
    allNamespaces: opts.allNamespaces === true,
    targets: targets.map((t) => ({ kind: t.kind, name: t.name })),
    ...(opts.selector === undefined ? {} : { selector: opts.selector }),
  };
  const [snapshot, version] = await Promise.all([
    collectLive(connection, scope, {
      now: () => new Date(io.now()),
      // Redacted as it arrives: secrets are never held, let alone written.
      onObject: (raw) => objects.push(redactObject(raw)),
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
        ...(targets.length === 0 ? {} : { targets: targets.map((t) => t.text) }),
        ...(opts.selector === undefined ? {} : { selector: opts.selector }),
      },
      objects,
      logs: snapshot.logs,
      probes: snapshot.probes,
    },
    format,
  );
  writeBundle(opts.out, text, opts.force === true);
  for (const m of snapshot.missing)
    io.stderr.write(
      `handoff: note: not in the bundle: ${m.kind}${m.namespace === undefined ? '' : ` in ${m.namespace}`}: ${m.why}\n`,
    );
  io.stdout.write(
    `wrote ${opts.out}: ${objects.length} objects, ${snapshot.logs.length} log tails (secrets redacted)\n`,
  );
  return EXIT.ok;
}
