import { field, fieldValue, put, type Doc } from './doc.js';
import { labelMap, toBool, toInt } from './syntax.js';
import { podParts, values } from './kinds.js';
import { conditionRaw } from './sections.js';

/** Workloads from their describe: replica counts, selector, Job and DaemonSet counts, pod template. */

type Obj = Record<string, unknown>;

function replicaCounts(doc: Doc, spec: Obj, status: Obj): void {
  // "0 current / 2 desired" (RS, RC), "3 desired | 3 updated | 3 total | 2 available | 1 unavailable"
  const words: Readonly<Record<string, [Obj, string]>> = {
    desired: [spec, 'replicas'],
    current: [status, 'replicas'],
    total: [status, 'replicas'],
    updated: [status, 'updatedReplicas'],
    available: [status, 'availableReplicas'],
    unavailable: [status, 'unavailableReplicas'],
  };
  for (const part of (fieldValue(doc, 'Replicas') ?? '').split(/[/|]/)) {
    const [n = '', word = ''] = part.trim().split(/\s+/);
    const target = words[word];
    const count = toInt(n);
    if (target !== undefined && count !== undefined) target[0][target[1]] = count;
  }
}

const API_VERSIONS: Readonly<Record<string, string>> = {
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
};

/** A workload (ReplicaSet, Deployment, StatefulSet, DaemonSet, Job, CronJob, ReplicationController). */
export function workloadRaw(kind: string, doc: Doc, meta: Obj): Obj {
  const spec: Obj = {};
  const status: Obj = {};
  replicaCounts(doc, spec, status);
  const selector = fieldValue(doc, 'Selector');
  if (selector !== undefined && selector.split(',').every((p) => /^[\w./-]+=[\w.-]*$/.test(p))) {
    const map = labelMap(selector.split(','));
    put(spec, 'selector', kind === 'ReplicationController' ? map : { matchLabels: map });
  }
  put(spec, 'completions', toInt(fieldValue(doc, 'Completions') ?? ''));
  put(spec, 'parallelism', toInt(fieldValue(doc, 'Parallelism') ?? ''));
  put(spec, 'backoffLimit', toInt(fieldValue(doc, 'Backoff Limit') ?? ''));
  put(spec, 'schedule', fieldValue(doc, 'Schedule'));
  put(spec, 'suspend', toBool(fieldValue(doc, 'Suspend') ?? ''));
  // Job: "1 Active (0 Ready) / 0 Succeeded / 6 Failed" (older: "1 Running / …").
  for (const part of (fieldValue(doc, 'Pods Statuses') ?? '').split('/')) {
    const [n = '', word = ''] = part.trim().split(/\s+/);
    const key = { Active: 'active', Running: 'active', Succeeded: 'succeeded', Failed: 'failed' }[word];
    if (key !== undefined) put(status, key, toInt(n));
  }
  const ds: Readonly<Record<string, string>> = {
    'Desired Number of Nodes Scheduled': 'desiredNumberScheduled',
    'Current Number of Nodes Scheduled': 'currentNumberScheduled',
    'Number of Nodes Scheduled with Up-to-date Pods': 'updatedNumberScheduled',
    'Number of Nodes Scheduled with Available Pods': 'numberAvailable',
    'Number of Nodes Misscheduled': 'numberMisscheduled',
  };
  for (const [key, name] of Object.entries(ds)) put(status, name, toInt(fieldValue(doc, key) ?? ''));
  put(status, 'conditions', doc.conditions.map(conditionRaw));
  if (doc.template !== undefined) {
    const t = podParts(doc.template);
    const tmeta: Obj = {};
    put(tmeta, 'labels', labelMap(values(field(doc.template, 'Labels'))));
    put(spec, 'template', { metadata: tmeta, spec: t.spec });
  }
  const out: Obj = { apiVersion: API_VERSIONS[kind] ?? 'v1', kind, metadata: meta };
  put(out, 'spec', spec);
  put(out, 'status', status);
  return out;
}
