import { describe, expect, it } from 'vitest';
import { UNNAMED_OWNER } from '../common/types.js';
import { unnamedName } from '../../../model/index.js';
import { UNNAMED, applyDenial, nodeStatusEvent, podInKubeletText, subjectOf } from './subject.js';

const NO_OWNER = {
  kind: 'ReplicaSet',
  name: UNNAMED_OWNER,
  inferredName: 'the message names no owner; read as a ReplicaSet',
};

describe('subjectOf: the object each message names, under its own reason', () => {
  it.each([
    [
      'TaintManagerEviction',
      'Marking for deletion Pod shop/web-1',
      { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    ],
    [
      'Scheduled',
      'Successfully assigned shop/web-1 to node-1',
      { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    ],
    [
      'BackOff',
      'Back-off restarting failed container app in pod web-1_shop(0d3e5f2a-1b2c)',
      { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    ],
    [
      'MissingEndpoints',
      'endpoints for service/metrics-server in "kube-system" have no addresses with port name "https"',
      { kind: 'Service', name: 'metrics-server', namespace: 'kube-system' },
    ],
    [
      'EndpointsNotFound',
      'cannot find endpoints for service/metrics-server in "kube-system"',
      { kind: 'Service', name: 'metrics-server', namespace: 'kube-system' },
    ],
    [
      'FailedCreate',
      'Error creating: pods "web-7d4b9c8f6d-" is forbidden: exceeded quota: compute',
      {
        kind: 'ReplicaSet',
        name: 'web-7d4b9c8f6d',
        inferredName: "owner named from its pods' name web-7d4b9c8f6d-",
      },
    ],
    [
      'FailedCreate',
      'Error creating: pods "web-7d4b9c8f6d-x2x9k" is forbidden: exceeded quota: compute',
      {
        kind: 'ReplicaSet',
        name: 'web-7d4b9c8f6d',
        inferredName: "owner named from its pods' name web-7d4b9c8f6d-x2x9k",
      },
    ],
    // A pod name whose last part is no 5-character suffix says nothing of its owner.
    [
      'FailedCreate',
      'Error creating: pods "nginx-deployment" is forbidden: exceeded quota: compute',
      NO_OWNER,
    ],
    [
      'FailedCreate',
      'Error creating: Internal error occurred: failed calling webhook "x.example.com"',
      NO_OWNER,
    ],
    // The apiserver's answer alone, quoted by a client that named the pod itself (an operator's
    // log, kubectl apply of a Pod): that pod. A generated name still stands for its owner.
    [
      'FailedCreate',
      'pods "pyspark-pi-1581596092621-exec-1" is forbidden: failed quota: system-resourcequota: must specify limits.cpu.',
      { kind: 'Pod', name: 'pyspark-pi-1581596092621-exec-1' },
    ],
    ['FailedCreate', 'pods "web-0" is forbidden: exceeded quota: compute', { kind: 'Pod', name: 'web-0' }],
    [
      'FailedCreate',
      'pods "web-7d4b9c8f6d-" is forbidden: exceeded quota: compute',
      {
        kind: 'ReplicaSet',
        name: 'web-7d4b9c8f6d',
        inferredName: "owner named from its pods' name web-7d4b9c8f6d-",
      },
    ],
  ])('%s: %s', (reason, message, subject) => {
    expect(subjectOf(reason, message)).toStrictEqual(subject);
  });

  it.each([
    // The taint manager's other message names the pod in another form: no pod is read from it.
    ['TaintManagerEviction', 'Cancelling deletion of Pod shop/web-1'],
    ['MissingEndpoints', ''],
    ['Scheduled', 'Successfully assigned'],
    // A message read only under its own reason.
    ['Killing', 'Marking for deletion Pod shop/web-1'],
    ['Pulled', 'Successfully assigned shop/web-1 to node-1'],
    ['Failed', 'Back-off restarting failed container app in pod web-1_shop(0d3e5f2a-1b2c)'],
    ['FailedDiscoveryCheck', 'endpoints for service/metrics-server in "kube-system" have no addresses'],
  ])('%s: %j names no pod', (reason, message) => {
    expect(subjectOf(reason, message)).toStrictEqual(UNNAMED);
  });

  it.each(['Node', 'PersistentVolumeClaim', 'Deployment'])(
    'an event on a %s the line does not name',
    (kind) => {
      expect(subjectOf('Failed', 'no such message', kind)).toStrictEqual({
        kind,
        name: unnamedName(kind),
        inferredName: `the line names no ${kind}`,
      });
    },
  );
});

describe('podInKubeletText', () => {
  it.each([
    [
      'E0501 10:00:00.123456    1234 pod_workers.go:1298] "Error syncing pod, skipping" pod="shop/web-1" podUID="0d3e5f2a"',
      { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    ],
    [
      'Back-off restarting failed container app in pod web-1_shop(0d3e5f2a-1b2c)',
      { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    ],
    [
      'error reserving pod name k8s_web-1_shop_0d3e5f2a-1b2c-4d5e_0 for id 9f8e: name is reserved',
      { kind: 'Pod', name: 'web-1', namespace: 'shop' },
    ],
    // docker names the container first: k8s_<container>_<pod>_<namespace>_<uid>_<attempt>
    ['k8s_POD_web-1_shop_0d3e5f2a-1b2c-4d5e_0', undefined],
    ['k8s_app_web-1_shop_0d3e5f2a-1b2c-4d5e_0', undefined],
    ['E0501 10:00:00.123456    1234 kubelet.go:2412] "Housekeeping took longer than expected"', undefined],
    ['', undefined],
  ])('%j', (text, subject) => {
    expect(podInKubeletText(text)).toStrictEqual(subject);
  });
});

describe('nodeStatusEvent', () => {
  it.each([
    ['Node node-1 status is now: NodeNotReady', { node: 'node-1', reason: 'NodeNotReady' }],
    [
      'Node ip-10-0-1-5.ec2.internal status is now: NodeHasDiskPressure',
      { node: 'ip-10-0-1-5.ec2.internal', reason: 'NodeHasDiskPressure' },
    ],
    ['Node node-1 event: Registered Node node-1 in Controller', undefined],
  ])('%j', (message, expected) => {
    expect(nodeStatusEvent(message)).toStrictEqual(expected);
  });
});

describe('applyDenial', () => {
  it("the caller's own RBAC denial is kubectl's, not the object's", () => {
    expect(
      applyDenial(
        'Error from server (Forbidden): error when creating "web.yaml": pods "web" is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "shop"',
      ),
    ).toBeUndefined();
  });

  it('a denial that names no object is read as the owner that creates the pods', () => {
    expect(
      applyDenial(
        'Error from server (InternalError): error when creating "web.yaml": Internal error occurred: failed calling webhook "validate.kyverno.svc": context deadline exceeded',
      ),
    ).toStrictEqual({
      subject: {
        kind: 'ReplicaSet',
        name: UNNAMED_OWNER,
        inferredName: 'the error names no object; read as the owner that creates the pods',
      },
      message:
        'Internal error occurred: failed calling webhook "validate.kyverno.svc": context deadline exceeded',
    });
  });

  it('a named object', () => {
    expect(
      applyDenial(
        'Error from server (Forbidden): error when creating "web.yaml": pods "web" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=3, limited: cpu=4',
      ),
    ).toStrictEqual({
      subject: { kind: 'Pod', name: 'web' },
      message:
        'pods "web" is forbidden: exceeded quota: compute, requested: cpu=2, used: cpu=3, limited: cpu=4',
    });
  });
});
