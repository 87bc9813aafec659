import { testRule } from '../../../test/rule-tester.js';
import {
  event,
  ms,
  pod,
  pv,
  pvc,
  runningPod,
  snapshot,
  storageClass,
  unschedulable,
} from '../../../test/builders.js';
import { rule } from './unbound-pvc.js';

const UNBOUND = '0/3 nodes are available: 3 pod has unbound immediate PersistentVolumeClaims.';
const UNBOUND_NEW =
  '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
const withClaim = (claim: string, message = UNBOUND_NEW, atS = 0) =>
  pod({
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }],
    conditions: [unschedulable(message, atS)],
  });
const pvcEvent = (
  name: string,
  reason: string,
  message: string,
  type: 'Normal' | 'Warning' = 'Warning',
  lastS = 100,
) =>
  event({
    kind: 'PersistentVolumeClaim',
    name,
    reason,
    message,
    type,
    lastS,
    source: 'persistentvolume-controller',
  });

testRule(rule, {
  valid: [
    {
      name: 'running pod with a bound claim',
      snapshot: snapshot({ pods: [runningPod()], pvcs: [pvc({ name: 'data' })] }),
    },
    {
      name: 'insufficient cpu is another rule',
      snapshot: snapshot({
        pods: [pod({ conditions: [unschedulable('0/3 nodes are available: 3 Insufficient cpu.')] })],
      }),
    },
    {
      name: 'old unbound message, pod scheduled since',
      snapshot: snapshot({
        events: [
          event({ reason: 'FailedScheduling', message: UNBOUND, lastS: 10 }),
          event({
            reason: 'Scheduled',
            type: 'Normal',
            message: 'Successfully assigned default/web-1 to node-1',
            lastS: 20,
          }),
        ],
      }),
    },
    {
      name: 'volume node affinity conflict is another rule',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [
              unschedulable('0/3 nodes are available: 3 node(s) had volume node affinity conflict.'),
            ],
          }),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'pod known only from events: its StatefulSet claim is found by name (<template>-<pod>)',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            name: 'mongo-0',
            message: '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.',
            lastS: 60,
          }),
          event({
            reason: 'ProvisioningFailed',
            kind: 'PersistentVolumeClaim',
            name: 'data-mongo-0',
            message: 'storageclass.storage.k8s.io "standard" not found',
            lastS: 50,
          }),
        ],
        pvcs: [
          pvc({ name: 'data-mongo-0', phase: 'Pending', storageClassName: 'standard' }),
          pvc({ name: 'data-other-0', phase: 'Bound' }),
        ],
      }),
      expect: [
        {
          messageId: 'classMissing',
          reason: 'UnboundPVC',
          data: { pvc: 'data-mongo-0', storageClass: 'standard' },
        },
      ],
    },
    {
      name: 'real case 011: events only, old message, waiting 11 minutes',
      snapshot: snapshot({
        events: [
          event({
            reason: 'FailedScheduling',
            message: `${UNBOUND}  `,
            count: 11,
            firstS: 0,
            lastS: 660,
            source: 'default-scheduler',
          }),
        ],
      }),
      expect: [
        {
          messageId: 'unknown',
          reason: 'UnboundPVC',
          basis: 'events',
          data: { histogram: '3 pod has unbound immediate PersistentVolumeClaims' },
        },
      ],
    },
    {
      name: 'no storage class set, FailedBinding on the claim (real case 011 with the PVC)',
      snapshot: snapshot({
        pods: [withClaim('hub-db-dir', UNBOUND)],
        pvcs: [pvc({ name: 'hub-db-dir', phase: 'Pending' })],
        storageClasses: [],
        events: [
          pvcEvent(
            'hub-db-dir',
            'FailedBinding',
            'no persistent volumes available for this claim and no storage class is set',
            'Normal',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'noStorageClass',
          basis: 'state',
          data: { pvc: 'hub-db-dir', phase: 'Pending', storageClass: '(none)' },
          evidenceIncludes: [
            'PersistentVolumeClaim hub-db-dir: phase Pending, no storageClassName',
            'FailedBinding',
            'no default StorageClass in the cluster',
          ],
        },
      ],
    },
    {
      name: 'StorageClass named by the claim does not exist',
      snapshot: snapshot({
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'fast-ssd' })],
        storageClasses: [storageClass({ name: 'gp3', isDefault: true })],
      }),
      expect: [
        {
          messageId: 'classMissing',
          data: { storageClass: 'fast-ssd' },
          evidenceIncludes: ['StorageClass fast-ssd does not exist'],
        },
      ],
    },
    {
      name: 'provisioning failed',
      snapshot: snapshot({
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' })],
        storageClasses: [storageClass({ name: 'gp3' })],
        events: [
          pvcEvent(
            'data',
            'ProvisioningFailed',
            'failed to provision volume with StorageClass "gp3": rpc error: code = Internal desc = UnauthorizedOperation',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'provisioningFailed',
          data: {
            detail:
              'failed to provision volume with StorageClass "gp3": rpc error: code = Internal desc = UnauthorizedOperation',
          },
        },
      ],
    },
    {
      name: 'claim not found (PreFilter text names it), ephemeral volume too',
      snapshot: snapshot({
        pods: [
          pod({
            conditions: [
              unschedulable(
                '0/1 nodes are available: persistentvolumeclaim "data-web-0" not found. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.',
              ),
            ],
          }),
        ],
      }),
      expect: [{ messageId: 'pvcMissing', data: { pvc: 'data-web-0' } }],
    },
    {
      name: 'provisioner silent: progressing inside the grace period',
      snapshot: snapshot({
        pods: [withClaim('data', UNBOUND_NEW, 90)],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'csi-x' })],
        storageClasses: [storageClass({ name: 'csi-x', provisioner: 'x.csi.example.com' })],
        events: [
          pvcEvent(
            'data',
            'ExternalProvisioning',
            "Waiting for a volume to be created either by the external provisioner 'x.csi.example.com' or manually by the system administrator.",
            'Normal',
            100,
          ),
        ],
      }),
      now: ms(100),
      expect: [
        {
          messageId: 'provisionerWaiting',
          status: 'progressing',
          data: { provisioner: 'x.csi.example.com' },
        },
      ],
    },
    {
      name: 'provisioner silent for ten minutes fails',
      snapshot: snapshot({
        pods: [withClaim('data', UNBOUND_NEW, 0)],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'csi-x' })],
        events: [
          pvcEvent(
            'data',
            'ExternalProvisioning',
            'waiting for a volume to be created, either by external provisioner "x.csi.example.com" or manually created by system administrator',
            'Normal',
            600,
          ),
        ],
      }),
      now: ms(600),
      expect: [
        { messageId: 'provisionerWaiting', status: 'failed', data: { provisioner: 'x.csi.example.com' } },
      ],
    },
    {
      name: 'claim bound to a deleted volume',
      snapshot: snapshot({
        pods: [
          withClaim(
            'data',
            '0/2 nodes are available: 2 node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s).',
          ),
        ],
        pvcs: [pvc({ name: 'data', phase: 'Bound', volumeName: 'pvc-123' })],
        pvs: [pv({ name: 'other' })],
      }),
      expect: [{ messageId: 'pvMissing', data: { volume: 'pvc-123' } }],
    },
    {
      name: 'claim bound by now: progressing',
      snapshot: snapshot({
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Bound', volumeName: 'pvc-1' })],
      }),
      expect: [{ messageId: 'bound', status: 'progressing' }],
    },
  ],
});
