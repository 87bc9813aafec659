/**
 * Active probe results (`--probe`) in a pod's diagnosis: the rules quote the ones their finding
 * rests on; every other current result of the pod is added after them, so that what was probed
 * is always shown with the verdict it concerns. A failing result on a pod judged healthy gets a
 * note: the kubelet acts only after failureThreshold failures in a row. Without probe results
 * the diagnosis is returned as it is.
 */
import type { Diagnosis, ProbeResult } from '../../model/index.js';
import { compareStrings } from '../../k8s/index.js';
import {
  latestProbeResult,
  probeOutcome,
  probeResultEvidence,
  probeResultSummary,
} from '../shared/probe-results.js';
import type { PodContext } from '../types.js';

/** The newest current result per container and probe, by container name then probe. */
function latestPerProbe(ctx: PodContext): ProbeResult[] {
  const keys = new Map<string, { container: string; probe: ProbeResult['probe'] }>();
  for (const r of ctx.probes)
    keys.set(`${r.container}\u0000${r.probe}`, { container: r.container, probe: r.probe });
  return [...keys.values()]
    .sort((a, b) => compareStrings(a.container, b.container) || compareStrings(a.probe, b.probe))
    .flatMap((k) => latestProbeResult(ctx.probes, ctx.now, k.container, k.probe) ?? []);
}

export function withProbeEvidence(d: Diagnosis, ctx: PodContext): Diagnosis {
  if (ctx.probes.length === 0) return d;
  const results = latestPerProbe(ctx);
  if (results.length === 0) return d;
  const shown = new Set(d.evidence.map((e) => e.text));
  const added = results.map(probeResultEvidence).filter((e) => !shown.has(e.text));
  const notes =
    d.verdict === 'healthy'
      ? results
          .filter((r) => probeOutcome(r) === 'fail')
          .map(
            (r) =>
              `The ${r.probe} probe endpoint of container ${r.container} failed when probed now (${probeResultSummary(r).text}); the kubelet acts only after failureThreshold failures in a row, so this is a blip or the start of a failure.`,
          )
      : [];
  if (added.length === 0 && notes.length === 0) return d;
  return { ...d, evidence: [...d.evidence, ...added], notes: [...d.notes, ...notes] };
}
