import { describe, expect, it } from 'vitest';
import { kubectl, nodeInSentence, UNNAMED_NODE } from './kubectl.js';

describe('kubectl commands', () => {
  it('quotes only what a shell needs quoted', () => {
    expect(kubectl.describe('Pod', 'web-1', 'shop')).toBe('kubectl describe pod web-1 -n shop');
    expect(kubectl.describe('pod', "it's odd", undefined)).toBe("kubectl describe pod 'it'\\''s odd'");
  });

  it('names the container in logs, unless the evidence could not name it', () => {
    expect(kubectl.logs('web-1', 'shop', 'app', true)).toBe('kubectl logs web-1 -n shop -c app --previous');
    expect(kubectl.logs('web-1', 'shop', 'unnamed')).toBe('kubectl logs web-1 -n shop');
    expect(kubectl.logs('web-1', undefined, '')).toBe('kubectl logs web-1');
  });

  it('selects events of one object', () => {
    expect(kubectl.events('Pod', 'web-1', 'shop')).toBe(
      'kubectl get events -n shop --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
    );
  });
});

describe('names the evidence did not give', () => {
  it.each([
    ['unnamed-pod', 'kubectl describe pod POD -n shop'],
    ['unnamed-owner', 'kubectl describe pod OWNER -n shop'],
    ['unnamed-replicaset', 'kubectl describe pod REPLICASET -n shop'],
    // Real names that only look alike stay names.
    ['unnamed-pod-7d4', 'kubectl describe pod unnamed-pod-7d4 -n shop'],
    ['my-unnamed-pod', 'kubectl describe pod my-unnamed-pod -n shop'],
    ['Unnamed-pod', 'kubectl describe pod Unnamed-pod -n shop'],
  ])('%s in a command', (name, command) => {
    expect(kubectl.describe('Pod', name, 'shop')).toBe(command);
  });

  it('a made-up container is a word to fill in, a made-up name in a quoted value too', () => {
    expect(kubectl.quote('unnamed')).toBe('CONTAINER');
    expect(kubectl.quote('unnamed-job')).toBe('JOB');
  });

  it.each([
    ['node-1', 'kubectl describe node node-1', 'kubectl get node node-1 -o wide'],
    [
      'ip-10-0-1-2.ec2.internal',
      'kubectl describe node ip-10-0-1-2.ec2.internal',
      'kubectl get node ip-10-0-1-2.ec2.internal -o wide',
    ],
    [UNNAMED_NODE, 'kubectl get nodes -o wide', 'kubectl get nodes -o wide'],
  ])('node %s: describe and get', (node, describe, get) => {
    expect(kubectl.describeNode(node)).toBe(describe);
    expect(kubectl.getNode(node, '-o wide')).toBe(get);
  });

  it.each([
    ['node-1', undefined, 'kubectl get pods -A -o wide --field-selector spec.nodeName=node-1'],
    ['node-1', 'shop', 'kubectl get pods -n shop -o wide --field-selector spec.nodeName=node-1'],
    [UNNAMED_NODE, undefined, 'kubectl get pods -A -o wide'],
    [UNNAMED_NODE, 'shop', 'kubectl get pods -n shop -o wide'],
  ])('pods on node %s in %s', (node, ns, command) => {
    expect(kubectl.podsOnNode(node, ns)).toBe(command);
  });

  it('a node in a sentence: its name, or that the evidence has none', () => {
    expect(nodeInSentence('node-1')).toBe('node-1');
    expect(nodeInSentence(UNNAMED_NODE)).toBe('(name not in the evidence)');
  });
});
