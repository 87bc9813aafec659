import { UsageError } from '../../errors/index.js';
import type { Diagnosis, Pod, Snapshot, TargetKind } from '../../model/index.js';
import {
  matchesRequirements,
  matchesServiceSelector,
  parseSelector,
  type SelectorRequirement,
} from '../../k8s/index.js';

/** kubectl's names and short names for the kinds a TARGET may name. */
const KIND_ALIASES: Readonly<Record<string, TargetKind>> = {
  po: 'Pod',
  pod: 'Pod',
  pods: 'Pod',
  deploy: 'Deployment',
  deployment: 'Deployment',
  deployments: 'Deployment',
  rs: 'ReplicaSet',
  replicaset: 'ReplicaSet',
  replicasets: 'ReplicaSet',
  sts: 'StatefulSet',
  statefulset: 'StatefulSet',
  statefulsets: 'StatefulSet',
  ds: 'DaemonSet',
  daemonset: 'DaemonSet',
  daemonsets: 'DaemonSet',
  job: 'Job',
  jobs: 'Job',
  cj: 'CronJob',
  cronjob: 'CronJob',
  cronjobs: 'CronJob',
  rc: 'ReplicationController',
  replicationcontroller: 'ReplicationController',
  svc: 'Service',
  service: 'Service',
  services: 'Service',
};

export interface TargetSpec {
  readonly kind: TargetKind;
  readonly name: string;
  readonly text: string;
}

/** Parses `pod/NAME`, `NAME` (a pod), `deploy/NAME`, `svc/NAME`, ... */
export function parseTarget(text: string): TargetSpec {
  const slash = text.indexOf('/');
  if (slash === -1) {
    if (text.trim() === '') throw new UsageError('empty TARGET');
    return { kind: 'Pod', name: text, text };
  }
  const kindText = text
    .slice(0, slash)
    .toLowerCase()
    .replace(/\.(apps|batch|v1)$/, '');
  const name = text.slice(slash + 1);
  const kind = KIND_ALIASES[kindText];
  if (kind === undefined) {
    throw new UsageError(
      `unknown kind "${text.slice(0, slash)}" in TARGET ${text}`,
      'use pod/NAME, NAME, deploy/NAME, rs/NAME, sts/NAME, ds/NAME, job/NAME, cronjob/NAME or svc/NAME',
    );
  }
  if (name === '' || name.includes('/')) throw new UsageError(`TARGET ${text} needs the form KIND/NAME`);
  return { kind, name, text };
}

export function parseLabelSelector(text: string): SelectorRequirement[] {
  const parsed = parseSelector(text);
  if (typeof parsed === 'string') throw new UsageError(`-l/--selector: ${parsed}`);
  return parsed;
}

function matchesTarget(d: Diagnosis, t: TargetSpec): boolean {
  if (d.target.kind === t.kind && d.target.name === t.name) return true;
  if (d.target.kind !== 'Pod' || t.kind === 'Pod' || t.kind === 'Service') return false;
  return (d.owners ?? []).some((o) => o.kind === t.kind && o.name === t.name);
}

export interface Scope {
  readonly namespace?: string;
  readonly targets: readonly TargetSpec[];
  readonly selector?: readonly SelectorRequirement[];
  /** Service TARGETs also select the pods behind them. */
  readonly servicePods?: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Keeps the diagnoses in scope; throws when a TARGET matches nothing. */
export function selectDiagnoses(all: readonly Diagnosis[], scope: Scope): Diagnosis[] {
  let list = all.filter((d) => scope.namespace === undefined || d.target.namespace === scope.namespace);
  if (scope.selector !== undefined) {
    const sel = scope.selector;
    list = list.filter((d) => d.target.kind === 'Pod' && matchesRequirements(sel, d.labels));
  }
  if (scope.targets.length === 0) return list;
  const out: Diagnosis[] = [];
  for (const t of scope.targets) {
    const podsOfService = t.kind === 'Service' ? scope.servicePods?.get(t.name) : undefined;
    const hits = list.filter(
      (d) =>
        matchesTarget(d, t) ||
        (podsOfService !== undefined &&
          d.target.kind === 'Pod' &&
          podsOfService.has(`${d.target.namespace}/${d.target.name}`)),
    );
    if (hits.length === 0) {
      throw new UsageError(
        `${t.text}: not found in the evidence${scope.namespace === undefined ? '' : ` in namespace ${scope.namespace}`}`,
        'check the name and namespace, or leave out TARGET to diagnose everything in the evidence',
      );
    }
    for (const h of hits) if (!out.includes(h)) out.push(h);
  }
  return out;
}

/** The scope flags as every command takes them: `-n`, `-A`, `-l` and TARGETs. */
export interface ScopeFlags {
  readonly namespace?: string;
  readonly allNamespaces?: boolean;
  readonly selector?: string;
}

/** A command's scope, parsed once: what collectors read and which targets a report keeps. */
export interface DiagnosisScope {
  readonly namespace?: string;
  readonly allNamespaces: boolean;
  readonly targets: readonly TargetSpec[];
  /** `-l` as typed (collectors pass it to the API server) and parsed (reports filter with it). */
  readonly selectorText?: string;
  readonly selector?: readonly SelectorRequirement[];
}

/** Parses the scope flags and TARGETs; a bad selector or TARGET, or -n with -A, is a usage error. */
export function parseScope(targetArgs: readonly string[], flags: ScopeFlags): DiagnosisScope {
  if (flags.namespace !== undefined && flags.allNamespaces === true)
    throw new UsageError('-n/--namespace and -A/--all-namespaces cannot be used together');
  return {
    ...(flags.namespace === undefined ? {} : { namespace: flags.namespace }),
    allNamespaces: flags.allNamespaces === true,
    targets: targetArgs.map(parseTarget),
    ...(flags.selector === undefined
      ? {}
      : { selectorText: flags.selector, selector: parseLabelSelector(flags.selector) }),
  };
}

/** The scope as a live collector reads it. */
export function liveScope(scope: DiagnosisScope): {
  readonly namespace?: string;
  readonly allNamespaces: boolean;
  readonly targets: readonly { readonly kind: string; readonly name: string }[];
  readonly selector?: string;
} {
  return {
    ...(scope.namespace === undefined ? {} : { namespace: scope.namespace }),
    allNamespaces: scope.allNamespaces,
    targets: scope.targets.map((t) => ({ kind: t.kind, name: t.name })),
    ...(scope.selectorText === undefined ? {} : { selector: scope.selectorText }),
  };
}

/** The scope as selectDiagnoses applies it to one snapshot. */
export function reportScope(scope: DiagnosisScope, snapshot: Snapshot): Scope {
  return {
    ...(scope.namespace === undefined ? {} : { namespace: scope.namespace }),
    targets: scope.targets,
    ...(scope.selector === undefined ? {} : { selector: scope.selector }),
    servicePods: podsByService(snapshot),
  };
}

/**
 * Whether a pod (with its controller chain) can be among the diagnoses selectDiagnoses keeps,
 * so that the engine judges only those: it accepts every pod selectDiagnoses would keep.
 */
export function podInScope(
  scope: Scope,
): (
  pod: Pod,
  owners: readonly { readonly kind: string; readonly metadata: { readonly name: string } }[],
) => boolean {
  return (pod, owners) => {
    const ns = pod.metadata.namespace ?? '';
    if (scope.namespace !== undefined && ns !== scope.namespace) return false;
    if (scope.selector !== undefined && !matchesRequirements(scope.selector, pod.metadata.labels))
      return false;
    if (scope.targets.length === 0) return true;
    return scope.targets.some((t) => {
      if (t.kind === 'Pod') return t.name === pod.metadata.name;
      if (t.kind === 'Service')
        return scope.servicePods?.get(t.name)?.has(`${ns}/${pod.metadata.name}`) === true;
      return owners.some((o) => o.kind === t.kind && o.metadata.name === t.name);
    });
  };
}

/** Pods behind each Service, as "namespace/name" keys, for svc/NAME targets. */
export function podsByService(snapshot: Snapshot): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const svc of snapshot.services) {
    const set = new Set<string>();
    for (const p of snapshot.pods) {
      if (
        (p.metadata.namespace ?? '') === (svc.metadata.namespace ?? '') &&
        matchesServiceSelector(svc.spec.selector, p.metadata.labels)
      ) {
        set.add(`${p.metadata.namespace ?? ''}/${p.metadata.name}`);
      }
    }
    out.set(svc.metadata.name, set);
  }
  return out;
}
