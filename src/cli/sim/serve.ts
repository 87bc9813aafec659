/**
 * `handoff sim serve`: runs a scenario to a moment, then serves it as a Kubernetes API on
 * 127.0.0.1 (simulated time keeps running at --speed) until SIGINT/SIGTERM. The kubeconfig is
 * written only once the port is listening, so a script that waits for the file can use it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/index.js';
import { ADMIN_TOKEN } from '../../simulator/api/types.js';
import { startApiServer } from '../../simulator/http/server.js';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import { Simulation } from '../../simulator/simulation.js';
import { EXIT, type CliIO } from '../io.js';
import { parseAt } from '../pipeline/collect.js';

export interface SimServeOptions {
  readonly scenario?: string;
  readonly port?: string | number;
  readonly speed?: string | number;
  readonly at?: string;
  readonly writeKubeconfig?: string;
  readonly force?: boolean;
  /** Stops serving when aborted (tests); the process signals do the same. */
  readonly signal?: AbortSignal;
  /** Called once listening, with the URL (tests). */
  readonly onListening?: (url: string) => void;
}

export const KUBECONFIG_CONTEXT = 'handoff-sim';

export function kubeconfigYaml(url: string, token = ADMIN_TOKEN): string {
  return `apiVersion: v1
kind: Config
clusters:
  - name: ${KUBECONFIG_CONTEXT}
    cluster:
      server: ${url}
users:
  - name: ${KUBECONFIG_CONTEXT}-admin
    user:
      token: ${token}
contexts:
  - name: ${KUBECONFIG_CONTEXT}
    context:
      cluster: ${KUBECONFIG_CONTEXT}
      user: ${KUBECONFIG_CONTEXT}-admin
      namespace: default
current-context: ${KUBECONFIG_CONTEXT}
preferences: {}
`;
}

function number(
  flag: string,
  value: string | number | undefined,
  fallback: number,
  integer: boolean,
): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0 || (integer && (!Number.isInteger(n) || n > 65535)))
    throw new UsageError(
      `${flag}: "${String(value)}" is not ${integer ? 'a port number' : 'a speed'}`,
      integer
        ? 'use --port 0 for any free port'
        : 'use e.g. --speed 1 (real time), --speed 60 (a minute a second), --speed 0 (frozen)',
    );
  return n;
}

/** `sim serve [SCENARIO]` or `--scenario`: one of them, or both naming the same. */
export function scenarioOf(positional: string | undefined, flag: string | undefined): string {
  if (positional !== undefined && flag !== undefined && positional !== flag)
    throw new UsageError(
      `sim serve: the scenario is named twice (${positional} and --scenario ${flag})`,
      'name it once: handoff sim serve NAME',
    );
  return positional ?? flag ?? 'default';
}

export async function runSimServe(opts: SimServeOptions, io: CliIO): Promise<number> {
  const port = number('--port', opts.port, 0, true);
  const speed = number('--speed', opts.speed, 1, false);
  const kubeconfig = opts.writeKubeconfig === undefined ? undefined : resolve(opts.writeKubeconfig);
  if (kubeconfig !== undefined && existsSync(kubeconfig) && opts.force !== true)
    throw new UsageError(
      `--write-kubeconfig: ${opts.writeKubeconfig ?? ''} already exists; not overwriting it`,
      'pass --force to replace it, or name another file',
    );
  const loaded = resolveScenario(opts.scenario ?? 'default');
  const at = parseAt(opts.at, loaded);
  // Start the world so that its "now" is the wall clock's once it has run to --at: kubectl
  // describe computes ages on the client, against the wall clock.
  const scenario = { ...loaded, start: Math.floor(io.now() / 1000) * 1000 - at };
  const sim = new Simulation(scenario);
  sim.run(at);
  const server = await startApiServer(sim, { port, speed }).catch((err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      throw new UsageError(
        `--port ${port}: ${code === 'EADDRINUSE' ? 'the port is in use on 127.0.0.1' : 'not allowed to listen on that port'}`,
        'use another --port, or --port 0 for any free port',
      );
    throw err;
  });
  try {
    if (kubeconfig !== undefined) writeFileSync(kubeconfig, kubeconfigYaml(server.url), { mode: 0o600 });
    io.stdout.write(
      `serving scenario ${scenario.name} on ${server.url}${kubeconfig === undefined ? '' : ` (kubeconfig: ${opts.writeKubeconfig ?? ''})`}\n`,
    );
    opts.onListening?.(server.url);
    await new Promise<void>((done) => {
      const finish = (): void => {
        process.off('SIGINT', finish);
        process.off('SIGTERM', finish);
        opts.signal?.removeEventListener('abort', finish);
        done();
      };
      process.once('SIGINT', finish);
      process.once('SIGTERM', finish);
      if (opts.signal?.aborted === true) finish();
      else opts.signal?.addEventListener('abort', finish);
    });
  } finally {
    await server.close();
  }
  return EXIT.ok;
}
