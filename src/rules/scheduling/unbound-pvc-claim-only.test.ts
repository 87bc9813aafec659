/**
 * No scheduling event or condition in the evidence (a `kubectl describe pvc` pasted alone, whose
 * `Used By` names the pod; or events that aged out), but the pod was never placed and a claim it
 * uses is Pending for a reason that does not mend itself: the VolumeBinding filter holds the pod, so
 * it stopped at scheduling. Claims that are only waiting, and pods placed or gone, are not judged.
 */
import { testRule } from '../../../test/rule-tester.js';
import { at, event, ms, pod, pvc, snapshot, storageClass } from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
import { rule } from './unbound-pvc.js';

/** A pod that mounts the claim, as `Used By` gives it: no status at all. */
const user = (claim: string, extra: Partial<Pod['spec']> = {}): Pod => {
  const p = pod({ volumes: [{ name: claim, persistentVolumeClaim: { claimName: claim } }] });
  return { ...p, spec: { ...p.spec, ...extra }, status: {} };
};
const failedProvisioning = event({
  kind: 'PersistentVolumeClaim',
  name: 'data-db-0',
  reason: 'ProvisioningFailed',
  type: 'Warning',
  lastS: 100,
  source: 'ebs.csi.aws.com_ebs-csi-controller-7d9f6c5b4-x2x9z',
  message:
    'failed to provision volume with StorageClass "gp3": rpc error: code = Internal desc = could not create volume in EC2: UnauthorizedOperation',
});
const pending = pvc({ name: 'data-db-0', phase: 'Pending', storageClassName: 'gp3' });
const gp3 = storageClass({ name: 'gp3' });

/** A claim created at 0 that its external provisioner was asked for and has not answered. */
const asked = { ...pending, metadata: { ...pending.metadata, creationTimestamp: at(0) } };
const externalProvisioning = event({
  kind: 'PersistentVolumeClaim',
  name: 'data-db-0',
  reason: 'ExternalProvisioning',
  type: 'Normal',
  lastS: 200,
  source: 'persistentvolume-controller',
  message:
    'waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator',
});

testRule(rule, {
  valid: [
    {
      name: 'the external provisioner was asked four minutes ago: it may still be creating the volume',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [asked],
        storageClasses: [gp3],
        events: [externalProvisioning],
      }),
      now: ms(240),
    },
    {
      name: 'the external provisioner was asked, the claim has no age in the evidence',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [pending],
        storageClasses: [gp3],
        events: [externalProvisioning],
      }),
      now: ms(9 * 3600),
    },
    {
      name: 'the pod is on a node: placed, whatever the claim says',
      snapshot: snapshot({
        pods: [user('data-db-0', { nodeName: 'n1' })],
        pvcs: [pending],
        storageClasses: [gp3],
        events: [failedProvisioning],
      }),
    },
    {
      name: 'a kubelet event of the pod: it was placed',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [pending],
        storageClasses: [gp3],
        events: [
          failedProvisioning,
          event({ reason: 'FailedMount', type: 'Warning', source: 'kubelet', lastS: 90, message: 'x' }),
        ],
      }),
    },
    {
      name: 'a Scheduled event: it was placed',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [pending],
        storageClasses: [gp3],
        events: [
          failedProvisioning,
          event({
            reason: 'Scheduled',
            type: 'Normal',
            source: 'default-scheduler',
            lastS: 90,
            message: 'x',
          }),
        ],
      }),
    },
    {
      name: 'the claim only waits for its first consumer (WaitForFirstConsumer): nothing failed',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [pending],
        storageClasses: [storageClass({ name: 'gp3', bindingMode: 'WaitForFirstConsumer' })],
        events: [
          event({
            kind: 'PersistentVolumeClaim',
            name: 'data-db-0',
            reason: 'WaitForFirstConsumer',
            type: 'Normal',
            lastS: 100,
            message: 'waiting for first consumer to be created before binding',
          }),
        ],
      }),
    },
    {
      name: 'the claim is Bound',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [pvc({ name: 'data-db-0', phase: 'Bound', volumeName: 'pv-1' })],
      }),
    },
    {
      name: 'the pod is being deleted',
      snapshot: snapshot({
        pods: [
          {
            ...user('data-db-0'),
            metadata: { ...user('data-db-0').metadata, deletionTimestamp: '1970-01-01T00:01:00Z' },
          },
        ],
        pvcs: [pending],
        storageClasses: [gp3],
        events: [failedProvisioning],
      }),
    },
  ],
  invalid: [
    {
      name: 'the external provisioner was asked nine hours ago and never created the volume',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [asked],
        storageClasses: [gp3],
        events: [externalProvisioning],
      }),
      now: ms(9 * 3600),
      expect: [
        {
          messageId: 'provisionerWaiting',
          reason: 'UnboundPVC',
          status: 'failed',
          data: { pvc: 'data-db-0', provisioner: 'ebs.csi.aws.com' },
        },
      ],
    },
    {
      name: 'exactly five minutes: the patience is over',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [asked],
        storageClasses: [gp3],
        events: [externalProvisioning],
      }),
      now: ms(300),
      expect: [{ messageId: 'provisionerWaiting', status: 'failed' }],
    },
    {
      name: 'describe pvc alone: Pending, its provisioning failed, Used By the pod',
      snapshot: snapshot({
        pods: [user('data-db-0')],
        pvcs: [pending],
        storageClasses: [gp3],
        events: [failedProvisioning],
      }),
      expect: [
        {
          messageId: 'provisioningFailed',
          reason: 'UnboundPVC',
          status: 'failed',
          basis: 'events',
          data: { pvc: 'data-db-0', storageClass: 'gp3', histogram: 'no scheduling event in the evidence' },
          evidenceIncludes: ['ProvisioningFailed', 'UnauthorizedOperation'],
        },
      ],
    },
    {
      name: 'a StatefulSet pod with no volumes in the evidence: its claim found by the name suffix',
      snapshot: snapshot({
        pods: [{ ...pod({ name: 'db-0' }), status: {} }],
        pvcs: [pvc({ name: 'data-db-0', phase: 'Pending', storageClassName: 'fast-ssd' })],
        storageClasses: [gp3],
      }),
      expect: [
        { messageId: 'classMissing', status: 'failed', data: { pvc: 'data-db-0', storageClass: 'fast-ssd' } },
      ],
    },
  ],
});
