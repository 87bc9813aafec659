import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './network-not-ready.js';

const creating = (hostNetwork = false) =>
  pod({
    nodeName: 'node-1',
    spec: { hostNetwork },
    conditions: [cond('PodScheduled', 'True')],
    containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
  });
const notReady = event({
  reason: 'NetworkNotReady',
  message:
    'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized',
  source: 'kubelet',
  count: 20,
  firstS: 0,
  lastS: 200,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [notReady] }) },
    {
      name: 'host-network pods are exempt',
      snapshot: snapshot({ pods: [creating(true)], events: [notReady] }),
    },
    { name: 'no events', snapshot: snapshot({ pods: [creating()], events: [] }) },
  ],
  invalid: [
    {
      name: 'cni plugin not initialized',
      snapshot: snapshot({ pods: [creating()], events: [notReady] }),
      expect: [
        {
          messageId: 'networkNotReady',
          reason: 'NetworkNotReady',
          basis: 'events',
          data: { node: 'node-1', detail: 'Network plugin returns error: cni plugin not initialized' },
        },
      ],
    },
    {
      name: 'dockershim wording, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'NetworkNotReady',
            host: 'node-4',
            message:
              'network is not ready: runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized',
            firstS: 0,
            lastS: 60,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'networkNotReady',
          data: { node: 'node-4', detail: 'docker: network plugin is not ready: cni config uninitialized' },
        },
      ],
    },
    {
      name: 'cni config uninitialized inside a sandbox error',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          event({
            reason: 'FailedCreatePodSandBox',
            message:
              'Failed to create pod sandbox: rpc error: code = Unknown desc = NetworkPlugin cni failed: cni config uninitialized',
            firstS: 0,
            lastS: 90,
          }),
        ],
      }),
      expect: [{ messageId: 'networkNotReady' }],
    },
    {
      name: 'node just joined: progressing',
      snapshot: snapshot({
        pods: [creating()],
        events: [{ ...notReady, count: 2, first: notReady.last ?? 0 }],
      }),
      expect: [{ messageId: 'networkNotReady', status: 'progressing' }],
    },
  ],
});
