/**
 * A Service's backends as the EndpointSlice controller sees them: whether it selects pods at all,
 * which pods the slices (or legacy Endpoints) list and whether ready, and evidence lines and
 * commands that show them. Port resolution is in service-ports.ts.
 */
import type { Endpoints, EndpointSlice, Evidence, Pod, Service } from '../../model/index.js';
import { formatSelector } from '../../k8s/index.js';
import type { RuleContext, ServiceContext } from '../types.js';
import { podFinished, podReady } from '../shared/pod-readiness.js';
import { kubectl } from '../shared/kubectl.js';

/** ExternalName Services and Services without a selector (manual endpoints) have no selected backends. */
export function hasSelector(svc: Service): boolean {
  return svc.spec.type !== 'ExternalName' && Object.keys(svc.spec.selector ?? {}).length > 0;
}

/**
 * A Service known only by name (e.g. from a `kubectl get endpoints` table): the evidence holds
 * none of its spec, so "no selector" means "selector unknown", not "manual endpoints".
 */
export function specUnknown(svc: Service): boolean {
  const s = svc.spec;
  return (
    s.selector === undefined &&
    (s.ports === undefined || s.ports.length === 0) &&
    s.type === undefined &&
    s.clusterIP === undefined &&
    s.externalName === undefined
  );
}

/** The label the EndpointSlice controller puts on the slices it manages for a Service's selector. */
const MANAGED_BY = 'endpointslice.kubernetes.io/managed-by';
const SLICE_CONTROLLER = 'endpointslice-controller.k8s.io';

/**
 * The Service has a selector the evidence does not show: its spec is unknown (a name in a
 * `kubectl get endpoints` table), or only a `kubectl get svc` row (which prints no SELECTOR
 * column without -o wide) holds it while the controllers manage its endpoints. The endpoints
 * controller writes an Endpoints object, and the EndpointSlice controller slices, only for
 * Services with a selector, so an empty Endpoints object or a controller-managed slice says
 * there is one.
 */
export function selectorUnknown(
  svc: Service,
  slices: readonly EndpointSlice[],
  endpoints: Endpoints | undefined,
): boolean {
  const s = svc.spec;
  if (s.selector !== undefined || s.type === 'ExternalName' || s.externalName !== undefined) return false;
  if (specUnknown(svc)) return true;
  return (
    (endpoints !== undefined && endpoints.subsets.length === 0) ||
    slices.some((sl) => sl.metadata.labels?.[MANAGED_BY] === SLICE_CONTROLLER)
  );
}

/**
 * Pods of the Service's namespace that may be its not-ready backends although the evidence
 * cannot show the selector matches them: not Ready (nor finished, nor being deleted), and either
 * the selector or their labels are not in the evidence. `kubectl get endpoints` and
 * `kubectl describe svc` print only ready addresses, so such pods explain a `<none>` as well as a
 * selector that matches nothing does.
 */
export function possibleUnreadyBackends(ctx: ServiceContext): readonly Pod[] {
  const svc = ctx.service;
  const selectorKnown = !selectorUnknown(svc, ctx.endpointSlices, ctx.endpoints) && hasSelector(svc);
  return ctx.index
    .podsInNamespace(svc.metadata.namespace ?? '')
    .filter(
      (p) =>
        (!selectorKnown || p.metadata.labels === undefined) &&
        !podReady(p) &&
        !podFinished(p) &&
        p.metadata.deletionTimestamp === undefined,
    );
}

export function endpointsCollected(ctx: RuleContext): boolean {
  return ctx.collected.has('endpointslices') || ctx.collected.has('endpoints');
}

export interface Membership {
  /** Pod names (targetRef) and IPs listed, with their ready condition (undefined = unknown, counts as ready). */
  readonly pods: ReadonlyMap<string, boolean>;
  readonly ips: ReadonlyMap<string, boolean>;
  readonly total: number;
  readonly ready: number;
  /** Endpoints listed without a Pod targetRef (a table's ENDPOINTS column gives addresses only). */
  readonly unnamed: number;
}

/** Every endpoint the slices and the Endpoints object list for one Service. */
export function membership(slices: readonly EndpointSlice[], endpoints: Endpoints | undefined): Membership {
  const pods = new Map<string, boolean>();
  const ips = new Map<string, boolean>();
  let total = 0;
  let ready = 0;
  let unnamed = 0;
  const add = (name: string | undefined, addresses: readonly string[], isReady: boolean): void => {
    total++;
    if (isReady) ready++;
    if (name === undefined) unnamed++;
    if (name !== undefined) pods.set(name, (pods.get(name) ?? false) || isReady);
    for (const ip of addresses) ips.set(ip, (ips.get(ip) ?? false) || isReady);
  };
  for (const slice of slices) {
    for (const e of slice.endpoints) {
      const name = e.targetRef?.kind === 'Pod' ? e.targetRef.name : undefined;
      add(name, e.addresses, e.conditions?.ready !== false);
    }
  }
  for (const subset of endpoints?.subsets ?? []) {
    for (const a of subset.addresses ?? []) add(a.targetRef?.name, [a.ip], true);
    for (const a of subset.notReadyAddresses ?? []) add(a.targetRef?.name, [a.ip], false);
  }
  return { pods, ips, total, ready, unnamed };
}

/**
 * Whether the slices/Endpoints prove the pod is not among them: they do not list it, and either its
 * IP is known or every endpoint they list is named (a `get pods` row without -o wide gives no IP,
 * and a table's ENDPOINTS column no names: then the pod may be any of the addresses).
 */
export function provenUnlisted(m: Membership, pod: Pod): boolean {
  if (listed(m, pod)) return false;
  const ip = pod.status.podIP;
  return (ip !== undefined && ip !== '') || m.unnamed === 0;
}

/** Whether the slices/Endpoints list the pod at all (by targetRef name or pod IP). */
export function listed(m: Membership, pod: Pod): boolean {
  if (m.pods.has(pod.metadata.name)) return true;
  const ip = pod.status.podIP;
  return ip !== undefined && ip !== '' && m.ips.has(ip);
}

/** `EndpointSlice web-abcde: 2 endpoints (web-1 ready, web-2 not ready)`; Endpoints likewise. */
export function endpointEvidence(
  slices: readonly EndpointSlice[],
  endpoints: Endpoints | undefined,
  svcName: string,
): Evidence[] {
  const out: Evidence[] = [];
  for (const s of slices) {
    const list = s.endpoints
      .slice(0, 5)
      .map(
        (e) =>
          `${e.targetRef?.name ?? e.addresses.join('/')} ${e.conditions?.ready === false ? 'not ready' : 'ready'}`,
      );
    const more = s.endpoints.length > 5 ? `, +${s.endpoints.length - 5} more` : '';
    out.push({
      source: 'endpointslice',
      text: `EndpointSlice ${s.metadata.name}: ${s.endpoints.length} endpoint${s.endpoints.length === 1 ? '' : 's'}${list.length > 0 ? ` (${list.join(', ')}${more})` : ''}`,
    });
  }
  if (endpoints !== undefined) {
    const ready = endpoints.subsets.flatMap((s) => s.addresses ?? []).length;
    const notReady = endpoints.subsets.flatMap((s) => s.notReadyAddresses ?? []).length;
    out.push({
      source: 'endpointslice',
      text: `Endpoints ${endpoints.metadata.name}: ${ready + notReady === 0 ? '<none>' : `${ready} ready, ${notReady} not ready addresses`}`,
    });
  }
  if (out.length === 0)
    out.push({
      source: 'endpointslice',
      text: `no EndpointSlice or Endpoints object for Service ${svcName}`,
    });
  return out;
}

/** `Service default/web selector app=web, ports http 80->8080/TCP`. */
export function serviceEvidence(svc: Service): Evidence {
  const ports = (svc.spec.ports ?? []).map(
    (p) => `${p.name ? `${p.name} ` : ''}${p.port}->${p.targetPort ?? p.port}/${p.protocol ?? 'TCP'}`,
  );
  return {
    source: 'service',
    text: `Service ${svc.metadata.namespace ?? ''}/${svc.metadata.name} selector ${formatSelector(svc.spec.selector) || '(none)'}, ports ${ports.join(', ') || '(none)'}`,
  };
}

/** The commands that show a Service's backends. */
export function serviceCommands(svc: Service): string[] {
  const { name, namespace } = svc.metadata;
  const selector = formatSelector(svc.spec.selector);
  return [
    kubectl.describe('service', name, namespace),
    kubectl.raw(
      `get endpointslices${kubectl.nsFlag(namespace)} -l kubernetes.io/service-name=${kubectl.quote(name)} -o wide`,
    ),
    ...(selector === ''
      ? []
      : [kubectl.raw(`get pods${kubectl.nsFlag(namespace)} -l ${kubectl.quote(selector)} -o wide`)]),
  ];
}
