import { UsageError } from '../../errors/index.js';
import type { Diagnosis, TargetKind } from '../../model/index.js';
import { matchesRequirements, parseSelector, type SelectorRequirement } from '../../k8s/index.js';

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
