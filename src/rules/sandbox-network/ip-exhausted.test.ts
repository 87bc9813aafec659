import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './ip-exhausted.js';

const creating = pod({
  nodeName: 'node-1',
  conditions: [cond('PodScheduled', 'True'), cond('PodReadyToStartContainers', 'False')],
  containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
});
const hostLocal = event({
  reason: 'FailedCreatePodSandBox',
  message:
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f2c": plugin type="bridge" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254',
  count: 12,
  firstS: 0,
  lastS: 600,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [hostLocal] }) },
    {
      name: 'generic CNI failure',
      snapshot: snapshot({
        pods: [creating],
        events: [
          {
            ...hostLocal,
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9f2c": plugin type="calico" failed (add): connection refused',
          },
        ],
      }),
    },
    { name: 'no events', snapshot: snapshot({ pods: [creating], events: [] }) },
  ],
  invalid: [
    {
      name: 'host-local range set full',
      snapshot: snapshot({ pods: [creating], events: [hostLocal] }),
      expect: [
        {
          messageId: 'ipExhausted',
          reason: 'IPExhausted',
          basis: 'events',
          data: {
            plugin: 'bridge',
            node: 'node-1',
            detail:
              'failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.254',
          },
        },
      ],
    },
    {
      name: 'AWS VPC CNI, dockershim format, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            host: 'ip-10-0-1-5',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to set up sandbox container "1a2b" network for pod "web": networkPlugin cni failed to set up pod "web_default" network: add cmd: failed to assign an IP address to container',
            firstS: 0,
            lastS: 120,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'ipExhaustedUnnamed',
          data: { node: 'ip-10-0-1-5', detail: 'add cmd: failed to assign an IP address to container' },
        },
      ],
    },
    {
      name: 'first failure moments ago: a reported failure, failed at once',
      snapshot: snapshot({
        pods: [creating],
        events: [{ ...hostLocal, count: 1, first: hostLocal.last ?? 0 }],
      }),
      expect: [{ messageId: 'ipExhausted', status: 'failed' }],
    },
  ],
});
