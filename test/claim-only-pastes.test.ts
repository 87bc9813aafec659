/**
 * A claim pasted alone (`kubectl describe pvc` of a kubectl that prints no `Used By`, `get pvc`,
 * the claim's events): the pod that stands for its pods is judged by the scheduling rules.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-03-01T12:00:00Z');
const describePvc = (storageClass: string, event: string) =>
  [
    '$ kubectl describe pvc data -n shop',
    'Name:          data',
    'Namespace:     shop',
    `StorageClass:  ${storageClass}`,
    'Status:        Pending',
    'Volume:',
    'Labels:        app=db',
    'Annotations:   <none>',
    'Finalizers:    [kubernetes.io/pvc-protection]',
    'Capacity:',
    'Access Modes:',
    'Events:',
    '  Type     Reason                Age               From                         Message',
    '  ----     ------                ----              ----                         -------',
    `  ${event}`,
    '',
  ].join('\n');

const verdicts = (text: string) =>
  diagnosePaste(text, CLOCK).diagnoses.map((d) => `${d.target.name} ${d.verdict} ${d.stage} ${d.reason}`);

describe('a Pending claim pasted alone', () => {
  it.each([
    [
      'no class set and none default',
      describePvc(
        '',
        'Normal   FailedBinding         8s (x4 over 35s)  persistentvolume-controller  no persistent volumes available for this claim and no storage class is set',
      ),
    ],
    [
      'its class does not exist',
      describePvc(
        'fast',
        'Warning  ProvisioningFailed    8s (x4 over 35s)  persistentvolume-controller  storageclass.storage.k8s.io "fast" not found',
      ),
    ],
  ])('%s: the pod standing for its pods stopped at scheduling (UnboundPVC)', (_, text) => {
    expect(verdicts(text)).toEqual(['unnamed-pod failed scheduling UnboundPVC']);
  });

  it('a claim that only waits for its first consumer: nothing to judge', () => {
    const text = describePvc(
      'local-path',
      'Normal   WaitForFirstConsumer  5s (x3 over 30s)  persistentvolume-controller  waiting for first consumer to be created before binding',
    );
    expect(verdicts(text)).toEqual([]);
  });

  const beside = (row: string): string =>
    `${describePvc(
      '',
      'Normal   FailedBinding         8s (x4 over 35s)  persistentvolume-controller  no persistent volumes available for this claim and no storage class is set',
    )}$ kubectl get pods -n shop\nNAME   READY   STATUS    RESTARTS   AGE\n${row}\n`;

  it('a Pending pod beside the claim may be its user: it is judged itself, with no stand-in', () => {
    expect(verdicts(beside('db-0   0/1     Pending   0          5m')).map((v) => v.split(' ')[0])).toEqual([
      'db-0',
    ]);
  });

  it('a Running pod beside the claim is not its user (a Pending claim holds its pods at scheduling): both are judged', () => {
    expect(
      verdicts(beside('db-0   0/1     Running   0          5m'))
        .map((v) => v.split(' ')[0])
        .sort(),
    ).toEqual(['db-0', 'unnamed-pod']);
  });
});

describe('a claim the paste shows only by its events (kubectl get events)', () => {
  it.each([
    [
      'provisioning failed',
      '5m   Warning   ProvisioningFailed   persistentvolumeclaim/ebs-claim   failed to provision volume with StorageClass "ebs-sc": rpc error: code = Internal desc = could not create volume in EC2: UnauthorizedOperation',
      'unnamed-pod failed scheduling UnboundPVC',
    ],
    [
      'no volume to bind',
      '2m   Warning   FailedBinding   persistentvolumeclaim/data   no persistent volumes available for this claim and no storage class is set',
      'unnamed-pod failed scheduling UnboundPVC',
    ],
  ])('%s: its stand-in stops at scheduling', (_, row, want) => {
    const text = `LAST SEEN   TYPE      REASON   OBJECT   MESSAGE\n${row}\n`;
    expect(verdicts(text)).toEqual([want]);
  });
});
