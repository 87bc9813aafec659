import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './sandbox-failed.js';

const creating = pod({
  nodeName: 'node-1',
  conditions: [cond('PodScheduled', 'True'), cond('PodReadyToStartContainers', 'False')],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const reserved = event({
  reason: 'FailedCreatePodSandBox',
  message:
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to reserve sandbox name "web-1_default_uid_1": name "web-1_default_uid_1" is reserved for "4f1e"',
  count: 30,
  firstS: 0,
  lastS: 900,
});
const cni = event({
  reason: 'FailedCreatePodSandBox',
  message:
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "ab": plugin type="calico" failed (add): connection refused',
  lastS: 100,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [reserved] }) },
    {
      name: 'a CNI error explains the pod better',
      snapshot: snapshot({ pods: [creating], events: [cni, reserved] }),
    },
    {
      name: 'PodReadyToStartContainers=False alone is not enough',
      snapshot: snapshot({ pods: [creating], events: [] }),
    },
  ],
  invalid: [
    {
      name: 'sandbox name reserved',
      snapshot: snapshot({ pods: [creating], events: [reserved] }),
      expect: [
        {
          messageId: 'sandboxFailed',
          reason: 'SandboxFailed',
          basis: 'events',
          data: {
            node: 'node-1',
            detail:
              'failed to reserve sandbox name "web-1_default_uid_1": name "web-1_default_uid_1" is reserved for "4f1e"',
          },
        },
      ],
    },
    {
      name: 'runtime class handler missing, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            host: 'node-2',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "kata" is configured',
            firstS: 0,
            lastS: 120,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'sandboxFailed',
          data: {
            node: 'node-2',
            detail: 'failed to get sandbox runtime: no runtime for "kata" is configured',
          },
        },
      ],
    },
    {
      name: 'first attempt is progressing',
      snapshot: snapshot({
        pods: [creating],
        events: [{ ...reserved, count: 1, first: reserved.last ?? 0 }],
      }),
      expect: [{ messageId: 'sandboxFailed', status: 'progressing' }],
    },
  ],
});
