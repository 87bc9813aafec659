/**
 * Stage `service-endpoints`: the Services of the input must find their pods.
 * - A Service with a selector (not ExternalName) that matches no pod template of the input and no
 *   pod of the cluster gets no endpoints: SelectorMatchesNoPods.
 * - For each template a Service selects, each port's targetPort (default: the port) must reach
 *   the pods: a named targetPort no container declares (for that protocol) gets no endpoint for
 *   that port (TargetPortMismatch); a number the containers do not declare still routes there,
 *   so it only warns, and not at all when the containers declare no ports.
 * `checkServices` judges the Services of the input; `checkServiceTargets` is the per-target view
 * (the port findings of every Service, from the input or the cluster, that selects the target).
 */
import { formatSelector, matchesServiceSelector } from '../../k8s/index.js';
import { POD_TEMPLATE_KINDS } from '../../model/index.js';
import type { KObject } from '../../simulator/world/types.js';
import type { CheckContext, CheckFinding, ClusterState, InputObject } from '../types.js';
import {
  arrayOf,
  canIRead,
  defaultNamespaceOf,
  finding,
  inputNamespace,
  notRead,
  specOf,
  stateObjects,
  type ContainerSpec,
  type TemplateSpec,
} from './common.js';

export const CHECK_ID = 'services';

interface ServiceSpec {
  readonly type?: string;
  readonly selector?: Readonly<Record<string, string>>;
  readonly ports?: readonly {
    readonly name?: string;
    readonly port?: number;
    readonly targetPort?: number | string;
    readonly protocol?: string;
  }[];
}

/** A pod template of the input: what a Service may select. */
export interface InputTemplate {
  readonly kind: string;
  readonly namespace: string;
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly spec: TemplateSpec;
  readonly input: InputObject;
}

interface Template {
  readonly metadata?: { readonly labels?: Readonly<Record<string, string>> };
  readonly spec?: TemplateSpec;
}

function templateOf(object: KObject): Template | undefined {
  const spec = object['spec'] as
    { template?: Template; jobTemplate?: { spec?: { template?: Template } } } | undefined;
  if (object.kind === 'Pod') return { metadata: object.metadata, spec: object['spec'] as TemplateSpec };
  if (POD_TEMPLATE_KINDS.has(object.kind)) return spec?.template;
  if (object.kind === 'CronJob') return spec?.jobTemplate?.spec?.template;
  return undefined;
}

/** The pod templates of the input (bare Pods, workloads, CronJobs' job templates). */
export function inputTemplates(inputs: readonly InputObject[], defaultNamespace: string): InputTemplate[] {
  return inputs.flatMap((input) => {
    const t = templateOf(input.object);
    if (t === undefined) return [];
    return [
      {
        kind: input.object.kind,
        namespace: inputNamespace(input.object, defaultNamespace),
        name: input.object.metadata.name ?? '',
        labels: t.metadata?.labels ?? {},
        spec: t.spec ?? {},
        input,
      },
    ];
  });
}

const specOfService = (service: KObject): ServiceSpec => (service['spec'] as ServiceSpec | undefined) ?? {};

/** A Service whose endpoints come from a selector: not ExternalName, and a selector with a key. */
function selectorOf(service: KObject): Readonly<Record<string, string>> | undefined {
  const spec = specOfService(service);
  if (spec.type === 'ExternalName') return undefined;
  const selector = spec.selector;
  return selector !== undefined && Object.keys(selector).length > 0 ? selector : undefined;
}

/** Containers whose ports the EndpointSlice controller looks up: app containers and sidecars. */
function portContainers(spec: TemplateSpec): readonly ContainerSpec[] {
  const sidecars = arrayOf(spec.initContainers).filter(
    (c) => (c as { restartPolicy?: string }).restartPolicy === 'Always',
  );
  return [...arrayOf(spec.containers), ...sidecars];
}

interface PortSubject {
  readonly service: KObject;
  readonly namespace: string;
  /** `Deployment shop/web`. */
  readonly what: string;
  readonly spec: TemplateSpec;
  /** `app.yaml:12`, where the template was written. */
  readonly where: string;
}

/** TargetPortMismatch findings of one Service against one template. */
function portFindings(s: PortSubject): CheckFinding[] {
  const name = s.service.metadata.name ?? '';
  const ports = portContainers(s.spec).flatMap((c) => arrayOf(c.ports));
  return arrayOf(specOfService(s.service).ports).flatMap((p, i): CheckFinding[] => {
    const target = p.targetPort ?? p.port;
    if (target === undefined) return [];
    const protocol = p.protocol ?? 'TCP';
    const portText = `${p.port ?? '?'}${protocol === 'TCP' ? '' : `/${protocol}`}`;
    const serviceEvidence = {
      source: 'service' as const,
      text: `${s.namespace}/${name} spec.ports[${i}]: port ${p.port ?? '?'}, targetPort ${target}, protocol ${protocol}`,
    };
    const declared = ports.map(
      (d) => `${d.containerPort ?? '?'}/${d.protocol ?? 'TCP'}${d.name === undefined ? '' : ` (${d.name})`}`,
    );
    const declaredEvidence = {
      source: 'spec' as const,
      text: `${s.what} declares: ${declared.length === 0 ? 'no ports' : declared.join(', ')}`,
    };
    if (typeof target === 'string' && !/^\d+$/.test(target)) {
      const named = ports.filter((d) => d.name === target);
      if (named.some((d) => (d.protocol ?? 'TCP') === protocol)) return [];
      const message =
        named.length === 0
          ? `service "${name}" port ${portText} targets port "${target}", which no container of ${s.what} declares`
          : `service "${name}" port ${portText} targets port "${target}", which ${s.what} declares only for ${named.map((d) => d.protocol ?? 'TCP').join(', ')}`;
      return [
        finding(CHECK_ID, {
          outcome: 'fail',
          stage: 'service-endpoints',
          reason: 'TargetPortMismatch',
          message,
          evidence: [serviceEvidence, declaredEvidence],
          nextSteps: [
            `name a ${protocol} containerPort "${target}" in ${s.what} (${s.where}), or set spec.ports[${i}].targetPort of service ${name} to the container's port`,
          ],
        }),
      ];
    }
    const number = Number(target);
    if (ports.length === 0 || ports.some((d) => d.containerPort === number)) return [];
    return [
      finding(CHECK_ID, {
        outcome: 'warn',
        stage: 'service-endpoints',
        reason: 'TargetPortMismatch',
        message: `service "${name}" port ${portText} targets port ${number}, which no container of ${s.what} declares: traffic goes to ${number} whether or not anything listens there`,
        evidence: [serviceEvidence, declaredEvidence],
        nextSteps: [
          `check that ${s.what} listens on ${number}, or set spec.ports[${i}].targetPort of service ${name} to a declared port`,
        ],
      }),
    ];
  });
}

export interface ServiceResult {
  readonly service: { readonly namespace: string; readonly name: string };
  readonly input?: InputObject;
  readonly findings: readonly CheckFinding[];
}

const TERMINAL = new Set(['Succeeded', 'Failed']);

function selectsStatePod(
  state: ClusterState,
  namespace: string,
  selector: Readonly<Record<string, string>>,
): boolean | undefined {
  const pods = stateObjects(state, 'Pod');
  if (pods === undefined) return undefined;
  return pods.some((p) => {
    const phase = (p['status'] as { phase?: string } | undefined)?.phase;
    return (
      p.metadata.namespace === namespace &&
      !TERMINAL.has(phase ?? '') &&
      matchesServiceSelector(selector, p.metadata.labels)
    );
  });
}

/**
 * Judges each Service of the input against the input's pod templates and the cluster's pods.
 * Objects without a namespace land in `defaultNamespace` (kubectl's).
 */
export function checkServices(
  inputs: readonly InputObject[],
  state: ClusterState,
  defaultNamespace = 'default',
): ServiceResult[] {
  const templates = inputTemplates(inputs, defaultNamespace);
  return inputs
    .filter((i) => i.object.kind === 'Service')
    .map((input) => {
      const service = input.object;
      const namespace = inputNamespace(service, defaultNamespace);
      const name = service.metadata.name ?? '';
      const ref = { namespace, name };
      const selector = selectorOf(service);
      if (selector === undefined) return { service: ref, input, findings: [] };
      const selected = templates.filter(
        (t) => t.namespace === namespace && matchesServiceSelector(selector, t.labels),
      );
      if (selected.length > 0) {
        const findings = selected.flatMap((t) =>
          portFindings({
            service,
            namespace,
            what: `${t.kind} ${t.namespace}/${t.name}`,
            spec: t.spec,
            where: `${t.input.file}:${t.input.line}`,
          }),
        );
        return { service: ref, input, findings };
      }
      const sel = formatSelector(selector);
      const evidence = [{ source: 'service' as const, text: `${namespace}/${name} spec.selector: ${sel}` }];
      const podsMatch = selectsStatePod(state, namespace, selector);
      if (podsMatch === true) return { service: ref, input, findings: [] };
      const f =
        podsMatch === undefined
          ? finding(CHECK_ID, {
              outcome: 'unknown',
              stage: 'service-endpoints',
              reason: 'SelectorMatchesNoPods',
              message: `service "${name}" selects ${sel}, which matches no pod template of the input; ${notRead(state, 'Pod', namespace)}`,
              evidence,
              nextSteps: [`kubectl -n ${namespace} get pods -l ${sel}`, canIRead('Pod', namespace)],
            })
          : finding(CHECK_ID, {
              outcome: 'fail',
              stage: 'service-endpoints',
              reason: 'SelectorMatchesNoPods',
              message: `service "${name}" selects ${sel}, which matches no pod template of the input and no pod of namespace ${namespace}`,
              evidence,
              nextSteps: [
                `kubectl -n ${namespace} get pods --show-labels`,
                `fix spec.selector of service ${name} (${input.file}:${input.line}) or the pod template's labels`,
              ],
            });
      return { service: ref, input, findings: [f] };
    });
}

/**
 * Per target: the port findings of every Service that selects the target's pods, from the input
 * or from the cluster (an input Service replaces the cluster's of the same name). No Service
 * selecting the target is no finding.
 */
export function checkServiceTargets(ctx: CheckContext): readonly CheckFinding[] {
  const { target } = ctx;
  const defaultNs = defaultNamespaceOf(target);
  const fromInput = ctx.inputs
    .filter((i) => i.object.kind === 'Service' && inputNamespace(i.object, defaultNs) === target.namespace)
    .map((i) => i.object);
  const names = new Set(fromInput.map((s) => s.metadata.name));
  const fromState = (stateObjects(ctx.state, 'Service') ?? []).filter(
    (s) => s.metadata.namespace === target.namespace && !names.has(s.metadata.name),
  );
  const labels = target.template.metadata.labels;
  return [...fromInput, ...fromState].flatMap((service) => {
    const selector = selectorOf(service);
    if (selector === undefined || !matchesServiceSelector(selector, labels)) return [];
    return portFindings({
      service,
      namespace: target.namespace,
      what: `${target.kind} ${target.namespace}/${target.name}`,
      spec: specOf(target),
      where: `${target.input.file}:${target.input.line}`,
    });
  });
}
