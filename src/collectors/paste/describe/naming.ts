import type { Doc } from './doc.js';
import type { DescribedByCommand } from './syntax.js';
import { UNNAMED_POD } from '../common/types.js';
import { unnamedName } from '../../../model/index.js';

/** The name of a described object when the text gives none: from its events, the describe command, its containers, or nothing. */

const CONTROLLERS: Readonly<Record<string, string>> = {
  'replicaset-controller': 'ReplicaSet',
  'replication-controller': 'ReplicationController',
  'job-controller': 'Job',
  'daemonset-controller': 'DaemonSet',
  'statefulset-controller': 'StatefulSet',
  'deployment-controller': 'Deployment',
  'cronjob-controller': 'CronJob',
};

/**
 * How the kubelet names a pod in its messages: format.Pod `name_namespace(uid)` ("back-off 5m0s
 * restarting failed container=app pod=web-1_shop(uid)", "… in pod web-1_shop(uid)", runAsNonRoot's
 * `(pod: "web-1_shop(uid)", container: app)`, "Unable to mount volumes for pod "web-1_shop(uid)"")
 * and the CNI's `pod "web-1_shop" network` (dockershim). Names and namespaces hold no `_`, so
 * `name_namespace` followed by `(` or `"` is the kubelet's, not prose.
 */
const POD_REF = /\bpod(?:=|:? )"?([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)(?:\(|")/;

/** The pod a kubelet message names, with the note that says where the name came from. */
function podInMessage(msg: string): { name: string; namespace: string; inferred: string } | undefined {
  const [, name, namespace] = POD_REF.exec(msg) ?? [];
  if (name === undefined || namespace === undefined) return undefined;
  const inferred = /back-off/i.test(msg)
    ? 'named in its back-off message'
    : 'named in a kubelet message about it';
  return { name, namespace, inferred };
}

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

/**
 * The workload kind whose controller wrote every one of the block's events (a ReplicaSet's events
 * come from the replicaset-controller, a StatefulSet's from the statefulset-controller), or undefined.
 */
export function controllerOfEvents(doc: Doc): string | undefined {
  const controller = CONTROLLERS[component(doc.events[0]?.raw ?? {})];
  return controller !== undefined && doc.events.every((e) => CONTROLLERS[component(e.raw)] === controller)
    ? controller
    : undefined;
}

/**
 * Names the object when the text does not: from its events, from the `describe` command just
 * above it (kubectl takes a name prefix there, so names the output gives come first), from its
 * containers, or not at all.
 */
export function inferName(doc: Doc, kind: string, command?: DescribedByCommand): Named {
  const fromCommand = (k: string): Named | undefined =>
    command?.kind === k
      ? {
          kind: k,
          name: command.name,
          ...(command.namespace === undefined ? {} : { namespace: command.namespace }),
          inferred: 'named in the describe command above it',
        }
      : undefined;
  const controller = controllerOfEvents(doc);
  const onlyEvents = doc.header.length === 0 && doc.containers.length === 0 && doc.conditions.length === 0;
  if (controller !== undefined && (onlyEvents || kind === controller)) {
    for (const e of doc.events) {
      const msg = messageOf(e.raw);
      const m = /pods "([a-z0-9][-a-z0-9.]*)-" is forbidden/.exec(msg);
      if (m?.[1] !== undefined)
        return { kind: controller, name: m[1], inferred: 'named after the pods it failed to create' };
      const sts = controller === 'StatefulSet' ? / in StatefulSet ([a-z0-9][-a-z0-9.]*) /.exec(msg) : null;
      if (sts?.[1] !== undefined)
        return { kind: controller, name: sts[1], inferred: "named in its controller's events" };
    }
    return (
      fromCommand(controller) ?? {
        kind: controller,
        name: unnamedName(controller),
        inferred: `the paste names no ${controller}`,
      }
    );
  }
  if (kind !== 'Pod')
    return (
      fromCommand(kind) ?? {
        kind,
        name: unnamedName(kind),
        inferred: `the paste names no ${kind}`,
      }
    );
  const inMessages = [
    ...doc.events.map((e) => messageOf(e.raw)),
    ...doc.containers.map((c) => c.state?.message ?? ''),
  ].flatMap((msg) => podInMessage(msg) ?? []);
  for (const e of doc.events) {
    const msg = messageOf(e.raw);
    const assigned = /^Successfully assigned (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*) to /.exec(msg);
    const [, ns, name] = assigned ?? [];
    // Before 1.10 the Scheduled message had no namespace; a kubelet message about the same pod may.
    const namespace = ns ?? inMessages.find((p) => p.name === name)?.namespace;
    if (name !== undefined)
      return { kind, name, ...(namespace ? { namespace } : {}), inferred: 'named in its Scheduled event' };
  }
  const [pod] = inMessages;
  if (pod !== undefined) return { kind, ...pod };
  const described = fromCommand('Pod');
  if (described !== undefined) return described;
  const named = doc.containers.find((c) => c.named)?.name;
  const fromPath = doc.events.map((e) => /\{([^}]+)\}/.exec(fieldPathOf(e.raw) ?? '')?.[1]).find((n) => n);
  const container = named ?? fromPath;
  if (container !== undefined)
    return { kind, name: container, inferred: `named after its container ${container}` };
  return { kind, name: UNNAMED_POD, inferred: 'the paste names no pod' };
}
