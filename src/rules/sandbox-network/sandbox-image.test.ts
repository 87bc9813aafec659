import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './sandbox-image.js';

const creating = pod({
  nodeName: 'node-1',
  conditions: [cond('PodScheduled', 'True'), cond('PodReadyToStartContainers', 'False')],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const containerd = event({
  reason: 'FailedCreatePodSandBox',
  message:
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": failed to pull and unpack image "registry.k8s.io/pause:3.9": failed to resolve reference "registry.k8s.io/pause:3.9": dial tcp: lookup registry.k8s.io: i/o timeout',
  lastS: 30,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [containerd] }) },
    {
      name: 'app image pull failure is the image-pull stage',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'Failed',
            fieldPath: 'spec.containers{app}',
            message: 'Failed to pull image "registry.k8s.io/pause-app:1": not found',
          }),
        ],
      }),
    },
    {
      name: 'CNI failure is not the sandbox image',
      snapshot: snapshot({
        pods: [creating],
        events: [
          {
            ...containerd,
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab": plugin type="calico" failed (add): boom',
          },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'containerd cannot resolve the registry',
      snapshot: snapshot({ pods: [creating], events: [containerd] }),
      expect: [
        {
          messageId: 'sandboxImage',
          reason: 'SandboxImageFailed',
          basis: 'events',
          data: { node: 'node-1', image: 'registry.k8s.io/pause:3.9' },
        },
      ],
    },
    {
      name: 'dockershim, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            host: 'node-7',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed pulling image "k8s.gcr.io/pause:3.2": Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled while waiting for connection',
          }),
        ],
      }),
      expect: [{ messageId: 'sandboxImage', data: { node: 'node-7', image: 'k8s.gcr.io/pause:3.2' } }],
    },
    {
      name: 'CRI-O',
      snapshot: snapshot({
        pods: [creating],
        events: [
          {
            ...containerd,
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = error creating pod sandbox with name "k8s_web-1_default_uid_0": initializing source docker://registry.k8s.io/pause:3.6: pinging container registry registry.k8s.io: Get "https://registry.k8s.io/v2/": dial tcp: lookup registry.k8s.io: no such host',
          },
        ],
      }),
      expect: [{ messageId: 'sandboxImage', data: { image: 'registry.k8s.io/pause:3.6' } }],
    },
  ],
});
