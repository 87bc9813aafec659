import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalImage,
  classifyPullError,
  classifyPullMessage,
  codeForWaitingReason,
  imageInMessage,
  mayBeMissingOrPrivate,
  pullErrorTail,
  sameImage,
  type ImagePullCode,
} from './pull-message.js';
import { STAGES } from '../../model/index.js';

/** Real CRI / registry texts (containerd, docker, CRI-O, cloud registries) and their codes. */
const CASES: readonly (readonly [string, ImagePullCode])[] = [
  [
    'Failed to pull image "ubuntu:bionic": rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit',
    'RateLimited',
  ],
  [
    'Failed to pull image "busybox": rpc error: code = Unknown\ndesc = failed to pull and unpack image "docker.io/library/busybox:latest": failed to copy: httpReadSeeker: failed open:\nunexpected status code https://registry-1.docker.io/v2/library/busybox/manifests/sha256:50aa4698fa6262977cff89181b2664b99d8a56dbca847bf62f2ef04854597cf8:\n429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
    'RateLimited',
  ],
  [
    'Failed to pull image "lachlanevenson/k8s-kubectl:v1.8.7-rancher1": rpc error: code = Unknown desc = Tag v1.8.7-rancher1 not found in repository docker.io/lachlanevenson/k8s-kubectl',
    'ImageNotFound',
  ],
  [
    'Failed to pull image "nginx:nope": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:nope": failed to resolve reference "docker.io/library/nginx:nope": docker.io/library/nginx:nope: not found',
    'ImageNotFound',
  ],
  [
    'rpc error: code = Unknown desc = Error response from daemon: manifest for nginx:nope not found: manifest unknown: manifest unknown',
    'ImageNotFound',
  ],
  ['reading manifest v9 in quay.io/org/app: manifest unknown', 'ImageNotFound'],
  [
    'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/acme/private:1": failed to resolve reference "docker.io/acme/private:1": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed',
    'RegistryUnauthorized',
  ],
  [
    'failed to resolve reference "gcr.io/p/app:1": failed to authorize: failed to fetch anonymous token: unexpected status: 403 Forbidden',
    'RegistryUnauthorized',
  ],
  [
    'Error response from daemon: Get https://123.dkr.ecr.us-east-1.amazonaws.com/v2/app/manifests/1: no basic auth credentials',
    'RegistryUnauthorized',
  ],
  ['failed to fetch oauth token: unexpected status: 401 Unauthorized', 'RegistryUnauthorized'],
  ['unauthorized: authentication required', 'RegistryUnauthorized'],
  [
    'denied: Permission "artifactregistry.repositories.downloadArtifacts" denied on resource',
    'RegistryUnauthorized',
  ],
  [
    'failed to do request: Head "https://registry.local/v2/app/manifests/1": tls: failed to verify certificate: x509: certificate signed by unknown authority',
    'RegistryTLS',
  ],
  [
    'Error response from daemon: Get https://10.0.0.5:5000/v2/: http: server gave HTTP response to HTTPS client',
    'RegistryTLS',
  ],
  [
    'failed to do request: Head "https://registry.example/v2/app/manifests/1": dial tcp: lookup registry.example on 10.96.0.10:53: no such host',
    'RegistryUnreachable',
  ],
  ['dial tcp 10.0.0.5:443: i/o timeout', 'RegistryUnreachable'],
  [
    'failed to do request: Head "https://ghcr.io/v2/org/app/manifests/1": dial tcp 140.82.112.33:443: connect: connection timed out',
    'RegistryUnreachable',
  ],
  [
    'Error response from daemon: Get "https://registry-1.docker.io/v2/": dial tcp: lookup registry-1.docker.io: Temporary failure in name resolution',
    'RegistryUnreachable',
  ],
  [
    'failed to do request: Head "https://quay.io/v2/org/app/manifests/1": proxyconnect tcp: dial tcp 10.1.1.1:3128: connect: no route to host',
    'RegistryUnreachable',
  ],
  ['dial tcp: lookup registry.corp on 127.0.0.53:53: server misbehaving', 'RegistryUnreachable'],
  ['unknown: Tag 1.2.3 was deleted or has expired. To pull, revive via time machine', 'ImageNotFound'],
  [
    'errors: {"code":"MANIFEST_UNKNOWN","message":"OCI index found, but accept header does not support OCI indexes"}',
    'ImageNotFound',
  ],
  ['unknown: repository library/app not found', 'ImageNotFound'],
  ['dial tcp 10.0.0.5:5000: connect: connection refused', 'RegistryUnreachable'],
  ['rpc error: code = DeadlineExceeded desc = context deadline exceeded', 'RegistryUnreachable'],
  [
    'net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)',
    'RegistryUnreachable',
  ],
  ['Get https://registry-1.docker.io/v2/: net/http: TLS handshake timeout', 'RegistryUnreachable'],
  ['unexpected status from HEAD request: 503 Service Unavailable', 'RegistryUnreachable'],
  [
    'image pull failed for registry.example/app:1 because the registry is unavailable: timeout',
    'RegistryUnreachable',
  ],
  [
    'Failed to apply default image tag "Registry.Example/App:1": couldn\'t parse image reference "Registry.Example/App:1": invalid reference format: repository name must be lowercase',
    'InvalidImageName',
  ],
  [
    'Container image "docker-registry.services.stellar-ops.com/dev/anchor-platform:e6ca4be8" is not present with pull policy of Never',
    'NeverPullMissing',
  ],
];

const CODES = new Set<string>(STAGES.find((s) => s.id === 'image-pull')?.reasons);

describe('classifyPullMessage', () => {
  for (const [text, code] of CASES) {
    it(`${code}: ${text.slice(0, 70)}`, () => {
      expect(classifyPullMessage(text)).toBe(code);
    });
  }

  it('leaves texts without a cause unclassified', () => {
    for (const text of [
      '',
      'Back-off pulling image "nginx"',
      'Error: ErrImagePull',
      'Error: ImagePullBackOff',
      'Pulling image "x"',
    ]) {
      expect(classifyPullMessage(text)).toBeUndefined();
    }
  });

  it('names the deciding fragment', () => {
    expect(classifyPullError('dial tcp: lookup r.example: no such host')?.matched).toBe('no such host');
    expect(classifyPullError('x: toomanyrequests: You have')?.matched).toBe('toomanyrequests');
  });

  it('flags the Docker Hub answer that cannot tell missing from private', () => {
    expect(mayBeMissingOrPrivate(CASES[6]?.[0] ?? '')).toBe(true);
    expect(
      mayBeMissingOrPrivate('repository docker.io/foo not found: does not exist or no pull access'),
    ).toBe(true);
    expect(mayBeMissingOrPrivate('unauthorized: authentication required')).toBe(false);
  });
});

describe('waiting reasons and image references', () => {
  it('maps reasons that name their cause', () => {
    expect(codeForWaitingReason('InvalidImageName')).toBe('InvalidImageName');
    expect(codeForWaitingReason('ErrImageNeverPull')).toBe('NeverPullMissing');
    expect(codeForWaitingReason('RegistryUnavailable')).toBe('RegistryUnreachable');
    expect(codeForWaitingReason('ErrImagePull')).toBeUndefined();
    expect(codeForWaitingReason(undefined)).toBeUndefined();
  });

  it('reads images from kubelet messages', () => {
    expect(imageInMessage('Failed to pull image "a/b:1": x')).toBe('a/b:1');
    expect(imageInMessage('pulling image "a/b:1"')).toBe('a/b:1');
    expect(imageInMessage('Container image "c:2" already present on machine')).toBe('c:2');
    expect(imageInMessage('Failed to apply default image tag "X:": bad')).toBe('X:');
    expect(imageInMessage('Error: ErrImagePull')).toBeUndefined();
    expect(pullErrorTail('Failed to pull image "a": rpc error: boom')).toBe('rpc error: boom');
  });

  it('treats Docker Hub short names as the same image', () => {
    expect(canonicalImage('busybox')).toBe('library/busybox:latest');
    expect(sameImage('busybox', 'docker.io/library/busybox:latest')).toBe(true);
    expect(sameImage('registry.example/app@sha256:abc', 'registry.example/app@sha256:abc')).toBe(true);
    expect(sameImage('registry.example:5000/app', 'registry.example:5000/app:latest')).toBe(true);
    expect(sameImage('app:1', 'app:2')).toBe(false);
    expect(sameImage('', '')).toBe(false);
  });
});

/** Consonant-only noise cannot spell any of the fragments the classifier looks for. */
const noise = fc.string({ unit: fc.constantFrom(...'bcdfghjklmnpqrstvwxz .-/'.split('')), maxLength: 40 });
const whitespace = fc.constantFrom(' ', '\n', '\n  ', '\t', '  ');

describe('classifier properties', () => {
  it('never throws and answers with an image-pull reason code or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const code = classifyPullMessage(text);
        expect(code === undefined || CODES.has(code)).toBe(true);
      }),
    );
  });

  it('finds a known cause wherever it sits in surrounding noise', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASES), noise, noise, ([text, code], before, after) => {
        expect(classifyPullMessage(`${before}: ${text}: ${after}`)).toBe(code);
      }),
    );
  });

  it('is not disturbed by line wrapping (pasted events wrap long messages)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CASES),
        fc.array(whitespace, { minLength: 1, maxLength: 40 }),
        ([text, code], breaks) => {
          let i = 0;
          const wrapped = text.replace(/ /g, () => breaks[i++ % breaks.length] ?? ' ');
          expect(classifyPullMessage(wrapped)).toBe(code);
        },
      ),
    );
  });
});

describe('pull error tails and image references, case by case', () => {
  it('names the deciding fragment without the spaces around it', () => {
    // distribution/reference: the upper-case repository is quoted in parentheses.
    expect(
      classifyPullError(
        'Failed to apply default image tag "Acme/App:1": couldn\'t parse image name "Acme/App:1": invalid reference format: repository name (library/Acme/App) must be lowercase',
      ),
    ).toEqual({ code: 'InvalidImageName', matched: 'invalid reference format: repository name' });
  });

  it.each([
    [
      'a pull error',
      'Failed to pull image "registry.example/app:1.0": rpc error: code = NotFound',
      'rpc error: code = NotFound',
    ],
    [
      'an inspect error',
      'Failed to inspect image "app:1": rpc error: code = Unknown desc = boom',
      'rpc error: code = Unknown desc = boom',
    ],
    [
      'an invalid name',
      'Failed to apply default image tag "Acme/App:1": couldn\'t parse image name "Acme/App:1": invalid reference format',
      'couldn\'t parse image name "Acme/App:1": invalid reference format',
    ],
    [
      'an indented, wrapped paste',
      '  Failed to pull image "busybox":\n  rpc error:\n boom',
      'rpc error: boom',
    ],
    ['an image with an empty name', 'Failed to pull image "": no such host', 'no such host'],
    // The kubelet writes `Failed to pull image "%s": %v`; a trimmed paste of an empty error ends at the colon.
    ['an empty error, trimmed', 'Failed to pull image "busybox":', ''],
    [
      'a message that only quotes the phrase later',
      'Error: Failed to pull image "a": x',
      'Error: Failed to pull image "a": x',
    ],
    [
      'a bare CRI error',
      'rpc error: code = Unknown desc = i/o timeout',
      'rpc error: code = Unknown desc = i/o timeout',
    ],
  ])('pullErrorTail of %s', (_, message, tail) => {
    expect(pullErrorTail(message)).toBe(tail);
  });

  it.each([
    [' nginx ', 'library/nginx:latest'],
    ['docker.io/library/nginx', 'library/nginx:latest'],
    ['index.docker.io/acme/web:2', 'acme/web:2'],
    // A pull-through cache keeps the upstream registry in its path: it is not Docker Hub.
    ['harbor.example/docker.io/library/nginx:1', 'harbor.example/docker.io/library/nginx:1'],
    ['registry.example:5000/app', 'registry.example:5000/app:latest'],
    ['registry.example/app@sha256:abc', 'registry.example/app@sha256:abc'],
  ])('canonicalImage(%j) is %j', (image, canonical) => {
    expect(canonicalImage(image)).toBe(canonical);
  });

  it.each([
    [undefined, 'nginx'],
    ['nginx', undefined],
    // A templated image whose repository rendered empty is not the unknown image.
    ['', ':latest'],
    [':latest', ''],
  ])('sameImage(%j, %j) is false', (a, b) => {
    expect(sameImage(a, b)).toBe(false);
  });
});
