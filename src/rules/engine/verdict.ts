import type {
  Confidence,
  Diagnosis,
  Evidence,
  EvidenceKind,
  Finding,
  LogTail,
  Pod,
  StageId,
  Verdict,
} from '../../model/index.js';
import {
  DELETION_DENIED,
  DELETION_SEEN,
  STAGES,
  STATUS_COLUMN,
  UNNAMED_CONTAINER,
} from '../../model/index.js';
import { hasNoStatus, humanDuration, parseTime, podRestarts, podStatusColumn } from '../../k8s/index.js';
import { chainFor } from './chain-entries.js';
import type { Milestones } from './milestones.js';
import { renderWith } from '../messages.js';
import { findingConfidence, missingNeeds } from './confidence.js';
import { timedConfidence, type Timing } from './failure-timing.js';
import type { PodContext, RuleMeta } from '../types.js';
import { kubectl } from '../shared/kubectl.js';

const TITLE = new Map<StageId, string>(STAGES.map((s) => [s.id, s.title]));

/** A pod with no explanation for not being Ready is progressing while the stage it waits in began this recently. */
export const RECENT_ACTIVITY_MS = 10 * 60_000;

export interface PodJudgement {
  readonly ctx: PodContext;
  readonly milestones: Milestones;
  /** Current findings, sorted by compareFindings. */
  readonly current: readonly Finding[];
  /** How time judged each current finding (see failure-timing.ts). */
  readonly timings: ReadonlyMap<Finding, Timing>;
  readonly history: readonly Finding[];
  readonly metas: ReadonlyMap<string, RuleMeta>;
  readonly inferred: boolean;
  readonly group: Diagnosis['group'];
  readonly owners: NonNullable<Diagnosis['owners']>;
}

/**
 * When the stage the pod waits in began: the latest milestone it passed (its creation at least).
 * Only this proves that an unexplained wait is young; a recent event does not.
 */
function waitingSince(milestones: Milestones): number | undefined {
  let latest: number | undefined;
  for (const p of milestones.pod.values()) {
    if (p.at !== undefined && (latest === undefined || p.at > latest)) latest = p.at;
  }
  return latest;
}

/** Lines quoting the pod's status: phase, conditions that are not True, container states. */
function statusEvidence(pod: Pod): Evidence[] {
  const out: Evidence[] = [];
  if (pod.status.phase !== undefined) {
    out.push({
      source: 'status',
      text: `phase: ${pod.status.phase} (kubectl STATUS ${podStatusColumn(pod)})`,
    });
  }
  for (const c of pod.status.conditions ?? []) {
    if (c.status === 'True') continue;
    const why = [c.reason, c.message].filter(Boolean).join(': ');
    const at = c.lastTransitionTime;
    out.push({
      source: 'condition',
      text: `${c.type}=${c.status}${why ? ` ${why}` : ''}`,
      ...(at ? { at } : {}),
    });
  }
  const statuses = [...(pod.status.initContainerStatuses ?? []), ...(pod.status.containerStatuses ?? [])];
  for (const s of statuses) {
    const w = s.state?.waiting;
    if (w !== undefined)
      out.push({
        source: 'status',
        text: `container ${s.name}: waiting ${w.reason ?? ''}${w.message ? `: ${w.message}` : ''}`,
      });
  }
  return out.slice(0, 6);
}

const lastLine = (log: LogTail): string | undefined =>
  [...log.lines]
    .reverse()
    .find((l) => l.trim() !== '')
    ?.trim();

const logName = (log: LogTail): string =>
  `the ${log.previous ? 'previous ' : ''}log of ${log.container === UNNAMED_CONTAINER || log.container === '' ? 'its container' : `container ${log.container}`}`;

/** "the previous log of container init" for one log, "3 container logs" for several. */
function logsPhrase(logs: readonly LogTail[]): string {
  const [only] = logs;
  return logs.length === 1 && only !== undefined ? logName(only) : `${logs.length} container logs`;
}

/** The last line of each log, as printed. */
function logEvidence(logs: readonly LogTail[]): Evidence[] {
  return logs.flatMap((log) => {
    const line = lastLine(log);
    return line === undefined ? [] : [{ source: 'log' as const, text: `${logName(log)} ends: ${line}` }];
  });
}

function restartNote(pod: Pod, now: number): string | undefined {
  const restarts = podRestarts(pod);
  if (restarts === 0) return undefined;
  const last = (pod.status.containerStatuses ?? [])
    .map((s) => ({ name: s.name, t: s.lastState?.terminated }))
    .filter((x) => x.t !== undefined)
    .sort((a, b) => (parseTime(b.t?.finishedAt) ?? 0) - (parseTime(a.t?.finishedAt) ?? 0))[0];
  if (last?.t === undefined) return `Restarted ${restarts} time(s) earlier; running now.`;
  const when = parseTime(last.t.finishedAt);
  const ago = when === undefined ? '' : ` ${humanDuration(now - when)} ago`;
  return `Restarted ${restarts} time(s) earlier; the last end of ${last.name} was ${last.t.reason ?? 'exit'} (exit ${last.t.exitCode ?? 'code unknown'})${ago}. Running and Ready since.`;
}

/** The fields every pod diagnosis starts with, in output order. */
function podHeader(j: PodJudgement): Pick<Diagnosis, 'target' | 'owners' | 'group' | 'labels'> {
  const pod = j.ctx.pod;
  const target = {
    kind: 'Pod' as const,
    namespace: pod.metadata.namespace ?? '',
    name: pod.metadata.name,
    uid: pod.metadata.uid || undefined,
  };
  return { target, owners: j.owners, group: j.group, labels: pod.metadata.labels };
}

/** Notes every verdict carries: a rebuilt pod, findings resolved earlier, other failed stages. */
function judgementNotes(j: PodJudgement, chosen: Finding | undefined): string[] {
  const { current, history, metas, inferred } = j;
  const notes: string[] = [];
  if (inferred) notes.push('The pod object is not in the evidence; it was judged from its events only.');
  if (history.length > 0) {
    const seen = new Set<string>();
    for (const h of history) {
      const key = `${h.ruleId}/${h.messageId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      notes.push(`resolved earlier (${h.stage}): ${renderWith(metas, h)}`);
    }
  }
  for (const f of current) {
    if (f !== chosen && f.status === 'failed' && f.stage !== chosen?.stage)
      notes.push(`also (${f.stage}): ${renderWith(metas, f)}`);
  }
  return notes;
}

/**
 * Whether the pod's deletion was requested: its deletionTimestamp, or in a paste what shows one
 * without its time (kubectl's STATUS Terminating; kubectl confirming the delete, then listing the
 * pod again; kubectl's delete refused by admission). Kill trouble alone is no sign: the kubelet
 * also kills to evict.
 */
function deletionRequested(pod: Pod): boolean {
  const annotations = pod.metadata.annotations ?? {};
  return (
    pod.metadata.deletionTimestamp !== undefined ||
    annotations[STATUS_COLUMN] === 'Terminating' ||
    annotations[DELETION_SEEN] !== undefined ||
    annotations[DELETION_DENIED] !== undefined
  );
}

/** Judges one pod from its current findings: the first failure, else healthy, else progressing or unknown. */
export function judgePod(j: PodJudgement): Diagnosis {
  const { ctx, current, inferred } = j;
  const pod = ctx.pod;
  const deleting = pod.metadata.deletionTimestamp !== undefined;
  const failed = current.filter((f) => f.status === 'failed');
  // A pod whose deletion was requested is judged on its termination, whatever failed before it.
  const chosen =
    (deletionRequested(pod) ? failed.find((f) => f.stage === 'termination') : undefined) ??
    failed[0] ??
    current.find((f) => f.status === 'progressing');
  const notes = judgementNotes(j, chosen);
  if (chosen !== undefined) return findingDiagnosis(j, chosen, notes);
  const phase = pod.status.phase;
  const ready = pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
  if (!inferred && !deleting && (phase === 'Succeeded' || ready)) return healthyDiagnosis(j, notes);
  return unexplainedDiagnosis(j, notes);
}

function hasInitContainers(pod: Pod): boolean {
  return (pod.spec.initContainers?.length ?? 0) > 0;
}

/** The chosen finding (failed, else progressing) decides the verdict. */
function findingDiagnosis(j: PodJudgement, chosen: Finding, notes: string[]): Diagnosis {
  const { ctx, milestones, current, metas, inferred } = j;
  const meta = metas.get(chosen.ruleId);
  const verdict: Verdict = chosen.status === 'failed' ? 'failed' : 'progressing';
  const timing = j.timings.get(chosen);
  if (timing?.note !== undefined) notes.unshift(timing.note);
  const missing = missingNeeds(meta, ctx.collected);
  if (missing.length > 0) notes.push(`not in the evidence: ${missing.join(', ')}`);
  const servicesKnown = ctx.collected.has('services');
  return {
    ...podHeader(j),
    verdict,
    stage: chosen.stage,
    reason: chosen.reason,
    ruleId: chosen.ruleId,
    container: chosen.container ?? null,
    summary: renderWith(metas, chosen),
    confidence: timedConfidence(findingConfidence(chosen, meta, ctx.collected, inferred), timing),
    evidence: chosen.evidence,
    nextSteps: chosen.nextSteps,
    chain: chainFor(
      hasInitContainers(ctx.pod),
      servicesKnown,
      milestones,
      current,
      chosen,
      verdict,
      timing?.since,
    ),
    notes,
  };
}

/** No finding, and the pod Succeeded or is Ready. */
function healthyDiagnosis(j: PodJudgement, notes: string[]): Diagnosis {
  const { ctx, milestones, current } = j;
  const { pod, now } = ctx;
  const phase = pod.status.phase;
  const restarts = phase === 'Succeeded' ? undefined : restartNote(pod, now);
  if (restarts !== undefined) notes.push(restarts);
  const servicesKnown = ctx.collected.has('services');
  return {
    ...podHeader(j),
    verdict: 'healthy',
    stage: null,
    reason: null,
    ruleId: null,
    container: null,
    summary:
      phase === 'Succeeded'
        ? 'Completed successfully (phase Succeeded).'
        : `Running and Ready.${restarts === undefined ? '' : ` ${restarts}`}`,
    // Ready=True alone (a pasted table row) is good evidence; without events it is less complete.
    confidence: ctx.collected.has('events') ? 'high' : 'medium',
    evidence: [{ source: 'condition', text: phase === 'Succeeded' ? 'phase: Succeeded' : 'Ready=True' }],
    nextSteps: [],
    chain: chainFor(hasInitContainers(pod), servicesKnown, milestones, current, undefined, 'healthy'),
    notes,
  };
}

/**
 * No finding and not Ready: progressing while the stage it waits in began recently (or the pod
 * is being deleted within its grace period), else unknown.
 */
function unexplainedDiagnosis(j: PodJudgement, notes: string[]): Diagnosis {
  const { ctx, milestones, current, inferred } = j;
  const { pod, now } = ctx;
  const ns = pod.metadata.namespace ?? '';
  const name = pod.metadata.name;
  const deleting = pod.metadata.deletionTimestamp !== undefined;
  const phase = pod.status.phase;
  const waitStart = waitingSince(milestones);
  // A wait that began at the reference time itself has nothing dated after it.
  const recent = waitStart !== undefined && waitStart < now && now - waitStart < RECENT_ACTIVITY_MS;
  const verdict: Verdict = deleting || (recent && phase !== 'Failed') ? 'progressing' : 'unknown';
  const servicesKnown = ctx.collected.has('services');
  const chain = chainFor(hasInitContainers(pod), servicesKnown, milestones, current, undefined, verdict);
  const open = chain.find((c) => c.status === 'progressing')?.stage ?? null;
  const wanted: EvidenceKind[] = ['pods', 'events'];
  const missing = wanted.filter((k) => !ctx.collected.has(k));
  const top = j.owners.at(-1);
  if (missing.length > 0) notes.push(`not in the evidence: ${missing.join(', ')}`);
  const created = parseTime(pod.metadata.creationTimestamp);
  const age = created === undefined ? '' : ` (created ${humanDuration(now - created)} ago)`;
  // A pod the evidence holds only by a log (pasted `kubectl logs` output): no status at all.
  const logOnly = hasNoStatus(pod) && ctx.logs.length > 0 ? logsPhrase(ctx.logs) : undefined;
  let summary: string;
  let confidence: Confidence = 'medium';
  if (deleting) {
    const since = parseTime(pod.metadata.deletionTimestamp);
    summary = `Terminating${since === undefined ? '' : `; deletion requested ${humanDuration(Math.max(0, now - since))} ago`}, within its grace period.`;
  } else if (verdict === 'progressing') {
    summary = `Progressing: ${open === null ? 'not Ready yet' : `${TITLE.get(open) ?? open} in progress`}${age}; nothing has failed so far.`;
  } else {
    confidence = 'low';
    summary = inferred
      ? 'The events show no failure, and without the pod object its state is unknown.'
      : logOnly
        ? `Only ${logOnly} is in the evidence; without the pod's status${missing.includes('events') ? ' and events' : ''} its state is unknown.`
        : hasNoStatus(pod)
          ? `The evidence holds none of the pod's status${missing.includes('events') ? ' or events' : ''}: its state is unknown.`
          : `Not Ready${age}, and the evidence does not show why${missing.length > 0 ? ` (${missing.join(' and ')} were not provided)` : ''}.`;
  }
  return {
    ...podHeader(j),
    verdict,
    stage: deleting ? 'termination' : verdict === 'progressing' ? open : null,
    reason: null,
    ruleId: null,
    container: null,
    summary,
    confidence,
    evidence: [...statusEvidence(pod), ...logEvidence(ctx.logs)],
    nextSteps: [
      // A pod known only as a workload's (its rollout had not finished): the workload's describe
      // shows its replica sets, conditions and events, and so where its pods are.
      ...(hasNoStatus(pod) && top !== undefined ? [kubectl.describe(top.kind, top.name, ns)] : []),
      kubectl.describe('pod', name, ns),
      kubectl.events('Pod', name, ns),
    ],
    chain: deleting ? [...chain, { stage: 'termination', status: 'progressing' }] : chain,
    notes,
  };
}
