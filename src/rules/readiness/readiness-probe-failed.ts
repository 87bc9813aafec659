import type { Container, ContainerRef, Evidence, ProbeResult } from '../../model/index.js';
import { parseTime } from '../../k8s/index.js';
import { eventContainer, eventEvidence, newest } from '../shared/events.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import {
  parseProbeMessage,
  probeFixHint,
  summarizeFailure,
  type ProbeFailureEvent,
} from '../shared/probe-events.js';
import { formatProbe, probeCheckCommands, probeOf, PROBE_DEFAULTS } from '../shared/probe-spec.js';
import {
  latestProbeResult,
  probeOutcome,
  probeResultEvidence,
  probeResultSummary,
  readyWithin,
} from '../shared/probe-results.js';
import {
  condition,
  conditionEvidence,
  podFinished,
  podReady,
  readinessEntries,
  readinessFailuresSince,
  readyGraceSeconds,
  STALE_FAILURE_MS,
} from '../shared/pod-readiness.js';
import type { PodContext, Rule } from '../types.js';

const meta = {
  id: 'readiness/readiness-probe-failed',
  stage: 'readiness',
  target: 'pod',
  title: 'Container not Ready because its readiness probe fails',
  description:
    'A running container is not Ready and the kubelet reports readiness probe failures ("Readiness probe failed: HTTP probe failed ' +
    'with statuscode: 503", connection refused, timeouts, or an exec probe\'s output). Quotes the probe spec and the failure. ' +
    "Within initialDelaySeconds + failureThreshold × periodSeconds of the container's start (60 s without a probe spec) it is progressing; " +
    'failures on a pod that is Ready now are history. With --probe (or a bundle that holds probe results), a readiness ' +
    'endpoint that fails when fetched through pods/proxy proves the failure by itself, even after its events expired; one ' +
    'that passes lowers the confidence, since the container should turn Ready after successThreshold passing probes.',
  reasons: ['ReadinessProbeFailed'],
  graceSeconds: 60,
  needs: ['pods', 'events', 'probes'],
  messages: {
    readinessFailing:
      'Container {{container}} is running but not Ready: its readiness probe fails ({{failure}}). Probe: {{probe}}.',
    readinessFailingProbed:
      "Container {{container}} is running but not Ready: its readiness endpoint fails when probed now through pods/proxy ({{failure}}); the kubelet's failure events are not in the evidence. Probe: {{probe}}.",
    readinessFailingProbePasses:
      "Container {{container}} is not Ready and its readiness probe failed ({{failure}}), but its endpoint answered {{answer}} when probed now through pods/proxy: it should turn Ready within {{within}} if the kubelet's probe sees the same. Probe: {{probe}}.",
    readinessFailingUnnamed:
      'A container of the pod fails its readiness probe ({{failure}}); the events do not name the container.',
  },
  docs: 'docs/rules/readiness/readiness-probe-failed.md',
} as const;

/**
 * The active probe result of the container's readiness endpoint (`--probe`) as it bears on the
 * finding: a failing one proves the failure now, a passing one says it may be over.
 */
interface Probed {
  readonly result: ProbeResult;
  readonly passes: boolean;
}

function build(
  ctx: PodContext,
  ref: ContainerRef | undefined,
  spec: Container | undefined,
  failures: readonly ProbeFailureEvent[],
  status: 'failed' | 'progressing',
  basis: 'state' | 'events',
  extra: readonly Evidence[],
  probed?: Probed,
) {
  const { name, namespace } = ctx.pod.metadata;
  const lastEvent = newest(failures.map((f) => f.event));
  const last = failures.find((f) => f.event === lastEvent) ?? failures.at(-1);
  // Without a failure event, only a failing probe result brings the finding (see evaluate).
  const fromProbe = last === undefined && probed !== undefined && !probed.passes;
  const summary =
    fromProbe && probed !== undefined
      ? probeResultSummary(probed.result)
      : summarizeFailure(last?.parsed.detail ?? '');
  const probe = probeOf(spec, 'readiness');
  const evidence: Evidence[] = [
    ...(lastEvent === undefined ? [] : [eventEvidence(lastEvent, ctx.now)]),
    ...(probed === undefined ? [] : [probeResultEvidence(probed.result)]),
    ...extra,
  ];
  if (probe !== undefined)
    evidence.push({
      source: 'spec',
      text: `spec.containers[${ref?.name ?? ''}].readinessProbe: ${formatProbe(probe)}`,
    });
  const steps = [kubectl.describe('pod', name, namespace)];
  if (ref !== undefined) steps.push(kubectl.logs(name, namespace, ref.name));
  steps.push(...probeCheckCommands(name, namespace, probe));
  const passes = probed?.passes === true;
  if (passes)
    steps.push(
      "If it stays not Ready, the kubelet's probe differs from a plain GET: compare the probe's httpHeaders, host and redirects, and check that a startupProbe has passed (readiness is probed only after it).",
    );
  else steps.push(probeFixHint('readiness', summary));
  const answer = probed === undefined ? '' : probeResultSummary(probed.result).text;
  return finding(meta, {
    reason: 'ReadinessProbeFailed',
    messageId:
      ref === undefined
        ? 'readinessFailingUnnamed'
        : fromProbe
          ? 'readinessFailingProbed'
          : passes
            ? 'readinessFailingProbePasses'
            : 'readinessFailing',
    data: {
      container: ref?.name ?? '',
      failure: summary.text,
      probe: probe === undefined ? 'spec not in the evidence' : formatProbe(probe),
      ...(passes ? { answer, within: readyWithin(spec) } : {}),
    },
    status,
    basis,
    container: ref,
    evidence,
    at: lastEvent?.last ?? lastEvent?.first ?? (fromProbe ? parseTime(probed?.result.at) : undefined),
    nextSteps: steps,
    // The kubelet's failures and the endpoint's answer now disagree.
    ...(passes ? { confidence: 'medium' as const } : {}),
  });
}

/** Containers known only from events: grouped by fieldPath, else the pod's only container. */
function fromEvents(ctx: PodContext, skip: ReadonlySet<string>) {
  const all = ctx.events.filter(
    (e) => e.reason === 'Unhealthy' && parseProbeMessage(e.message)?.probe === 'readiness',
  );
  const specs = ctx.pod.spec.containers;
  const groups = new Map<string, ProbeFailureEvent[]>();
  for (const event of all) {
    const parsed = parseProbeMessage(event.message);
    if (parsed === undefined) continue;
    const c = eventContainer(event);
    if (c?.type === 'ephemeral') continue;
    const key = c === undefined ? (specs.length === 1 ? (specs[0]?.name ?? '') : '') : `${c.type}/${c.name}`;
    groups.set(key, [...(groups.get(key) ?? []), { event, parsed }]);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([key, failures]) => {
      const [type, cname] = key.includes('/') ? (key.split('/', 2) as [string, string]) : ['app', key];
      if (skip.has(cname) || (cname === '' && skip.size > 0)) return [];
      const last = newest(failures.map((f) => f.event));
      const lastAt = last?.last ?? last?.first;
      if (lastAt !== undefined && ctx.now - lastAt > STALE_FAILURE_MS) return [];
      const spec = specs.find((s) => s.name === cname);
      const count = failures.reduce((n, f) => n + f.event.count, 0);
      const firstAt = Math.min(...failures.map((f) => f.event.first ?? f.event.last ?? ctx.now));
      const threshold = probeOf(spec, 'readiness')?.failureThreshold ?? PROBE_DEFAULTS.failureThreshold;
      const lasting = lastAt !== undefined && lastAt - firstAt >= readyGraceSeconds(spec) * 1000;
      const ref: ContainerRef | undefined =
        cname === '' ? undefined : { name: cname, type: type === 'init' ? 'init' : 'app' };
      return [
        build(
          ctx,
          ref,
          spec,
          failures,
          count >= threshold || lasting ? 'failed' : 'progressing',
          'events',
          [],
        ),
      ];
    });
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod, now } = ctx;
    if (podFinished(pod) || podReady(pod)) return [];
    const entries = readinessEntries(pod);
    const sole = entries.length === 1;
    const byState = new Set<string>();
    const out = [];
    const cond = condition(pod, 'ContainersReady');
    for (const entry of entries) {
      const st = entry.status;
      if (st?.state === undefined) continue;
      byState.add(entry.ref.name);
      const running = st.state.running;
      if (running === undefined || st.ready) continue;
      const started = parseTime(running.startedAt);
      const failures = readinessFailuresSince(ctx, entry.ref, sole, started);
      const result = latestProbeResult(ctx.probes, now, entry.ref.name, 'readiness', started);
      const probed = result === undefined ? undefined : { result, passes: probeOutcome(result) === 'pass' };
      // A failing endpoint proves the failure by itself; a passing one only qualifies failure events.
      if (failures.length === 0 && (probed === undefined || probed.passes)) continue;
      const since = started ?? failures[0]?.event.first ?? parseTime(result?.at);
      const status = graceStatus({ ...meta, graceSeconds: readyGraceSeconds(entry.spec) }, since, now);
      const extra: Evidence[] = [
        {
          source: 'status',
          text: `containerStatuses[${entry.ref.name}]: running since ${running.startedAt ?? '(time unknown)'}, ready=false`,
        },
        ...(cond?.status === 'False' ? [conditionEvidence(cond)] : []),
      ];
      out.push(build(ctx, entry.ref, entry.spec, failures, status, 'state', extra, probed));
    }
    return [...out, ...fromEvents(ctx, byState)];
  },
} satisfies Rule<'pod'>;
