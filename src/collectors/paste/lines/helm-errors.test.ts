import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';

/**
 * Helm prints the API server's Status message of a refused request after its own words
 * (`Error: INSTALLATION FAILED: ...`), without kubectl's "Error from server": the same denial, on
 * the object it names (or the owner that creates the pods, when it names none).
 */
describe("helm's wrapping of the API server's refusals", () => {
  it.each([
    [
      'Error: INSTALLATION FAILED: admission webhook "validation.gatekeeper.sh" denied the request: [psp-privileged-container] Privileged container is not allowed: web',
      { kind: 'ReplicaSet', name: 'unnamed-owner' },
      'admission webhook "validation.gatekeeper.sh" denied the request: [psp-privileged-container] Privileged container is not allowed: web',
    ],
    [
      'Error: UPGRADE FAILED: cannot patch "web" with kind Deployment: Deployment.apps "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}}: field is immutable',
      { kind: 'Deployment', name: 'web' },
      'Deployment.apps "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}}: field is immutable',
    ],
    [
      'Error: INSTALLATION FAILED: failed to create resource: pods "db-0" is forbidden: exceeded quota: compute, requested: limits.cpu=2, used: limits.cpu=7, limited: limits.cpu=8',
      { kind: 'Pod', name: 'db-0' },
      'pods "db-0" is forbidden: exceeded quota: compute, requested: limits.cpu=2, used: limits.cpu=7, limited: limits.cpu=8',
    ],
    [
      'Error: Internal error occurred: failed calling webhook "mutate.kyverno.svc": Post "https://kyverno-svc.kyverno.svc:443/mutate?timeout=10s": context deadline exceeded',
      { kind: 'ReplicaSet', name: 'unnamed-owner' },
      'Internal error occurred: failed calling webhook "mutate.kyverno.svc": Post "https://kyverno-svc.kyverno.svc:443/mutate?timeout=10s": context deadline exceeded',
    ],
  ])('%s', (line, subject, message) => {
    const objs = parseLine([line], 0)?.objects ?? [];
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw).toMatchObject({
      kind: 'Event',
      reason: 'FailedCreate',
      involvedObject: subject,
      message,
    });
  });

  it.each([
    'Error: INSTALLATION FAILED: timed out waiting for the condition',
    'Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress',
    'Error: cannot re-use a name that is still in use',
    'Error: INSTALLATION FAILED: Kubernetes cluster unreachable: Get "https://10.0.0.1:6443/version": dial tcp 10.0.0.1:6443: i/o timeout',
  ])('no denial in %s', (line) => {
    expect(parseLine([line], 0)?.objects ?? []).toEqual([]);
  });
});
