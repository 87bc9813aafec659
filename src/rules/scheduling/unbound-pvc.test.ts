import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../../../test/rule-tester.js';
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
  type SnapshotParts,
} from '../../../test/builders.js';
import type { Pod } from '../../model/index.js';
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

const NOT_FOUND =
  '0/1 nodes are available: persistentvolumeclaim "data" not found. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.';
const NO_CLASS_SET = 'no persistent volumes available for this claim and no storage class is set';
const CLASS_NOT_FOUND = 'storageclass.storage.k8s.io "standard" not found';
const AUTH_FAILED =
  'failed to provision volume with StorageClass "gp3": rpc error: code = Internal desc = UnauthorizedOperation';
const EXT_WAIT =
  'waiting for a volume to be created, either by external provisioner "x.csi.example.com" or manually created by system administrator';
const READ_EVENTS = "Read the claim's events (kubectl describe pvc) for the provisioning or binding error.";

/** A pod whose metadata has no namespace (a manifest or paste without one). */
function withoutNamespace(p: Pod): Pod {
  const metadata = { ...p.metadata };
  delete metadata.namespace;
  return { ...p, metadata };
}

const claims = (...names: string[]) =>
  pod({
    volumes: names.map((n) => ({ name: n, persistentVolumeClaim: { claimName: n } })),
    conditions: [unschedulable(UNBOUND_NEW, 0)],
  });

describe('scheduling/unbound-pvc: the fix and the commands for each cause', () => {
  const describeData = 'kubectl describe pvc data -n default';
  it.each<[string, SnapshotParts, string, string[]]>([
    [
      'claim missing',
      { pods: [withClaim('data', NOT_FOUND)], pvcs: [] },
      'pvcMissing',
      [
        describeData,
        'Create PersistentVolumeClaim data in namespace default, or fix claimName (for a StatefulSet, its volumeClaimTemplates).',
      ],
    ],
    [
      'PV gone',
      { pods: [withClaim('data')], pvcs: [pvc({ name: 'data', phase: 'Lost', volumeName: 'pvc-1' })] },
      'pvMissing',
      [
        describeData,
        'The PersistentVolume behind data is gone: restore it from backup, or delete and recreate the claim.',
      ],
    ],
    [
      'class missing',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'fast-ssd' })],
        storageClasses: [storageClass({ name: 'gp3' })],
      },
      'classMissing',
      [
        describeData,
        'Create StorageClass fast-ssd or recreate the claim with a class from kubectl get storageclass (storageClassName cannot be changed in place).',
      ],
    ],
    [
      'class missing, the claim in the evidence names none',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending' })],
        events: [pvcEvent('data', 'ProvisioningFailed', CLASS_NOT_FOUND)],
      },
      'classMissing',
      [
        describeData,
        'Create StorageClass (named by the claim) or recreate the claim with a class from kubectl get storageclass (storageClassName cannot be changed in place).',
      ],
    ],
    [
      'no storage class',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending' })],
        events: [pvcEvent('data', 'FailedBinding', NO_CLASS_SET, 'Normal')],
      },
      'noStorageClass',
      [
        describeData,
        'Mark a StorageClass as default (annotation storageclass.kubernetes.io/is-default-class=true) or set storageClassName on the claim; for static volumes create a matching PersistentVolume.',
      ],
    ],
    [
      'provisioning failed',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' })],
        events: [pvcEvent('data', 'ProvisioningFailed', AUTH_FAILED)],
      },
      'provisioningFailed',
      [
        describeData,
        'Fix the provisioner error above (quota, permissions, zone, parameters of StorageClass gp3), then the claim binds on the next retry.',
      ],
    ],
    [
      'provisioning failed, the claim in the evidence names no class',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending' })],
        events: [pvcEvent('data', 'ProvisioningFailed', AUTH_FAILED)],
      },
      'provisioningFailed',
      [
        describeData,
        'Fix the provisioner error above (quota, permissions, zone, parameters of StorageClass (default)), then the claim binds on the next retry.',
      ],
    ],
    [
      'no matching PV',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: '' })],
      },
      'noMatchingPV',
      [
        describeData,
        'Create a PersistentVolume that matches data (capacity, accessModes, storageClassName), or use a StorageClass that provisions volumes dynamically.',
      ],
    ],
    [
      'provisioner waiting',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'csi-x' })],
        events: [pvcEvent('data', 'ExternalProvisioning', EXT_WAIT, 'Normal')],
      },
      'provisionerWaiting',
      [
        describeData,
        'Check that provisioner x.csi.example.com is installed and running (kubectl get csidrivers; its controller pods).',
      ],
    ],
    [
      'pending',
      {
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' })],
        storageClasses: [storageClass({ name: 'gp3' })],
      },
      'pending',
      [describeData, READ_EVENTS],
    ],
    [
      'bound by now',
      { pods: [withClaim('data')], pvcs: [pvc({ name: 'data', phase: 'Bound', volumeName: 'pvc-1' })] },
      'bound',
      [describeData, READ_EVENTS],
    ],
    [
      'no claim in the evidence',
      { events: [event({ reason: 'FailedScheduling', message: UNBOUND, lastS: 10 })] },
      'unknown',
      ['kubectl get pvc -n default', READ_EVENTS],
    ],
  ])('%s', (_name, parts, messageId, [claimStep, fix]) => {
    const [f, ...rest] = runRule(rule, snapshot(parts), ms(30));
    expect(rest).toEqual([]);
    expect(f?.messageId).toBe(messageId);
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1 -n default',
      claimStep,
      'kubectl get storageclass',
      fix,
    ]);
  });

  it('a pod without a namespace gets commands and a fix without one', () => {
    const [f] = runRule(rule, snapshot({ pods: [withoutNamespace(withClaim('data', NOT_FOUND))] }), ms(30));
    expect(f?.messageId).toBe('pvcMissing');
    expect(f?.nextSteps).toEqual([
      'kubectl describe pod web-1',
      'kubectl describe pvc data',
      'kubectl get storageclass',
      'Create PersistentVolumeClaim data, or fix claimName (for a StatefulSet, its volumeClaimTemplates).',
    ]);
  });
});

describe('scheduling/unbound-pvc: data, status and evidence', () => {
  it('no claim in the evidence: placeholders say so', () => {
    const [f] = runRule(
      rule,
      snapshot({ events: [event({ reason: 'FailedScheduling', message: UNBOUND, lastS: 10 })] }),
      ms(30),
    );
    expect(f?.data).toEqual({
      pvc: '(not in the evidence)',
      pvcs: '(not in the evidence)',
      phase: 'Pending',
      storageClass: '(none)',
      provisioner: '(unknown)',
      volume: '',
      detail: '',
      histogram: '3 pod has unbound immediate PersistentVolumeClaims',
    });
  });

  it('several claims: the most specific open cause is reported, the bound claim left out', () => {
    const [f] = runRule(
      rule,
      snapshot({
        pods: [claims('logs', 'cache', 'data')],
        pvcs: [
          pvc({ name: 'logs', phase: 'Bound', volumeName: 'pvc-logs' }),
          pvc({ name: 'cache', phase: 'Pending', storageClassName: 'gp3' }),
          pvc({ name: 'data', phase: 'Pending', storageClassName: 'fast-ssd' }),
        ],
        pvs: [pv({ name: 'pvc-logs' })],
        storageClasses: [storageClass({ name: 'gp3' })],
      }),
      ms(30),
    );
    expect(f?.messageId).toBe('classMissing');
    expect(f?.status).toBe('failed');
    expect(f?.data).toMatchObject({
      pvc: 'data',
      pvcs: 'cache, data',
      phase: 'Pending',
      storageClass: 'fast-ssd',
    });
    expect(f?.evidence.filter((e) => e.source === 'pvc').map((e) => e.text)).toEqual([
      'PersistentVolumeClaim cache: phase Pending, storageClassName gp3',
      'PersistentVolumeClaim data: phase Pending, storageClassName fast-ssd',
      'StorageClass fast-ssd does not exist',
    ]);
  });

  it('several open claims of causes ranked in reverse order of the volumes: the first cause in rank wins', () => {
    const [f] = runRule(
      rule,
      snapshot({
        pods: [claims('a', 'b', 'c')],
        pvcs: [
          pvc({ name: 'a', phase: 'Pending', storageClassName: 'gp3' }),
          pvc({ name: 'b', phase: 'Pending', storageClassName: '' }),
          pvc({ name: 'c', phase: 'Lost', volumeName: 'pvc-c' }),
        ],
        storageClasses: [storageClass({ name: 'gp3' })],
      }),
      ms(30),
    );
    expect(f?.messageId).toBe('pvMissing');
    expect(f?.data).toMatchObject({ pvc: 'c', pvcs: 'a, b, c', phase: 'Lost', volume: 'pvc-c' });
  });

  it('every claim bound long after the failure: progressing, all claims listed', () => {
    const [f] = runRule(
      rule,
      snapshot({
        pods: [claims('a', 'b')],
        pvcs: [pvc({ name: 'a', phase: 'Bound' }), pvc({ name: 'b', phase: 'Bound' })],
      }),
      ms(3600),
    );
    expect(f?.messageId).toBe('bound');
    expect(f?.status).toBe('progressing');
    expect(f?.data).toMatchObject({ pvc: 'a', pvcs: 'a, b', phase: 'Bound', detail: '' });
  });

  it('a definite cause while preemption makes room: progressing', () => {
    const base = withClaim('data', NOT_FOUND);
    const nominated: Pod = { ...base, status: { ...base.status, nominatedNodeName: 'node-2' } };
    const [f] = runRule(rule, snapshot({ pods: [nominated], pvcs: [] }), ms(3600));
    expect(f?.messageId).toBe('pvcMissing');
    expect(f?.status).toBe('progressing');
  });

  it.each<[string, SnapshotParts, string, string]>([
    [
      'provisioning failed',
      {
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' })],
        storageClasses: [storageClass({ name: 'gp3', provisioner: 'ebs.csi.aws.com' })],
        events: [pvcEvent('data', 'ProvisioningFailed', AUTH_FAILED)],
      },
      'provisioningFailed',
      'StorageClass gp3: provisioner ebs.csi.aws.com, volumeBindingMode Immediate',
    ],
    [
      'provisioner waiting',
      {
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'csi-x' })],
        storageClasses: [storageClass({ name: 'csi-x', provisioner: 'x.csi.example.com' })],
        events: [pvcEvent('data', 'ExternalProvisioning', EXT_WAIT, 'Normal')],
      },
      'provisionerWaiting',
      'StorageClass csi-x: provisioner x.csi.example.com, volumeBindingMode Immediate',
    ],
    [
      'no storage class',
      {
        pvcs: [pvc({ name: 'data', phase: 'Pending' })],
        storageClasses: [storageClass({ name: 'local', provisioner: 'kubernetes.io/no-provisioner' })],
      },
      'noStorageClass',
      'no default StorageClass in the cluster',
    ],
    [
      'pending',
      {
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' })],
        storageClasses: [storageClass({ name: 'gp3', bindingMode: 'Immediate' })],
      },
      'pending',
      'StorageClass gp3: provisioner ebs.csi.aws.com, volumeBindingMode Immediate',
    ],
  ])('the StorageClass line is quoted for %s', (_name, parts, messageId, line) => {
    const [f] = runRule(rule, snapshot({ pods: [withClaim('data')], ...parts }), ms(30));
    expect(f?.messageId).toBe(messageId);
    expect(
      f?.evidence
        .filter((e) => e.source === 'pvc')
        .map((e) => e.text)
        .slice(1),
    ).toEqual([line]);
  });

  it('no StorageClass line for a claim that waits for a matching PV', () => {
    const [f] = runRule(
      rule,
      snapshot({
        pods: [withClaim('data')],
        pvcs: [pvc({ name: 'data', phase: 'Pending', storageClassName: '' })],
        storageClasses: [storageClass({ name: 'gp3', isDefault: true })],
      }),
      ms(30),
    );
    expect(f?.messageId).toBe('noMatchingPV');
    expect(f?.evidence.filter((e) => e.source === 'pvc').map((e) => e.text)).toEqual([
      'PersistentVolumeClaim data: phase Pending, storageClassName ""',
    ]);
  });
});
