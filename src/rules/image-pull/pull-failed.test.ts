import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './pull-failed.js';

const NOT_FOUND =
  'rpc error: code = NotFound desc = failed to pull and unpack image "registry.example/app:1.0": failed to resolve reference "registry.example/app:1.0": registry.example/app:1.0: not found';
const HUB_DENIED =
  'rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/acme/web:2": failed to resolve reference "docker.io/acme/web:2": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed';

const waitingPod = (reason: string, message?: string, name = 'app') =>
  pod({ nodeName: 'node-1', containerStatuses: [cstatus(name, { state: state.waiting(reason, message) })] });

const pullFailedEvent = (image: string, cause: string, fieldPath?: string, lastS = 10) =>
  event({
    reason: 'Failed',
    message: `Failed to pull image "${image}": ${cause}`,
    lastS,
    source: 'kubelet',
    ...(fieldPath ? { fieldPath } : {}),
  });

testRule(rule, {
  valid: [
    {
      name: 'running pod whose image was pulled',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          event({
            reason: 'Pulled',
            type: 'Normal',
            message:
              'Successfully pulled image "registry.example/app:1.0" in 1.2s (1.2s including waiting). Image size: 1000 bytes.',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
    },
    {
      name: 'pull in progress: Pulling and nothing after it',
      snapshot: snapshot({
        pods: [waitingPod('ContainerCreating')],
        events: [
          event({
            reason: 'Pulling',
            type: 'Normal',
            message: 'Pulling image "registry.example/app:1.0"',
            fieldPath: 'spec.containers{app}',
            lastS: 5,
          }),
        ],
      }),
    },
    {
      name: 'old pull failures, container running now',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [
          pullFailedEvent('registry.example/app:1.0', NOT_FOUND, 'spec.containers{app}'),
          event({
            reason: 'BackOff',
            type: 'Normal',
            message: 'Back-off pulling image "registry.example/app:1.0"',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
    },
    {
      name: 'events only: the failure was followed by a successful pull',
      snapshot: snapshot({
        events: [
          pullFailedEvent(
            'ubuntu:bionic',
            'rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit.',
            undefined,
            10,
          ),
          event({
            reason: 'Pulled',
            type: 'Normal',
            message: 'Successfully pulled image "ubuntu:bionic" in 3s',
            lastS: 60,
          }),
        ],
      }),
    },
    {
      name: 'restart back-off is not a pull back-off',
      snapshot: snapshot({
        events: [
          event({
            reason: 'BackOff',
            message: 'Back-off restarting failed container app in pod web-1_default(uid-web-1)',
            fieldPath: 'spec.containers{app}',
          }),
        ],
      }),
    },
    {
      name: 'an unreachable registry belongs to registry-unreachable',
      snapshot: snapshot({ pods: [waitingPod('ErrImagePull', 'dial tcp 10.0.0.9:443: i/o timeout')] }),
    },
    {
      name: 'never-pull belongs to never-pull',
      snapshot: snapshot({
        pods: [
          waitingPod(
            'ErrImageNeverPull',
            'Container image "app:dev" is not present with pull policy of Never',
          ),
        ],
      }),
    },
    {
      name: 'ContainerCreating after a failed pull that a later pull fixed',
      snapshot: snapshot({
        pods: [waitingPod('ContainerCreating')],
        events: [
          pullFailedEvent('registry.example/app:1.0', NOT_FOUND, 'spec.containers{app}', 10),
          event({
            reason: 'Pulled',
            type: 'Normal',
            message: 'Successfully pulled image "registry.example/app:1.0" in 2s',
            fieldPath: 'spec.containers{app}',
            lastS: 40,
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'status still says ContainerCreating but the pull failed and nothing succeeded since',
      snapshot: snapshot({
        pods: [waitingPod('ContainerCreating')],
        events: [pullFailedEvent('registry.example/app:1.0', NOT_FOUND, 'spec.containers{app}', 10)],
      }),
      expect: [{ messageId: 'notFound', basis: 'events', container: { name: 'app', type: 'app' } }],
    },
    {
      name: 'real 012: Docker Hub rate limit, events only without fieldPath',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Scheduled',
            type: 'Normal',
            message: 'Successfully assigned default/web-1 to minikube',
            lastS: 0,
          }),
          pullFailedEvent(
            'ubuntu:bionic',
            'rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading: https://www.docker.com/increase-rate-limit',
            undefined,
            6,
          ),
          event({
            reason: 'Pulling',
            type: 'Normal',
            message: 'Pulling image "ubuntu:bionic"',
            firstS: 1,
            lastS: 21,
            count: 2,
          }),
          event({ reason: 'Failed', message: 'Error: ErrImagePull', firstS: 6, lastS: 25, count: 2 }),
          pullFailedEvent(
            'ubuntu:bionic',
            'rpc error: code = Unknown desc = Error response from daemon: toomanyrequests: You have reached your pull rate limit.',
            undefined,
            25,
          ),
          event({
            reason: 'BackOff',
            type: 'Normal',
            message: 'Back-off pulling image "ubuntu:bionic"',
            firstS: 7,
            lastS: 38,
            count: 2,
          }),
          event({ reason: 'Failed', message: 'Error: **ImagePullBackOff**', firstS: 7, lastS: 38, count: 2 }),
        ],
      }),
      expect: [
        {
          messageId: 'rateLimited',
          reason: 'RateLimited',
          basis: 'events',
          data: { image: 'ubuntu:bionic', subject: 'a container', detail: 'toomanyrequests' },
          evidenceIncludes: ['toomanyrequests'],
        },
      ],
    },
    {
      name: 'real 013: 429 Too Many Requests wrapped over lines',
      snapshot: snapshot({
        events: [
          pullFailedEvent(
            'busybox',
            'rpc error: code = Unknown\ndesc = failed to pull and unpack image "docker.io/library/busybox:latest": failed to copy: httpReadSeeker: failed open:\nunexpected status code https://registry-1.docker.io/v2/library/busybox/manifests/sha256:50aa4698fa6262977cff89181b2664b99d8a56dbca847bf62f2ef04854597cf8:\n429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.',
          ),
        ],
      }),
      expect: [{ messageId: 'rateLimited', reason: 'RateLimited', data: { image: 'busybox' } }],
    },
    {
      name: 'real 014: tag not found, old kubelet, retry pulling after the failure',
      snapshot: snapshot({
        events: [
          pullFailedEvent(
            'lachlanevenson/k8s-kubectl:v1.8.7-rancher1',
            'rpc error: code = Unknown desc = Tag v1.8.7-rancher1 not found in repository docker.io/lachlanevenson/k8s-kubectl',
            undefined,
            0,
          ),
          event({
            reason: 'Pulling',
            type: 'Normal',
            message: 'pulling image "lachlanevenson/k8s-kubectl:v1.8.7-rancher1"',
            firstS: 0,
            lastS: 60,
            count: 2,
          }),
          event({ reason: 'FailedSync', message: 'Error syncing pod', firstS: 0, lastS: 580, count: 43 }),
        ],
      }),
      expect: [
        {
          messageId: 'notFound',
          reason: 'ImageNotFound',
          basis: 'events',
          data: { image: 'lachlanevenson/k8s-kubectl:v1.8.7-rancher1' },
        },
      ],
    },
    {
      name: 'status ErrImagePull and the matching event merge into one finding',
      snapshot: snapshot({
        pods: [waitingPod('ErrImagePull', NOT_FOUND)],
        events: [
          pullFailedEvent('registry.example/app:1.0', NOT_FOUND, 'spec.containers{app}'),
          event({
            reason: 'Failed',
            message: 'Error: ErrImagePull',
            fieldPath: 'spec.containers{app}',
            lastS: 10,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'notFound',
          reason: 'ImageNotFound',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { image: 'registry.example/app:1.0', subject: 'container app' },
          evidenceIncludes: ['containerStatuses[app].state.waiting: ErrImagePull', 'Failed to pull image'],
        },
      ],
    },
    {
      name: 'init container in ImagePullBackOff (old message), cause from its event',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'node-1',
            initContainers: [container('migrate', { image: 'registry.example/migrate:3' })],
            initContainerStatuses: [
              cstatus('migrate', {
                state: state.waiting(
                  'ImagePullBackOff',
                  'Back-off pulling image "registry.example/migrate:3"',
                ),
              }),
            ],
            containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
          }),
        ],
        events: [
          pullFailedEvent(
            'registry.example/migrate:3',
            'failed to authorize: failed to fetch oauth token: unexpected status: 401 Unauthorized',
            'spec.initContainers{migrate}',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'unauthorized',
          reason: 'RegistryUnauthorized',
          container: { name: 'migrate', type: 'init' },
          data: { subject: 'init container migrate' },
        },
      ],
    },
    {
      name: 'Docker Hub cannot tell a missing repository from a private one',
      snapshot: snapshot({ pods: [waitingPod('ErrImagePull', HUB_DENIED)] }),
      expect: [{ messageId: 'missingOrPrivate', reason: 'RegistryUnauthorized' }],
    },
    {
      name: 'newer kubelet: ImagePullBackOff message carries the error',
      snapshot: snapshot({
        pods: [
          waitingPod(
            'ImagePullBackOff',
            'Back-off pulling image "registry.example/app:1.0": ErrImagePull: failed to do request: Head "https://registry.example/v2/app/manifests/1.0": tls: failed to verify certificate: x509: certificate signed by unknown authority',
          ),
        ],
      }),
      expect: [{ messageId: 'tls', reason: 'RegistryTLS', data: { image: 'registry.example/app:1.0' } }],
    },
    {
      name: 'back-off with no cause in the evidence',
      snapshot: snapshot({
        pods: [waitingPod('ImagePullBackOff', 'Back-off pulling image "registry.example/app:1.0"')],
      }),
      expect: [{ messageId: 'backOff', reason: 'PullBackOff', basis: 'state' }],
    },
    {
      name: 'signature validation failed',
      snapshot: snapshot({
        pods: [
          waitingPod(
            'SignatureValidationFailed',
            'image pull failed for registry.example/app:1.0 because the signature validation failed: policy denied',
          ),
        ],
      }),
      expect: [{ messageId: 'signature', reason: 'PullBackOff' }],
    },
    {
      name: 'get pods row (container and image unknown) plus get events rows without fieldPath',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'worker-3',
            containers: [],
            containerStatuses: [cstatus('unnamed', { state: state.waiting('ImagePullBackOff') })],
          }),
        ],
        events: [
          pullFailedEvent(
            'ghcr.io/acme/api:2.3.1',
            'rpc error: code = Unknown desc = failed to pull and unpack image "ghcr.io/acme/api:2.3.1": failed to resolve reference "ghcr.io/acme/api:2.3.1": failed to authorize: failed to fetch anonymous token: unexpected status from GET request to https://ghcr.io/token?scope=repository%3Aacme%2Fapi%3Apull&service=ghcr.io: 401 Unauthorized',
          ),
          event({ reason: 'Failed', message: 'Error: ImagePullBackOff', lastS: 20 }),
        ],
      }),
      expect: [
        {
          messageId: 'unauthorized',
          reason: 'RegistryUnauthorized',
          basis: 'state',
          container: { name: 'unnamed', type: 'app' },
          data: { image: 'ghcr.io/acme/api:2.3.1' },
        },
      ],
    },
    {
      name: 'event image matches neither known image and two containers have unknown images: not guessed',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'worker-3',
            containers: [],
            containerStatuses: [
              cstatus('a', { state: state.waiting('ImagePullBackOff') }),
              cstatus('b', { state: state.waiting('ImagePullBackOff') }),
            ],
          }),
        ],
        events: [pullFailedEvent('registry.example/x:1', NOT_FOUND)],
      }),
      expect: [
        { messageId: 'backOff', reason: 'PullBackOff', container: { name: 'a', type: 'app' } },
        { messageId: 'backOff', reason: 'PullBackOff', container: { name: 'b', type: 'app' } },
      ],
    },
    {
      name: 'two containers fail for different reasons',
      snapshot: snapshot({
        pods: [
          pod({
            containers: [container('app'), container('proxy', { image: 'envoyproxy/envoy:v9.9' })],
            containerStatuses: [
              cstatus('app', { state: state.waiting('ErrImagePull', NOT_FOUND) }),
              cstatus('proxy', {
                state: state.waiting(
                  'ErrImagePull',
                  'toomanyrequests: You have reached your pull rate limit.',
                ),
              }),
            ],
          }),
        ],
      }),
      expect: [
        { messageId: 'notFound', container: { name: 'app', type: 'app' } },
        {
          messageId: 'rateLimited',
          container: { name: 'proxy', type: 'app' },
          data: { image: 'envoyproxy/envoy:v9.9' },
        },
      ],
    },
  ],
});
