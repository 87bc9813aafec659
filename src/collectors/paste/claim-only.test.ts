import { describe, expect, it } from 'vitest';
import type { Raw } from '../normalize/coerce.js';
import { podsOfPendingClaims } from './claim-only.js';

const claim = (name: string, phase: string | undefined, namespace?: string): Raw => ({
  kind: 'PersistentVolumeClaim',
  metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
  ...(phase === undefined ? {} : { status: { phase } }),
});
const claimEvent = (name: string, reason: string): Raw => ({
  kind: 'Event',
  involvedObject: { kind: 'PersistentVolumeClaim', name },
  reason,
  message: 'x',
});
const standIns = (objects: Raw[]) =>
  podsOfPendingClaims(objects, 'shop').pods.map((p) => [
    (p.metadata as Raw).namespace,
    (p.metadata as Raw).name,
    (p.spec as { volumes: { persistentVolumeClaim: { claimName: string } }[] }).volumes[0]
      ?.persistentVolumeClaim.claimName,
  ]);

describe('pods that stand for the pods of Pending claims, when the paste shows nothing else', () => {
  it('one Pending claim: unnamed-pod, Pending, mounting it, in its namespace, and a note', () => {
    const out = podsOfPendingClaims([claim('data', 'Pending', 'db')], 'shop');
    expect(out.pods).toEqual([
      {
        kind: 'Pod',
        metadata: { name: 'unnamed-pod', namespace: 'db' },
        spec: { containers: [], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
        status: { phase: 'Pending' },
      },
    ]);
    expect(out.notes).toEqual([
      'the text shows claim data Pending and no pod: pod unnamed-pod stands for the pods that mount it',
    ]);
  });

  it('several: one each, named after its claim, by namespace then name; a claim without one is in the paste namespace', () => {
    expect(
      standIns([
        claim('b', 'Pending'),
        claim('a', 'Pending', 'z'),
        claim('c', 'Bound'),
        claim('a', 'Pending'),
      ]),
    ).toEqual([
      ['shop', 'unnamed-pod-using-a', 'a'],
      ['shop', 'unnamed-pod-using-b', 'b'],
      ['z', 'unnamed-pod-using-a', 'a'],
    ]);
  });

  it('a claim that failed to bind or provision still gets one, whatever else waited before', () => {
    expect(standIns([claim('d', 'Pending'), claimEvent('d', 'ProvisioningFailed')])).toEqual([
      ['shop', 'unnamed-pod', 'd'],
    ]);
    expect(
      standIns([
        claim('d', 'Pending'),
        claimEvent('d', 'WaitForFirstConsumer'),
        claimEvent('d', 'FailedBinding'),
      ]),
    ).toEqual([['shop', 'unnamed-pod', 'd']]);
  });

  it.each([
    ['a Bound claim', [claim('d', 'Bound')]],
    ['a Lost claim', [claim('d', 'Lost')]],
    ['a claim without a phase', [claim('d', undefined)]],
    [
      'a claim kubectl says no pod uses (Used By: <none>)',
      [
        {
          ...claim('d', 'Pending'),
          metadata: { name: 'd', annotations: { 'handoff.dev/claim-used-by': '<none>' } },
        },
      ],
    ],
    [
      'a claim that only waits for its first consumer',
      [claim('d', 'Pending'), claimEvent('d', 'WaitForFirstConsumer')],
    ],
    ['a pod beside the claim', [claim('d', 'Pending'), { kind: 'Pod', metadata: { name: 'db-0' } }]],
    ['a StatefulSet beside it', [claim('d', 'Pending'), { kind: 'StatefulSet', metadata: { name: 'db' } }]],
    [
      "a pod's event beside it",
      [
        claim('d', 'Pending'),
        { kind: 'Event', involvedObject: { kind: 'Pod', name: 'db-0' }, reason: 'Pulled' },
      ],
    ],
    ['nothing at all', []],
    [
      'a Pending pod beside it',
      [claim('d', 'Pending'), { kind: 'Pod', metadata: { name: 'db-0' }, status: { phase: 'Pending' } }],
    ],
  ])('none for %s', (_, objects) => {
    expect(podsOfPendingClaims(objects, 'shop')).toEqual({ pods: [], claims: [], notes: [] });
  });
});

describe('pods that run beside a Pending claim cannot be its users', () => {
  it.each([
    [
      'the provisioner Running',
      [{ kind: 'Pod', metadata: { name: 'provisioner-1' }, status: { phase: 'Running' } }],
    ],
    ['a Job pod Succeeded', [{ kind: 'Pod', metadata: { name: 'setup-x' }, status: { phase: 'Succeeded' } }]],
    [
      "a Running pod's event",
      [
        { kind: 'Pod', metadata: { name: 'provisioner-1' }, status: { phase: 'Running' } },
        { kind: 'Event', involvedObject: { kind: 'Pod', name: 'provisioner-1' }, reason: 'Started' },
      ],
    ],
  ])('%s: the claim still gets a pod that stands for its own', (_, beside) => {
    expect(standIns([claim('data', 'Pending'), ...(beside as Raw[])])).toEqual([
      ['shop', 'unnamed-pod', 'data'],
    ]);
  });
});

describe('claims the text shows only by the events recorded on an unbound claim', () => {
  it.each(['ProvisioningFailed', 'FailedBinding', 'ExternalProvisioning'])(
    '%s: the claim Pending, joined to the evidence, and its stand-in',
    (reason) => {
      const out = podsOfPendingClaims([claimEvent('data', reason)], 'shop');
      expect(standIns([claimEvent('data', reason)])).toEqual([['shop', 'unnamed-pod', 'data']]);
      expect(out.claims).toEqual([
        {
          kind: 'PersistentVolumeClaim',
          metadata: { name: 'data', namespace: 'shop' },
          status: { phase: 'Pending' },
        },
      ]);
      expect(out.notes).toEqual([
        'the text shows claim data Pending (by its events) and no pod: pod unnamed-pod stands for the pods that mount it',
      ]);
    },
  );

  it("takes the class the provisioner's message names", () => {
    const e = {
      ...claimEvent('data', 'ProvisioningFailed'),
      message: 'failed to provision volume with StorageClass "ebs-sc": rpc error: code = Internal desc = x',
    };
    expect(podsOfPendingClaims([e], 'shop').claims.map((c) => c.spec)).toEqual([
      { storageClassName: 'ebs-sc' },
    ]);
  });

  it.each([
    ['a claim the text holds Bound', [claim('data', 'Bound'), claimEvent('data', 'ProvisioningFailed')]],
    ['events that only wait for a consumer', [claimEvent('data', 'WaitForFirstConsumer')]],
    ['an event of a successful binding', [claimEvent('data', 'ProvisioningSucceeded')]],
  ])('none from %s', (_, objects) => {
    expect(podsOfPendingClaims(objects, 'shop')).toEqual({ pods: [], claims: [], notes: [] });
  });
});
