/**
 * Runs a built-in simulator scenario twice: in the simulator (in process, to its duration, at the
 * real control plane's release) and on the real control plane (the same nodes, namespaces, quotas,
 * limit ranges, ServiceAccounts, storage classes, webhooks and manifests), and reduces each run
 * to what the real components own: the events of the control-plane components, the pods'
 * PodScheduled conditions, and kube-handoff's diagnosis of the scenario's targets. Messages are
 * normalised (generated names, numbers, addresses) so that only wording differences remain.
 */
import { listScenarioFiles, loadScenarioFile } from '../../src/simulator/scenario/catalog.js';
import { Simulation } from '../../src/simulator/simulation.js';
import type { Scenario } from '../../src/simulator/scenario/types.js';
import { snapshotFromSimulation } from '../../src/collectors/simulator/index.js';
import { checkExpectation } from '../../src/cli/sim/scenario-check.js';
import { selectDiagnoses, parseTarget } from '../../src/cli/pipeline/scope.js';
import { diagnose } from '../../src/rules/engine/index.js';
import { RULES } from '../../src/rules/index.js';
import type { Diagnosis } from '../../src/model/index.js';
import { ApiError, type Api, type KubeObject } from './api.js';
import { diagnoseAll } from './cli.js';
import type { FakeKubelet, NodeSpec } from './fake-kubelet.js';
import { freePort } from './harness.js';
import {
  makeWebhookCa,
  removeWebhookCa,
  startWebhookBackend,
  waitUntilEnforced,
  webhookConfiguration,
} from './webhook-backend.js';

/** Components whose events the comparison keeps (the kubelet is not real here). */
export const CONTROL_PLANE_COMPONENTS = new Set([
  'default-scheduler',
  'replicaset-controller',
  'deployment-controller',
  'job-controller',
  'statefulset-controller',
  'daemonset-controller',
  'persistentvolume-controller',
  'endpoint-slice-controller',
  'endpoint-controller',
]);

type Raw = Record<string, unknown>;

const CLUSTER_SCOPED = new Set(['PersistentVolume', 'StorageClass', 'Namespace', 'Node', 'PriorityClass']);

/** Workload collections deleted before a namespace, so that nothing recreates its pods. */
const WORKLOADS = [
  '/apis/apps/v1/namespaces/NS/deployments',
  '/apis/apps/v1/namespaces/NS/replicasets',
  '/apis/apps/v1/namespaces/NS/statefulsets',
  '/apis/apps/v1/namespaces/NS/daemonsets',
  '/apis/batch/v1/namespaces/NS/jobs',
];

/**
 * Empties a namespace (workloads first, then pods at once: no kubelet confirms their end) and
 * deletes it unless it is `default`.
 */
async function removeNamespace(api: Api, ns: string): Promise<void> {
  for (const w of WORKLOADS) await api.delete(`${w.replace('NS', ns)}?propagationPolicy=Background`);
  for (const kind of ['services', 'persistentvolumeclaims', 'resourcequotas', 'limitranges'])
    await api.delete(`/api/v1/namespaces/${ns}/${kind}`);
  await api.delete(`/api/v1/namespaces/${ns}/pods?gracePeriodSeconds=0`);
  await sleep(1000);
  await api.delete(`/api/v1/namespaces/${ns}/pods?gracePeriodSeconds=0`);
  if (ns !== 'default') await api.delete(`/api/v1/namespaces/${ns}`);
}

/** The pod-template-hash / generateName alphabet (no vowels, no 0, 1, 3). */
const SAFE = '[bcdfghjklmnpqrstvwxz2456789]';

export function normalise(message: string): string {
  return message
    .replace(/^\(combined from similar events\): /, '')
    .replace(/https?:\/\/[^\s"]+/g, '<url>')
    .replace(/dial tcp [0-9.:[\]a-f]+/g, 'dial tcp <addr>')
    .replace(new RegExp(`-${SAFE}{6,10}-${SAFE}{5}\\b`, 'g'), '-<rs>-<pod>')
    .replace(new RegExp(`-${SAFE}{8,10}\\b`, 'g'), '-<rs>')
    .replace(new RegExp(`-${SAFE}{5}\\b`, 'g'), '-<pod>')
    .replace(/\d+(\.\d+)?/g, 'N');
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Raw => (typeof v === 'object' && v !== null ? (v as Raw) : {});

function component(e: Raw): string {
  return (
    str(obj(e.source).component) ||
    str(e.reportingComponent) ||
    str(e.reportingController) ||
    str(obj(e.deprecatedSource).component)
  );
}

/** "Kind Reason (component): message" of each control-plane event, unique and sorted. */
export function eventLines(events: readonly Raw[]): string[] {
  const out = new Set<string>();
  for (const e of events) {
    const c = component(e);
    if (!CONTROL_PLANE_COMPONENTS.has(c)) continue;
    const about = obj(e.involvedObject ?? e.regarding);
    out.add(`${str(about.kind)} ${str(e.reason)} (${c}): ${normalise(str(e.message ?? e.note))}`);
  }
  return [...out].sort();
}

/** "PodScheduled=False Unschedulable: message" of each pod, unique and sorted. */
export function conditionLines(pods: readonly Raw[]): string[] {
  const out = new Set<string>();
  for (const p of pods) {
    const conds = obj(p.status).conditions;
    for (const c of Array.isArray(conds) ? (conds as Raw[]) : []) {
      if (c.type !== 'PodScheduled') continue;
      const why = [str(c.reason), normalise(str(c.message))].filter((s) => s !== '').join(': ');
      out.add(`PodScheduled=${str(c.status)}${why === '' ? '' : ` ${why}`}`);
    }
  }
  return [...out].sort();
}

export interface Observed {
  readonly events: string[];
  readonly conditions: string[];
  /** Per expectation of the scenario: `ok` or what the diagnoses in its scope were. */
  readonly expectations: string[];
  /** "target: verdict stage/reason" of every diagnosis in the expectations' scope. */
  readonly diagnoses: string[];
}

function judge(
  scenario: Scenario,
  diagnoses: readonly Diagnosis[],
): Pick<Observed, 'expectations' | 'diagnoses'> {
  const expectations = scenario.expect.map((e) => {
    const r = checkExpectation(diagnoses, e);
    return r.ok ? 'ok' : `not met: ${r.detail}`;
  });
  const lines = new Set<string>();
  for (const e of scenario.expect) {
    if (e.target === undefined) continue;
    let scope: Diagnosis[];
    try {
      scope = selectDiagnoses(diagnoses, { targets: [parseTarget(e.target)] });
    } catch {
      lines.add(`${e.target}: not among the diagnoses`);
      continue;
    }
    for (const d of scope)
      lines.add(
        `${d.target.kind}/${normalise(d.target.name)}: ${d.verdict} ${String(d.stage)}/${String(d.reason)}`,
      );
  }
  return { expectations, diagnoses: [...lines].sort() };
}

export function loadScenario(name: string, version: string): Scenario {
  const file = listScenarioFiles().find((f) => f.name === name);
  if (file === undefined) throw new Error(`no built-in scenario ${name}`);
  const s = loadScenarioFile(file.path, file.group === undefined ? {} : { group: file.group });
  // The simulator imitates the scenario's cluster.version: compare it at the real release.
  return { ...s, cluster: { ...s.cluster, version } };
}

export interface SimRun {
  readonly observed: Observed;
  readonly sim: Simulation;
}

export function runOnSimulator(scenario: Scenario): SimRun {
  const sim = new Simulation(scenario);
  sim.run(scenario.duration);
  const namespaces = scenarioNamespaces(scenario);
  const inScope = (o: Raw): boolean => namespaces.has(str(obj(o.metadata).namespace));
  const events = (sim.store.list('events') as unknown as Raw[]).filter(inScope);
  const pods = (sim.store.list('pods') as unknown as Raw[]).filter(inScope);
  const result = diagnose(snapshotFromSimulation(sim), { now: sim.clock.now(), rules: RULES });
  return {
    sim,
    observed: {
      events: eventLines(events),
      conditions: conditionLines(pods),
      ...judge(scenario, result.diagnoses),
    },
  };
}

export function scenarioNamespaces(scenario: Scenario): Set<string> {
  const out = new Set(scenario.cluster.namespaces.map((n) => n.name));
  for (const o of scenario.objects) {
    if (CLUSTER_SCOPED.has(String(o.manifest.kind))) continue;
    const ns = (o.manifest.metadata as { namespace?: string } | undefined)?.namespace;
    out.add(ns ?? 'default');
  }
  return out;
}

/** The simulator's nodes as the fake kubelet registers them. */
function nodeSpecs(sim: Simulation): { specs: NodeSpec[]; cordoned: string[] } {
  const specs: NodeSpec[] = [];
  const cordoned: string[] = [];
  for (const n of sim.store.list('nodes') as unknown as Raw[]) {
    const meta = obj(n.metadata);
    const spec = obj(n.spec);
    const alloc = obj(obj(n.status).allocatable);
    const taints = (Array.isArray(spec.taints) ? (spec.taints as Raw[]) : [])
      .filter((t) => t.key !== 'node.kubernetes.io/unschedulable')
      .map((t) => ({ key: str(t.key), value: str(t.value), effect: str(t.effect) }));
    specs.push({
      name: str(meta.name),
      cpu: str(alloc.cpu) || '4',
      memory: str(alloc.memory) || '8Gi',
      pods: str(alloc.pods) || '110',
      labels: obj(meta.labels) as Record<string, string>,
      ...(taints.length === 0 ? {} : { taints }),
    });
    if (spec.unschedulable === true) cordoned.push(str(meta.name));
  }
  return { specs, cordoned };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(1000);
  }
}

/** Pods of a simulated workload are Ready when any pod of the same owner is (kubelet-side state). */
function ownerKey(p: Raw): string {
  const meta = obj(p.metadata);
  const owner = (Array.isArray(meta.ownerReferences) ? (meta.ownerReferences as Raw[]) : [])[0];
  const name = owner === undefined ? str(meta.name) : str(owner.name);
  return `${str(meta.namespace)}/${normalise(name)}`;
}

export interface RealRun {
  readonly observed: Observed;
  /** The `--now` the diagnosis was made at: the scenario's duration after its objects were applied. */
  readonly judgedAt: string;
  cleanup(): Promise<void>;
}

export interface RealRunOptions {
  /**
   * Called once the scenario's cluster is set up (nodes, namespaces, quotas, limits, accounts,
   * storage classes, webhooks) and before any of its objects is applied.
   */
  readonly beforeObjects?: () => Promise<void>;
}

/** Applies the scenario to the real control plane, waits for its components, and observes. */
export async function runOnReal(
  api: Api,
  kubelet: FakeKubelet,
  adminKubeconfig: string,
  scenario: Scenario,
  sim: Simulation,
  opts: RealRunOptions = {},
): Promise<RealRun> {
  const namespaces = scenarioNamespaces(scenario);
  const undo: (() => Promise<void>)[] = [];
  const cleanup = async (): Promise<void> => {
    for (const u of undo.reverse()) await u().catch(() => undefined);
  };
  try {
    const { specs, cordoned } = nodeSpecs(sim);
    await kubelet.addNodes(specs);
    for (const n of cordoned) await api.patch(`/api/v1/nodes/${n}`, { spec: { unschedulable: true } });
    undo.push(() => kubelet.stop());
    // New nodes carry node.kubernetes.io/not-ready until the node lifecycle controller sees them
    // Ready: wait, or the scheduler's first verdicts count those taints.
    await sleep(3000);
    await until('nodes without the not-ready taint', async () => {
      const nodes = await api.list('/api/v1/nodes');
      const names = new Set(specs.map((n) => n.name));
      const notReady = nodes.filter(
        (n) =>
          names.has(str(obj(n.metadata).name)) &&
          (Array.isArray(obj(n.spec).taints) ? (obj(n.spec).taints as Raw[]) : []).some(
            (t) => t.key === 'node.kubernetes.io/not-ready',
          ),
      );
      return notReady.length === 0 ? true : undefined;
    });
    // A namespace of the same name from the scenario before may still be terminating.
    for (const ns of namespaces)
      if (ns !== 'default')
        await until(
          `namespace ${ns} gone`,
          async () =>
            (await api.request('GET', `/api/v1/namespaces/${ns}`)).status === 404 ? true : undefined,
          180_000,
        );
    for (const ns of namespaces) {
      const spec = scenario.cluster.namespaces.find((n) => n.name === ns);
      if (ns !== 'default')
        await api.create({
          apiVersion: 'v1',
          kind: 'Namespace',
          metadata: { name: ns, labels: { ...(spec?.labels ?? {}) } },
        });
      undo.push(() => removeNamespace(api, ns));
      for (const sa of spec?.serviceAccounts ?? [])
        await api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace: ns } });
      if (spec?.quota !== undefined)
        await api.create({
          apiVersion: 'v1',
          kind: 'ResourceQuota',
          metadata: { name: `${ns}-quota`, namespace: ns },
          spec: { hard: { ...spec.quota } },
        });
      if (spec?.limitRange !== undefined)
        await api.create({
          apiVersion: 'v1',
          kind: 'LimitRange',
          metadata: { name: `${ns}-limits`, namespace: ns },
          spec: { limits: structuredClone(spec.limitRange) },
        });
    }
    // The real ServiceAccount controller makes `default`; pods are refused until it exists.
    for (const ns of namespaces)
      await until(`ServiceAccount default in ${ns}`, async () =>
        (await api.request('GET', `/api/v1/namespaces/${ns}/serviceaccounts/default`)).status === 200
          ? true
          : undefined,
      );
    for (const sc of sim.store.list<KubeObject>('storageclasses')) {
      const copy: KubeObject = {
        ...sc,
        metadata: { name: sc.metadata.name, ...pick(sc.metadata, 'annotations') },
      };
      await api.create(copy, { ifExists: 'ignore' });
      undo.push(() => api.delete(`/apis/storage.k8s.io/v1/storageclasses/${sc.metadata.name}`));
    }
    for (const hook of scenario.cluster.webhooks) {
      const ca = makeWebhookCa();
      const server = hook.unreachable ? undefined : await startWebhookBackend(ca, hook.deny ?? '');
      const url = server?.url ?? `https://127.0.0.1:${String(await freePort())}/validate`;
      const name = `fidelity-${hook.name}`;
      for (const ns of namespaces) {
        const cfgName = `${name}-${ns}`;
        await api.apply(
          webhookConfiguration({
            name: cfgName,
            webhook: hook.name,
            url,
            caBundle: Buffer.from(ca.caPem).toString('base64'),
            namespace: ns,
            failurePolicy: hook.failurePolicy,
          }),
        );
        undo.push(() =>
          api.delete(`/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/${cfgName}`),
        );
        await waitUntilEnforced(api, ns, hook.name);
      }
      undo.push(async () => {
        await server?.close();
        removeWebhookCa(ca);
      });
    }
    await opts.beforeObjects?.();
    // The simulator judges at the end of the scenario's duration: the real run is judged at the
    // same age (`--now`), so that grace periods end alike.
    const t0 = Date.now();
    const judgedAt = new Date(t0 + scenario.duration).toISOString();
    // Objects in their `at` order; before a later group, the pods so far are placed and running.
    const objects = [...scenario.objects].sort((a, b) => a.at - b.at);
    let lastAt = 0;
    for (const o of objects) {
      if (o.at > lastAt) {
        await settle(api, kubelet, namespaces, sim);
        lastAt = o.at;
      }
      const m = structuredClone(o.manifest) as unknown as KubeObject;
      try {
        await api.create(m);
      } catch (e) {
        // Refused by admission (a bare pod): the refusal is what the scenario is about.
        if (!(e instanceof ApiError)) throw e;
      }
      if (m.kind === 'PersistentVolume')
        undo.push(() => api.delete(`/api/v1/persistentvolumes/${m.metadata.name}`));
    }
    await waitForOwner(api, kubelet, scenario, namespaces, sim);
    const events: Raw[] = [];
    const pods: Raw[] = [];
    for (const ns of namespaces) {
      events.push(...(await api.list(`/api/v1/namespaces/${ns}/events`)));
      pods.push(...(await api.list(`/api/v1/namespaces/${ns}/pods`)));
    }
    const { report } = await diagnoseAll(adminKubeconfig, ['--now', judgedAt]);
    // The JSON report has no owner chain (an internal field): rebuild it from ownerReferences so
    // that `deploy/x` targets select their pods as they do in the simulator.
    const owners = new Map<string, Raw>();
    for (const ns of namespaces)
      for (const path of [
        `/apis/apps/v1/namespaces/${ns}/replicasets`,
        `/apis/batch/v1/namespaces/${ns}/jobs`,
      ])
        for (const o of await api.list(path))
          owners.set(`${ns}/${kindOf(path)}/${str(obj(o.metadata).name)}`, o);
    const diagnoses = report.diagnoses
      .filter((d) => namespaces.has(d.target.namespace))
      .map((d) => {
        if (d.target.kind !== 'Pod') return d;
        const pod = pods.find(
          (p) =>
            str(obj(p.metadata).name) === d.target.name &&
            str(obj(p.metadata).namespace) === d.target.namespace,
        );
        return { ...d, owners: ownerChain(pod, d.target.namespace, owners) };
      }) as unknown as Diagnosis[];
    return {
      cleanup,
      judgedAt,
      observed: {
        events: eventLines(events),
        conditions: conditionLines(pods),
        ...judge(scenario, diagnoses),
      },
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

const kindOf = (path: string): string => (path.endsWith('/jobs') ? 'Job' : 'ReplicaSet');

function controllerOf(o: Raw | undefined): { kind: string; name: string } | undefined {
  const refs = obj(o?.metadata).ownerReferences;
  const ref = (Array.isArray(refs) ? (refs as Raw[]) : []).find((r) => r.controller === true);
  return ref === undefined ? undefined : { kind: str(ref.kind), name: str(ref.name) };
}

/** The pod's controllers, nearest first (ReplicaSet, then Deployment). */
function ownerChain(
  pod: Raw | undefined,
  ns: string,
  owners: Map<string, Raw>,
): { kind: string; name: string }[] {
  const chain: { kind: string; name: string }[] = [];
  let cur = controllerOf(pod);
  while (cur !== undefined && chain.length < 4) {
    chain.push(cur);
    cur = controllerOf(owners.get(`${ns}/${cur.kind}/${cur.name}`));
  }
  return chain;
}

function pick(o: Record<string, unknown>, key: string): Record<string, unknown> {
  return o[key] === undefined ? {} : { [key]: o[key] };
}

/**
 * Waits until every pod is bound or the scheduler has given its verdict, then writes the kubelet
 * side of each bound pod as the simulator ended it (Running; Ready as the simulated pods of the
 * same owner).
 */
async function settle(
  api: Api,
  kubelet: FakeKubelet,
  namespaces: Set<string>,
  sim: Simulation,
): Promise<void> {
  const simReady = simReadiness(sim);
  await sleep(3000);
  const pods = await until('pods placed or refused', async () => {
    const all: Raw[] = [];
    for (const ns of namespaces) all.push(...(await api.list(`/api/v1/namespaces/${ns}/pods`)));
    const waiting = all.filter(
      (p) =>
        str(obj(p.spec).nodeName) === '' &&
        !(Array.isArray(obj(p.status).conditions) ? (obj(p.status).conditions as Raw[]) : []).some(
          (c) => c.type === 'PodScheduled' && c.status === 'False',
        ),
    );
    return waiting.length === 0 ? all : undefined;
  });
  await runPods(kubelet, pods, simReady);
}

function simReadiness(sim: Simulation): Map<string, boolean> {
  const simReady = new Map<string, boolean>();
  for (const p of sim.store.list('pods') as unknown as Raw[]) {
    const conds = obj(p.status).conditions;
    const ready = (Array.isArray(conds) ? (conds as Raw[]) : []).some(
      (c) => c.type === 'Ready' && c.status === 'True',
    );
    simReady.set(ownerKey(p), (simReady.get(ownerKey(p)) ?? false) || ready);
  }
  return simReady;
}

let nextIp = 10;

async function runPods(
  kubelet: FakeKubelet,
  pods: readonly Raw[],
  simReady: Map<string, boolean>,
): Promise<void> {
  for (const p of pods) {
    const meta = obj(p.metadata);
    if (str(obj(p.spec).nodeName) === '' || str(obj(p.status).phase) === 'Running') continue;
    if (meta.deletionTimestamp !== undefined) continue;
    nextIp = nextIp >= 250 ? 10 : nextIp + 1;
    await kubelet.runPod(str(meta.namespace), str(meta.name), {
      podIP: `10.244.9.${String(nextIp)}`,
      ready: simReady.get(ownerKey(p)) ?? true,
    });
  }
}

/** Writes the kubelet side of every bound pod that is not running yet. */
async function runBound(
  api: Api,
  kubelet: FakeKubelet,
  namespaces: Set<string>,
  sim: Simulation,
): Promise<void> {
  const all: Raw[] = [];
  for (const ns of namespaces) all.push(...(await api.list(`/api/v1/namespaces/${ns}/pods`)));
  await runPods(kubelet, all, simReadiness(sim));
}

/** Waits for the component that owns the scenario's failing stage to have acted. */
async function waitForOwner(
  api: Api,
  kubelet: FakeKubelet,
  scenario: Scenario,
  namespaces: Set<string>,
  sim: Simulation,
): Promise<void> {
  const stages = new Set(scenario.expect.flatMap((e) => ('stage' in e ? [e.stage] : [])));
  const reasons = new Set(scenario.expect.flatMap((e) => ('reason' in e ? [e.reason] : [])));
  const hasEvent = (reason: string) => async (): Promise<true | undefined> => {
    for (const ns of namespaces)
      if ((await api.list(`/api/v1/namespaces/${ns}/events`)).some((e) => e.reason === reason)) return true;
    return undefined;
  };
  if (stages.has('admission')) {
    await until('FailedCreate', hasEvent('FailedCreate'));
    // Pods that passed admission run as the simulator ran them; the controller retries meanwhile.
    await settle(api, kubelet, namespaces, sim);
    await sleep(3000);
    return;
  }
  if (reasons.has('SchedulingGated')) {
    await until('SchedulingGated', async () => {
      for (const ns of namespaces)
        for (const p of await api.list(`/api/v1/namespaces/${ns}/pods`)) {
          const conds = obj(p.status).conditions;
          if (Array.isArray(conds) && (conds as Raw[]).some((c) => c.reason === 'SchedulingGated'))
            return true;
        }
      return undefined;
    });
    await sleep(2000);
    return;
  }
  if (stages.has('scheduling')) {
    // Bound pods run meanwhile: a StatefulSet creates its next pod only once the last is Ready.
    await until('FailedScheduling', async () => {
      await runBound(api, kubelet, namespaces, sim);
      return hasEvent('FailedScheduling')();
    });
    await settle(api, kubelet, namespaces, sim);
    return;
  }
  // service-endpoints: the pods run as the simulator ran them, and the Services are older than
  // the 30 s a new Service is allowed to get its endpoints.
  await settle(api, kubelet, namespaces, sim);
  await sleep(5000);
}
