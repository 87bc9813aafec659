import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './cni-unauthorized.js';

const calico092 =
  'Failed to create pod sandbox: rpc error: code = Unknown desc = [failed to set up sandbox container "3dcfdb21462e255a8f4059ca8540c8df05863bd6444cb22290133f894840845e" network for pod "pod-with-cm": networkPlugin cni failed to set up pod "pod-with-cm_default" network: error getting ClusterInformation: connection is unauthorized: Unauthorized, failed to clean up sandbox container "3dcfdb21462e255a8f4059ca8540c8df05863bd6444cb22290133f894840845e" network for pod "pod-with-cm": networkPlugin cni failed to teardown pod "pod-with-cm_default" network: error getting ClusterInformation: connection is unauthorized: Unauthorized]';
const creating = pod({
  name: 'pod-with-cm',
  nodeName: 'worker-node01',
  conditions: [cond('PodScheduled', 'True'), cond('PodReadyToStartContainers', 'False')],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const unauthorized = event({
  reason: 'FailedCreatePodSandBox',
  name: 'pod-with-cm',
  message: calico092,
  source: 'kubelet',
  lastS: 1,
});

testRule(rule, {
  valid: [
    {
      name: 'running pod: old sandbox errors are history',
      snapshot: snapshot({ pods: [runningPod({ name: 'pod-with-cm' })], events: [unauthorized] }),
    },
    {
      name: 'other CNI failure is sandbox-network/cni-failed',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            name: 'pod-with-cm',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab": plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory',
          }),
        ],
      }),
    },
    {
      name: 'pause image pull unauthorized is sandbox-network/sandbox-image',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            name: 'pod-with-cm',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.example/pause:3.9": failed to pull image: 401 Unauthorized',
          }),
        ],
      }),
    },
    {
      name: 'sandbox ready now',
      snapshot: snapshot({
        pods: [pod({ name: 'pod-with-cm', conditions: [cond('PodReadyToStartContainers', 'True')] })],
        events: [unauthorized],
      }),
    },
  ],
  invalid: [
    {
      name: 'calico token rejected, describe events (real case 092)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Scheduled',
            type: 'Normal',
            name: 'pod-with-cm',
            message: 'Successfully assigned default/pod-with-cm to worker-node01',
            source: 'default-scheduler',
          }),
          { ...unauthorized, host: 'worker-node01' },
        ],
      }),
      expect: [
        {
          messageId: 'cniUnauthorized',
          reason: 'CNIUnauthorized',
          basis: 'events',
          data: {
            plugin: 'calico',
            node: 'worker-node01',
            detail: 'error getting ClusterInformation: connection is unauthorized: Unauthorized',
          },
        },
      ],
    },
    {
      name: 'containerd format with the pod in evidence',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            name: 'pod-with-cm',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab12": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
          }),
        ],
      }),
      expect: [{ messageId: 'cniUnauthorized', data: { plugin: 'calico', node: 'worker-node01' } }],
    },
    {
      name: 'RBAC forbidden for an unnamed plugin',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            name: 'pod-with-cm',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab12": plugin type="my-cni" failed (add): pods "pod-with-cm" is forbidden: User "system:serviceaccount:kube-system:my-cni" cannot get resource "pods"',
          }),
        ],
      }),
      expect: [{ messageId: 'cniUnauthorized', data: { plugin: 'my-cni' } }],
    },
  ],
});
