import type { Evidence, Pod } from '../../model/index.js';
import { formatSelector, parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import {
  endpointEvidence,
  endpointsCollected,
  hasSelector,
  membership,
  serviceCommands,
  serviceEvidence,
} from './service-backends.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'service-endpoints/selector-matches-no-pods',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Service selector matches no pods',
  description:
    'A Service with a selector selects no pod in its namespace, so it has no endpoints and connections to it fail or time out. ' +
    "Shows the selector next to the label values the namespace's pods really carry for those keys, and labels that carry the " +
    "selector's values under another key (pods labelled app.kubernetes.io/name=web while the selector wants app=web). " +
    'Services without a selector and ExternalName Services are skipped.',
  reasons: ['SelectorMatchesNoPods'],
  graceSeconds: 30,
  needs: ['services', 'pods'],
  messages: {
    noPods:
      'Service {{service}} selects {{selector}}, but no pod in namespace {{namespace}} carries those labels.',
    noPodsHint:
      'Service {{service}} selects {{selector}}, but no pod in namespace {{namespace}} carries those labels; the pods have {{actual}}.',
    noPodsInNamespace:
      'Service {{service}} selects {{selector}}, but namespace {{namespace}} has no pods at all.',
  },
  docs: 'docs/rules/service-endpoints/selector-matches-no-pods.md',
} as const;

/** What the pods carry instead: other values for the selector's keys, and the selector's values under other keys. */
function actualLabels(selector: Readonly<Record<string, string>>, pods: readonly Pod[]): string[] {
  const seen = new Map<string, number>();
  const count = (label: string): void => {
    seen.set(label, (seen.get(label) ?? 0) + 1);
  };
  for (const pod of pods) {
    const labels = pod.metadata.labels ?? {};
    for (const [key, value] of Object.entries(selector)) {
      const have = labels[key];
      if (have !== undefined && have !== value) count(`${key}=${have}`);
      for (const [k, v] of Object.entries(labels)) if (k !== key && v === value) count(`${k}=${v}`);
    }
  }
  return [...seen]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, 4)
    .map(([label, n]) => `${label} (${n} pod${n === 1 ? '' : 's'})`);
}

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    if (!hasSelector(svc) || !ctx.collected.has('pods') || ctx.pods.length > 0) return [];
    const ns = svc.metadata.namespace ?? '';
    const selector = svc.spec.selector ?? {};
    const inNamespace = ctx.index.podsInNamespace(ns);
    // Endpoints or slices that list any address prove the controller found pods for the selector.
    const listed = endpointsCollected(ctx) ? membership(ctx.endpointSlices, ctx.endpoints).total : undefined;
    if (listed !== undefined && listed > 0) return [];
    // Pods whose labels the evidence does not hold (a `kubectl get pods` row without --show-labels,
    // a describe fragment without its Labels line) may match: only empty endpoints still tell, weakly.
    const unknownLabels = inNamespace.filter((p) => p.metadata.labels === undefined).length;
    if (unknownLabels > 0 && listed === undefined) return [];
    const actual = actualLabels(selector, inNamespace);
    const evidence: Evidence[] = [serviceEvidence(svc)];
    for (const pod of inNamespace.slice(0, 3)) {
      const labels = pod.metadata.labels;
      evidence.push({
        source: 'spec',
        text: `pod ${pod.metadata.name} labels: ${labels === undefined ? '(not in the evidence)' : formatSelector(labels) || '(none)'}`,
      });
    }
    if (endpointsCollected(ctx))
      evidence.push(...endpointEvidence(ctx.endpointSlices, ctx.endpoints, svc.metadata.name));
    const messageId =
      inNamespace.length === 0 ? 'noPodsInNamespace' : actual.length > 0 ? 'noPodsHint' : 'noPods';
    const since = parseTime(svc.metadata.creationTimestamp);
    return [
      finding(meta, {
        reason: 'SelectorMatchesNoPods',
        messageId,
        data: {
          service: svc.metadata.name,
          selector: formatSelector(selector),
          namespace: ns,
          actual: actual.join(', '),
        },
        status: graceStatus(meta, since, ctx.now),
        ...(unknownLabels > 0 ? { confidence: 'low' as const } : {}),
        evidence,
        at: since,
        nextSteps: [
          ...serviceCommands(svc),
          kubectl.raw(`get pods${kubectl.nsFlag(ns)} --show-labels`),
          "Make the Service selector and the pod template labels agree (change the selector, or the labels in the Deployment's template); check that the workload runs in this namespace.",
        ],
      }),
    ];
  },
} satisfies Rule<'service'>;
