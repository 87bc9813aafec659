import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './cni-failed.js';

const creating = pod({
  nodeName: 'node-1',
  conditions: [cond('PodScheduled', 'True'), cond('PodReadyToStartContainers', 'False')],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const flannel = event({
  reason: 'FailedCreatePodSandBox',
  message:
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "77aa": plugin type="flannel" failed (add): loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory',
  count: 9,
  firstS: 0,
  lastS: 240,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [flannel] }) },
    {
      name: 'sandbox recreated later without PodReadyToStartContainers (container created)',
      snapshot: snapshot({
        pods: [
          pod({ nodeName: 'node-1', containerStatuses: [cstatus('app', { state: state.running(300) })] }),
        ],
        events: [flannel],
      }),
    },
    {
      name: 'unauthorized is sandbox-network/cni-unauthorized',
      snapshot: snapshot({
        pods: [creating],
        events: [
          {
            ...flannel,
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "77aa": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
          },
        ],
      }),
    },
    {
      name: 'scheduled only',
      snapshot: snapshot({
        pods: [creating],
        events: [
          event({
            reason: 'Scheduled',
            type: 'Normal',
            message: 'Successfully assigned default/web-1 to node-1',
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'flannel subnet file missing',
      snapshot: snapshot({ pods: [creating], events: [flannel] }),
      expect: [
        {
          messageId: 'cniFailed',
          reason: 'CNIFailed',
          basis: 'events',
          data: {
            plugin: 'flannel',
            node: 'node-1',
            detail: 'loadFlannelSubnetEnv failed: open /run/flannel/subnet.env: no such file or directory',
          },
          evidenceIncludes: ['(x9 over 4m)'],
        },
      ],
    },
    {
      name: 'dockershim networkPlugin cni format',
      snapshot: snapshot({
        pods: [creating],
        events: [
          {
            ...flannel,
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = NetworkPlugin cni failed to set up pod "web-1_default" network: dial tcp 10.96.0.1:443: i/o timeout',
          },
        ],
      }),
      expect: [{ messageId: 'cniFailedUnnamed', data: { detail: 'dial tcp 10.96.0.1:443: i/o timeout' } }],
    },
    {
      name: 'old FailedSync form',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedSync',
            message:
              'failed to "SetupNetwork" for "web-1_default" with SetupNetworkError: "NetworkPlugin cni failed to set up pod \\"web-1_default\\" network: failed to find plugin \\"loopback\\" in path [/opt/cni/bin]"',
            firstS: 0,
            lastS: 100,
          }),
        ],
      }),
      expect: [{ messageId: 'cniFailedUnnamed', basis: 'events' }],
    },
    {
      name: 'just started failing: a reported failure, failed at once',
      snapshot: snapshot({ pods: [creating], events: [{ ...flannel, count: 1, first: flannel.last ?? 0 }] }),
      expect: [{ messageId: 'cniFailed', status: 'failed' }],
    },
  ],
});
