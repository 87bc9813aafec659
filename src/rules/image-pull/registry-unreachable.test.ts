import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, ms, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './registry-unreachable.js';

const NO_HOST =
  'rpc error: code = Unknown desc = failed to pull and unpack image "registry.example/app:1.0": failed to resolve reference "registry.example/app:1.0": failed to do request: Head "https://registry.example/v2/app/manifests/1.0": dial tcp: lookup registry.example on 10.96.0.10:53: no such host';

const failedPull = (cause: string, firstS: number, lastS: number, fieldPath = 'spec.containers{app}') =>
  event({
    reason: 'Failed',
    message: `Failed to pull image "registry.example/app:1.0": ${cause}`,
    firstS,
    lastS,
    fieldPath,
    host: 'node-1',
    source: 'kubelet',
  });

const pulling = (waiting: string, message: string, createdS = 0) =>
  pod({
    createdS,
    nodeName: 'node-1',
    containerStatuses: [cstatus('app', { state: state.waiting(waiting, message) })],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'timeouts in the past, then the image was pulled and the container started',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [failedPull('dial tcp 10.0.0.9:443: i/o timeout', 0, 30)],
      }),
    },
    {
      name: 'events only: a later Pulled ends it',
      snapshot: snapshot({
        events: [
          failedPull('context deadline exceeded', 0, 30),
          event({
            reason: 'Pulled',
            type: 'Normal',
            message: 'Successfully pulled image "registry.example/app:1.0" in 40s',
            fieldPath: 'spec.containers{app}',
            lastS: 90,
          }),
        ],
      }),
    },
    {
      name: 'a definite answer (not found) is not this rule',
      snapshot: snapshot({ pods: [pulling('ErrImagePull', 'manifest unknown')] }),
    },
  ],
  invalid: [
    {
      name: 'DNS failure for the registry host, long enough to fail',
      snapshot: snapshot({ pods: [pulling('ErrImagePull', NO_HOST)], events: [failedPull(NO_HOST, 0, 300)] }),
      now: ms(400),
      expect: [
        {
          messageId: 'unreachable',
          reason: 'RegistryUnreachable',
          status: 'failed',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { detail: 'no such host', image: 'registry.example/app:1.0' },
        },
      ],
    },
    {
      name: 'first timeout 30 s ago: the kubelet reported the failed pull, failed at once',
      snapshot: snapshot({
        pods: [
          pulling('ErrImagePull', 'rpc error: code = DeadlineExceeded desc = context deadline exceeded', 0),
        ],
        events: [failedPull('context deadline exceeded', 30, 50)],
      }),
      now: ms(60),
      expect: [{ messageId: 'unreachable', status: 'failed' }],
    },
    {
      name: 'waiting reason RegistryUnavailable names the cause itself',
      snapshot: snapshot({
        pods: [
          pulling(
            'RegistryUnavailable',
            'image pull failed for registry.example/app:1.0 because the registry is unavailable',
          ),
        ],
      }),
      now: ms(3600),
      expect: [{ messageId: 'unreachable', reason: 'RegistryUnreachable', status: 'failed' }],
    },
    {
      name: 'events only, init container, registry 503',
      snapshot: snapshot({
        pods: [pod({ initContainers: [container('seed')], containers: [container('app')] })].map((p) => ({
          ...p,
          status: {},
        })),
        events: [
          failedPull(
            'unexpected status from HEAD request to https://registry.example/v2/seed/manifests/1.0: 503 Service Unavailable',
            0,
            200,
            'spec.initContainers{seed}',
          ),
        ],
      }),
      now: ms(300),
      expect: [
        {
          messageId: 'unreachable',
          basis: 'events',
          container: { name: 'seed', type: 'init' },
          data: { subject: 'init container seed' },
        },
      ],
    },
  ],
});
