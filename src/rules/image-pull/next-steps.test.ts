import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, snapshot, state } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule as unreachable } from './registry-unreachable.js';
import { rule as pullFailed } from './pull-failed.js';
import { rule as invalidName } from './invalid-image-name.js';
import { rule as neverPull } from './never-pull.js';

/** The next steps every image-pull finding on pod web-1 (container app) starts with. */
const DESCRIBE = 'kubectl describe pod web-1 -n default';
const APP_IMAGE = `kubectl get pod web-1 -n default -o jsonpath='{.spec.containers[?(@.name=="app")].image}'`;
const ALL_IMAGES = `kubectl get pod web-1 -n default -o jsonpath='{.spec.initContainers[*].image}{"\\n"}{.spec.containers[*].image}'`;
const SECRETS = (sa: string) => [
  `kubectl get pod web-1 -n default -o jsonpath='{.spec.imagePullSecrets}'`,
  `kubectl get serviceaccount ${sa} -n default -o jsonpath='{.imagePullSecrets}'`,
  'kubectl get secrets -n default --field-selector type=kubernetes.io/dockerconfigjson',
];

const TIMEOUT = 'dial tcp 10.0.0.9:443: i/o timeout';
const NOT_FOUND =
  'rpc error: code = NotFound desc = failed to pull and unpack image "registry.example/app:1.0": failed to resolve reference "registry.example/app:1.0": registry.example/app:1.0: not found';
const HUB_DENIED =
  'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/acme/web:2": failed to resolve reference "docker.io/acme/web:2": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed';
const FORBIDDEN =
  'failed to resolve reference "gcr.io/p/app:1": failed to authorize: failed to fetch anonymous token: unexpected status: 403 Forbidden';
const RATE =
  'rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit';
const X509 =
  'failed to do request: Head "https://registry.local/v2/app/manifests/1": tls: failed to verify certificate: x509: certificate signed by unknown authority';

interface PodShape {
  image?: string;
  nodeName?: string;
  serviceAccountName?: string;
}

/** Pod web-1 whose container app waits with `reason` / `message`. */
function waitingPod(reason: string, message: string | undefined, shape: PodShape = {}): Pod {
  return pod({
    ...(shape.nodeName === undefined ? {} : { nodeName: shape.nodeName }),
    containers: [container('app', { image: shape.image ?? 'registry.example/app:1.0' })],
    containerStatuses: [cstatus('app', { state: state.waiting(reason, message) })],
    ...(shape.serviceAccountName === undefined
      ? {}
      : { spec: { serviceAccountName: shape.serviceAccountName } }),
  });
}

const UNREACHABLE_FIX =
  'Check DNS, firewall and proxy settings between the nodes and the registry (or whether the registry is down); the kubelet retries on its own once it is reachable.';

describe('registry-unreachable next steps', () => {
  it.each([
    ['a host with a dot', 'registry.example/app:1.0', 'registry.example'],
    ['a host with a port', 'registry.example:5000/team/app:1.0', 'registry.example'],
    ['an IPv6 host with a port', '[::1]:5000/app:1', "'[::1]'"],
    ['localhost', 'localhost/app:1', 'localhost'],
    ['a Docker Hub user repository', 'acme/web:2', 'registry-1.docker.io'],
    ['a Docker Hub official image', 'nginx:1.25', 'registry-1.docker.io'],
    ['a repository that only starts like localhost', 'localhosts/app:1', 'registry-1.docker.io'],
    ['a repository that only ends like localhost', 'mylocalhost/app:1', 'registry-1.docker.io'],
  ])('asks the node to resolve the registry host of %s', (_, image, host) => {
    const [f, ...rest] = runRule(
      unreachable,
      snapshot({ pods: [waitingPod('ErrImagePull', TIMEOUT, { image, nodeName: 'node-1' })] }),
    );
    expect(rest).toEqual([]);
    expect(f?.data.detail).toBe('i/o timeout');
    expect(f?.nextSteps).toEqual([
      DESCRIBE,
      APP_IMAGE,
      'kubectl describe node node-1',
      `kubectl debug node/node-1 -it --image=busybox -- nslookup ${host}`,
      UNREACHABLE_FIX,
    ]);
  });

  it('has no node steps when neither the pod nor the events name the node', () => {
    const findings = runRule(unreachable, snapshot({ pods: [waitingPod('ErrImagePull', TIMEOUT)] }));
    expect(findings.map((f) => f.nextSteps)).toEqual([[DESCRIBE, APP_IMAGE, UNREACHABLE_FIX]]);
  });
});

const ONE_IMAGE = (image: string) => `crane manifest ${image}   # or: docker manifest inspect ${image}`;

describe('pull-failed next steps', () => {
  const NOT_FOUND_FIX = 'Fix the repository or tag in the pod template, or push the missing tag.';
  it.each([
    [
      'image not found',
      waitingPod('ErrImagePull', NOT_FOUND),
      'ImageNotFound',
      [ONE_IMAGE('registry.example/app:1.0'), NOT_FOUND_FIX],
    ],
    [
      'Docker Hub cannot tell missing from private, default service account',
      waitingPod('ErrImagePull', HUB_DENIED, { image: 'acme/web:2' }),
      'RegistryUnauthorized',
      [
        ONE_IMAGE('acme/web:2'),
        ...SECRETS('default'),
        'Check the image name and tag first; if the repository is private, add an imagePullSecret with credentials for its registry.',
      ],
    ],
    [
      'unauthorized, pod with its own service account',
      waitingPod('ErrImagePull', FORBIDDEN, { serviceAccountName: 'builder' }),
      'RegistryUnauthorized',
      [
        ...SECRETS('builder'),
        'Create a docker-registry secret with credentials for this registry and list it in imagePullSecrets (or on the service account).',
      ],
    ],
    [
      'rate limited',
      waitingPod('ErrImagePull', RATE),
      'RateLimited',
      [
        ...SECRETS('default'),
        'Authenticate pulls with an imagePullSecret, or mirror the image to your own registry or a pull-through cache; anonymous limits reset only over hours.',
      ],
    ],
    [
      'TLS, node known',
      waitingPod('ErrImagePull', X509, { nodeName: 'node-1' }),
      'RegistryTLS',
      [
        'kubectl describe node node-1',
        "Make every node's container runtime trust the registry's CA (containerd: certs.d/<host>/hosts.toml) or serve a valid certificate.",
      ],
    ],
    [
      'TLS, node unknown',
      waitingPod('ErrImagePull', X509),
      'RegistryTLS',
      [
        "Make every node's container runtime trust the registry's CA (containerd: certs.d/<host>/hosts.toml) or serve a valid certificate.",
      ],
    ],
    [
      'back-off with no stated cause',
      waitingPod('ImagePullBackOff', 'Back-off pulling image "registry.example/app:1.0"'),
      'PullBackOff',
      [
        'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
        'Read the pull error in the events and fix its cause; the kubelet keeps retrying with back-off.',
      ],
    ],
  ] as const)('%s', (_, p, reason, steps) => {
    const findings = runRule(pullFailed, snapshot({ pods: [p] }));
    expect(findings.map((f) => [f.reason, f.nextSteps])).toEqual([[reason, [DESCRIBE, APP_IMAGE, ...steps]]]);
  });

  it('asks for IMAGE when no evidence names the image', () => {
    // A `kubectl get pods` row: a status without spec or image.
    const p = pod({
      containers: [],
      containerStatuses: [cstatus('app', { state: state.waiting('ErrImagePull', NOT_FOUND) })],
    });
    const findings = runRule(pullFailed, snapshot({ pods: [p] }));
    expect(findings.map((f) => [f.reason, f.data.image, f.nextSteps])).toEqual([
      [
        'ImageNotFound',
        '(image not named in the evidence)',
        [
          DESCRIBE,
          APP_IMAGE,
          ONE_IMAGE('IMAGE'),
          'Fix the repository or tag in the pod template, or push the missing tag.',
        ],
      ],
    ]);
  });
});

describe('invalid-image-name and never-pull next steps', () => {
  it('invalid image name: describe, the image, then how to write it', () => {
    const p = waitingPod(
      'InvalidImageName',
      'Failed to apply default image tag "Registry.example/App:1": couldn\'t parse image name "Registry.example/App:1": invalid reference format: repository name must be lowercase',
      { image: 'Registry.example/App:1' },
    );
    expect(runRule(invalidName, snapshot({ pods: [p] })).map((f) => f.nextSteps)).toEqual([
      [
        DESCRIBE,
        APP_IMAGE,
        'Write the image as [registry/]repository[:tag|@sha256:digest] in lower case, without a scheme or spaces (often a templating value rendered empty or wrong).',
      ],
    ]);
  });

  it('never pull: describe, the image, then the pull policy', () => {
    const p = waitingPod(
      'ErrImageNeverPull',
      'Container image "app:dev" is not present with pull policy of Never',
      {
        image: 'app:dev',
      },
    );
    expect(runRule(neverPull, snapshot({ pods: [p] })).map((f) => f.nextSteps)).toEqual([
      [
        DESCRIBE,
        APP_IMAGE,
        'Set imagePullPolicy to IfNotPresent (Never only suits images preloaded on every node, e.g. kind load / minikube image load), or load the image onto the node.',
      ],
    ]);
  });

  it('events that name no container ask for every container image', () => {
    const findings = runRule(
      neverPull,
      snapshot({
        events: [
          event({
            reason: 'ErrImageNeverPull',
            message: 'Container image "app:dev" is not present with pull policy of Never',
            lastS: 10,
          }),
        ],
      }),
    );
    expect(findings.map((f) => [f.container, f.nextSteps[1]])).toEqual([[undefined, ALL_IMAGES]]);
  });
});
