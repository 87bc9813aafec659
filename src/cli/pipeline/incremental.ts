import type { Diagnosis, Pod, Snapshot, Workload } from '../../model/index.js';
import { compareDiagnoses, diagnose, type EngineResult } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';

/**
 * What a pod's verdict can depend on among the kinds a watch follows: the pod, its events, its
 * node, and the Services and EndpointSlices of its namespace (whether it gets traffic).
 */
interface PodInputs {
  readonly pod: string;
  readonly events: string;
  readonly node: string;
  readonly services: string;
}

export interface IncrementalResult extends EngineResult {
  /** Pods judged afresh this round (the rest kept their previous diagnosis). */
  readonly judgedPods: number;
}

const podKey = (namespace: string | undefined, name: string): string => `${namespace ?? ''}/${name}`;

/**
 * Watch mode's engine: judges again only the pods whose inputs changed since the previous round
 * (the pod, its events, its node, the Services and EndpointSlices of its namespace) and every pod that is not healthy: a progressing verdict moves
 * with the clock as grace periods run out, and a failure's evidence says how long ago things
 * happened (so does a healthy pod's note on earlier restarts). A healthy pod that never restarted
 * and whose inputs did not change keeps its diagnosis; in a large cluster that is nearly every pod. Workloads and Services are always judged: they are few.
 */
export class IncrementalDiagnosis {
  private inputs = new Map<string, PodInputs>();
  private last = new Map<string, Diagnosis>();
  private judged = 0;

  /** How many pods the last run judged afresh. */
  get lastJudged(): number {
    return this.judged;
  }

  /** `inScope`: judge only pods it accepts (the command's scope); the rest are left out. */
  run(
    snapshot: Snapshot,
    now: number,
    inScope?: (pod: Pod, owners: readonly Workload[]) => boolean,
  ): IncrementalResult {
    const nodeVersion = new Map(snapshot.nodes.map((n) => [n.metadata.name, versionOf(n)]));
    const eventSig = new Map<string, string>();
    for (const e of snapshot.events) {
      if (e.regarding.kind !== 'Pod') continue;
      const key = podKey(e.regarding.namespace, e.regarding.name);
      eventSig.set(key, `${eventSig.get(key) ?? ''}${e.reason}\u0001${e.count}\u0001${e.last ?? ''}\u0002`);
    }
    const serviceSig = new Map<string, string>();
    for (const o of [...snapshot.services, ...snapshot.endpointSlices]) {
      const ns = o.metadata.namespace ?? '';
      serviceSig.set(ns, `${serviceSig.get(ns) ?? ''}${o.metadata.name}\u0001${versionOf(o)}\u0002`);
    }
    const inputs = new Map<string, PodInputs>();
    const changed = new Set<string>();
    for (const pod of snapshot.pods) {
      const key = podKey(pod.metadata.namespace, pod.metadata.name);
      const current: PodInputs = {
        pod: versionOf(pod),
        events: eventSig.get(key) ?? '',
        node: pod.spec.nodeName === undefined ? '' : (nodeVersion.get(pod.spec.nodeName) ?? 'absent'),
        services: serviceSig.get(pod.metadata.namespace ?? '') ?? '',
      };
      inputs.set(key, current);
      const before = this.inputs.get(key);
      const verdict = this.last.get(key)?.verdict;
      const settled = verdict === 'healthy' && !hasRestarted(pod);
      if (before === undefined || !settled || !sameInputs(before, current)) changed.add(key);
    }
    let judged = 0;
    const result = diagnose(snapshot, {
      now,
      rules: RULES,
      podFilter: (p: Pod, owners: readonly Workload[]) => {
        const judge =
          changed.has(podKey(p.metadata.namespace, p.metadata.name)) && (inScope?.(p, owners) ?? true);
        if (judge) judged++;
        return judge;
      },
    });
    const fresh = new Map<string, Diagnosis>();
    const diagnoses: Diagnosis[] = [];
    for (const d of result.diagnoses) {
      if (d.target.kind === 'Pod') fresh.set(podKey(d.target.namespace, d.target.name), d);
      else diagnoses.push(d);
    }
    const last = new Map<string, Diagnosis>();
    for (const key of inputs.keys()) {
      const d = changed.has(key) ? fresh.get(key) : this.last.get(key);
      if (d === undefined) continue;
      last.set(key, d);
      diagnoses.push(d);
    }
    this.inputs = inputs;
    this.last = last;
    this.judged = judged;
    return {
      diagnoses: diagnoses.sort(compareDiagnoses),
      ruleFailures: result.ruleFailures,
      judgedPods: judged,
    };
  }
}

function versionOf(o: { readonly metadata: { readonly resourceVersion?: string | undefined } }): string {
  // Objects from a watch carry a resourceVersion; without one, the object itself is the version.
  return o.metadata.resourceVersion ?? JSON.stringify(o);
}

function hasRestarted(pod: Pod): boolean {
  const statuses = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])];
  return statuses.some((cs) => cs.restartCount > 0);
}

function sameInputs(a: PodInputs, b: PodInputs): boolean {
  return a.pod === b.pod && a.events === b.events && a.node === b.node && a.services === b.services;
}
