/**
 * SetDefaults_Pod / SetDefaults_PodSpec / SetDefaults_Container of k8s.io/kubernetes
 * pkg/apis/core/v1, for pods and for the pod templates of workloads, so that stored objects
 * carry the same fields `kubectl get -o yaml` shows on a real cluster.
 */
import { ensure, isFields, list, podContainers, rec, str, type Fields } from './fields.js';
import { parseQuantity } from './quantity.js';

/** `Always` for `:latest` or untagged images, else `IfNotPresent` (digests count as tagged). */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent';
  const last = image.slice(image.lastIndexOf('/') + 1);
  const colon = last.indexOf(':');
  return colon < 0 || last.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

function defaultProbe(probe: unknown): void {
  if (!isFields(probe)) return;
  probe.timeoutSeconds ??= 1;
  probe.periodSeconds ??= 10;
  probe.successThreshold ??= 1;
  probe.failureThreshold ??= 3;
  const http = rec(probe.httpGet);
  if (http !== undefined) {
    http.path ??= '/';
    http.scheme ??= 'HTTP';
  }
}

function defaultContainer(c: Fields): void {
  const image = str(c.image);
  if (c.imagePullPolicy === undefined && image !== undefined) c.imagePullPolicy = defaultPullPolicy(image);
  c.terminationMessagePath ??= '/dev/termination-log';
  c.terminationMessagePolicy ??= 'File';
  for (const port of list(c.ports)) port.protocol ??= 'TCP';
  for (const env of list(c.env)) {
    const fieldRef = rec(rec(env.valueFrom)?.fieldRef);
    if (fieldRef !== undefined) fieldRef.apiVersion ??= 'v1';
  }
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  const resources = ensure(c, 'resources');
  // Limits without requests: the request defaults to the limit (what makes a pod Guaranteed).
  const limits = rec(resources.limits);
  if (limits !== undefined) {
    const requests = ensure(resources, 'requests');
    for (const [k, v] of Object.entries(limits)) requests[k] ??= v;
  }
}

export function defaultPodSpec(spec: Fields): void {
  spec.restartPolicy ??= 'Always';
  spec.terminationGracePeriodSeconds ??= 30;
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.securityContext ??= {};
  spec.schedulerName ??= 'default-scheduler';
  spec.enableServiceLinks ??= true;
  // The ServiceAccount admission plugin fills the name; the deprecated alias mirrors it.
  spec.serviceAccountName ??= str(spec.serviceAccount) ?? 'default';
  spec.serviceAccount = spec.serviceAccountName;
  for (const { c } of podContainers(spec, 'spec')) defaultContainer(c);
  for (const v of list(spec.volumes)) {
    const source = rec(v.configMap) ?? rec(v.secret) ?? rec(v.downwardAPI) ?? rec(v.projected);
    if (source !== undefined) source.defaultMode ??= 420;
    const hostPath = rec(v.hostPath);
    if (hostPath !== undefined) hostPath.type ??= '';
  }
}

type Qos = 'Guaranteed' | 'Burstable' | 'BestEffort';

/** GetPodQOS (pkg/apis/core/helper/qos): cpu and memory of every container decide. */
export function qosClass(spec: Fields): Qos {
  let anySet = false;
  let guaranteed = true;
  for (const { c } of podContainers(spec, 'spec')) {
    const res = rec(c.resources) ?? {};
    const requests = rec(res.requests) ?? {};
    const limits = rec(res.limits) ?? {};
    for (const name of ['cpu', 'memory']) {
      const req = requests[name];
      const lim = limits[name];
      if (req !== undefined || lim !== undefined) anySet = true;
      if (lim === undefined || (req !== undefined && parseQuantity(req)?.milli !== parseQuantity(lim)?.milli))
        guaranteed = false;
    }
  }
  if (!anySet) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

export function defaultPod(pod: Fields): void {
  const spec = ensure(pod, 'spec');
  defaultPodSpec(spec);
  spec.priority ??= 0;
  spec.preemptionPolicy ??= 'PreemptLowerPriority';
}

/** The registry's PrepareForCreate: status is reset to Pending with the QoS class computed. */
export function preparePodStatus(pod: Fields): void {
  const spec = rec(pod.spec) ?? {};
  pod.status = { phase: 'Pending', qosClass: qosClass(spec) };
}
