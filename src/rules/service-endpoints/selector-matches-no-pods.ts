import type { Evidence, Finding, Pod, Workload } from '../../model/index.js';
import { formatSelector, matchesServiceSelector, parseTime } from '../../k8s/index.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import {
  endpointEvidence,
  endpointsCollected,
  hasSelector,
  membership,
  possibleUnreadyBackends,
  selectorUnknown,
  serviceCommands,
  serviceEvidence,
} from './service-backends.js';
import type { Rule, ServiceContext } from '../types.js';

const meta = {
  id: 'service-endpoints/selector-matches-no-pods',
  stage: 'service-endpoints',
  target: 'service',
  title: 'Service selector matches no pods',
  description:
    'A Service with a selector selects no pod in its namespace, so it has no endpoints and connections to it fail or time out. ' +
    "Shows the selector next to the label values the namespace's pods really carry for those keys, and labels that carry the " +
    "selector's values under another key (pods labelled app.kubernetes.io/name=web while the selector wants app=web). " +
    'Without pods in the evidence, an Endpoints object (or slices) listing no address at all tells the same; so does one of a ' +
    'Service whose selector the evidence lacks (a `kubectl get endpoints` row reading <none>) when every pod shown is Ready. ' +
    'Not-ready pods whose labels (or the selector) are unknown may be its backends instead: left to no-ready-endpoints. ' +
    "Without pods or endpoints in the evidence, the pod templates of the namespace's workloads (a Deployment and a Service " +
    'pasted as manifests) stand for their pods, which carry the template labels: a selector that matches none of them is ' +
    'reported at low confidence. ' +
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
    noPodsShown:
      'Service {{service}} selects {{selector}}, and its endpoints list no address, ready or not: no running pod in namespace {{namespace}} carries those labels (the evidence shows no pods).',
    noTemplateSelected:
      'Service {{service}} selects {{selector}}, but the pods of {{workloads}} carry {{labels}}: the Service selects none of them (their pods are not in the evidence).',
    noEndpointsSelectorUnknown:
      'Service {{service}} has no endpoint at all, and no pod shown could be one ({{pods}}): its selector, which the evidence does not show, matches no running pod in namespace {{namespace}}.',
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

/**
 * A Service whose selector the evidence does not show (a name in `kubectl get endpoints`, a
 * `kubectl get svc` row) and whose endpoints list no address at all, while no pod shown could be a
 * not-ready backend: the selector matches no running pod.
 */
function selectorUnknownFindings(ctx: ServiceContext): Finding[] {
  const svc = ctx.service;
  const own = ctx.endpointSlices.length > 0 || ctx.endpoints !== undefined;
  if (!own || membership(ctx.endpointSlices, ctx.endpoints).total > 0) return [];
  if (possibleUnreadyBackends(ctx).length > 0) return [];
  const { name, namespace } = svc.metadata;
  const ns = namespace ?? '';
  const shown = ctx.index.podsInNamespace(ns).length;
  return [
    finding(meta, {
      reason: 'SelectorMatchesNoPods',
      messageId: 'noEndpointsSelectorUnknown',
      data: {
        service: name,
        namespace: ns,
        pods: shown === 0 ? 'the evidence shows none' : `all ${shown} shown are Ready`,
      },
      confidence: 'low',
      evidence: endpointEvidence(ctx.endpointSlices, ctx.endpoints, name),
      nextSteps: [
        kubectl.get('service', name, namespace),
        kubectl.raw(`get pods${kubectl.nsFlag(namespace)} --show-labels`),
        "Compare the Service's selector with the labels of the pods meant to serve it, and make them agree.",
      ],
    }),
  ];
}

/** Workloads of the namespace whose pod template the evidence holds with labels (Job's and CronJob's pods too). */
function templatesIn(
  ctx: ServiceContext,
  ns: string,
): { workload: Workload; labels: Record<string, string> }[] {
  return ctx.index.workloadsInNamespace(ns).flatMap((w) => {
    const labels = w.spec.template?.metadata?.labels;
    return labels !== undefined && Object.keys(labels).length > 0
      ? [{ workload: w, labels: { ...labels } }]
      : [];
  });
}

/**
 * No pods and no endpoints in the evidence, but workloads whose pod templates are (manifests
 * pasted beside the Service): their controllers give every pod the template's labels, so a
 * selector that matches no template selects none of those pods.
 */
function templateFindings(
  ctx: ServiceContext,
  ns: string,
  selector: Readonly<Record<string, string>>,
): Finding[] {
  const svc = ctx.service;
  const templates = templatesIn(ctx, ns);
  if (templates.length === 0 || templates.some((t) => matchesServiceSelector(selector, t.labels))) return [];
  const named = templates.slice(0, 3);
  const since = parseTime(svc.metadata.creationTimestamp);
  return [
    finding(meta, {
      reason: 'SelectorMatchesNoPods',
      messageId: 'noTemplateSelected',
      data: {
        service: svc.metadata.name,
        selector: formatSelector(selector),
        workloads: named.map((t) => `${t.workload.kind} ${t.workload.metadata.name}`).join(', '),
        labels: named.map((t) => formatSelector(t.labels)).join('; '),
      },
      status: graceStatus(meta, since, ctx.now),
      confidence: 'low',
      evidence: [
        serviceEvidence(svc),
        ...named.map((t) => ({
          source: 'spec' as const,
          text: `${t.workload.kind} ${t.workload.metadata.name} pod template labels: ${formatSelector(t.labels)}`,
        })),
      ],
      at: since,
      nextSteps: [
        ...serviceCommands(svc),
        kubectl.raw(`get pods${kubectl.nsFlag(ns)} --show-labels`),
        "Make the Service selector and the pod template labels agree (change the selector, or the labels in the workload's template).",
      ],
    }),
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const svc = ctx.service;
    if (selectorUnknown(svc, ctx.endpointSlices, ctx.endpoints)) return selectorUnknownFindings(ctx);
    if (!hasSelector(svc) || ctx.pods.length > 0) return [];
    const ns = svc.metadata.namespace ?? '';
    const selector = svc.spec.selector ?? {};
    const inNamespace = ctx.index.podsInNamespace(ns);
    // Endpoints or slices that list any address prove the controller found pods for the selector.
    const listed = endpointsCollected(ctx) ? membership(ctx.endpointSlices, ctx.endpoints).total : undefined;
    if (listed !== undefined && listed > 0) return [];
    // Without pods, only the Service's own empty Endpoints (or slices) tell.
    const own = ctx.endpointSlices.length > 0 || ctx.endpoints !== undefined;
    if (!ctx.collected.has('pods') && !own) return templateFindings(ctx, ns, selector);
    // Pods whose labels the evidence does not hold (a `kubectl get pods` row without --show-labels,
    // a describe fragment without its Labels line) may match: only empty endpoints still tell, weakly,
    // and not-ready ones may be its backends (no-ready-endpoints).
    const unknownLabels = inNamespace.filter((p) => p.metadata.labels === undefined).length;
    if (unknownLabels > 0 && listed === undefined) return [];
    if (possibleUnreadyBackends(ctx).length > 0) return [];
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
    const messageId = !ctx.collected.has('pods')
      ? 'noPodsShown'
      : inNamespace.length === 0
        ? 'noPodsInNamespace'
        : actual.length > 0
          ? 'noPodsHint'
          : 'noPods';
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
        ...(unknownLabels > 0 || !ctx.collected.has('pods') ? { confidence: 'low' as const } : {}),
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
