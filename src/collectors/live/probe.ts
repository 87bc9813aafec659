import type { Pod, Probe, ProbeResult } from '../../model/index.js';
import { runBounded } from './collection.js';
import type { Connection } from './kubeconfig.js';
import { dateOf, systemClock } from '../../k8s/index.js';

export interface ProbeOptions {
  /** Probes sent per run at most; 20 by default. */
  readonly max?: number;
  /** Probes in flight at once; 4 by default. */
  readonly concurrency?: number;
  /** Stamps `at`; real time by default. */
  readonly now?: () => Date;
}

export interface ProbeRun {
  readonly results: readonly ProbeResult[];
  readonly notes: readonly string[];
  /** GETs sent. */
  readonly requests: number;
}

interface Planned {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly probe: ProbeResult['probe'];
  /** `/api/v1/namespaces/NS/pods/NAME:PORT/proxy/PATH` */
  readonly path: string;
  readonly timeoutMs: number;
}

const KINDS = [
  ['readiness', 'readinessProbe'],
  ['liveness', 'livenessProbe'],
] as const;

/**
 * Active probes: the readiness and liveness httpGet endpoints of Running pods, fetched through
 * the API server's pods/proxy (a GET only). A 403 on pods/proxy stops the run with a note.
 */
export async function probePods(
  connection: Connection,
  pods: readonly Pod[],
  options: ProbeOptions = {},
): Promise<ProbeRun> {
  const max = options.max ?? 20;
  const planned = plan(pods);
  const notes: string[] = [];
  if (planned.length > max)
    notes.push(`probed ${max} of ${planned.length} HTTP probe endpoints (--probe sends at most ${max})`);
  const results: ProbeResult[] = [];
  let requests = 0;
  let forbidden: string | undefined;
  const now = options.now ?? dateOf(systemClock);
  const tasks = planned.slice(0, max).map((p) => async (): Promise<void> => {
    if (forbidden !== undefined) return;
    const at = now().toISOString();
    const started = performance.now();
    const base = { namespace: p.namespace, pod: p.pod, container: p.container, probe: p.probe, url: p.path };
    try {
      requests++;
      const res = await connection.request(p.path, undefined, {
        accept: 'text/plain, */*',
        timeoutMs: p.timeoutMs,
      });
      const latencyMs = Math.round(performance.now() - started);
      const apiError = apiStatus(res.body);
      if (res.status === 403 && apiError !== undefined) {
        forbidden = apiError;
        return;
      }
      if (apiError !== undefined && res.status >= 500 && /error trying to reach/i.test(apiError)) {
        results.push({ ...base, error: apiError, latencyMs, at });
        return;
      }
      results.push({ ...base, statusCode: res.status, latencyMs, at });
    } catch (err) {
      const latencyMs = Math.round(performance.now() - started);
      results.push({ ...base, error: err instanceof Error ? err.message : String(err), latencyMs, at });
    }
  });
  await runBounded(tasks, options.concurrency ?? 4);
  if (forbidden !== undefined)
    notes.push(`active probes were not sent: pods/proxy is forbidden (${forbidden})`);
  return { results, notes, requests };
}

/**
 * The probes to send: httpGet readiness/liveness probes over http of the running containers of
 * Running pods with an IP. A container that waits (a restart back-off) runs no process, so a GET
 * would only be refused: it says nothing about the probe and is not sent.
 */
function plan(pods: readonly Pod[]): Planned[] {
  const out: Planned[] = [];
  for (const pod of pods) {
    if (pod.status.phase !== 'Running' || !pod.status.podIP) continue;
    const namespace = pod.metadata.namespace ?? 'default';
    for (const c of pod.spec.containers) {
      const status = pod.status.containerStatuses?.find((s) => s.name === c.name);
      if (status?.state !== undefined && status.state.running === undefined) continue;
      for (const [probe, field] of KINDS) {
        const spec: Probe | undefined = c[field];
        const get = spec?.httpGet;
        if (get === undefined || (get.scheme !== undefined && get.scheme.toUpperCase() !== 'HTTP')) continue;
        const port = resolvePort(get.port, c.ports);
        if (port === undefined) continue;
        const rel = (get.path ?? '/').replace(/^\/+/, '');
        out.push({
          namespace,
          pod: pod.metadata.name,
          container: c.name,
          probe,
          path: `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod.metadata.name)}:${port}/proxy/${rel}`,
          timeoutMs: Math.max(1, spec?.timeoutSeconds ?? 1) * 1000,
        });
      }
    }
  }
  return out;
}

function resolvePort(
  port: number | string,
  ports: readonly { readonly name?: string; readonly containerPort: number }[] | undefined,
): number | undefined {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  return ports?.find((p) => p.name === port)?.containerPort;
}

/** The message of an API server Status body (the proxy's own failure), else undefined. */
function apiStatus(body: Buffer): string | undefined {
  const text = body.toString('utf8', 0, Math.min(body.length, 4096)).trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'kind' in parsed && parsed.kind === 'Status') {
      return 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : 'Status';
    }
  } catch {
    // the pod's own answer
  }
  return undefined;
}
