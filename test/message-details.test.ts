/**
 * The inner part of a Kubernetes message pasted on its own (a container's waiting message, a
 * runtime's error, a quote in prose): read as the event the component records it in, while the
 * same text inside a wrapped message stays that message's continuation.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-03-01T12:00:00Z');

const failures = (text: string) =>
  diagnosePaste(text, CLOCK)
    .diagnoses.filter((d) => d.verdict === 'failed')
    .map((d) => `${d.target.kind} ${d.stage} ${d.reason}`);

describe('a message detail pasted alone', () => {
  it.each([
    [
      'a missing key',
      "couldn't find key DB_PASSWORD in Secret shop/db-creds",
      'Pod container-config KeyMissing',
    ],
    ['a missing ConfigMap', 'configmap "app-config" not found', 'Pod container-config ConfigMapMissing'],
    ['a missing Secret', 'secret "db-creds" not found', 'Pod container-config SecretMissing'],
    [
      'runAsNonRoot with a root image',
      'container has runAsNonRoot and image will run as root (pod: "web-1_shop(0b1c)", container: web)',
      'Pod container-config RunAsNonRoot',
    ],
    [
      'runAsNonRoot with a named user',
      'container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root',
      'Pod container-config RunAsNonRoot',
    ],
    [
      "containerd's not found",
      'rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/ngnix:1.25": failed to resolve reference "docker.io/library/ngnix:1.25": docker.io/library/ngnix:1.25: not found',
      'Pod image-pull ImageNotFound',
    ],
    [
      "dockerd's pull access denied",
      "rpc error: code = Unknown desc = Error response from daemon: pull access denied for myorg/app, repository does not exist or may require 'docker login': denied: requested access to the resource is denied",
      'Pod image-pull RegistryUnauthorized',
    ],
    [
      "containerd's token refused",
      'failed to pull and unpack image "ghcr.io/acme/api:v2": failed to resolve reference "ghcr.io/acme/api:v2": failed to authorize: failed to fetch anonymous token: unexpected status: 401 Unauthorized',
      'Pod image-pull RegistryUnauthorized',
    ],
    [
      'a missing manifest',
      'manifest for nginx:1.99 not found: manifest unknown: manifest unknown',
      'Pod image-pull ImageNotFound',
    ],
    [
      "the node's Ready message",
      'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized',
      'Pod sandbox-network NetworkNotReady',
    ],
    [
      'the mount wait',
      'unmounted volumes=[data], unattached volumes=[data kube-api-access-x2x9k]: timed out waiting for the condition',
      'Pod volumes MountFailed',
    ],
    [
      'a claim the scheduler cannot find',
      'persistentvolumeclaim "data-db-0" not found',
      'Pod scheduling UnboundPVC',
    ],
    [
      'a webhook denial',
      'admission webhook "validation.gatekeeper.sh" denied the request: [require-labels] you must provide labels: {"owner"}',
      'ReplicaSet admission WebhookDenied',
    ],
    [
      'a webhook that cannot be called',
      'Internal error occurred: failed calling webhook "mpod.kb.io": failed to call webhook: Post "https://webhook-service.system.svc:443/mutate-v1-pod?timeout=10s": dial tcp 10.96.12.3:443: connect: connection refused',
      'ReplicaSet admission WebhookUnavailable',
    ],
    [
      "an eviction's container sentence",
      'Container web was using 1200Mi, request is 512Mi, has larger consumption of memory.',
      'Pod node Evicted',
    ],
    [
      'quoted in prose',
      'The pod says `secret "db-creds" not found` and stays there.',
      'Pod container-config SecretMissing',
    ],
    [
      'after a log prefix',
      'E0612 08:15:32.123456    1234 pod_workers.go:1298] secret "db-creds" not found',
      'Pod container-config SecretMissing',
    ],
  ])('%s', (_, text, want) => {
    expect(failures(text)).toEqual([want]);
  });
});

describe('the same detail inside a message that goes on over lines', () => {
  it('a wrapped pull failure stays one message, of the image it names', () => {
    const text = [
      'Failed to pull image "busybox:1.99": rpc error: code = NotFound',
      'desc = failed to pull and unpack image "docker.io/library/busybox:1.99": failed to resolve reference',
      '"docker.io/library/busybox:1.99": docker.io/library/busybox:1.99: not found',
    ].join('\n');
    const { snapshot } = diagnosePaste(text, CLOCK);
    expect(snapshot.events.map((e) => e.message.slice(0, 36))).toEqual([
      'Failed to pull image "busybox:1.99":',
    ]);
    expect(failures(text)).toEqual(['Pod image-pull ImageNotFound']);
  });

  it("a mount wait's detail on the line after its start stays in the FailedMount message", () => {
    const text = [
      'Unable to attach or mount volumes:',
      'unmounted volumes=[data], unattached volumes=[data]: timed out waiting for the condition',
    ].join('\n');
    const { snapshot } = diagnosePaste(text, CLOCK);
    expect(snapshot.events).toHaveLength(1);
    expect(snapshot.events[0]?.message).toContain('unmounted volumes=[data]');
  });

  it('a detail in a row of another reason keeps that reason and its text', () => {
    const text = '  Warning  FailedMount  2m (x5 over 11m)  kubelet  secret "db-creds" not found';
    const { snapshot } = diagnosePaste(text, CLOCK);
    expect(snapshot.events.map((e) => [e.reason, e.message])).toEqual([
      ['FailedMount', 'secret "db-creds" not found'],
    ]);
  });
});
