import type { Pod, Service, Workload } from '../../model/index.js';
import type { BaseContext, PodContext } from '../types.js';

/** A pod and its controller chain; its context is built only when it is judged. */
export interface PodTarget {
  readonly pod: Pod;
  readonly owners: readonly Workload[];
}

/**
 * Builds one pod's context: its events, node, claims, Services, logs and probe results. The
 * engine builds them one at a time so that a context, and all the rules derived from it, is
 * garbage as soon as the pod is judged.
 */
export function podContextBuilder(
  fields: Omit<BaseContext, 'memo'>,
  servicesOf: ReadonlyMap<Pod, readonly Service[]>,
): (target: PodTarget) => PodContext {
  const { now, index, collected } = fields;
  return ({ pod, owners }) => {
    const ns = pod.metadata.namespace ?? '';
    const claims = (pod.spec.volumes ?? []).flatMap((v) =>
      v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : [],
    );
    return {
      target: 'pod',
      memo: new Map(),
      now,
      index,
      collected,
      pod,
      events: index.eventsFor({
        kind: 'Pod',
        namespace: ns,
        name: pod.metadata.name,
        ...(pod.metadata.uid ? { uid: pod.metadata.uid } : {}),
      }),
      node: pod.spec.nodeName === undefined ? undefined : index.node(pod.spec.nodeName),
      owners,
      pvcs: claims.flatMap((c) => index.pvc(ns, c) ?? []),
      services: servicesOf.get(pod) ?? [],
      logs: index.logs(ns, pod.metadata.name),
      probes: index.probes(ns, pod.metadata.name),
    };
  };
}
