import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './invalid-image-name.js';

const BAD = 'Registry.Example/App:1';
const APPLY_TAG = `Failed to apply default image tag "${BAD}": couldn't parse image reference "${BAD}": invalid reference format: repository name must be lowercase`;

const badPod = (message?: string) =>
  pod({
    containers: [container('app', { image: BAD })],
    containerStatuses: [cstatus('app', { state: state.waiting('InvalidImageName', message) })],
  });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'fixed template: old InspectFailed event, container running now',
      snapshot: snapshot({
        pods: [runningPod()],
        events: [event({ reason: 'InspectFailed', message: APPLY_TAG, fieldPath: 'spec.containers{app}' })],
      }),
    },
    {
      name: 'a not-found pull is another rule',
      snapshot: snapshot({
        pods: [
          pod({
            containerStatuses: [cstatus('app', { state: state.waiting('ErrImagePull', 'manifest unknown') })],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'waiting InvalidImageName with the kubelet message',
      snapshot: snapshot({ pods: [badPod(APPLY_TAG)] }),
      expect: [
        {
          messageId: 'invalidName',
          reason: 'InvalidImageName',
          basis: 'state',
          container: { name: 'app', type: 'app' },
          data: { image: BAD, detail: 'invalid reference format: repository name must be lowercase' },
        },
      ],
    },
    {
      name: 'waiting InvalidImageName without message',
      snapshot: snapshot({ pods: [badPod()] }),
      expect: [{ messageId: 'invalidName', data: { image: BAD } }],
    },
    {
      name: 'events only: InspectFailed and Error: InvalidImageName on an init container',
      snapshot: snapshot({
        events: [
          event({
            reason: 'InspectFailed',
            message:
              'Failed to apply default image tag "busybox:": couldn\'t parse image reference "busybox:": invalid reference format',
            fieldPath: 'spec.initContainers{wait}',
          }),
          event({
            reason: 'Failed',
            message: 'Error: InvalidImageName',
            fieldPath: 'spec.initContainers{wait}',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'invalidName',
          basis: 'events',
          container: { name: 'wait', type: 'init' },
          data: { image: 'busybox:' },
        },
      ],
    },
  ],
});
