import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/load.js';
import { Simulation } from '../../simulation.js';
import type { EventObj, PodObj, PvObj, PvcObj } from '../../world/types.js';

const sim = (body: string): Simulation =>
  new Simulation(
    parseScenario(
      `name: t\ndescription: t\nduration: 10m\nexpect: {verdict: healthy}\n${body}`,
      'inline.yaml',
    ),
  );

const events = (
  s: Simulation,
  name: string,
): { reason: string; type: string; message: string; component: string }[] =>
  s.store
    .list<EventObj>('events')
    .filter((e) => e.involvedObject.name === name)
    .map((e) => ({ reason: e.reason, type: e.type, message: e.message, component: e.reportingComponent }));

const claim = (s: Simulation, ns: string, name: string): PvcObj => {
  const c = s.store.get<PvcObj>('persistentvolumeclaims', ns, name);
  if (c === undefined) throw new Error(`no claim ${name}`);
  return c;
};

const CLUSTER = (mode: string, extra = ''): string => `
cluster:
  nodes:
    - {name: worker-a, zone: eu-west-1a}
    - {name: worker-b, zone: eu-west-1b}
  storageClasses:
    - name: gp3
      provisioner: ebs.csi.aws.com
      bindingMode: ${mode}
      provisionDelay: 4s
${extra}
`;

const PVC = (name: string, cls = 'gp3'): string => `
  - apiVersion: v1
    kind: PersistentVolumeClaim
    metadata: {name: ${name}, namespace: app}
    spec:
      ${cls === '' ? '' : `storageClassName: ${cls}`}
      accessModes: [ReadWriteOnce]
      resources: {requests: {storage: 20Gi}}
`;

const POD = (claimName: string): string => `
  - at: 30s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: {name: db, namespace: app}
      spec:
        containers: [{name: db, image: postgres:16.4}]
        volumes: [{name: data, persistentVolumeClaim: {claimName: ${claimName}}}]
`;

describe('volume binding', () => {
  it('waits for the first consumer, provisions in the chosen node zone, then binds the pod', () => {
    const s = sim(`${CLUSTER('WaitForFirstConsumer')}\nobjects:\n${PVC('data')}${POD('data')}`);
    s.runFor(20_000);
    expect(claim(s, 'app', 'data').status.phase).toBe('Pending');
    expect(events(s, 'data')[0]).toMatchObject({
      reason: 'WaitForFirstConsumer',
      type: 'Normal',
      message: 'waiting for first consumer to be created before binding',
      component: 'persistentvolume-controller',
    });
    s.runFor(11_000);
    const pvc = claim(s, 'app', 'data');
    const node = pvc.metadata.annotations?.['volume.kubernetes.io/selected-node'];
    expect(node).toMatch(/^worker-[ab]$/);
    expect(s.store.get<PodObj>('pods', 'app', 'db')?.spec.nodeName).toBeUndefined();
    s.runFor(10_000);
    const bound = claim(s, 'app', 'data');
    expect(bound.status.phase).toBe('Bound');
    expect(bound.spec.volumeName).toBe(`pvc-${bound.metadata.uid ?? ''}`);
    expect(bound.metadata.annotations?.['pv.kubernetes.io/bind-completed']).toBe('yes');
    const pv = s.store.get<PvObj>('persistentvolumes', undefined, bound.spec.volumeName ?? '');
    expect(pv?.status.phase).toBe('Bound');
    expect(pv?.spec.claimRef?.name).toBe('data');
    expect(JSON.stringify(pv?.spec.nodeAffinity)).toContain(
      node === 'worker-a' ? 'eu-west-1a' : 'eu-west-1b',
    );
    expect(s.store.get<PodObj>('pods', 'app', 'db')?.spec.nodeName).toBe(node);
    const reasons = events(s, 'data').map((e) => e.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'WaitForFirstConsumer',
        'ExternalProvisioning',
        'Provisioning',
        'ProvisioningSucceeded',
      ]),
    );
    expect(events(s, 'data').find((e) => e.reason === 'ProvisioningSucceeded')?.message).toBe(
      `Successfully provisioned volume ${bound.spec.volumeName ?? ''}`,
    );
  });

  it('provisions Immediate claims at once, with the real ExternalProvisioning text', () => {
    const s = sim(`${CLUSTER('Immediate')}\nobjects:\n${PVC('data')}`);
    s.runFor(1000);
    expect(events(s, 'data').find((e) => e.reason === 'ExternalProvisioning')?.message).toBe(
      "Waiting for a volume to be created either by the external provisioner 'ebs.csi.aws.com' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.",
    );
    expect(events(s, 'data').find((e) => e.reason === 'Provisioning')?.message).toBe(
      'External provisioner is provisioning volume for claim "app/data"',
    );
    s.runFor(5000);
    expect(claim(s, 'app', 'data').status.phase).toBe('Bound');
  });

  it('reports a failing provisioner with ProvisioningFailed and keeps the claim Pending', () => {
    const s = sim(
      `${CLUSTER('Immediate', '      provisionError: "rpc error: code = ResourceExhausted desc = volume limit reached"')}\nobjects:\n${PVC('data')}`,
    );
    s.runFor(60_000);
    const failed = events(s, 'data').find((e) => e.reason === 'ProvisioningFailed');
    expect(failed).toMatchObject({
      type: 'Warning',
      message:
        'failed to provision volume with StorageClass "gp3": rpc error: code = ResourceExhausted desc = volume limit reached',
    });
    expect(claim(s, 'app', 'data').status.phase).toBe('Pending');
  });

  it('names a missing StorageClass', () => {
    const s = sim(`${CLUSTER('Immediate')}\nobjects:\n${PVC('data', 'premium')}`);
    s.runFor(1000);
    expect(events(s, 'data')).toContainEqual(
      expect.objectContaining({
        reason: 'ProvisioningFailed',
        message: 'storageclass.storage.k8s.io "premium" not found',
      }),
    );
  });

  it('binds a matching static volume: class, access modes, smallest sufficient capacity', () => {
    const pv = (name: string, size: string): string => `
  - apiVersion: v1
    kind: PersistentVolume
    metadata: {name: ${name}}
    spec:
      capacity: {storage: ${size}}
      accessModes: [ReadWriteOnce]
      storageClassName: ""
      nfs: {server: 10.0.0.5, path: /exports/${name}}
`;
    const s = sim(
      `${CLUSTER('Immediate')}\nobjects:\n${pv('small', '10Gi')}${pv('medium', '50Gi')}${pv('large', '100Gi')}${PVC('data', '""')}`,
    );
    s.runFor(1000);
    expect(claim(s, 'app', 'data').spec.volumeName).toBe('medium');
    expect(s.store.get<PvObj>('persistentvolumes', undefined, 'medium')?.metadata.annotations).toMatchObject({
      'pv.kubernetes.io/bound-by-controller': 'yes',
    });
  });

  it('says no storage class is set when none matches and no class is named', () => {
    const s = sim(`${CLUSTER('Immediate')}\nobjects:\n${PVC('data', '""')}`);
    s.runFor(1000);
    expect(events(s, 'data')).toContainEqual(
      expect.objectContaining({
        reason: 'FailedBinding',
        type: 'Normal',
        message: 'no persistent volumes available for this claim and no storage class is set',
      }),
    );
  });
});
