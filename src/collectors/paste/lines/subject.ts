/**
 * Which object a lone message is about, when the message says: the pod of "Successfully
 * assigned ns/name to node" and of the restart back-off, the ReplicaSet or StatefulSet of a
 * FailedCreate, the object of an apply-time denial ("Error from server (Forbidden): ...").
 */
import { UNNAMED_POD, UNNAMED_OWNER } from '../common/types.js';
import { kindOf } from '../common/kind-names.js';
import { aggregatorEndpointsMessage, serviceUnavailableMessage } from '../../../k8s/index.js';
import { unnamedName, WORKLOAD_KINDS } from '../../../model/index.js';

export interface Subject {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string | undefined;
  /** Set when the message does not name the object. */
  readonly inferredName?: string | undefined;
}

export const UNNAMED: Subject = { kind: 'Pod', name: UNNAMED_POD, inferredName: 'the line names no pod' };

const ASSIGNED = /^Successfully assigned (?:([a-z0-9-]+)\/)?([a-z0-9.-]+) to /;
/** format.Pod: name_namespace(uid). */
const BACKOFF_POD = / in pod ([a-z0-9.-]+)_([a-z0-9-]+)\(/;
const CREATE_PODS = /pods "?([a-z0-9][a-z0-9.-]*)"? is forbidden/;
const STS_CREATE = /^create Pod \S+ in StatefulSet ([a-z0-9.-]+) failed error: /;
const NODE_STATUS = /^Node (\S+) status is now: (\w+)/;

/**
 * The owner of the pods a controller could not create: the generateName ("web-7d4-") or a pod name
 * less its suffix; a pod the apiserver's answer alone names without either is that pod.
 */
function ownerOfCreateError(message: string): Subject {
  const sts = STS_CREATE.exec(message);
  if (sts?.[1] !== undefined) return { kind: 'StatefulSet', name: sts[1] };
  const pod = CREATE_PODS.exec(message)?.[1];
  const stem =
    pod === undefined
      ? undefined
      : pod.endsWith('-')
        ? pod.slice(0, -1)
        : /^(.+)-[a-z0-9]{5}$/.exec(pod)?.[1];
  // A name of its own (no generateName, no generated suffix) in the apiserver's answer alone, not in
  // a controller's "Error creating: " event: its creator named the pod itself, as `kubectl apply` of
  // a Pod or an operator that makes named pods (a Spark driver's executors).
  if (pod !== undefined && stem === undefined && !message.startsWith('Error creating: '))
    return { kind: 'Pod', name: pod };
  if (stem === undefined || stem === '') {
    return {
      kind: 'ReplicaSet',
      name: UNNAMED_OWNER,
      inferredName: 'the message names no owner; read as a ReplicaSet',
    };
  }
  return { kind: 'ReplicaSet', name: stem, inferredName: `owner named from its pods' name ${pod ?? ''}` };
}

const TAINT_EVICTION = /^Marking for deletion Pod (?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9.]*)/;

/** An object of `kind` the text does not name. */
function unnamed(kind: string): Subject {
  if (kind === 'Pod') return UNNAMED;
  return { kind, name: unnamedName(kind), inferredName: `the line names no ${kind}` };
}

/** The object a recognised message is about, for its event reason; `kind` when the event is on no Pod. */
export function subjectOf(reason: string, message: string, kind = 'Pod'): Subject {
  if (reason === 'TaintManagerEviction') {
    const m = TAINT_EVICTION.exec(message);
    if (m?.[2] !== undefined) return { kind: 'Pod', name: m[2], namespace: m[1] };
  }
  if (reason === 'Scheduled') {
    const m = ASSIGNED.exec(message);
    if (m?.[2] !== undefined) return { kind: 'Pod', name: m[2], namespace: m[1] };
  }
  if (reason === 'BackOff') {
    const m = BACKOFF_POD.exec(message);
    if (m?.[1] !== undefined) return { kind: 'Pod', name: m[1], namespace: m[2] };
  }
  if (reason === 'FailedCreate') return ownerOfCreateError(message);
  if (reason === 'MissingEndpoints' || reason === 'EndpointsNotFound') {
    const a = aggregatorEndpointsMessage(message);
    if (a !== undefined) return { kind: 'Service', name: a.service, namespace: a.namespace };
  }
  if (reason === 'ServiceUnavailable') {
    const s = serviceUnavailableMessage(message);
    if (s !== undefined) return { kind: 'Service', name: s.service, namespace: s.namespace };
  }
  return unnamed(kind);
}

/** klog structured logging: `pod="shop/web-1"`. */
const KLOG_POD = /\bpod="([a-z0-9][-a-z0-9]*)\/([a-z0-9][-a-z0-9.]*)"/;
/** format.Pod, as the kubelet names a pod in its messages: `web-1_shop(4f2a...)`. */
const FORMAT_POD = /\b([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)\([0-9a-f-]{4,}\)/;

/** containerd's CRI log lines: `RunPodSandbox for &PodSandboxMetadata{Name:web-1,Uid:4f2a...,Namespace:shop,Attempt:0,}`. */
const SANDBOX_METADATA =
  /PodSandboxMetadata\{Name:([a-z0-9][-a-z0-9.]*),Uid:[^,]*,Namespace:([a-z0-9][-a-z0-9]*),/;

/** CRI-O's sandbox name: `k8s_<pod>_<namespace>_<uid>_<attempt>` (docker's names have a container first). */
const CRIO_SANDBOX = /\bk8s_([a-z0-9][-a-z0-9.]*)_([a-z0-9][-a-z0-9]*)_[0-9a-f-]{8,}_\d+\b/;

/** The pod a kubelet, containerd or CRI-O log line or message names (`pod="ns/name"`, `name_ns(uid)`, `PodSandboxMetadata{...}`, `k8s_name_ns_uid_0`), or undefined. */
export function podInKubeletText(text: string): Subject | undefined {
  const klog = KLOG_POD.exec(text);
  if (klog?.[1] !== undefined && klog[2] !== undefined)
    return { kind: 'Pod', name: klog[2], namespace: klog[1] };
  const sandbox = SANDBOX_METADATA.exec(text);
  if (sandbox?.[1] !== undefined && sandbox[2] !== undefined)
    return { kind: 'Pod', name: sandbox[1], namespace: sandbox[2] };
  const f = FORMAT_POD.exec(text);
  if (f?.[1] !== undefined && f[2] !== undefined) return { kind: 'Pod', name: f[1], namespace: f[2] };
  const crio = CRIO_SANDBOX.exec(text);
  if (crio?.[1] !== undefined && crio[2] !== undefined)
    return { kind: 'Pod', name: crio[1], namespace: crio[2] };
  return undefined;
}

/** "Node n1 status is now: NodeNotReady" (kubelet and node controller) -> reason and node. */
export function nodeStatusEvent(message: string): { node: string; reason: string } | undefined {
  const m = NODE_STATUS.exec(message);
  return m?.[1] === undefined || m[2] === undefined ? undefined : { node: m[1], reason: m[2] };
}

const DENIAL =
  /error when (?:creating|applying|replacing|patching|updating)|[Ee]xceeded quota|[Ff]ailed quota|violates PodSecurity|admission webhook|failed calling webhook|is forbidden: (?:maximum|minimum|unable to validate|error looking up service account)|^[A-Za-z][A-Za-z0-9.-]* "[^"]+" is invalid: /;
const SERVER_ERROR = /^Error from server(?: \(\w+\))?: /;
/**
 * Helm's wrapping of the same API server answers (`Error: INSTALLATION FAILED: admission webhook
 * "x" denied the request: ...`, `Error: UPGRADE FAILED: cannot patch "web" with kind Deployment:
 * Deployment.apps "web" is invalid: ...`), which carries the Status message without kubectl's prefix.
 */
const HELM_ERROR =
  /^Error: (?:(?:INSTALLATION|UPGRADE|ROLLBACK) FAILED: )?(?:(?:failed to create resource|failed to replace object|cannot patch "[^"]+" with kind \w+|[a-z]+ failed): )?/;
const NAMED = /^([A-Za-z][A-Za-z0-9.-]*) "([^"]+)" is (?:forbidden|invalid)/;
const INVALID = /^The (\w+) "([^"]+)" is invalid: /;

/**
 * kubectl's own schema validation before it sends anything (`error: error validating "web.yaml":
 * error validating data: ValidationError(Deployment.spec): missing required field "selector" in
 * io.k8s.api.apps.v1.DeploymentSpec; if you choose to ignore these errors, turn validation off with
 * --validate=false`, several as `[ValidationError(...), ...]`): the object of the path's kind was
 * never created. Only kinds that are or make pods; the error names the file, not the object.
 */
const CLIENT_VALIDATION =
  /^(?:error: )?error validating "[^"]*": error validating data: \[?ValidationError\((\w+)[.)]/;
const POD_MAKERS: ReadonlySet<string> = new Set(['Pod', ...WORKLOAD_KINDS]);

function clientValidation(text: string): { subject: Subject; message: string } | undefined {
  const kind = CLIENT_VALIDATION.exec(text)?.[1];
  if (kind === undefined || !POD_MAKERS.has(kind)) return undefined;
  const message = text.replace(/^error: /, '');
  return {
    subject: {
      kind,
      name: unnamedName(kind),
      inferredName: "kubectl's validation names the file, not the object",
    },
    message,
  };
}

/**
 * An apply-time denial kubectl printed ("Error from server (Forbidden): error when creating
 * "x.yaml": pods "web" is forbidden: exceeded quota: ..."; "The Deployment "web" is invalid:
 * ..."), as the object it names and the apiserver's message. Undefined for kubectl's own
 * errors (NotFound, timeouts, the caller's RBAC).
 */
export function applyDenial(text: string): { subject: Subject; message: string } | undefined {
  const validation = clientValidation(text);
  if (validation !== undefined) return validation;
  const invalid = INVALID.exec(text);
  if (invalid?.[1] !== undefined && invalid[2] !== undefined) {
    return { subject: { kind: kindOf(invalid[1]), name: invalid[2] }, message: text };
  }
  const server = SERVER_ERROR.exec(text) ?? HELM_ERROR.exec(text);
  if (server === null) return undefined;
  const rest = text.slice(server[0].length);
  if (!DENIAL.test(rest) || /User "[^"]*" cannot /.test(rest)) return undefined;
  const body = rest.replace(/^error when \w+ "[^"]*": /, '');
  const named = NAMED.exec(body);
  const subject: Subject =
    named?.[1] !== undefined && named[2] !== undefined
      ? { kind: kindOf(named[1]), name: named[2] }
      : {
          kind: 'ReplicaSet',
          name: UNNAMED_OWNER,
          inferredName: 'the error names no object; read as the owner that creates the pods',
        };
  return { subject, message: body };
}
