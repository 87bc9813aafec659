import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './never-pull.js';

const IMAGE = 'docker-registry.services.stellar-ops.com/dev/anchor-platform:e6ca4be8';
const NEVER = `Container image "${IMAGE}" is not present with pull policy of Never`;

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'image loaded onto the node later: Pulled (already present) after the refusal',
      snapshot: snapshot({
        events: [
          event({ reason: 'ErrImageNeverPull', message: NEVER, lastS: 10 }),
          event({
            reason: 'Pulled',
            type: 'Normal',
            message: `Container image "${IMAGE}" already present on machine`,
            lastS: 50,
          }),
        ],
      }),
    },
    {
      name: 'never-pull events of a container that runs now',
      snapshot: snapshot({
        pods: [runningPod({ containers: [container('app', { image: IMAGE, imagePullPolicy: 'Never' })] })],
        events: [event({ reason: 'ErrImageNeverPull', message: NEVER, fieldPath: 'spec.containers{app}' })],
      }),
    },
  ],
  invalid: [
    {
      name: 'real 061: events only, repeated for hours',
      snapshot: snapshot({
        events: [
          event({ reason: 'ErrImageNeverPull', message: NEVER, firstS: 0, lastS: 39_600, count: 3074 }),
        ],
      }),
      expect: [
        {
          messageId: 'neverPull',
          reason: 'NeverPullMissing',
          basis: 'events',
          data: { image: IMAGE, node: 'the node' },
          evidenceIncludes: ['x3074'],
        },
      ],
    },
    {
      name: 'waiting ErrImageNeverPull on a scheduled pod',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'kind-worker',
            containers: [container('app', { image: 'app:dev', imagePullPolicy: 'Never' })],
            containerStatuses: [
              cstatus('app', {
                state: state.waiting(
                  'ErrImageNeverPull',
                  'Container image "app:dev" is not present with pull policy of Never',
                ),
              }),
            ],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'neverPull',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { image: 'app:dev', node: 'node kind-worker' },
        },
      ],
    },
    {
      name: 'init container, events with fieldPath and host',
      snapshot: snapshot({
        events: [
          event({
            reason: 'ErrImageNeverPull',
            message: 'Container image "tools:local" is not present with pull policy of Never',
            fieldPath: 'spec.initContainers{tools}',
            host: 'minikube',
            source: 'kubelet',
          }),
          event({
            reason: 'Failed',
            message: 'Error: ErrImageNeverPull',
            fieldPath: 'spec.initContainers{tools}',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'neverPull',
          container: { name: 'tools', type: 'init' },
          data: { node: 'node minikube' },
        },
      ],
    },
  ],
});
