/**
 * What the what-if cannot decide from the cluster's objects, said as unknowns: admission webhooks
 * (only the webhook knows its answer), a volume a provisioner has yet to create, and state the
 * collector could not read.
 */
import { matchesLabelSelector } from '../k8s/index.js';
import type { LabelSelector } from '../model/index.js';
import type { KObject } from '../simulator/world/types.js';
import { PLURAL } from './checks/common.js';
import type { Check, CheckContext, CheckFinding, PreflightTarget, StateKind } from './types.js';

type Rec = Record<string, unknown>;
const rec = (x: unknown): Rec | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Rec) : undefined;
const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

const unknown = (
  check: string,
  stage: CheckFinding['stage'],
  message: string,
  nextSteps: string[] = [],
): CheckFinding => ({
  check,
  outcome: 'unknown',
  stage,
  message,
  evidence: [],
  nextSteps,
});

/** Plural resource names a webhook rule may name for the objects the target's creation makes. */
function resourcesCreated(kind: string): string[] {
  const own: Record<string, string> = {
    Pod: 'pods',
    Deployment: 'deployments',
    ReplicaSet: 'replicasets',
    StatefulSet: 'statefulsets',
    DaemonSet: 'daemonsets',
    Job: 'jobs',
    CronJob: 'cronjobs',
    ReplicationController: 'replicationcontrollers',
  };
  const out = new Set(['pods', own[kind] ?? '']);
  if (kind === 'Deployment') out.add('replicasets');
  if (kind === 'CronJob') out.add('jobs');
  out.delete('');
  return [...out];
}

function ruleCatches(rule: Rec, resource: string): boolean {
  const ops = list(rule.operations).map(String);
  if (!ops.includes('CREATE') && !ops.includes('*')) return false;
  const named = list(rule.resources).map(String);
  return named.includes(resource) || named.includes('*') || named.includes('*/*');
}

/**
 * The labels of the object of a resource the target's creation makes, as a webhook's
 * objectSelector sees them: the pods' (and a Deployment's ReplicaSets') are the template's, a
 * CronJob's Jobs' its jobTemplate's, the target's own its manifest's.
 */
function labelsCreated(target: PreflightTarget, resource: string): Readonly<Record<string, string>> {
  const object = target.input.object;
  if (resource === 'pods' || (resource === 'replicasets' && target.kind === 'Deployment'))
    return target.template.metadata.labels ?? {};
  if (resource === 'jobs' && target.kind === 'CronJob')
    return (rec(rec(rec(rec(object.spec)?.jobTemplate)?.metadata)?.labels) ?? {}) as Record<string, string>;
  return object.metadata.labels ?? {};
}

function namespaceLabels(ctx: CheckContext): Readonly<Record<string, string>> | undefined {
  const ns = [...ctx.inputs.map((i) => i.object), ...ctx.state.objects].find(
    (o) => o.kind === 'Namespace' && o.metadata.name === ctx.target.namespace,
  );
  // The API server sets kubernetes.io/metadata.name on every namespace, whatever a manifest says.
  return ns === undefined
    ? undefined
    : { ...(ns.metadata.labels ?? {}), 'kubernetes.io/metadata.name': ns.metadata.name };
}

function isKnown(ctx: CheckContext, kind: StateKind): boolean {
  return ctx.state.known.has(kind);
}

function whyMissing(ctx: CheckContext, kind: StateKind): string {
  return ctx.state.missing.find((m) => m.kind === kind)?.why ?? 'not read';
}

/** A webhook that would see the target's objects being created: its answer is unknown. */
export const webhooks: Check = (ctx) => {
  const kinds: StateKind[] = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];
  const out: CheckFinding[] = [];
  for (const kind of kinds.filter((k) => !isKnown(ctx, k))) {
    out.push(
      unknown(
        'webhooks',
        'admission',
        `${PLURAL[kind]} were not read (${whyMissing(ctx, kind)}): an admission webhook could refuse the pods`,
      ),
    );
  }
  const resources = resourcesCreated(ctx.target.kind);
  const nsLabels = namespaceLabels(ctx) ?? { 'kubernetes.io/metadata.name': ctx.target.namespace };
  for (const config of ctx.state.objects.filter((o) => (kinds as string[]).includes(o.kind))) {
    for (const hook of list((config as KObject & { webhooks?: unknown }).webhooks)) {
      const h = rec(hook);
      if (h === undefined) continue;
      // objectSelector: the webhook is called for an object whose labels it selects.
      const objSelector = rec(h.objectSelector) as LabelSelector | undefined;
      const caught = resources.find(
        (r) =>
          list(h.rules).some((rule) => ruleCatches(rec(rule) ?? {}, r)) &&
          (objSelector === undefined || matchesLabelSelector(objSelector, labelsCreated(ctx.target, r))),
      );
      if (caught === undefined) continue;
      const nsSelector = rec(h.namespaceSelector) as LabelSelector | undefined;
      if (nsSelector !== undefined && !matchesLabelSelector(nsSelector, nsLabels)) continue;
      const type = config.kind === 'ValidatingWebhookConfiguration' ? 'validating' : 'mutating';
      const name = str(h.name) ?? config.metadata.name;
      const policy = str(h.failurePolicy) ?? 'Fail';
      out.push({
        ...unknown(
          'webhooks',
          'admission',
          `${type} admission webhook "${name}" intercepts the creation of ${caught} in namespace ${ctx.target.namespace} (failurePolicy ${policy}): only the webhook can say whether it admits them`,
          [`kubectl get ${config.kind.toLowerCase()} ${config.metadata.name} -o yaml`],
        ),
        evidence: [{ source: 'spec', text: `${config.kind} ${config.metadata.name}: webhook ${name}` }],
      });
    }
  }
  return out;
};

/** Claims the template mounts that wait for a provisioner: whether it will create the volume is unknown. */
export const provisioning: Check = (ctx) => {
  const ns = ctx.target.namespace;
  const objects = [...ctx.inputs.map((i) => i.object), ...ctx.state.objects];
  const claimNamed = (claim: string): KObject | undefined =>
    objects.find(
      (o) => o.kind === 'PersistentVolumeClaim' && o.metadata.namespace === ns && o.metadata.name === claim,
    );
  const claims = new Map<string, KObject | undefined>();
  for (const v of list(ctx.target.template.spec.volumes)) {
    const claim = str(rec(rec(v)?.persistentVolumeClaim)?.claimName);
    if (claim !== undefined) claims.set(claim, claimNamed(claim));
  }
  const input = ctx.target.input.object;
  for (const t of list(rec(input.spec)?.volumeClaimTemplates)) {
    const tpl = rec(t);
    const name = str(rec(tpl?.metadata)?.name);
    if (tpl === undefined || name === undefined) continue;
    // The StatefulSet controller reuses a claim that exists (a re-apply): only a new one waits.
    const claim = `${name}-${ctx.target.name}-0`;
    claims.set(
      claim,
      claimNamed(claim) ?? {
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { name: claim, namespace: ns },
        spec: tpl.spec,
      },
    );
  }
  const out: CheckFinding[] = [];
  const classes = objects.filter((o) => o.kind === 'StorageClass');
  const defaultClass = classes.find(
    (c) => c.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true',
  );
  for (const [name, pvc] of claims) {
    if (pvc === undefined) continue; // a missing claim: the what-if's scheduler reports it
    if (str(rec(pvc.status)?.phase) === 'Bound' || str(rec(pvc.spec)?.volumeName) !== undefined) continue;
    const className = str(rec(pvc.spec)?.storageClassName) ?? defaultClass?.metadata.name;
    const sc = classes.find((c) => c.metadata.name === className);
    const provisioner = str((sc as (KObject & { provisioner?: unknown }) | undefined)?.provisioner);
    if (sc === undefined || provisioner === undefined || provisioner === 'kubernetes.io/no-provisioner')
      continue;
    out.push(
      unknown(
        'provisioning',
        'scheduling',
        `PersistentVolumeClaim ${name} waits for provisioner ${provisioner} (StorageClass ${sc.metadata.name}) to create its volume: only the provisioner can tell whether it will`,
        [`kubectl -n ${ns} describe pvc ${name}`, `kubectl get storageclass ${sc.metadata.name} -o yaml`],
      ),
    );
  }
  return out;
};

/** State the what-if needed but could not read. */
const STATE_NEEDS: readonly (readonly [StateKind, CheckFinding['stage'], string])[] = [
  ['Node', 'scheduling', 'whether a node can take the pods'],
  ['Pod', 'scheduling', 'the room the running pods leave on each node'],
  ['Namespace', 'admission', 'whether the namespace exists and its PodSecurity level'],
  ['ResourceQuota', 'admission', 'the quota left in the namespace'],
  ['LimitRange', 'admission', 'the namespace’s LimitRange defaults and bounds'],
  ['ServiceAccount', 'admission', 'whether the ServiceAccount exists'],
  ['PersistentVolumeClaim', 'scheduling', 'whether the claims exist and are bound'],
  ['StorageClass', 'scheduling', 'how the claims get their volumes'],
];

export const unreadState: Check = (ctx) =>
  STATE_NEEDS.filter(([kind]) => !isKnown(ctx, kind)).map(([kind, stage, what]) =>
    unknown(
      'state',
      stage,
      `${PLURAL[kind]} were not read (${whyMissing(ctx, kind)}), so preflight cannot tell ${what}`,
    ),
  );

/**
 * The app itself (does it start, stay up, pass its probes) is proven only by a run: by a Ready pod
 * of the same template already in the cluster (a re-apply, a scale-up), else it is unknown.
 */
export const appRuntime: Check = (ctx) => {
  const { template, namespace } = ctx.target;
  const wanted = list(template.spec.containers).map((c) => {
    const r = rec(c) ?? {};
    return `${str(r.name) ?? ''}=${str(r.image) ?? ''}`;
  });
  const labels = template.metadata.labels ?? {};
  const proven = ctx.state.objects.some((p) => {
    if (p.kind !== 'Pod' || p.metadata.namespace !== namespace) return false;
    const podLabels = p.metadata.labels ?? {};
    if (!Object.entries(labels).every(([k, v]) => podLabels[k] === v)) return false;
    const status = rec(p.status);
    const ready = list(status?.conditions).some((c) => rec(c)?.type === 'Ready' && rec(c)?.status === 'True');
    const running = new Set(
      list(rec(p.spec)?.containers).map((c) => `${str(rec(c)?.name) ?? ''}=${str(rec(c)?.image) ?? ''}`),
    );
    return ready && wanted.every((w) => running.has(w));
  });
  if (proven) return [];
  return [
    unknown(
      'app',
      'crash',
      'whether the app starts, stays up and passes its probes: only a run shows that (no Ready pod of this template runs in the cluster yet)',
    ),
  ];
};

export const CLUSTER_CHECKS: readonly Check[] = [unreadState, webhooks, provisioning, appRuntime];
