/**
 * Kindless YAML or JSON a person cut out of an object that is no pod part: a Service's spec or
 * `selector:`, an object's `labels:`. The command above says whose they are (`kubectl get svc web
 * -o yaml`, `kubectl port-forward svc/web 8080`), or, for labels, the StatefulSet controller's
 * `statefulset.kubernetes.io/pod-name` label names the pod they are on. A mapping only a Service
 * spec has, with no command above it, is an unnamed Service.
 */
import { isRecord } from '../normalize/coerce.js';
import { commandTarget } from './common/command.js';
import { unnamedName } from '../../model/index.js';

type Raw = Record<string, unknown>;

const VERBS = ['get', 'describe', 'port-forward', 'exec', 'edit'] as const;
const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** ServiceSpec fields (core/v1): a mapping of only these under a command that names a Service is its spec. */
const SERVICE_SPEC: ReadonlySet<string> = new Set([
  'selector',
  'ports',
  'type',
  'clusterIP',
  'clusterIPs',
  'sessionAffinity',
  'externalTrafficPolicy',
  'internalTrafficPolicy',
  'ipFamilies',
  'ipFamilyPolicy',
  'loadBalancerIP',
  'externalName',
  'publishNotReadyAddresses',
]);

/** A flat map of label keys to string values. */
function labelMap(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const entries = Object.entries(v);
  if (entries.length === 0 || entries.some(([, x]) => typeof x !== 'string' && typeof x !== 'number'))
    return undefined;
  return Object.fromEntries(entries.map(([k, x]) => [k, String(x)]));
}

/**
 * Whether a mapping with no command above it can only be a Service's spec: a `selector:` that is a
 * plain label map (a workload's is `matchLabels:`), or `ports:` with a `targetPort` (a container's
 * port is `containerPort`).
 */
function isServiceSpec(spec: Raw): boolean {
  if (spec.selector !== undefined) return labelMap(spec.selector) !== undefined;
  return Array.isArray(spec.ports) && spec.ports.some((p) => isRecord(p) && p.targetPort !== undefined);
}

interface Found {
  readonly raw: Raw;
  readonly inferredName: string;
}

/**
 * The objects a kindless mapping of ServiceSpec fields and `labels:` belongs to (each on its own),
 * with how they were named; empty when the mapping holds anything else or no owner can be named.
 */
export function kindlessObjects(value: unknown, command: string | undefined): Found[] {
  if (!isRecord(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 0 || keys.some((k) => k !== 'labels' && !SERVICE_SPEC.has(k))) return [];
  const target = command === undefined ? undefined : commandTarget(command, VERBS);
  const byCommand = `named by the command above it (${command?.trim() ?? ''})`;
  const metadata = (name: string): Raw => ({
    name,
    ...(target?.namespace === undefined ? {} : { namespace: target.namespace }),
  });
  const out: Found[] = [];
  const spec = Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'labels'));
  const selectorOk = spec.selector === undefined || labelMap(spec.selector) !== undefined;
  if (Object.keys(spec).length > 0 && selectorOk && target?.kind === 'Service')
    out.push({ raw: { kind: 'Service', metadata: metadata(target.name), spec }, inferredName: byCommand });
  else if (target === undefined && isServiceSpec(spec))
    out.push({
      raw: { kind: 'Service', metadata: { name: unnamedName('Service') }, spec },
      inferredName: 'the paste names no Service',
    });
  const labels = labelMap(value.labels);
  const pod = labels?.[POD_NAME_LABEL];
  if (labels !== undefined && pod !== undefined)
    out.push({
      raw: { kind: 'Pod', metadata: { ...metadata(pod), labels } },
      inferredName: `named by its ${POD_NAME_LABEL} label`,
    });
  else if (labels !== undefined && target?.kind === 'Pod')
    out.push({
      raw: { kind: 'Pod', metadata: { ...metadata(target.name), labels } },
      inferredName: byCommand,
    });
  return out;
}
