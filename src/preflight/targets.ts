/**
 * The targets of an input: each workload (and bare Pod) whose pods preflight judges, with the pod
 * template as it will be applied. A CronJob's pods are judged through a Job made from its
 * jobTemplate (the what-if cannot wait for its schedule).
 */
import { POD_TEMPLATE_KINDS } from '../model/index.js';
import type { KObject } from '../simulator/world/types.js';
import type { InputObject, PreflightTarget } from './types.js';

type Rec = Record<string, unknown>;
const rec = (x: unknown): Rec | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Rec) : undefined;

function templateOf(obj: KObject): PreflightTarget['template'] | undefined {
  const spec = rec(obj.spec);
  const template =
    obj.kind === 'Pod'
      ? { metadata: obj.metadata, spec }
      : obj.kind === 'CronJob'
        ? rec(rec(rec(spec?.jobTemplate)?.spec)?.template)
        : POD_TEMPLATE_KINDS.has(obj.kind)
          ? rec(spec?.template)
          : undefined;
  const podSpec = rec(template?.spec);
  if (template === undefined || podSpec === undefined) return undefined;
  const labels = rec(rec(template.metadata)?.labels) as Readonly<Record<string, string>> | undefined;
  return { metadata: labels === undefined ? {} : { labels }, spec: podSpec };
}

function replicasOf(obj: KObject): number {
  const spec = rec(obj.spec);
  if (obj.kind === 'Job') return typeof spec?.parallelism === 'number' ? spec.parallelism : 1;
  return typeof spec?.replicas === 'number' ? spec.replicas : 1;
}

/** Every input object that makes pods, in input order. */
export function targetsOf(inputs: readonly InputObject[]): PreflightTarget[] {
  const out: PreflightTarget[] = [];
  for (const input of inputs) {
    const obj = input.object;
    if (obj.kind !== 'Pod' && obj.kind !== 'CronJob' && !POD_TEMPLATE_KINDS.has(obj.kind)) continue;
    const template = templateOf(obj);
    if (template === undefined) continue;
    out.push({
      kind: obj.kind as PreflightTarget['kind'],
      namespace: obj.metadata.namespace ?? 'default',
      name: obj.metadata.name,
      template,
      replicas: replicasOf(obj),
      input,
    });
  }
  return out;
}

/** The name of the Job the what-if makes for a CronJob. */
export const cronJobRunName = (cronJob: string): string => `${cronJob}-preflight`.slice(0, 52);

/**
 * The input as the what-if applies it: a CronJob also gets one Job from its jobTemplate, so its
 * pods meet admission and the scheduler now rather than at the next schedule.
 */
export function whatIfInputs(inputs: readonly InputObject[]): InputObject[] {
  const out: InputObject[] = [...inputs];
  for (const input of inputs) {
    const obj = input.object;
    if (obj.kind !== 'CronJob') continue;
    const jobTemplate = rec(rec(obj.spec)?.jobTemplate);
    if (jobTemplate === undefined) continue;
    out.push({
      ...input,
      object: {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: {
          ...(rec(jobTemplate.metadata) ?? {}),
          name: cronJobRunName(obj.metadata.name),
          ...(obj.metadata.namespace === undefined ? {} : { namespace: obj.metadata.namespace }),
        },
        spec: structuredClone(jobTemplate.spec),
      },
    });
  }
  return out;
}
