import { describe, expect, it } from 'vitest';
import {
  event,
  ms,
  pod,
  pv,
  pvc,
  snapshot,
  storageClass,
  type SnapshotParts,
} from '../../../test/builders.js';
import type { EventRecord, PersistentVolumeClaim, Pod } from '../../model/index.js';
import { podContextsOf } from '../../../test/rule-tester.js';
import type { PodContext } from '../types.js';
import { claimNamesOf, claimState, podClaimNames, storageClassEvidence } from './pvc-state.js';

const NOW = ms(1000);

/** The context of the first pod the engine builds from the snapshot. */
function ctxOf(parts: SnapshotParts): PodContext {
  const ctx = podContextsOf(snapshot(parts), NOW)[0];
  if (ctx === undefined) throw new Error('no pod context built');
  return ctx;
}

const withClaim = (claim = 'data', namespace = 'default'): Pod =>
  pod({ namespace, volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }] });

/** A pod whose metadata has no namespace at all (a manifest applied without one). */
function withoutNamespace(p: Pod): Pod {
  const metadata = { ...p.metadata };
  delete metadata.namespace;
  return { ...p, metadata };
}

/** A claim as the API returns it before the PV controller has written any status. */
function withoutPhase(c: PersistentVolumeClaim): PersistentVolumeClaim {
  return { ...c, status: {} };
}

const pvcEvent = (reason: string, message: string, type: 'Normal' | 'Warning', lastS: number, uid?: string) =>
  event({
    kind: 'PersistentVolumeClaim',
    name: 'data',
    reason,
    message,
    type,
    lastS,
    source: 'persistentvolume-controller',
    ...(uid === undefined ? {} : { uid }),
  });

const NO_CLASS_SET = 'no persistent volumes available for this claim and no storage class is set';
const ALREADY_BOUND = 'volume "pv-1" already bound to a different claim.';
const EXT_DQ =
  'waiting for a volume to be created, either by external provisioner "ebs.csi.aws.com" or manually created by system administrator';
const EXT_SQ =
  "Waiting for a volume to be created either by the external provisioner 'x.csi.example.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.";
const PROVISIONING = 'External provisioner is provisioning volume for claim "default/data"';
const NODE_NOT_FOUND =
  'failed to provision volume with StorageClass "gp3": failed to get target node: node "node-7" not found';

describe('podClaimNames', () => {
  it.each<[string, Pod, string[]]>([
    ['no volumes', pod(), []],
    [
      'a claim and a generic ephemeral volume (<pod>-<volume>), other volumes skipped',
      pod({
        name: 'web-1',
        volumes: [
          { name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } },
          { name: 'cache', emptyDir: {} },
          { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } },
        ],
      }),
      ['data-web-1', 'web-1-scratch'],
    ],
  ])('%s', (_name, p, expected) => {
    expect(podClaimNames(p)).toEqual(expected);
  });
});

describe('claimNamesOf', () => {
  it('a pod without spec volumes (known from events) finds its StatefulSet claims by name suffix', () => {
    const ctx = ctxOf({
      events: [event({ reason: 'FailedScheduling', name: 'mongo-0', message: 'x', lastS: 10 })],
      pvcs: [
        pvc({ name: 'data-mongo-0', phase: 'Pending' }),
        pvc({ name: 'logs-mongo-0', phase: 'Pending' }),
        pvc({ name: 'data-mongo-1', phase: 'Pending' }),
        pvc({ name: 'data-mongo-0', namespace: 'other', phase: 'Pending' }),
      ],
    });
    expect(ctx.pod.metadata.name).toBe('mongo-0');
    expect(claimNamesOf(ctx)).toEqual(['data-mongo-0', 'logs-mongo-0']);
  });

  it('a pod without a namespace looks in the empty namespace', () => {
    const bare = withoutNamespace({ ...pod({ name: 'db-0' }), spec: { containers: [] } });
    const ctx = ctxOf({ pods: [bare], pvcs: [pvc({ name: 'data-db-0', namespace: '' })] });
    expect(claimNamesOf(ctx)).toEqual(['data-db-0']);
  });

  it('a pod with spec volumes uses them, not the name suffix', () => {
    const ctx = ctxOf({ pods: [withClaim('mine')], pvcs: [pvc({ name: 'data-web-1' })] });
    expect(claimNamesOf(ctx)).toEqual(['mine']);
  });
});

interface CauseCase {
  readonly name: string;
  readonly claim?: PersistentVolumeClaim;
  readonly events?: EventRecord[];
  readonly parts?: SnapshotParts;
  readonly cause: string;
  readonly detail: string;
  readonly phase?: string;
}

describe('claimState: the cause behind a claim', () => {
  const gp3 = storageClass({ name: 'gp3', isDefault: true });
  const local = storageClass({ name: 'local', provisioner: 'kubernetes.io/no-provisioner' });
  it.each<CauseCase>([
    {
      name: 'Bound to a PV that exists',
      claim: pvc({ name: 'data', phase: 'Bound', volumeName: 'pvc-1' }),
      parts: { pvs: [pv({ name: 'pvc-1' })] },
      cause: 'bound',
      detail: '',
      phase: 'Bound',
    },
    {
      name: 'Bound to a PV that is gone',
      claim: pvc({ name: 'data', phase: 'Bound', volumeName: 'pvc-1' }),
      parts: { pvs: [pv({ name: 'other' })] },
      cause: 'pvMissing',
      detail: 'pvc-1',
      phase: 'Bound',
    },
    {
      name: 'Bound, PVs not collected: cannot tell the PV is gone',
      claim: pvc({ name: 'data', phase: 'Bound', volumeName: 'pvc-1' }),
      cause: 'bound',
      detail: '',
      phase: 'Bound',
    },
    {
      name: 'Bound without a volumeName, PVs collected',
      claim: pvc({ name: 'data', phase: 'Bound' }),
      parts: { pvs: [pv({ name: 'other' })] },
      cause: 'bound',
      detail: '',
    },
    {
      name: 'Lost: its PV is gone even when a PV of that name is listed',
      claim: pvc({ name: 'data', phase: 'Lost', volumeName: 'pvc-1' }),
      parts: { pvs: [pv({ name: 'pvc-1' })] },
      cause: 'pvMissing',
      detail: 'pvc-1',
      phase: 'Lost',
    },
    {
      name: 'FailedBinding, no storage class set (classes not collected)',
      claim: pvc({ name: 'data', phase: 'Pending' }),
      events: [pvcEvent('FailedBinding', NO_CLASS_SET, 'Normal', 100)],
      cause: 'noStorageClass',
      detail: NO_CLASS_SET,
    },
    {
      name: 'FailedBinding for another reason: no matching PV',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'manual' }),
      events: [pvcEvent('FailedBinding', ALREADY_BOUND, 'Warning', 100)],
      cause: 'noMatchingPV',
      detail: ALREADY_BOUND,
    },
    {
      name: 'ProvisioningFailed naming a missing StorageClass',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'fast' }),
      events: [
        pvcEvent('ProvisioningFailed', 'storageclass.storage.k8s.io "fast" not found', 'Warning', 100),
      ],
      cause: 'classMissing',
      detail: 'fast',
    },
    {
      name: 'ProvisioningFailed with another "not found" (a node): provisioning failed, not a missing class',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' }),
      events: [pvcEvent('ProvisioningFailed', NODE_NOT_FOUND, 'Warning', 100)],
      parts: { storageClasses: [gp3] },
      cause: 'provisioningFailed',
      detail: NODE_NOT_FOUND,
    },
    {
      name: 'a class named by the claim that is not in the collected classes',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'fast-ssd' }),
      parts: { storageClasses: [gp3] },
      cause: 'classMissing',
      detail: 'fast-ssd',
    },
    {
      name: 'no class named and no default class',
      claim: pvc({ name: 'data', phase: 'Pending' }),
      parts: { storageClasses: [local] },
      cause: 'noStorageClass',
      detail: '',
    },
    {
      name: 'no class named, a default class exists: pending',
      claim: pvc({ name: 'data', phase: 'Pending' }),
      parts: { storageClasses: [gp3] },
      cause: 'pending',
      detail: '',
      phase: 'Pending',
    },
    {
      name: 'storageClassName "" (static binding only), classes collected',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: '' }),
      parts: { storageClasses: [gp3] },
      cause: 'noMatchingPV',
      detail: '',
    },
    {
      name: 'a class with kubernetes.io/no-provisioner',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'local' }),
      parts: { storageClasses: [local] },
      cause: 'noMatchingPV',
      detail: '',
    },
    {
      name: 'a dynamic class, the external provisioner is asked',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' }),
      events: [pvcEvent('ExternalProvisioning', EXT_DQ, 'Normal', 100)],
      parts: { storageClasses: [gp3] },
      cause: 'provisionerWaiting',
      detail: EXT_DQ,
    },
    {
      name: 'a dynamic class, provisioning under way: pending, not waiting',
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' }),
      events: [pvcEvent('Provisioning', PROVISIONING, 'Normal', 100)],
      parts: { storageClasses: [gp3] },
      cause: 'pending',
      detail: '',
    },
    {
      name: 'a claim with no status phase yet counts as Pending',
      claim: withoutPhase(pvc({ name: 'data', storageClassName: 'gp3' })),
      parts: { storageClasses: [gp3] },
      cause: 'pending',
      detail: '',
      phase: 'Pending',
    },
    {
      name: "events of an older claim of the same name (another uid) are not this claim's",
      claim: pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' }),
      events: [
        pvcEvent('ProvisioningFailed', NODE_NOT_FOUND, 'Warning', 50, 'uid-old'),
        pvcEvent('Provisioning', PROVISIONING, 'Normal', 100, 'uid-data'),
      ],
      parts: { storageClasses: [gp3] },
      cause: 'pending',
      detail: '',
    },
  ])('$name', (c) => {
    const ctx = ctxOf({
      pods: [withClaim()],
      pvcs: c.claim === undefined ? [] : [c.claim],
      ...(c.events === undefined ? {} : { events: c.events }),
      ...c.parts,
    });
    const s = claimState(ctx, 'data', false);
    expect([s.cause, s.detail]).toEqual([c.cause, c.detail]);
    if (c.phase !== undefined) expect(s.phase).toBe(c.phase);
  });
});

describe('claimState: a claim not in the snapshot', () => {
  it.each<[string, Pod, boolean, SnapshotParts, string, string, string[]]>([
    [
      'named by "not found", PVCs not collected',
      withClaim(),
      true,
      {},
      'pvcMissing',
      'missing',
      ['PersistentVolumeClaim data is not in namespace default'],
    ],
    [
      'PVCs collected',
      withClaim('data', 'shop'),
      false,
      { pvcs: [] },
      'pvcMissing',
      'missing',
      ['PersistentVolumeClaim data is not in namespace shop'],
    ],
    [
      'pod without namespace',
      withoutNamespace(withClaim()),
      false,
      { pvcs: [] },
      'pvcMissing',
      'missing',
      ['PersistentVolumeClaim data is not in namespace default'],
    ],
    ['PVCs not collected: unknown', withClaim(), false, {}, 'unknown', 'Pending', []],
  ])('%s', (_name, p, notFound, parts, cause, phase, evidence) => {
    const s = claimState(ctxOf({ pods: [p], ...parts }), 'data', notFound);
    expect(s.pvc).toBeUndefined();
    expect([s.cause, s.phase, s.detail, s.storageClass, s.provisioner]).toEqual([cause, phase, '', '', '']);
    expect(s.evidence).toEqual(evidence.map((text) => ({ source: 'pvc', text })));
  });

  it('a claim in the empty namespace is found for a pod without namespace', () => {
    const s = claimState(
      ctxOf({
        pods: [withoutNamespace(withClaim())],
        pvcs: [pvc({ name: 'data', namespace: '', phase: 'Bound' })],
      }),
      'data',
      false,
    );
    expect([s.cause, s.phase]).toEqual(['bound', 'Bound']);
  });
});

describe('claimState: evidence lines', () => {
  const lines = (claim: PersistentVolumeClaim, events: EventRecord[] = [], parts: SnapshotParts = {}) =>
    claimState(ctxOf({ pods: [withClaim()], pvcs: [claim], events, ...parts }), 'data', false).evidence;

  it.each<[string, PersistentVolumeClaim, string]>([
    [
      'no class',
      pvc({ name: 'data', phase: 'Pending' }),
      'PersistentVolumeClaim data: phase Pending, no storageClassName',
    ],
    [
      'empty class',
      pvc({ name: 'data', phase: 'Pending', storageClassName: '' }),
      'PersistentVolumeClaim data: phase Pending, storageClassName ""',
    ],
    [
      'named class and volume',
      pvc({ name: 'data', phase: 'Bound', storageClassName: 'gp3', volumeName: 'pvc-1' }),
      'PersistentVolumeClaim data: phase Bound, storageClassName gp3, volumeName pvc-1',
    ],
  ])('the claim line: %s', (_name, claim, text) => {
    expect(lines(claim)).toEqual([{ source: 'pvc', text }]);
  });

  const claim = pvc({ name: 'data', phase: 'Pending', storageClassName: 'gp3' });
  const heads = (events: EventRecord[]) =>
    lines(claim, events)
      .slice(1)
      .map(
        (e) =>
          `${e.source} ${e.text.split(' ').slice(0, 2).join(' ')} …${e.text.slice(e.text.indexOf('persistentvolume-controller: ') + 29)}`,
      );

  it('quotes the newest warning and the newest informational event, each once', () => {
    expect(
      heads([
        pvcEvent('ProvisioningFailed', NODE_NOT_FOUND, 'Warning', 100),
        pvcEvent('ExternalProvisioning', EXT_DQ, 'Normal', 110),
        pvcEvent('ProvisioningSucceeded', 'Successfully provisioned volume pvc-1', 'Normal', 120),
      ]),
    ).toEqual([
      `event Warning ProvisioningFailed …${NODE_NOT_FOUND}`,
      `event Normal ExternalProvisioning …${EXT_DQ}`,
    ]);
  });

  it('a warning alone is quoted once', () => {
    expect(heads([pvcEvent('ProvisioningFailed', 'boom', 'Warning', 100)])).toEqual([
      'event Warning ProvisioningFailed …boom',
    ]);
  });

  it('a Warning FailedBinding is quoted once, as the warning', () => {
    expect(heads([pvcEvent('FailedBinding', ALREADY_BOUND, 'Warning', 100)])).toEqual([
      `event Warning FailedBinding …${ALREADY_BOUND}`,
    ]);
  });

  it('a Normal event outside the binding/provisioning reasons is not quoted', () => {
    expect(
      heads([pvcEvent('ProvisioningSucceeded', 'Successfully provisioned volume pvc-1', 'Normal', 100)]),
    ).toEqual([]);
  });
});

describe('claimState: the provisioner', () => {
  const pending = (sc?: string) =>
    pvc({ name: 'data', phase: 'Pending', ...(sc === undefined ? {} : { storageClassName: sc }) });
  it.each<[string, PersistentVolumeClaim, EventRecord[], SnapshotParts, string]>([
    [
      'from the StorageClass',
      pending('gp3'),
      [],
      { storageClasses: [storageClass({ name: 'gp3', provisioner: 'ebs.csi.aws.com' })] },
      'ebs.csi.aws.com',
    ],
    ['nothing known', pending('gp3'), [], {}, ''],
    [
      'from the older ExternalProvisioning text (double quotes)',
      pending('gp3'),
      [pvcEvent('ExternalProvisioning', EXT_DQ, 'Normal', 100)],
      {},
      'ebs.csi.aws.com',
    ],
    [
      'from the newer ExternalProvisioning text (single quotes)',
      pending('gp3'),
      [pvcEvent('ExternalProvisioning', EXT_SQ, 'Normal', 100)],
      {},
      'x.csi.example.com',
    ],
    [
      'from the newest ExternalProvisioning event, not a newer event of another reason',
      pending('gp3'),
      [
        pvcEvent('ExternalProvisioning', EXT_SQ, 'Normal', 100),
        pvcEvent('Provisioning', PROVISIONING, 'Normal', 110),
      ],
      {},
      'x.csi.example.com',
    ],
    [
      'claim without class: from the event',
      pending(),
      [pvcEvent('ExternalProvisioning', EXT_DQ, 'Normal', 100)],
      { storageClasses: [storageClass({ name: 'gp3', provisioner: 'other.example.com', isDefault: true })] },
      'ebs.csi.aws.com',
    ],
  ])('%s', (_name, claim, events, parts, expected) => {
    const s = claimState(ctxOf({ pods: [withClaim()], pvcs: [claim], events, ...parts }), 'data', false);
    expect(s.provisioner).toBe(expected);
  });
});

describe('storageClassEvidence', () => {
  const ev = (parts: SnapshotParts, sc: string) =>
    storageClassEvidence(ctxOf({ pods: [withClaim()], ...parts }), sc);
  it.each<[string, SnapshotParts, string, string | undefined]>([
    ['classes not collected', {}, 'gp3', undefined],
    ['classes not collected, default asked', {}, '', undefined],
    [
      'no default class',
      { storageClasses: [storageClass({ name: 'gp3' })] },
      '',
      'no default StorageClass in the cluster',
    ],
    [
      'the default class',
      { storageClasses: [storageClass({ name: 'gp3', isDefault: true })] },
      '',
      'default StorageClass: gp3 (provisioner ebs.csi.aws.com)',
    ],
    [
      'a missing class',
      { storageClasses: [storageClass({ name: 'gp3' })] },
      'fast',
      'StorageClass fast does not exist',
    ],
    [
      'a class without volumeBindingMode (Immediate)',
      { storageClasses: [storageClass({ name: 'gp3' })] },
      'gp3',
      'StorageClass gp3: provisioner ebs.csi.aws.com, volumeBindingMode Immediate',
    ],
    [
      'a WaitForFirstConsumer class',
      { storageClasses: [storageClass({ name: 'gp3', bindingMode: 'WaitForFirstConsumer' })] },
      'gp3',
      'StorageClass gp3: provisioner ebs.csi.aws.com, volumeBindingMode WaitForFirstConsumer',
    ],
  ])('%s', (_name, parts, sc, text) => {
    expect(ev(parts, sc)).toEqual(text === undefined ? undefined : { source: 'pvc', text });
  });
});
