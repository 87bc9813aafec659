import type { Doc } from './describe-doc.js';
import { UNNAMED_POD } from './types.js';

/** The name of a described object when the text gives none: from its events, its containers, or nothing. */

const CONTROLLERS: Readonly<Record<string, string>> = {
  'replicaset-controller': 'ReplicaSet',
  'replication-controller': 'ReplicationController',
  'job-controller': 'Job',
  'daemonset-controller': 'DaemonSet',
  'statefulset-controller': 'StatefulSet',
  'deployment-controller': 'Deployment',
  'cronjob-controller': 'CronJob',
};

/** "back-off 5m0s restarting failed container=app pod=web-1_shop(uid)", "… in pod web-1_shop(uid)". */
const BACKOFF = /pod[= ]"?([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\(/;

export interface Named {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  readonly inferred?: string;
}

const component = (raw: Record<string, unknown>): string => {
  const s = raw.source;
  return typeof s === 'object' && s !== null && 'component' in s && typeof s.component === 'string'
    ? s.component
    : '';
};
export const fieldPathOf = (raw: Record<string, unknown>): string | undefined => {
  const o = raw.involvedObject;
  return typeof o === 'object' && o !== null && 'fieldPath' in o && typeof o.fieldPath === 'string'
    ? o.fieldPath
    : undefined;
};
const messageOf = (raw: Record<string, unknown>): string =>
  typeof raw.message === 'string' ? raw.message : '';

/** Names the object when the text does not: from its events, its containers, or not at all. */
export function inferName(doc: Doc, kind: string): Named {
  const controller = CONTROLLERS[component(doc.events[0]?.raw ?? {})];
  const onlyEvents = doc.header.length === 0 && doc.containers.length === 0 && doc.conditions.length === 0;
  if (
    onlyEvents &&
    controller !== undefined &&
    doc.events.every((e) => CONTROLLERS[component(e.raw)] === controller)
  ) {
    for (const e of doc.events) {
      const m = /pods "([a-z0-9][-a-z0-9.]*)-" is forbidden/.exec(messageOf(e.raw));
      if (m?.[1] !== undefined)
        return { kind: controller, name: m[1], inferred: 'named after the pods it failed to create' };
    }
    return {
      kind: controller,
      name: `unnamed-${controller.toLowerCase()}`,
      inferred: `the paste names no ${controller}`,
    };
  }
  if (kind !== 'Pod')
    return { kind, name: `unnamed-${kind.toLowerCase()}`, inferred: `the paste names no ${kind}` };
  for (const e of doc.events) {
    const msg = messageOf(e.raw);
    const assigned = /^Successfully assigned (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*) to /.exec(msg);
    const backoff = BACKOFF.exec(msg);
    const [, ns, name] = assigned ?? [];
    if (name !== undefined)
      return { kind, name, ...(ns ? { namespace: ns } : {}), inferred: 'named in its Scheduled event' };
    const [, pod, podNs] = backoff ?? [];
    if (pod !== undefined)
      return {
        kind,
        name: pod,
        ...(podNs ? { namespace: podNs } : {}),
        inferred: 'named in its back-off message',
      };
  }
  for (const c of doc.containers) {
    const [, pod, podNs] = BACKOFF.exec(c.state?.message ?? '') ?? [];
    if (pod !== undefined)
      return {
        kind,
        name: pod,
        ...(podNs ? { namespace: podNs } : {}),
        inferred: 'named in its back-off message',
      };
  }
  const named = doc.containers.find((c) => c.named)?.name;
  const fromPath = doc.events.map((e) => /\{([^}]+)\}/.exec(fieldPathOf(e.raw) ?? '')?.[1]).find((n) => n);
  const container = named ?? fromPath;
  if (container !== undefined)
    return { kind, name: container, inferred: `named after its container ${container}` };
  return { kind, name: UNNAMED_POD, inferred: 'the paste names no pod' };
}
