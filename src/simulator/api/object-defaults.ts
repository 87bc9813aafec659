/**
 * Defaulting for the kinds besides Pod: Services (cluster IP and node port allocation),
 * workloads and their pod templates, Jobs (generated selector and labels), PVCs.
 */
import type { World } from '../world/world.js';
import type { KObject } from '../world/types.js';
import type { ResourceInfo } from '../world/resources.js';
import { ensure, list, rec, str, type Fields } from './fields.js';
import { defaultPod, defaultPodSpec } from './pod-defaults.js';

/** FNV-1a: a stable hash, so an object gets the same IP in every run and every order. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** 10.96.0.0/12 minus the network address and 10.96.0.1 (the `kubernetes` service). */
const SERVICE_RANGE = 1 << 20;

export function serviceIpAt(offset: number): string {
  const n = (10 << 24) + (96 << 16) + offset;
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/**
 * Cluster IPs and node ports in use, kept from the store's change stream so that allocation
 * does not scan every Service (clusters with thousands of them are benchmarked).
 */
export class ServiceAllocator {
  private readonly ips = new Set<string>();
  private readonly ports = new Set<number>();
  /** What each Service holds, to release it when the Service changes or goes. */
  private readonly held = new Map<string, { ip?: string; ports: number[] }>();

  constructor(world: World) {
    world.store.subscribe((change) => {
      if (change.resource !== 'services') return;
      const key = `${change.namespace}/${change.object.metadata.name}`;
      const before = this.held.get(key);
      if (before?.ip !== undefined) this.ips.delete(before.ip);
      for (const port of before?.ports ?? []) this.ports.delete(port);
      this.held.delete(key);
      if (change.type === 'DELETED') return;
      const spec = rec(change.object.spec);
      const ip = str(spec?.clusterIP);
      const ports = list(spec?.ports)
        .map((p) => p.nodePort)
        .filter((p): p is number => typeof p === 'number');
      const holds = ip !== undefined && ip !== 'None';
      if (holds) this.ips.add(ip);
      for (const port of ports) this.ports.add(port);
      this.held.set(key, { ...(holds ? { ip } : {}), ports });
    });
  }

  clusterIP(key: string): string {
    let offset = 2 + (stableHash(key) % (SERVICE_RANGE - 3));
    while (this.ips.has(serviceIpAt(offset))) offset = offset + 1 >= SERVICE_RANGE - 1 ? 2 : offset + 1;
    return serviceIpAt(offset);
  }

  nodePort(key: string, taken: ReadonlySet<number>): number {
    let port = 30000 + (stableHash(key) % 2768);
    while (this.ports.has(port) || taken.has(port)) port = port >= 32767 ? 30000 : port + 1;
    return port;
  }
}

function defaultService(alloc: ServiceAllocator, svc: KObject): void {
  const spec = ensure(svc, 'spec');
  const type = (spec.type ??= 'ClusterIP') as string;
  spec.sessionAffinity ??= 'None';
  const key = `${svc.metadata.namespace ?? ''}/${svc.metadata.name}`;
  if (type !== 'ExternalName') {
    spec.clusterIP ??= alloc.clusterIP(key);
    spec.clusterIPs ??= [spec.clusterIP];
    spec.ipFamilies ??= ['IPv4'];
    spec.ipFamilyPolicy ??= 'SingleStack';
    spec.internalTrafficPolicy ??= 'Cluster';
  }
  const external = type === 'NodePort' || type === 'LoadBalancer';
  if (external) spec.externalTrafficPolicy ??= 'Cluster';
  const taken = new Set<number>();
  list(spec.ports).forEach((port, i) => {
    port.protocol ??= 'TCP';
    port.targetPort ??= port.port;
    if (external) port.nodePort ??= alloc.nodePort(`${key}/${i}`, taken);
    if (typeof port.nodePort === 'number') taken.add(port.nodePort);
  });
  svc.status ??= { loadBalancer: {} };
}

function defaultTemplate(spec: Fields): void {
  const template = ensure(spec, 'template');
  ensure(template, 'metadata');
  defaultPodSpec(ensure(template, 'spec'));
}

function defaultJobSpec(world: World, job: KObject, spec: Fields): void {
  spec.backoffLimit ??= 6;
  spec.completions ??= 1;
  spec.parallelism ??= 1;
  spec.completionMode ??= 'NonIndexed';
  spec.suspend ??= false;
  spec.podReplacementPolicy ??= 'TerminatingOrFailed';
  defaultTemplate(spec);
  // A hand-written selector without manualSelector is a validation error, not overwritten.
  if (spec.manualSelector === true || spec.selector !== undefined) return;
  // The generated selector and labels of Kubernetes 1.27+ (both the new and the legacy keys).
  const uid = (job.metadata.uid ??= world.rng.uid());
  spec.selector = { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } };
  const meta = ensure(ensure(spec, 'template'), 'metadata');
  meta.labels = {
    ...(rec(meta.labels) ?? {}),
    'batch.kubernetes.io/controller-uid': uid,
    'batch.kubernetes.io/job-name': job.metadata.name,
    'controller-uid': uid,
    'job-name': job.metadata.name,
  };
}

export function setObjectDefaults(
  world: World,
  alloc: ServiceAllocator,
  obj: KObject,
  resource: ResourceInfo,
): void {
  const spec = (): Fields => ensure(obj, 'spec');
  switch (resource.kind) {
    case 'Pod':
      defaultPod(obj);
      return;
    case 'Service':
      defaultService(alloc, obj);
      return;
    case 'Deployment': {
      const s = spec();
      s.replicas ??= 1;
      s.strategy ??= { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } };
      s.revisionHistoryLimit ??= 10;
      s.progressDeadlineSeconds ??= 600;
      defaultTemplate(s);
      return;
    }
    case 'ReplicaSet':
      spec().replicas ??= 1;
      defaultTemplate(spec());
      return;
    case 'StatefulSet': {
      const s = spec();
      s.replicas ??= 1;
      s.podManagementPolicy ??= 'OrderedReady';
      s.updateStrategy ??= { type: 'RollingUpdate', rollingUpdate: { partition: 0 } };
      s.revisionHistoryLimit ??= 10;
      s.persistentVolumeClaimRetentionPolicy ??= { whenDeleted: 'Retain', whenScaled: 'Retain' };
      for (const claim of list(s.volumeClaimTemplates)) {
        ensure(claim, 'spec').volumeMode ??= 'Filesystem';
        claim.apiVersion ??= 'v1';
        claim.kind ??= 'PersistentVolumeClaim';
      }
      defaultTemplate(s);
      return;
    }
    case 'DaemonSet': {
      const s = spec();
      s.updateStrategy ??= { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } };
      s.revisionHistoryLimit ??= 10;
      defaultTemplate(s);
      return;
    }
    case 'Job':
      defaultJobSpec(world, obj, spec());
      return;
    case 'CronJob': {
      const s = spec();
      s.concurrencyPolicy ??= 'Allow';
      s.suspend ??= false;
      s.successfulJobsHistoryLimit ??= 3;
      s.failedJobsHistoryLimit ??= 1;
      const jobSpec = ensure(ensure(s, 'jobTemplate'), 'spec');
      jobSpec.backoffLimit ??= 6;
      jobSpec.completionMode ??= 'NonIndexed';
      defaultTemplate(jobSpec);
      return;
    }
    case 'PersistentVolumeClaim':
      spec().volumeMode ??= 'Filesystem';
      obj.status ??= { phase: 'Pending' };
      return;
    case 'Namespace':
      obj.metadata.labels = {
        ...(obj.metadata.labels ?? {}),
        'kubernetes.io/metadata.name': obj.metadata.name,
      };
      spec().finalizers ??= ['kubernetes'];
      obj.status = { phase: 'Active' };
      return;
    default:
      return;
  }
}
