/**
 * `handoff preflight -f PATH...`: before anything is applied, which handoff would stop each
 * workload of the manifests, judged against a cluster's current state (a live cluster, a capture
 * bundle, or a simulator scenario's cluster). Read-only: nothing is sent to the cluster but lists.
 */
import { Option } from 'commander';
import { snapshotFromSimulation } from '../../collectors/simulator/index.js';
import { readSources } from '../../collectors/files/sources.js';
import { bundleStateOfText } from '../../collectors/files/index.js';
import {
  collectClusterState,
  dryRunCreates,
  type Connection,
  type DryRunRequest,
} from '../../collectors/live/index.js';
import type { StateObjects } from '../../collectors/state-objects.js';
import { connectionFor } from '../pipeline/collect.js';
import { serverVersion } from './capture.js';
import { parseReports } from '../check/options.js';
import { writeOutputFile } from '../output-file.js';
import { parseDocuments } from '../../collectors/normalize/documents.js';
import { InputError, UsageError } from '../../errors/index.js';
import type { Diagnosis, DiagnosisReport, ReasonCode } from '../../model/index.js';
import { CLUSTER_CHECKS } from '../../preflight/cluster-checks.js';
import { STATIC_CHECKS } from '../../preflight/checks/index.js';
import { judge, type JudgeInput } from '../../preflight/judge.js';
import { stateOfScenario } from '../../preflight/sources.js';
import { targetsOf, whatIfInputs } from '../../preflight/targets.js';
import {
  STATE_KINDS,
  type CheckFinding,
  type ClusterState,
  type InputObject,
  type StateKind,
} from '../../preflight/types.js';
import { runWhatIf } from '../../preflight/what-if.js';
import { colour, plain, sanitize } from '../../report/index.js';
import { escapeData, escapeProperty, targetText } from '../check/output.js';
import { classifyAdmissionError } from '../../rules/admission/admission-message.js';
import { diagnose } from '../../rules/engine/index.js';
import { RULES } from '../../rules/index.js';
import { resolveScenario } from '../../simulator/scenario/catalog.js';
import { RESOURCES, type ResourceInfo } from '../../simulator/world/resources.js';
import type { KObject } from '../../simulator/world/types.js';
import { EXIT, type CliIO } from '../io.js';
import { outputOption, repeatable, type RegisterCommand } from '../options.js';
import { outputFormat, useColour } from './diagnose.js';

export interface PreflightOptions {
  readonly file?: readonly string[];
  readonly namespace?: string;
  readonly sim?: string;
  readonly against?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly output?: string;
  readonly verbose?: boolean;
  readonly annotations?: string;
  readonly report?: string[];
  readonly force?: boolean;
  readonly serverDryRun?: boolean;
}

export const PREFLIGHT_FORMATS = ['text', 'json', 'yaml', 'junit', 'markdown'] as const;

type Rec = Record<string, unknown>;
const rec = (x: unknown): Rec | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Rec) : undefined;

/**
 * Kubernetes' own API groups and their kinds that preflight does not judge (it judges the kinds
 * the simulator holds). A kind of one of these groups that is in neither is a typo; a kind of
 * any other group (a CRD's, Gateway API's `gateway.networking.k8s.io` too) is noted, not judged.
 */
const OWN_KINDS: Readonly<Record<string, readonly string[]>> = {
  '': ['Binding', 'ComponentStatus', 'PodTemplate'],
  apps: ['ControllerRevision'],
  batch: [],
  autoscaling: ['HorizontalPodAutoscaler'],
  policy: ['PodDisruptionBudget', 'Eviction'],
  'networking.k8s.io': ['Ingress', 'IngressClass', 'NetworkPolicy', 'IPAddress', 'ServiceCIDR'],
  'rbac.authorization.k8s.io': ['Role', 'RoleBinding', 'ClusterRole', 'ClusterRoleBinding'],
  'storage.k8s.io': ['CSINode', 'CSIStorageCapacity', 'VolumeAttributesClass'],
  'scheduling.k8s.io': ['PriorityClass'],
  'node.k8s.io': ['RuntimeClass'],
  'coordination.k8s.io': ['Lease', 'LeaseCandidate'],
  'discovery.k8s.io': [],
  'events.k8s.io': [],
  'admissionregistration.k8s.io': [
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionPolicyBinding',
    'MutatingAdmissionPolicy',
    'MutatingAdmissionPolicyBinding',
  ],
  'apiextensions.k8s.io': ['CustomResourceDefinition'],
  'apiregistration.k8s.io': ['APIService'],
  'certificates.k8s.io': ['CertificateSigningRequest', 'ClusterTrustBundle'],
  'flowcontrol.apiserver.k8s.io': ['FlowSchema', 'PriorityLevelConfiguration'],
  'resource.k8s.io': ['ResourceClaim', 'ResourceClaimTemplate', 'DeviceClass', 'ResourceSlice'],
};

/** The API group of an apiVersion: `apps` of `apps/v1`, the core group '' of `v1`. */
const groupOf = (apiVersion: string): string =>
  apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';

/** Kubernetes' own kind of that group that preflight judges, else undefined (a kind is known in its group only). */
const judgedKind = (group: string, kind: string): ResourceInfo | undefined =>
  RESOURCES.find((r) => r.kind === kind && r.group === group);

/** The input's objects, one per document (Lists expanded), each with the file and line it came from. */
export function inputObjects(
  sources: readonly { name: string; text: string }[],
  namespace: string,
  notes: string[],
): InputObject[] {
  const out: InputObject[] = [];
  const add = (value: unknown, file: string, line: number): void => {
    const o = rec(value);
    if (o === undefined)
      throw new InputError(
        file,
        line,
        'not a Kubernetes object (a mapping with apiVersion, kind and metadata)',
      );
    const kind = typeof o.kind === 'string' ? o.kind : undefined;
    const apiVersion = typeof o.apiVersion === 'string' ? o.apiVersion : undefined;
    if (kind === undefined || apiVersion === undefined)
      throw new InputError(
        file,
        line,
        `the object has no ${kind === undefined ? 'kind' : 'apiVersion'}`,
        'kubectl apply needs apiVersion, kind and metadata.name',
      );
    if (kind.endsWith('List') && Array.isArray(o.items)) {
      for (const item of o.items) add(item, file, line);
      return;
    }
    const meta = rec(o.metadata);
    const name = typeof meta?.name === 'string' && meta.name !== '' ? meta.name : undefined;
    if (name === undefined)
      throw new InputError(
        file,
        line,
        `${kind} has no metadata.name`,
        'preflight judges what kubectl apply would create: name every object',
      );
    const group = groupOf(apiVersion);
    const resource = judgedKind(group, kind);
    if (resource === undefined) {
      const own = OWN_KINDS[group];
      if (own?.includes(kind) === true) {
        notes.push(
          `${file}:${line}: ${kind} ${name} (${apiVersion}) is not judged: preflight judges workloads and what their pods need`,
        );
        return;
      }
      if (own !== undefined)
        throw new InputError(
          file,
          line,
          `unknown kind "${kind}" in ${apiVersion}`,
          "check the kind's spelling (kubectl api-resources lists them)",
        );
      notes.push(
        `${file}:${line}: ${kind} ${name} (${apiVersion}) is not judged: preflight knows only Kubernetes' own kinds`,
      );
      return;
    }
    const object = structuredClone(o) as unknown as KObject;
    if (resource.namespaced) object.metadata.namespace ??= namespace;
    else delete object.metadata.namespace;
    out.push({ object, file, line });
  };
  for (const s of sources) {
    for (const doc of parseDocuments(s.name, s.text).documents) {
      if (doc.value === null || doc.value === undefined) continue;
      add(doc.value, s.name, doc.line);
    }
  }
  return out;
}

/** Which cluster the state comes from: a scenario, a bundle, or (by default) the live cluster. */
type StateSource =
  | { readonly type: 'sim'; readonly scenario: string }
  | { readonly type: 'bundle'; readonly path: string }
  | { readonly type: 'live'; readonly connection: Connection };

function stateSource(opts: PreflightOptions, io: CliIO): StateSource {
  const live = opts.kubeconfig !== undefined || opts.context !== undefined;
  const named = [opts.sim !== undefined, opts.against !== undefined, live].filter(Boolean).length;
  if (named > 1)
    throw new UsageError(
      '--sim, --against and --kubeconfig/--context each name the cluster to judge against: give one',
      'e.g. handoff preflight -f k8s/ --against cluster.bundle.yaml',
    );
  if (opts.sim !== undefined) return { type: 'sim', scenario: opts.sim };
  if (opts.against !== undefined) return { type: 'bundle', path: opts.against };
  return { type: 'live', connection: connectionFor(opts, io) };
}

/** A collector's state objects as preflight's ClusterState. */
function asState(s: StateObjects, at: number, version: string | undefined): ClusterState {
  const kinds = new Set<string>(STATE_KINDS);
  return {
    objects: s.objects as unknown as KObject[],
    known: new Set(s.known.filter((k): k is StateKind => kinds.has(k))),
    missing: s.missing.filter((m): m is { kind: StateKind; why: string } => kinds.has(m.kind)),
    at,
    ...(version === undefined ? {} : { version }),
  };
}

async function clusterState(
  from: StateSource,
  namespaces: readonly string[],
  io: CliIO,
): Promise<{ state: ClusterState; source: DiagnosisReport['source'] }> {
  switch (from.type) {
    case 'sim': {
      const scenario = resolveScenario(from.scenario);
      return { state: stateOfScenario(scenario), source: { type: 'simulator', scenario: scenario.name } };
    }
    case 'bundle': {
      const { sources } = await readSources([from.path], io.stdin);
      const text = sources[0];
      if (text === undefined) throw new InputError(from.path, undefined, 'holds no bundle');
      const bundle = bundleStateOfText(text.name, text.text, { namespaces });
      return {
        state: asState(bundle, bundle.at, bundle.serverVersion),
        source: { type: 'file', paths: [from.path] },
      };
    }
    case 'live': {
      const c = from.connection;
      const [objects, version] = await Promise.all([collectClusterState(c, namespaces), serverVersion(c)]);
      return {
        state: asState(objects, io.now(), version),
        source: {
          type: 'live',
          ...(c.context ? { context: c.context } : {}),
          ...(c.server ? { server: c.server } : {}),
        },
      };
    }
  }
}

/**
 * The verdicts for an input against a state: the what-if run, the engine's diagnosis of it, and
 * the checks, joined per target. Throws InputError for an object the API server would refuse as
 * invalid (that is the manifest's error, not a prediction).
 */
export function predict(
  state: ClusterState,
  inputs: readonly InputObject[],
  serverDryRun?: JudgeInput['serverDryRun'],
): Diagnosis[] {
  const targets = targetsOf(inputs);
  const whatIf = runWhatIf(state, whatIfInputs(inputs));
  for (const r of whatIf.refused) {
    if (r.status.reason === 'Invalid')
      throw new InputError(
        r.input.file,
        r.input.line,
        r.status.message,
        'the API server would refuse this object as written',
      );
  }
  const now = whatIf.sim.clock.now();
  const { diagnoses } = diagnose(snapshotFromSimulation(whatIf.sim), { now, rules: RULES });
  return judge({
    targets,
    inputs,
    state,
    whatIf: diagnoses,
    refused: whatIf.refused,
    checks: PREFLIGHT_CHECKS,
    admissionReason,
    ...(serverDryRun === undefined ? {} : { serverDryRun }),
  });
}

const admissionReason = (message: string): ReasonCode | undefined => classifyAdmissionError(message)?.code;

/**
 * `--server-dry-run`: every input object, and a pod of each workload's template, sent to the live
 * API server as a create with dryRun=All: its admission (webhooks included) and validation answer,
 * and nothing is stored. Returns the findings per input object, and a note saying what was sent.
 */
async function askServer(
  connection: Connection,
  inputs: readonly InputObject[],
): Promise<{ results: NonNullable<JudgeInput['serverDryRun']>; note: string }> {
  const requests: { input: InputObject; what: string; request: DryRunRequest }[] = [];
  const add = (input: InputObject, object: KObject, what: string): void => {
    const resource = judgedKind(groupOf(object.apiVersion), object.kind);
    if (resource === undefined) return;
    const [group, version] = object.apiVersion.includes('/')
      ? object.apiVersion.split('/')
      : ['', object.apiVersion];
    requests.push({
      input,
      what,
      request: {
        object,
        group: group ?? '',
        version: version ?? 'v1',
        resource: resource.resource,
        ...(resource.namespaced ? { namespace: object.metadata.namespace ?? 'default' } : {}),
      },
    });
  };
  for (const input of inputs) add(input, input.object, `${input.object.kind} ${input.object.metadata.name}`);
  for (const t of targetsOf(inputs)) {
    if (t.kind === 'Pod') continue;
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        generateName: `${t.name}-`,
        namespace: t.namespace,
        labels: { ...(t.template.metadata.labels ?? {}) },
      },
      spec: structuredClone(t.template.spec),
    } as unknown as KObject;
    add(t.input, pod, `a pod of ${t.kind} ${t.name}`);
  }
  const answers = await dryRunCreates(
    connection,
    requests.map((r) => r.request),
  );
  const results = new Map<InputObject, { findings: CheckFinding[]; admitted: boolean }>();
  requests.forEach((r, i) => {
    const answer = answers[i];
    const entry = results.get(r.input) ?? { findings: [], admitted: true };
    results.set(r.input, entry);
    if (answer === undefined || answer.outcome === 'admitted') return;
    entry.admitted = false;
    if (answer.outcome === 'exists') return;
    const text = `server dry-run of ${r.what}: HTTP ${answer.code}: ${answer.message}`;
    entry.findings.push(
      answer.outcome === 'refused'
        ? {
            check: 'server-dry-run',
            outcome: 'fail',
            stage: 'admission',
            reason: admissionReason(answer.message) ?? 'Forbidden',
            message: answer.message,
            evidence: [{ source: 'status', text }],
            nextSteps: [`kubectl apply --dry-run=server -f ${r.input.file}`],
          }
        : {
            check: 'server-dry-run',
            outcome: 'unknown',
            stage: 'admission',
            message: text,
            evidence: [],
            nextSteps: [],
          },
    );
  });
  return {
    results,
    note: `--server-dry-run sent ${requests.length} create${requests.length === 1 ? '' : 's'} with dryRun=All to ${connection.server}: the API server admitted or refused each and stored nothing`,
  };
}

/** Every check, cluster-side first. */
export const PREFLIGHT_CHECKS = [...CLUSTER_CHECKS, ...STATIC_CHECKS];

/**
 * GitHub workflow commands on the manifest's file and line: `::error` for a target that would
 * fail, `::notice` for one preflight cannot decide, `::warning` per warning.
 */
export function preflightAnnotations(results: readonly Diagnosis[]): string[] {
  const out: string[] = [];
  for (const d of results) {
    const p = d.preflight;
    if (p === undefined) continue;
    const at =
      p.file === undefined
        ? ''
        : `file=${escapeProperty(p.file)}${p.line === undefined ? '' : `,line=${p.line}`},`;
    const who = targetText(d);
    const line = (command: string, title: string, message: string): string =>
      `::${command} ${at}title=${escapeProperty(sanitize(title))}::${escapeData(sanitize(message))}`;
    if (p.verdict === 'would-fail')
      out.push(
        line(
          'error',
          `handoff preflight: ${d.stage ?? ''}/${d.reason ?? ''} ${who}`,
          `${who} would fail at ${d.stage ?? '?'}: ${d.summary}${d.nextSteps[0] ? `\nnext: ${d.nextSteps[0]}` : ''}`,
        ),
      );
    else if (p.verdict === 'cannot-tell')
      out.push(line('notice', `handoff preflight: cannot tell ${who}`, d.summary));
    for (const w of p.warnings) out.push(line('warning', `handoff preflight: ${who}`, w));
  }
  return out;
}

export async function runPreflight(opts: PreflightOptions, io: CliIO): Promise<number> {
  const format = outputFormat(opts.output);
  if (opts.annotations !== undefined && format.name !== 'text')
    throw new UsageError(
      '--annotations github prints workflow commands on stdout, which only the text output leaves readable',
      'use -o text with --annotations github',
    );
  const paths = opts.file ?? [];
  if (paths.length === 0)
    throw new UsageError(
      '-f/--file PATH is required: the manifests to judge',
      'e.g. handoff preflight -f k8s/ --sim default, or helm template . | handoff preflight -f - ...',
    );
  // Report paths are refused before anything is read: nothing the user gave is overwritten.
  const reports = parseReports(
    opts.report,
    [...paths, ...(opts.against === undefined ? [] : [opts.against])],
    opts.force === true,
  );
  if (paths.includes('-') && opts.against === '-')
    throw new UsageError('-f - and --against - both read standard input: give one of them a file');
  const from = stateSource(opts, io);
  const { sources } = await readSources(paths, io.stdin);
  const notes: string[] = [];
  const namespace =
    opts.namespace ?? (from.type === 'live' ? from.connection.namespace : undefined) ?? 'default';
  const inputs = inputObjects(sources, namespace, notes);
  if (targetsOf(inputs).length === 0 && !inputs.some((i) => i.object.kind === 'Service'))
    throw new UsageError(
      `${paths.join(', ')}: no workload to judge (Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob or Service)`,
    );
  const namespaces = [
    ...new Set(inputs.map((i) => i.object.metadata.namespace).filter((n): n is string => n !== undefined)),
  ];
  const { state, source } = await clusterState(from, namespaces.length > 0 ? namespaces : [namespace], io);
  for (const m of state.missing) notes.push(`could not read ${m.kind}: ${m.why}`);
  let server: JudgeInput['serverDryRun'];
  if (opts.serverDryRun === true) {
    if (from.type !== 'live')
      throw new UsageError(
        "--server-dry-run asks a live cluster's API server; it cannot be used with --against or --sim",
      );
    const asked = await askServer(from.connection, inputs);
    server = asked.results;
    notes.push(asked.note);
  }
  const results = predict(state, inputs, server);
  const report: DiagnosisReport = {
    kind: 'PreflightReport',
    generatedAt: new Date(io.now()).toISOString(),
    referenceTime: state.at,
    source: { ...source, referenceTime: new Date(state.at).toISOString() },
    diagnoses: results,
  };
  io.stdout.write(
    format.render(report, {
      style: format.name === 'text' && useColour(io) ? colour : plain,
      notes,
      verbose: opts.verbose === true,
      title: 'handoff preflight',
    }),
  );
  if (!format.showsNotes) for (const n of notes) io.stderr.write(`handoff: note: ${n}\n`);
  for (const spec of reports)
    writeOutputFile(
      spec.path,
      spec.format.render(report, { style: plain, notes, verbose: false, title: 'handoff preflight' }),
      spec,
    );
  if (opts.annotations === 'github') for (const l of preflightAnnotations(results)) io.stdout.write(`${l}\n`);
  return results.some((d) => d.preflight?.verdict === 'would-fail') ? EXIT.failed : EXIT.ok;
}

export const registerPreflight: RegisterCommand = (program, { io, exit }) => {
  outputOption(
    program
      .command('preflight')
      .description(
        'before applying manifests, name the handoff that would stop each workload, from the cluster as it is',
      )
      .option(
        '-f, --file <PATH>',
        'manifests as kubectl apply -f takes them: files, folders, - for standard input (repeatable)',
        repeatable,
      )
      .option('-n, --namespace <NS>', 'namespace of input objects that name none (default: default)')
      .option(
        '--kubeconfig <PATH>',
        'kubeconfig of the cluster to judge against (default: $KUBECONFIG, then ~/.kube/config)',
      )
      .option('--context <NAME>', 'kubeconfig context to use (default: the current context)')
      .option(
        '--against <BUNDLE>',
        'judge against a capture bundle (handoff capture --out) instead of a live cluster',
      )
      .addOption(
        new Option(
          '--sim <SCENARIO>',
          "judge against a built-in simulator scenario's cluster (handoff sim list)",
        ),
      )
      .option('-v, --verbose', 'show targets that would pass in full')
      .option(
        '--report <KIND=PATH>',
        'also write a report: junit, markdown, json, yaml or text (repeatable)',
        repeatable,
      )
      .option('--force', 'replace existing --report files (never through a symbolic link)')
      .option(
        '--server-dry-run',
        "also send each object (and a pod of each template) as a create with dryRun=All: the API server's own admission, webhooks included; nothing is stored",
      )
      .addOption(
        new Option('--annotations <FORMAT>', 'also print CI annotations on the manifest lines').choices([
          'github',
        ]),
      ),
    PREFLIGHT_FORMATS,
    undefined,
    'output format (default: text)',
  ).action(async (opts: PreflightOptions) => {
    exit(await runPreflight(opts, io));
  });
};
