import { describe, expect, it } from 'vitest';
import { applyDenial } from './subject.js';
import { UNNAMED_POD } from '../common/types.js';

/**
 * kubectl's own schema validation (before anything reaches the API server): the object of the
 * path's kind was never created. The error names the file, not the object.
 */
const TAIL = '; if you choose to ignore these errors, turn validation off with --validate=false';

describe("kubectl's client-side validation", () => {
  it.each([
    [
      'Deployment',
      'ValidationError(Deployment.spec.template.spec.containers[0]): unknown field "imagePullPolicyy" in io.k8s.api.core.v1.Container',
    ],
    [
      'DaemonSet',
      'ValidationError(DaemonSet.spec): missing required field "selector" in io.k8s.api.apps.v1.DaemonSetSpec',
    ],
    [
      'StatefulSet',
      '[ValidationError(StatefulSet.spec): missing required field "serviceName" in io.k8s.api.apps.v1.StatefulSetSpec, ValidationError(StatefulSet.spec): missing required field "selector" in io.k8s.api.apps.v1.StatefulSetSpec]',
    ],
    [
      'Job',
      'ValidationError(Job.spec.template.spec): missing required field "containers" in io.k8s.api.core.v1.PodSpec',
    ],
    [
      'CronJob',
      'ValidationError(CronJob.spec.jobTemplate): unknown field "template" in io.k8s.api.batch.v1.JobTemplateSpec',
    ],
    [
      'Deployment',
      'ValidationError(Deployment.spec.replicas): invalid type for io.k8s.api.apps.v1.DeploymentSpec.replicas: got "string", expected "integer"',
    ],
  ])('%s: %s', (kind, detail) => {
    for (const prefix of ['error: ', '']) {
      const text = `${prefix}error validating "app.yaml": error validating data: ${detail}${TAIL}`;
      const d = applyDenial(text);
      expect(d?.subject).toMatchObject({ kind, name: `unnamed-${kind.toLowerCase()}` });
      expect(d?.subject.inferredName).toBe("kubectl's validation names the file, not the object");
      expect(d?.message).toBe(text.replace(/^error: /, ''));
    }
  });

  it('a Pod refused by validation is the unnamed pod', () => {
    const d = applyDenial(
      `error validating "pod.yaml": error validating data: ValidationError(Pod.spec): unknown field "container" in io.k8s.api.core.v1.PodSpec${TAIL}`,
    );
    expect(d?.subject).toEqual({
      kind: 'Pod',
      name: UNNAMED_POD,
      inferredName: "kubectl's validation names the file, not the object",
    });
  });

  it.each([
    [
      'an object that makes no pods',
      `error: error validating "ing.yaml": error validating data: ValidationError(Ingress.spec.rules[0].http.paths[0].backend): unknown field "serviceName" in io.k8s.api.networking.v1.IngressBackend${TAIL}`,
    ],
    [
      'a PersistentVolume',
      `error: error validating "pv.yaml": error validating data: ValidationError(PersistentVolume.spec.nodeAffinity.required): missing required field "nodeSelectorTerms"${TAIL}`,
    ],
    [
      'the schema could not be fetched (no cluster)',
      `error: error validating "redis.yaml": error validating data: failed to download openapi: Get "http://localhost:8080/openapi/v2?timeout=32s": dial tcp 127.0.0.1:8080: connect: connection refused${TAIL}`,
    ],
    [
      'no kind in the file',
      `error validating "docker-compose.yml": error validating data: [apiVersion not set, kind not set]${TAIL}`,
    ],
  ])('%s: no object', (_, text) => {
    expect(applyDenial(text)).toBeUndefined();
  });
});
