/** Message data and next steps shared by the liveness and startup rules. */
import type { Finding, ReasonCode } from '../../model/index.js';
import { humanDuration } from '../../k8s/index.js';
import type { PodContext, RuleMeta } from '../types.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { livenessCases, type LivenessCase } from './analyse.js';
import { probeFixHint, summarizeFailure } from '../shared/probe-events.js';
import { formatProbe, probeCheckCommands, probeOf, PROBE_DEFAULTS } from '../shared/probe-spec.js';
import { probeResultSummary } from '../shared/probe-results.js';

/** "over 5h" from the first to the last failure, '' when the events carry no times. */
function failureSpan(c: LivenessCase): string {
  const firsts = c.failures.map((f) => f.event.first ?? f.event.last).filter((t) => t !== undefined);
  const lasts = c.failures.map((f) => f.event.last ?? f.event.first).filter((t) => t !== undefined);
  if (firsts.length === 0 || lasts.length === 0) return '';
  return ` over ${humanDuration(Math.max(...lasts) - Math.min(...firsts))}`;
}

/**
 * How long the kubelet lets the probe fail before it restarts the container: failureThreshold ×
 * periodSeconds in a row, after initialDelaySeconds for a startup probe (which runs from the
 * container's start); the defaults when the spec is not in the evidence.
 */
export function probeBudgetSeconds(c: LivenessCase): number {
  const probe = probeOf(c.spec, c.probe);
  const threshold = probe?.failureThreshold ?? PROBE_DEFAULTS.failureThreshold;
  const period = probe?.periodSeconds ?? PROBE_DEFAULTS.periodSeconds;
  const delay =
    c.probe === 'startup' ? (probe?.initialDelaySeconds ?? PROBE_DEFAULTS.initialDelaySeconds) : 0;
  return delay + threshold * period;
}

/** Message data and next steps shared by the liveness and startup rules. */
export function livenessDetails(
  ctx: PodContext,
  c: LivenessCase,
): { data: Record<string, string | number>; nextSteps: string[] } {
  const { name, namespace } = ctx.pod.metadata;
  const last = c.failures.at(-1);
  // The kubelet's own words when an event has them, else what the endpoint answers now (--probe).
  const summary =
    last !== undefined
      ? summarizeFailure(last.parsed.detail)
      : c.probed === undefined
        ? undefined
        : probeResultSummary(c.probed);
  const probe = probeOf(c.spec, c.probe);
  const data = {
    container: c.container?.name ?? '',
    failure: summary?.text ?? 'failure output not in the evidence',
    probe: probe === undefined ? 'spec not in the evidence' : formatProbe(probe),
    restarts: c.restarts,
    failures: c.failures.reduce((n, f) => n + Math.max(1, f.event.count), 0),
    span: failureSpan(c),
    of: c.container === undefined ? '' : ` of container ${c.container.name}`,
  };
  const steps = [kubectl.describe('pod', name, namespace)];
  if (c.container !== undefined && c.status === 'failed')
    steps.push(kubectl.logs(name, namespace, c.container.name, true));
  steps.push(...probeCheckCommands(name, namespace, probe));
  if (summary !== undefined) steps.push(probeFixHint(c.probe, summary));
  else if (c.probe === 'startup')
    steps.push(
      'Give the app enough time to start: failureThreshold × periodSeconds of the startupProbe must exceed its slowest start.',
    );
  else
    steps.push(
      'Make the liveness probe check only that the process is alive, not its dependencies, and give it the port and path the app serves.',
    );
  return { data, nextSteps: steps };
}

export interface ProbeMessageIds {
  /** The probe failed and the kubelet restarted the container. */
  readonly restarted: string;
  /** Restarted, and the events do not name the container. */
  readonly restartedUnnamed: string;
  /** No restart in the evidence, but the failures recur longer than one instance allows. */
  readonly recurring: string;
  /** Failing, container known, no restart yet. */
  readonly failing: string;
  /** Failing, and the events do not name the container. */
  readonly unnamed: string;
  /** Events only: the failures are the last the evidence knows, with no restart in it. */
  readonly lastKnown: string;
  /** No failure event: the endpoint fails when probed now (--probe) and the previous instance was killed. */
  readonly probedRestarted?: string;
}

/** The findings of one probe kind (liveness or startup); the two rules differ only in wording. */
export function probeRestartFindings(
  meta: RuleMeta,
  ctx: PodContext,
  probe: 'liveness' | 'startup',
  reason: ReasonCode,
  ids: ProbeMessageIds,
): Finding[] {
  return livenessCases(ctx)
    .filter((c) => c.probe === probe)
    .map((c) => {
      const { data, nextSteps } = livenessDetails(ctx, c);
      const messageId =
        c.status !== 'failed'
          ? c.container === undefined
            ? ids.unnamed
            : ids.failing
          : c.lastKnown === true
            ? ids.lastKnown
            : c.inferred
              ? ids.recurring
              : c.container === undefined
                ? ids.restartedUnnamed
                : c.fromProbe === true
                  ? (ids.probedRestarted ?? ids.restarted)
                  : ids.restarted;
      return finding(meta, {
        reason,
        messageId,
        data,
        status: c.status,
        // failing, not yet restarted: the kubelet allows the probe this long before it restarts
        ...(c.status === 'progressing' ? { graceSeconds: probeBudgetSeconds(c) } : {}),
        basis: c.basis,
        container: c.container,
        evidence: c.evidence,
        at: c.at,
        nextSteps,
        ...(c.confidence === undefined ? {} : { confidence: c.confidence }),
      });
    });
}
