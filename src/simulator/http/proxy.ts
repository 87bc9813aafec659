/** pods/proxy GET: what the pod's process answers (world.podHttp), as the apiserver relays it. */
import { notFound, status } from '../api/status.js';
import type { PodObj } from '../world/types.js';
import type { RequestContext } from './context.js';
import { HttpError, sendText } from './respond.js';
import type { ResourceRoute } from './route.js';

export function podProxy(ctx: RequestContext, route: ResourceRoute, name: string): void {
  const { sim } = ctx.state;
  const pod = sim.store.get<PodObj>('pods', route.namespace ?? 'default', name);
  if (pod === undefined) throw new HttpError(notFound('pods', name));
  const port = route.port === undefined || route.port === '' ? 80 : resolvePort(pod, route.port);
  if (port === undefined)
    throw new HttpError(status(503, 'InternalError', `no endpoints available for pod "${name}"`));
  const path = `/${route.rest ?? ''}${ctx.url.search}`;
  const ip = pod.status.podIP;
  if (ip === undefined || ip === '') throw new HttpError(status(400, 'BadRequest', `address not allowed`));
  const answer = sim.podHttp(pod, port, path, 30_000);
  if (answer.kind === 'error') {
    const s = status(
      503,
      'InternalError',
      `error trying to reach service: dial tcp ${ip}:${port}: ${answer.message}`,
    );
    (s as { reason: string }).reason = 'ServiceUnavailable';
    throw new HttpError(s);
  }
  sendText(ctx.res, answer.status, answer.body);
}

/** `name:port` where port is a number or a named container port. */
function resolvePort(pod: PodObj, port: string): number | undefined {
  if (/^\d+$/.test(port)) return Number(port);
  for (const c of pod.spec.containers)
    for (const p of (c as { ports?: { name?: string; containerPort: number }[] }).ports ?? [])
      if (p.name === port) return p.containerPort;
  return undefined;
}
