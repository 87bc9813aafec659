import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';
import { readWith } from '../common/parser-test-helpers.js';
import { UNNAMED_POD } from '../common/types.js';

const read = (t: string) => readWith(t, parseLine);
const one = (t: string) => {
  const objs = read(t);
  expect(objs).toHaveLength(1);
  return objs[0];
};

describe('messages that name their object', () => {
  it('names the pod of a Scheduled message, old and new', () => {
    expect(
      one('Successfully assigned javatest/hello-v2-1-fjchl to csswn001d.openshift.smart.ph'),
    ).toMatchObject({
      raw: {
        reason: 'Scheduled',
        involvedObject: { kind: 'Pod', name: 'hello-v2-1-fjchl', namespace: 'javatest' },
      },
    });
    const old = one('Successfully assigned px-hook-preinstall-clean-djmb2 to worker2-1-1');
    expect(old?.raw.involvedObject).toEqual({ kind: 'Pod', name: 'px-hook-preinstall-clean-djmb2' });
    expect(old?.inferredName).toBeUndefined();
  });

  it('names the pod of a restart back-off', () => {
    expect(
      one('Back-off restarting failed container app in pod web-7d4_default(0d3e5f)')?.raw.involvedObject,
    ).toEqual({
      kind: 'Pod',
      name: 'web-7d4',
      namespace: 'default',
    });
  });

  it('names the owner of a FailedCreate from the pods it could not create', () => {
    expect(
      one(
        'Error creating: pods "hjacobs-test-1668339668-" is forbidden: maximum cpu usage per Container is 16, but request is 17.',
      ),
    ).toMatchObject({
      raw: {
        reason: 'FailedCreate',
        type: 'Warning',
        involvedObject: { kind: 'ReplicaSet', name: 'hjacobs-test-1668339668' },
      },
    });
    expect(
      one('Error creating: pods shop-api-544d45c8d5-q5mll is forbidden: exceeded quota: q')?.raw
        .involvedObject,
    ).toEqual({
      kind: 'ReplicaSet',
      name: 'shop-api-544d45c8d5',
    });
    expect(
      one(
        'create Pod db-0 in StatefulSet db failed error: pods "db-0" is forbidden: violates PodSecurity "restricted:latest"',
      )?.raw.involvedObject,
    ).toEqual({
      kind: 'StatefulSet',
      name: 'db',
    });
    expect(
      one('Error creating: Internal error occurred: failed calling webhook "validate.kyverno.svc"')?.raw
        .involvedObject,
    ).toEqual({
      kind: 'ReplicaSet',
      name: 'unnamed-owner',
    });
  });

  it('reads a node status change as an event on the node', () => {
    expect(one('Node worker-3 status is now: NodeNotReady')?.raw).toMatchObject({
      reason: 'NodeNotReady',
      type: 'Warning',
      involvedObject: { kind: 'Node', name: 'worker-3' },
    });
  });
});

describe('pod status messages and bare status words', () => {
  it('reads a NodeLost message as the pod it names', () => {
    expect(one('Node worker-3 which was running pod web-0 is unresponsive')).toMatchObject({
      raw: {
        kind: 'Pod',
        metadata: { name: 'web-0' },
        spec: { nodeName: 'worker-3' },
        status: { reason: 'NodeLost', message: 'Node worker-3 which was running pod web-0 is unresponsive' },
      },
    });
  });

  it.each([
    ["Node didn't have enough resource: cpu, requested: 4000, used: 1800, capacity: 4000", 'OutOfcpu'],
    ['Pod Predicate NodeAffinity failed', 'NodeAffinity'],
    [
      "Pod was rejected: Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector",
      'NodeAffinity',
    ],
    ['Pod was terminated in response to imminent node shutdown.', 'Terminated'],
    ['Pod was active on the node longer than the specified deadline', 'DeadlineExceeded'],
  ])('reads the kubelet message %s as a failed pod', (line, reason) => {
    expect(one(line)).toMatchObject({
      raw: {
        kind: 'Pod',
        metadata: { name: UNNAMED_POD },
        status: { phase: 'Failed', reason, message: line },
      },
    });
  });

  it('reads a bare status word with the message printed after it (real case 073 shape)', () => {
    const obj = one(
      [
        'Evicted',
        '',
        "$ oc -n ci get pods -l app=x -oyaml | yq '.items[0].status.message'",
        'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki. ',
        'Container app was using 48458972Ki, request is 15Gi, has larger consumption of memory. ',
      ].join('\n'),
    );
    expect(obj?.raw).toEqual({
      kind: 'Pod',
      metadata: { name: UNNAMED_POD },
      status: {
        phase: 'Failed',
        reason: 'Evicted',
        message:
          'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki. Container app was using 48458972Ki, request is 15Gi, has larger consumption of memory.',
      },
    });
  });

  it('reads a bare status word alone', () => {
    expect(one('OutOfmemory')?.raw).toEqual({
      kind: 'Pod',
      metadata: { name: UNNAMED_POD },
      status: { phase: 'Failed', reason: 'OutOfmemory' },
    });
  });
});

describe('apply-time denials', () => {
  it('reads a quota denial as a FailedCreate on the named object', () => {
    expect(
      one(
        'Error from server (Forbidden): error when creating "pod.yaml": pods "web" is forbidden: exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
      ),
    ).toMatchObject({
      raw: {
        reason: 'FailedCreate',
        type: 'Warning',
        involvedObject: { kind: 'Pod', name: 'web' },
        message:
          'pods "web" is forbidden: exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
      },
    });
  });

  // `kubectl run` / `kubectl create` without a file print no "error when creating"; old releases
  // wrote the quota plugin's words with a capital.
  it.each([
    'pods "web" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
    'pods "web" is forbidden: Exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2',
    'pods "web" is forbidden: failed quota: q: must specify limits.cpu',
    'pods "web" is forbidden: Failed quota: q: must specify limits.cpu',
  ])('reads a quota denial without a file name: %s', (message) => {
    expect(one(`Error from server (Forbidden): ${message}`)?.raw).toMatchObject({
      reason: 'FailedCreate',
      involvedObject: { kind: 'Pod', name: 'web' },
      message,
    });
  });

  it('reads webhook, PodSecurity and validation denials', () => {
    expect(
      one(
        'Error from server (Forbidden): error when creating "deploy.yaml": deployments.apps "web" is forbidden: violates PodSecurity "restricted:latest": runAsNonRoot != true',
      )?.raw.involvedObject,
    ).toEqual({ kind: 'Deployment', name: 'web' });
    expect(
      one(
        'Error from server: error when creating "x.yaml": admission webhook "validate.kyverno.svc" denied the request: policy require-labels failed',
      )?.raw.involvedObject,
    ).toEqual({ kind: 'ReplicaSet', name: 'unnamed-owner' });
    expect(
      one('The Deployment "web" is invalid: spec.template.spec.containers[0].image: Required value')?.raw,
    ).toMatchObject({
      reason: 'FailedCreate',
      involvedObject: { kind: 'Deployment', name: 'web' },
    });
  });
});
