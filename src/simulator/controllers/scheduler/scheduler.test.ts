import { describe, expect, it } from 'vitest';
import type { NodeObj } from '../../world/types.js';
import { simulate } from '../../simulation-test-helpers.js';
import { eventsFor, pod, podScheduled } from './scheduler-test-helpers.js';

const NODES = `
cluster:
  nodes:
    - name: control-plane
      cpu: "2"
      memory: 8Gi
      labels: {node-role.kubernetes.io/control-plane: ""}
      taints:
        - {key: node-role.kubernetes.io/control-plane, effect: NoSchedule}
    - name: worker
      count: 2
      cpu: "4"
      memory: 16Gi
`;

const podYaml = (name: string, cpu: string, extra = '', at = '0s'): string => `
  - at: ${at}
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: {name: ${name}, namespace: default, labels: {app: ${name}}}
      spec:
${extra}
        containers:
          - name: app
            image: nginx:1.27.2
            resources:
              requests: {cpu: "${cpu}", memory: 128Mi}
`;

const scenario = (objects: string, nodes = NODES): string =>
  `name: t\ndescription: test\nduration: 10m\nexpect: {verdict: healthy}\n${nodes}\nobjects:\n${objects}`;

describe('default-scheduler', () => {
  it('binds a pod a few ms after creation with Scheduled and PodScheduled=True', () => {
    const sim = simulate(scenario(podYaml('web', '500m')));
    sim.runFor(1000);
    const p = pod(sim, 'default', 'web');
    expect(p.spec.nodeName).toMatch(/^worker-[12]$/);
    expect(podScheduled(p)).toMatchObject({ status: 'True' });
    const [ev] = eventsFor(sim, 'web', 'Scheduled');
    expect(ev?.message).toBe(`Successfully assigned default/web to ${p.spec.nodeName ?? ''}`);
    expect(ev?.reportingComponent).toBe('default-scheduler');
    expect(ev?.eventTime).not.toBeNull();
  });

  it('reports Insufficient cpu in the real format and retries every five minutes', () => {
    const sim = simulate(scenario(podYaml('big', '6')));
    sim.runFor(1000);
    const msg =
      '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu. ' +
      'preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.';
    expect(podScheduled(pod(sim, 'default', 'big'))).toMatchObject({
      status: 'False',
      reason: 'Unschedulable',
      message: msg,
    });
    const [ev] = eventsFor(sim, 'big', 'FailedScheduling');
    expect(ev?.type).toBe('Warning');
    expect(ev?.message).toBe(msg);
    expect(ev?.series).toBeUndefined();
    sim.runFor(5 * 60_000);
    expect(eventsFor(sim, 'big', 'FailedScheduling')[0]?.series?.count).toBe(2);
  });

  it('places a pending pod once a fitting node joins', () => {
    const sim = simulate(scenario(podYaml('big', '6')));
    sim.runFor(10_000);
    expect(pod(sim, 'default', 'big').spec.nodeName).toBeUndefined();
    const base = sim.store.get<NodeObj>('nodes', undefined, 'worker-1');
    if (base === undefined) throw new Error('no worker-1');
    sim.store.create<NodeObj>({
      ...structuredClone(base),
      metadata: { name: 'worker-xl', labels: { 'kubernetes.io/hostname': 'worker-xl' } },
      status: {
        allocatable: { cpu: '16', memory: '64Gi', pods: '110' },
        capacity: { cpu: '16', memory: '64Gi', pods: '110' },
      },
    });
    sim.runFor(2000);
    expect(pod(sim, 'default', 'big').spec.nodeName).toBe('worker-xl');
  });

  it('schedules higher-priority pods first when only one fits', () => {
    const objects = podYaml('low', '3') + podYaml('high', '3', '        priority: 1000');
    const sim = simulate(scenario(objects, NODES.replace('count: 2', 'count: 1')));
    sim.runFor(1000);
    expect(pod(sim, 'default', 'high').spec.nodeName).toBe('worker');
    expect(pod(sim, 'default', 'low').spec.nodeName).toBeUndefined();
  });

  it('honours matchFields metadata.name as DaemonSet pods use it', () => {
    const extra = `        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
                - matchFields:
                    - {key: metadata.name, operator: In, values: [worker-2]}`;
    const sim = simulate(scenario(podYaml('agent', '100m', extra)));
    sim.runFor(1000);
    expect(pod(sim, 'default', 'agent').spec.nodeName).toBe('worker-2');
  });

  it('counts requests of bound pods: the third 1.5-cpu pod on one 4-cpu node does not fit', () => {
    const objects = podYaml('a', '1500m') + podYaml('b', '1500m') + podYaml('c', '1500m', '', '5s');
    const sim = simulate(scenario(objects, NODES.replace('count: 2', 'count: 1')));
    sim.runFor(6000);
    expect(pod(sim, 'default', 'c').spec.nodeName).toBeUndefined();
    expect(eventsFor(sim, 'c', 'FailedScheduling')[0]?.message).toContain(
      ': 1 Insufficient cpu, 1 node(s) had untolerated taint',
    );
  });

  it('keeps gated pods pending with SchedulingGated', () => {
    const sim = simulate(
      scenario(podYaml('gated', '100m', '        schedulingGates: [{name: example.com/quota}]')),
    );
    sim.runFor(1000);
    expect(podScheduled(pod(sim, 'default', 'gated'))).toMatchObject({
      status: 'False',
      reason: 'SchedulingGated',
      message: 'Scheduling is blocked due to non-empty scheduling gates',
    });
    expect(eventsFor(sim, 'gated', 'FailedScheduling')).toEqual([]);
  });

  it('leaves pods of other schedulers alone', () => {
    const sim = simulate(scenario(podYaml('pinned', '100m', '        schedulerName: other-scheduler')));
    sim.runFor(1000);
    expect(pod(sim, 'default', 'pinned').spec.nodeName).toBeUndefined();
    expect(eventsFor(sim, 'pinned')).toEqual([]);
  });

  it('rejects nodes whose zone the WaitForFirstConsumer class cannot provision in', () => {
    const nodes = `
cluster:
  nodes:
    - {name: worker-a, zone: us-east-1a}
    - {name: worker-b, zone: us-east-1b}
  storageClasses:
    - {name: zonal, provisioner: ebs.csi.aws.com, bindingMode: WaitForFirstConsumer, zones: [us-east-1c]}
`;
    const objects = `
  - apiVersion: v1
    kind: PersistentVolumeClaim
    metadata: {name: data, namespace: default}
    spec: {storageClassName: zonal, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
${podYaml('db', '100m', '        volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]')}`;
    const sim = simulate(scenario(objects, nodes));
    sim.runFor(1000);
    expect(eventsFor(sim, 'db', 'FailedScheduling')[0]?.message).toBe(
      "0/2 nodes are available: 2 node(s) didn't find available persistent volumes to bind. " +
        'preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.',
    );
  });

  it('spreads across zones and rejects the replica that would exceed maxSkew', () => {
    const nodes = `
cluster:
  nodes:
    - {name: a1, zone: z-a}
    - {name: b1, zone: z-b, taints: [{key: dedicated, value: batch, effect: NoSchedule}]}
`;
    const spread = `        topologySpreadConstraints:
          - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {tier: web}}}`;
    const web = (name: string, at: string): string =>
      podYaml(name, '100m', spread, at).replace(`labels: {app: ${name}}`, 'labels: {tier: web}');
    const sim = simulate(scenario(web('w1', '0s') + web('w2', '5s'), nodes));
    sim.runFor(6000);
    expect(pod(sim, 'default', 'w1').spec.nodeName).toBe('a1');
    expect(eventsFor(sim, 'w2', 'FailedScheduling')[0]?.message).toBe(
      "0/2 nodes are available: 1 node(s) didn't match pod topology spread constraints, 1 node(s) had untolerated taint {dedicated: batch}. " +
        'preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.',
    );
  });

  it('honours required pod affinity, letting the first pod of a group match itself', () => {
    const affinity = (app: string): string => `        affinity:
          podAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              - {labelSelector: {matchLabels: {app: ${app}}}, topologyKey: kubernetes.io/hostname}`;
    const sim = simulate(
      scenario(
        podYaml('cache', '100m', affinity('cache')) + podYaml('api', '100m', affinity('missing'), '5s'),
      ),
    );
    sim.runFor(6000);
    expect(pod(sim, 'default', 'cache').spec.nodeName).toMatch(/^worker-/);
    expect(eventsFor(sim, 'api', 'FailedScheduling')[0]?.message).toBe(
      "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match pod affinity rules. " +
        'preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    );
  });

  it('retries a pod waiting for pod affinity as soon as a matching pod is bound, not after five minutes', () => {
    const affinity = `        affinity:
          podAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              - {labelSelector: {matchLabels: {app: cache}}, topologyKey: kubernetes.io/hostname}`;
    const sim = simulate(scenario(podYaml('api', '100m', affinity) + podYaml('cache', '100m', '', '20s')));
    sim.runFor(19_000);
    expect(pod(sim, 'default', 'api').spec.nodeName).toBeUndefined();
    sim.runFor(3000);
    const cacheNode = pod(sim, 'default', 'cache').spec.nodeName;
    expect(cacheNode).toMatch(/^worker-/);
    expect(pod(sim, 'default', 'api').spec.nodeName).toBe(cacheNode);
  });

  it('retries an Insufficient cpu pod when a pod on the node is deleted', () => {
    const objects = podYaml('a', '3') + podYaml('b', '3', '', '5s');
    const sim = simulate(scenario(objects, NODES.replace('count: 2', 'count: 1')));
    sim.runFor(10_000);
    expect(pod(sim, 'default', 'b').spec.nodeName).toBeUndefined();
    sim.store.remove('pods', 'default', 'a');
    sim.runFor(3000);
    expect(pod(sim, 'default', 'b').spec.nodeName).toBe('worker');
  });
});
