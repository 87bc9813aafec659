/**
 * An APIService pasted for a failing metrics API (`kubectl get apiservice -o yaml`, `kubectl
 * describe apiservice`, or the aggregator's message alone): the Service behind it is the target,
 * at service-endpoints / NoReadyEndpoints, when nothing else in the paste shows that Service.
 */
import { describe, expect, it } from 'vitest';
import { snapshotFromSources } from '../src/collectors/files/index.js';
import { referenceTimeOf } from '../src/collectors/collector.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');
function judge(text: string) {
  const snapshot = snapshotFromSources([{ name: 'paste.txt', text }], ['paste.txt'], { clock: () => CLOCK });
  const { diagnoses } = diagnose(snapshot, { now: referenceTimeOf(snapshot) ?? CLOCK, rules: RULES });
  return diagnoses.map((d) => ({
    target: `${d.target.kind}/${d.target.namespace}/${d.target.name}`,
    verdict: d.verdict,
    stage: d.stage,
    reason: d.reason,
    summary: d.summary,
  }));
}

const YAML = `apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  name: v1beta1.metrics.k8s.io
spec:
  group: metrics.k8s.io
  service:
    name: metrics-server
    namespace: kube-system
    port: 443
  version: v1beta1
status:
  conditions:
  - lastTransitionTime: "2024-10-23T15:10:15Z"
    message: endpoints for service/metrics-server in "kube-system" have no addresses
      with port name "https"
    reason: MissingEndpoints
    status: "False"
    type: Available
`;

const DESCRIBE = `$ kubectl describe apiservice v1beta1.metrics.k8s.io
Name:         v1beta1.metrics.k8s.io
Namespace:
Labels:       k8s-app=metrics-server
Annotations:  <none>
API Version:  apiregistration.k8s.io/v1
Kind:         APIService
Metadata:
  Creation Timestamp:  2021-09-18T00:55:17Z
Spec:
  Group:                     metrics.k8s.io
  Service:
    Name:            metrics-server
    Namespace:       kube-system
    Port:            443
  Version:           v1beta1
Status:
  Conditions:
    Last Transition Time:  2021-09-18T00:55:17Z
    Message:               cannot find endpoints for service/metrics-server in "kube-system"
    Reason:                EndpointsNotFound
    Status:                False
    Type:                  Available
Events:                    <none>
`;

describe('APIService pastes', () => {
  it('get -o yaml: the Service behind it has no ready endpoints, and the message names the port', () => {
    expect(judge(YAML)).toEqual([
      {
        target: 'Service/kube-system/metrics-server',
        verdict: 'failed',
        stage: 'service-endpoints',
        reason: 'NoReadyEndpoints',
        summary:
          'The API aggregator finds no ready endpoint of Service metrics-server with port name "https", so APIService v1beta1.metrics.k8s.io is not Available (MissingEndpoints).',
      },
    ]);
  });

  it('describe: the condition entry is read as the APIService, not as a container of a pod', () => {
    expect(judge(DESCRIBE)).toEqual([
      {
        target: 'Service/kube-system/metrics-server',
        verdict: 'failed',
        stage: 'service-endpoints',
        reason: 'NoReadyEndpoints',
        summary:
          'The API aggregator finds no ready endpoint of Service metrics-server, so the APIService it backs is not Available (EndpointsNotFound).',
      },
    ]);
  });

  it('the message on a line of its own', () => {
    const text =
      'E1023 15:12:01 kubectl top: Message: endpointslices for service/metrics-server in "kube-system" have no addresses with port name ""\n';
    expect(judge(text).map((d) => [d.target, d.stage, d.reason])).toEqual([
      ['Service/kube-system/metrics-server', 'service-endpoints', 'NoReadyEndpoints'],
    ]);
  });

  it('Available=True, or another reason, names no target', () => {
    expect(judge(YAML.replace('status: "False"', 'status: "True"'))).toEqual([]);
    expect(judge(YAML.replace('reason: MissingEndpoints', 'reason: FailedDiscoveryCheck'))).toEqual([]);
  });

  it('with the Service and a Ready pod behind it in the paste, those are judged, not the aggregator message', () => {
    const more = `${YAML}---
apiVersion: v1
kind: Service
metadata: {name: metrics-server, namespace: kube-system}
spec:
  selector: {k8s-app: metrics-server}
  ports: [{name: https, port: 443, targetPort: https}]
---
apiVersion: v1
kind: Pod
metadata: {name: metrics-server-1, namespace: kube-system, labels: {k8s-app: metrics-server}}
spec:
  containers: [{name: metrics-server, image: m:1, ports: [{name: https, containerPort: 10250}]}]
status:
  phase: Running
  conditions: [{type: Ready, status: "True"}, {type: ContainersReady, status: "True"}]
  containerStatuses: [{name: metrics-server, ready: true, restartCount: 0, state: {running: {startedAt: "2024-10-23T15:00:00Z"}}}]
`;
    expect(judge(more).filter((d) => d.verdict === 'failed' && d.reason === 'NoReadyEndpoints')).toEqual([]);
  });

  it('a CRD condition entry in describe output is no container state: alone, nothing readable is left', () => {
    const crd = `Status:
  Conditions:
    Last Transition Time:  2024-01-01T00:00:00Z
    Message:               Waiting for the deployment to become ready
    Reason:                Reconciling
    Status:                False
    Type:                  Ready
`;
    expect(() => judge(crd)).toThrow(/holds no Kubernetes objects or kubectl output kube-handoff can read/);
    const withPod = `${crd}\nNAME    READY   STATUS             RESTARTS   AGE\nweb-1   0/1     CrashLoopBackOff   4          2m\n`;
    expect(judge(withPod).map((d) => [d.target, d.stage])).toEqual([['Pod/default/web-1', 'crash']]);
  });
});
