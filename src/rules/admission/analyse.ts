/**
 * The workload's current pod-creation failure, shared by the admission rules so that exactly
 * one of them reports it: the newest distinct error among FailedCreate events (on the workload
 * and its children) and ReplicaFailure conditions, with the counts of the same error merged.
 * A FailedCreate followed by a SuccessfulCreate on the same object (or a pod created later) is history.
 */
import type { EventRecord, Evidence, PodSpec, Workload, WorkloadCondition } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import type { WorkloadContext } from '../types.js';
import {
  admissionKey,
  classifyAdmissionError,
  emptyCreateError,
  unstatedAdmissionError,
  type AdmissionError,
} from './admission-message.js';
import { eventEvidence, eventTime } from '../shared/events.js';
import { perContext } from '../shared/memo.js';

export interface AdmissionFailure {
  readonly error: AdmissionError;
  /** The object that could not create pods (ReplicaSet, Job, StatefulSet, DaemonSet, ...). */
  readonly object: { readonly kind: string; readonly name: string; readonly namespace: string };
  /** Creation attempts that failed with this error (sum of event counts; at least 1). */
  readonly attempts: number;
  readonly basis: 'state' | 'events';
  readonly evidence: readonly Evidence[];
  readonly at: number | undefined;
}

interface Candidate {
  readonly error: AdmissionError;
  readonly kind: string;
  readonly name: string;
  readonly at: number;
  readonly event?: EventRecord;
  readonly condition?: { readonly owner: Workload; readonly cond: WorkloadCondition };
}

const objKey = (kind: string, name: string): string => `${kind}/${name}`;

function createdAfter(ctx: WorkloadContext): Map<string, number> {
  const latest = new Map<string, number>();
  const see = (key: string, t: number): void => {
    if (t > (latest.get(key) ?? -1)) latest.set(key, t);
  };
  for (const e of ctx.events) {
    if (e.reason === 'SuccessfulCreate') see(objKey(e.regarding.kind, e.regarding.name), eventTime(e));
  }
  for (const p of ctx.pods) {
    const owner =
      p.metadata.ownerReferences?.find((o) => o.controller === true) ?? p.metadata.ownerReferences?.[0];
    const t = parseTime(p.metadata.creationTimestamp);
    if (owner !== undefined && t !== undefined) see(objKey(owner.kind, owner.name), t);
  }
  return latest;
}

function candidates(ctx: WorkloadContext): Candidate[] {
  const out: Candidate[] = [];
  const success = createdAfter(ctx);
  for (const e of ctx.events) {
    if (e.reason !== 'FailedCreate') continue;
    const t = eventTime(e);
    const ok = success.get(objKey(e.regarding.kind, e.regarding.name));
    if (t > 0 && ok !== undefined && ok > t) continue;
    // An empty error still says the API server refused the pod: a webhook that gave no reason.
    const error = classifyAdmissionError(e.message) ?? emptyCreateError(e.message);
    if (error !== undefined)
      out.push({ error, kind: e.regarding.kind, name: e.regarding.name, at: t, event: e });
  }
  for (const owner of [ctx.workload, ...ctx.children]) {
    for (const cond of owner.status.conditions ?? []) {
      if (cond.type !== 'ReplicaFailure' || cond.status !== 'True') continue;
      const message = (cond.message ?? '').trim();
      const error = message === '' ? unstatedAdmissionError(cond.reason) : classifyAdmissionError(message);
      if (error === undefined) continue;
      const at = parseTime(cond.lastUpdateTime) ?? parseTime(cond.lastTransitionTime) ?? 0;
      out.push({ error, kind: owner.kind, name: owner.metadata.name, at, condition: { owner, cond } });
    }
  }
  return out;
}

function conditionEvidence(c: NonNullable<Candidate['condition']>): Evidence {
  const { owner, cond } = c;
  const message = cond.message?.trim() ? `: ${cond.message.trim()}` : '';
  const text = `${owner.kind} ${owner.metadata.name}: ReplicaFailure=True ${cond.reason ?? ''}${message}`;
  const at = cond.lastUpdateTime ?? cond.lastTransitionTime;
  return at ? { source: 'condition', text, at } : { source: 'condition', text };
}

/** The newest distinct pod-creation failure of the workload, or undefined. */
function computeCurrentAdmissionFailure(ctx: WorkloadContext): AdmissionFailure | undefined {
  const all = candidates(ctx);
  if (all.length === 0) return undefined;
  // Newest event first; a condition (no fresh timestamp of its own) only when no event classifies,
  // and one whose message is not in the evidence (or is empty) only when no other says why.
  const unstated = (c: Candidate): number =>
    Number(c.error.kind === 'unstated' || c.error.kind === 'webhookDeniedEmpty');
  const ranked = [...all].sort(
    (a, b) =>
      Number(a.event === undefined) - Number(b.event === undefined) ||
      unstated(a) - unstated(b) ||
      b.at - a.at,
  );
  const chosen = ranked[0] as Candidate;
  const key = admissionKey(chosen.error);
  const same = all.filter((c) => admissionKey(c.error) === key);
  const events = same
    .flatMap((c) => (c.event === undefined ? [] : [c.event]))
    .sort((a, b) => eventTime(b) - eventTime(a));
  const conditions = all.flatMap((c) => (c.condition === undefined ? [] : [c.condition]));
  const failingNow = conditions.some(
    (c) => c.owner.kind === chosen.kind && c.owner.metadata.name === chosen.name,
  );
  const evidence: Evidence[] = events.slice(0, 2).map((e) => eventEvidence(e, ctx.now));
  const attempts = Math.max(
    1,
    events.reduce((n, e) => n + e.count, 0),
  );
  if (events.length > 2) {
    evidence.push({
      source: 'event',
      text: `${events.length - 2} more FailedCreate events with the same error (${attempts} attempts in total)`,
    });
  }
  const related = same.flatMap((c) => (c.condition === undefined ? [] : [c.condition]));
  evidence.push(...related.slice(0, 2).map(conditionEvidence));
  const at = Math.max(...same.map((c) => c.at));
  const namespace = ctx.workload.metadata.namespace ?? chosen.event?.regarding.namespace ?? '';
  return {
    error: chosen.error,
    object: { kind: chosen.kind, name: chosen.name, namespace },
    attempts,
    basis: failingNow || related.length > 0 ? 'state' : 'events',
    evidence,
    at: at > 0 ? at : undefined,
  };
}

/** Data every admission message uses: the object that cannot create pods and the attempts. */
export function failureData(f: AdmissionFailure): Record<string, string | number> {
  return { kind: f.object.kind, name: f.object.name, attempts: f.attempts };
}

/** "ResourceQuota q: requests.cpu 40m/50m, pods 3/3" for the evidence of quota findings. */
export function quotaEvidence(ctx: WorkloadContext, namespace: string, name: string): Evidence[] {
  return ctx.index
    .resourceQuotas(namespace)
    .filter((q) => name === '' || q.metadata.name === name)
    .map((q) => {
      const hard = q.status.hard ?? {};
      const used = q.status.used ?? {};
      const parts = Object.keys(hard)
        .sort()
        .map((r) => `${r} ${used[r] ?? '0'}/${hard[r] ?? '?'}`);
      return {
        source: 'status',
        text: `ResourceQuota ${q.metadata.name} used/hard: ${parts.join(', ') || '(none)'}`,
      };
    });
}

/** "LimitRange l: Container max cpu=2, min cpu=100m" for the evidence of LimitRange findings. */
export function limitRangeEvidence(ctx: WorkloadContext, namespace: string): Evidence[] {
  return ctx.index.limitRanges(namespace).map((l) => {
    const items = l.spec.limits.map((item) => {
      const parts: string[] = [];
      for (const key of ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const) {
        const list = item[key];
        if (list === undefined) continue;
        const values = Object.entries(list).map(([r, v]) => `${r}=${v}`);
        if (values.length > 0) parts.push(`${key} ${values.join(',')}`);
      }
      return `${item.type} ${parts.join(', ')}`;
    });
    return { source: 'spec', text: `LimitRange ${l.metadata.name}: ${items.join('; ') || '(no limits)'}` };
  });
}

/**
 * The pod template of the object that could not create pods (the ReplicaSet behind a Deployment
 * carries the template it was created from; the Deployment itself may not be in the evidence),
 * else the workload's, else the first child's that has one.
 */
export function failedPodSpec(ctx: WorkloadContext, f: AdmissionFailure): PodSpec | undefined {
  const failing = [ctx.workload, ...ctx.children].find(
    (w) => w.kind === f.object.kind && w.metadata.name === f.object.name,
  );
  return (
    failing?.spec.template?.spec ??
    ctx.workload.spec.template?.spec ??
    ctx.children.find((w) => w.spec.template?.spec !== undefined)?.spec.template?.spec
  );
}

/** "app: requests cpu=20m; limits cpu=1" per container of the workload's pod template. */
export function templateResources(w: Workload): Evidence | undefined {
  const spec = w.spec.template?.spec;
  if (spec === undefined) return undefined;
  const lines = [...(spec.initContainers ?? []), ...spec.containers].map((c) => {
    const fmt = (l: Readonly<Record<string, string>> | undefined): string =>
      Object.entries(l ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(',') || 'none';
    return `${c.name}: requests ${fmt(c.resources?.requests)}; limits ${fmt(c.resources?.limits)}`;
  });
  return lines.length === 0
    ? undefined
    : { source: 'spec', text: `pod template resources: ${lines.join(' | ')}` };
}

/** Memoised per context: every rule of the stage shares one computation. */
export const currentAdmissionFailure = perContext(computeCurrentAdmissionFailure);
