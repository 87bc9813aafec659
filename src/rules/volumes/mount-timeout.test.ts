import { testRule } from '../../../test/rule-tester.js';
import { cond, cstatus, event, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './mount-timeout.js';

const creating = (scheduledS = 0) =>
  pod({
    nodeName: 'node-1',
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }],
    conditions: [cond('PodScheduled', 'True', undefined, undefined, scheduledS)],
    containerStatuses: [cstatus('app', { state: state.waiting('ContainerCreating') })],
  });
const timeout = event({
  reason: 'FailedMount',
  message:
    'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-f9q7s]: timed out waiting for the condition',
  source: 'kubelet',
  count: 3,
  firstS: 125,
  lastS: 400,
});

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()], events: [timeout] }) },
    {
      name: 'a per-volume error explains it (real case 024)',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          timeout,
          event({
            reason: 'FailedMount',
            message: 'MountVolume.SetUp failed for volume "secrets" : secret "secret-appsettings" not found',
            lastS: 410,
          }),
        ],
      }),
    },
    {
      name: 'Multi-Attach explains it',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          event({
            reason: 'FailedAttachVolume',
            message: 'Multi-Attach error for volume "pvc-ec14" Volume is already used by pod(s) web-0',
            lastS: 10,
          }),
          timeout,
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'timeout alone, claim named from the spec',
      snapshot: snapshot({ pods: [creating()], events: [timeout] }),
      expect: [
        {
          messageId: 'mountTimeout',
          reason: 'MountTimeout',
          basis: 'events',
          data: { volumes: 'data', node: 'node-1' },
        },
      ],
    },
    {
      name: 'newer format with failed to process volumes',
      snapshot: snapshot({
        pods: [creating()],
        events: [
          {
            ...timeout,
            message:
              'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[], failed to process volumes=[]: context deadline exceeded',
          },
        ],
      }),
      expect: [{ messageId: 'mountTimeout', data: { volumes: 'data' } }],
    },
    {
      name: 'older format, events only',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedMount',
            name: 'postgres-db-754f6dc5c7-7khnc',
            message:
              'Unable to mount volumes for pod "postgres-db-754f6dc5c7-7khnc_gts-lab-dev(c38af83c)": timeout expired waiting for volumes to attach or mount for pod "gts-lab-dev"/"postgres-db-754f6dc5c7-7khnc". list of unmounted volumes=[postgresql]. list of unattached volumes=[postgresql default-token-5vx9p]',
            lastS: 200,
          }),
        ],
      }),
      expect: [{ messageId: 'mountTimeout', data: { volumes: 'postgresql' } }],
    },
    {
      name: 'within grace after scheduling',
      snapshot: snapshot({ pods: [creating(350)], events: [timeout] }),
      expect: [{ messageId: 'mountTimeout', status: 'progressing' }],
    },
  ],
});
