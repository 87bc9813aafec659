import { describe, expect, it } from 'vitest';
import type { ImageResult } from '../hosts.js';
import type { NodeObj } from '../../../world/types.js';
import { TestWorld } from './hosts-test-helpers.js';
import { createImageHost } from './index.js';

const REGISTRY = `cluster:
  nodes: [{name: node-1, images: [docker.io/library/busybox:1.36]}]
  registry:
    defaultSize: 50Mi
    bandwidth: 50000000
    images:
      - {name: registry.example.com/shop/web:1.4.2, exists: false}
      - {name: ghcr.io/acme/billing:7.3.1, auth: true}
      - {name: redis:7.4, rateLimited: true}
      - {name: registry.corp.internal:5000/platform/inventory:2.0.4, badTLS: true}
      - {name: harbor.acme.io/finance/ledger:1.9.3, unreachable: true}
      - {name: nvcr.io/nvidia/tritonserver:24.08-py3, size: 2Gi, run: {ports: [8000]}}
      - {name: ghcr.io/acme/arm-only:1.0, wrongArch: true}
`;

function ensure(
  w: TestWorld,
  podName: string,
  image: string,
  policy?: string,
): () => ImageResult | undefined {
  const host = hostFor(w);
  const pod = w.store.get('pods', 'default', podName) ?? w.pod(podName, {});
  let result: ImageResult | undefined;
  host.ensure(
    pod as Parameters<typeof host.ensure>[0],
    { name: 'app', image, ...(policy === undefined ? {} : { imagePullPolicy: policy }) },
    'spec.containers{app}',
    (r) => (result = r),
  );
  return () => result;
}

const hosts = new WeakMap<TestWorld, ReturnType<typeof createImageHost>>();
function hostFor(w: TestWorld): ReturnType<typeof createImageHost> {
  let h = hosts.get(w);
  if (h === undefined) hosts.set(w, (h = createImageHost(w, 'node-1')));
  return h;
}

describe('image host', () => {
  it('pulls, reports both durations, and records the image on the node', () => {
    const w = new TestWorld(REGISTRY);
    const r = ensure(w, 'web', 'nginx:1.27');
    w.runFor(5000);
    expect(r()).toEqual({ ok: true });
    // 50 MiB at 50 MB/s is 1.049 s of layers plus 350 ms of manifest round trips.
    expect(w.eventsFor('web')).toEqual([
      'Pulling: Pulling image "nginx:1.27"',
      'Pulled: Successfully pulled image "nginx:1.27" in 1.399s (1.399s including waiting). Image size: 52428800 bytes.',
    ]);
    const node = w.store.get<NodeObj>('nodes', undefined, 'node-1');
    expect(node?.status.images?.at(-1)?.names?.[1]).toBe('docker.io/library/nginx:1.27');
    const again = ensure(w, 'web2', 'nginx:1.27');
    w.runFor(0);
    expect(again()).toEqual({ ok: true });
    expect(w.eventsFor('web2')).toEqual(['Pulled: Container image "nginx:1.27" already present on machine']);
  });

  it('serializes pulls so the second one counts its wait', () => {
    const w = new TestWorld(REGISTRY);
    ensure(w, 'a', 'nvcr.io/nvidia/tritonserver:24.08-py3');
    ensure(w, 'b', 'nginx:1.27');
    w.runFor(120_000);
    // 2 GiB at 50 MB/s takes 43.3 s; the small pull waits for it, then takes its own 1.4 s.
    expect(w.eventsFor('b')).toEqual([
      'Pulling: Pulling image "nginx:1.27"',
      'Pulled: Successfully pulled image "nginx:1.27" in 1.399s (44.699s including waiting). Image size: 52428800 bytes.',
    ]);
  });

  it('reports a missing tag, then backs off 10 s doubling', () => {
    const w = new TestWorld(REGISTRY);
    const image = 'registry.example.com/shop/web:1.4.2';
    const first = ensure(w, 'web', image);
    w.runFor(1000);
    const ref = 'registry.example.com/shop/web:1.4.2';
    expect(first()).toEqual({
      ok: false,
      reason: 'ErrImagePull',
      message: `rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`,
    });
    w.runFor(5000);
    expect(ensure(w, 'web', image)()).toEqual({
      ok: false,
      reason: 'ImagePullBackOff',
      message: `Back-off pulling image "${image}"`,
    });
    w.runFor(5000); // 11.7 s after the failure: the 10 s back-off is over
    ensure(w, 'web', image);
    w.runFor(1000);
    w.runFor(15_000); // second failure at ~12.4 s; 20 s back-off: still backing off at 28 s
    expect(ensure(w, 'web', image)()).toMatchObject({ reason: 'ImagePullBackOff' });
    expect(w.eventsFor('web')).toEqual([
      `Pulling: Pulling image "${image}" (x2)`,
      `Failed: Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found (x2)`,
      'Failed: Error: ErrImagePull (x2)',
      `BackOff: Back-off pulling image "${image}" (x2)`,
      'Failed: Error: ImagePullBackOff (x2)',
    ]);
  });

  it.each([
    [
      'ghcr.io/acme/billing:7.3.1',
      'failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%3Aacme%2Fbilling%3Apull&service=ghcr.io: 401 Unauthorized',
    ],
    [
      'redis:7.4',
      '429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
    ],
    [
      'registry.corp.internal:5000/platform/inventory:2.0.4',
      'failed to do request: Head "https://registry.corp.internal:5000/v2/platform/inventory/manifests/2.0.4": tls: failed to verify certificate: x509: certificate signed by unknown authority',
    ],
    ['harbor.acme.io/finance/ledger:1.9.3', ':443: i/o timeout'],
  ])('quotes the registry failure for %s', (image, fragment) => {
    const w = new TestWorld(REGISTRY);
    const r = ensure(w, 'p', image);
    w.runFor(40_000);
    const result = r();
    expect(result?.ok).toBe(false);
    expect(result !== undefined && !result.ok ? result.message : '').toContain(fragment);
  });

  it('uses credentials from an existing imagePullSecret', () => {
    const w = new TestWorld(REGISTRY);
    w.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'ghcr', namespace: 'default' } });
    w.pod('p', { imagePullSecrets: [{ name: 'ghcr' }] });
    const r = ensure(w, 'p', 'ghcr.io/acme/billing:7.3.1');
    w.runFor(5000);
    expect(r()).toEqual({ ok: true });
  });

  it('handles invalid names and pull policy Never', () => {
    const w = new TestWorld(REGISTRY);
    expect(ensure(w, 'bad', 'Nginx:1.27')()).toMatchObject({ ok: false, reason: 'InvalidImageName' });
    expect(w.eventsFor('bad')).toEqual([
      'InspectFailed: Failed to apply default image tag "Nginx:1.27": couldn\'t parse image name "Nginx:1.27": invalid reference format: repository name (library/Nginx) must be lowercase',
      'Failed: Error: InvalidImageName',
    ]);
    expect(ensure(w, 'never', 'ghcr.io/acme/app:1', 'Never')()).toEqual({
      ok: false,
      reason: 'ErrImageNeverPull',
      message: 'Container image "ghcr.io/acme/app:1" is not present with pull policy of Never',
    });
    expect(ensure(w, 'cached', 'busybox:1.36', 'Never')()).toEqual({ ok: true });
  });

  it('answers behaviour and architecture from the registry', () => {
    const w = new TestWorld(REGISTRY);
    const host = hostFor(w);
    expect(host.behavior('nvcr.io/nvidia/tritonserver:24.08-py3').ports).toEqual([8000]);
    expect(host.behavior('nginx').exitCode).toBe(0);
    expect(host.wrongArch('ghcr.io/acme/arm-only:1.0')).toBe(true);
    expect(host.wrongArch('nginx')).toBe(false);
  });
});
