/**
 * pods/log: the apiserver's checks (which container) and then the kubelet's
 * (validateContainerLogStatus: waiting, previous), with their messages verbatim; both reach
 * the client as 400 BadRequest Status errors.
 */
import { notFound } from '../api/status.js';
import type { LogLine } from '../world/world.js';
import type { PodObj } from '../world/types.js';
import type { RequestContext } from './context.js';
import { HttpError, badRequest } from './respond.js';
import type { ResourceRoute } from './route.js';

/** Go's time.RFC3339Nano: fractional seconds with trailing zeros trimmed. */
export function rfc3339Nano(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.replace(/\.(\d{3})Z$/, (_m, frac: string) => {
    const trimmed = frac.replace(/0+$/, '');
    return trimmed === '' ? 'Z' : `.${trimmed}Z`;
  });
}

function pickContainer(pod: PodObj, requested: string | null): string {
  const name = pod.metadata.name;
  const app = pod.spec.containers.map((c) => c.name);
  const init = (pod.spec.initContainers ?? []).map((c) => c.name);
  if (requested === null || requested === '') {
    if (app.length === 1 && app[0] !== undefined) return app[0];
    let message = `a container name must be specified for pod ${name}, choose one of: [${app.join(' ')}]`;
    if (init.length > 0) message += ` or one of the init containers: [${init.join(' ')}]`;
    throw badRequest(message);
  }
  if (!app.includes(requested) && !init.includes(requested))
    throw badRequest(`container ${requested} is not valid for pod ${name}`);
  return requested;
}

/** The kubelet's validateContainerLogStatus. */
function checkStatus(pod: PodObj, container: string, previous: boolean): void {
  const podName = pod.metadata.name;
  const statuses = [...(pod.status.containerStatuses ?? []), ...(pod.status.initContainerStatuses ?? [])];
  const cs = statuses.find((s) => s.name === container);
  if (cs === undefined) {
    throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: ContainerCreating`);
  }
  const state = cs.state ?? {};
  const last = cs.lastState ?? {};
  if (previous) {
    if (last.terminated === undefined)
      throw badRequest(`previous terminated container "${container}" in pod "${podName}" not found`);
    return;
  }
  if (state.running !== undefined || state.terminated !== undefined || last.terminated !== undefined) return;
  const reason = state.waiting?.reason;
  if (reason === 'ErrImagePull')
    throw badRequest(
      `container "${container}" in pod "${podName}" is waiting to start: image can't be pulled`,
    );
  if (reason === 'ImagePullBackOff')
    throw badRequest(
      `container "${container}" in pod "${podName}" is waiting to start: trying and failing to pull image`,
    );
  if (reason !== undefined)
    throw badRequest(`container "${container}" in pod "${podName}" is waiting to start: ${reason}`);
  throw badRequest(`container "${container}" in pod "${podName}" is waiting to start - no logs yet`);
}

function format(lines: readonly LogLine[], timestamps: boolean): string {
  return lines.map((l) => (timestamps ? `${rfc3339Nano(l.at)} ${l.text}\n` : `${l.text}\n`)).join('');
}

export function podLogs(ctx: RequestContext, route: ResourceRoute, name: string): void {
  const { sim } = ctx.state;
  const q = ctx.url.searchParams;
  const ns = route.namespace ?? 'default';
  const pod = sim.store.get<PodObj>('pods', ns, name);
  if (pod === undefined) throw new HttpError(notFound('pods', name));
  const container = pickContainer(pod, q.get('container'));
  const previous = q.get('previous') === 'true';
  checkStatus(pod, container, previous);
  let lines = [...(sim.logs.read(ns, name, container, previous) ?? [])];
  const sinceSeconds = q.get('sinceSeconds');
  if (sinceSeconds !== null) {
    const s = Number(sinceSeconds);
    if (!Number.isInteger(s) || s < 1)
      throw badRequest(
        `PodLogOptions "${name}" is invalid: sinceSeconds: Invalid value: ${sinceSeconds}: must be greater than 0`,
      );
    const from = sim.clock.now() - s * 1000;
    lines = lines.filter((l) => l.at >= from);
  }
  const sinceTime = q.get('sinceTime');
  if (sinceTime !== null) {
    const from = Date.parse(sinceTime);
    if (Number.isNaN(from)) throw badRequest(`invalid sinceTime: ${sinceTime}`);
    lines = lines.filter((l) => l.at >= from);
  }
  const tail = q.get('tailLines');
  if (tail !== null) {
    const n = Number(tail);
    if (!Number.isInteger(n) || n < 0) throw badRequest(`invalid tailLines: ${tail}`);
    lines = n === 0 ? [] : lines.slice(-n);
  }
  const timestamps = q.get('timestamps') === 'true';
  let body = format(lines, timestamps);
  const limitBytes = q.get('limitBytes');
  if (limitBytes !== null && Number(limitBytes) > 0)
    body = Buffer.from(body).subarray(0, Number(limitBytes)).toString('utf8');
  const { res } = ctx;
  if (q.get('follow') !== 'true' || previous) {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
    return;
  }
  // follow: stream what is appended until the container stops or the client leaves.
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' });
  res.write(body);
  // The log keeps its LogLine objects, so the last one sent marks where to continue.
  let lastSent: LogLine | undefined = (sim.logs.read(ns, name, container, false) ?? []).at(-1);
  const timer = setInterval(() => {
    const all = sim.logs.read(ns, name, container, false) ?? [];
    const from = lastSent === undefined ? 0 : all.indexOf(lastSent) + 1;
    const fresh = from === 0 && lastSent !== undefined ? [] : all.slice(from);
    if (fresh.length > 0) {
      res.write(format(fresh, timestamps));
      lastSent = fresh.at(-1);
    }
    const current = sim.store.get<PodObj>('pods', ns, name);
    const cs = current?.status.containerStatuses?.find((s) => s.name === container);
    if (current === undefined || cs?.state?.terminated !== undefined) stop();
  }, 100);
  const stop = (): void => {
    clearInterval(timer);
    ctx.state.watches.delete(stop);
    if (!res.writableEnded) res.end();
  };
  ctx.state.watches.add(stop);
  res.on('close', stop);
}
