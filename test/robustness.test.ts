/**
 * Whatever shape the evidence has, the pipeline (normalise, index, every rule, verdicts,
 * rendering) must not throw and no rule may fail. Values are drawn from Kubernetes' own
 * vocabulary mixed with junk, so rules are exercised well past their happy paths.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SnapshotBuilder } from '../src/collectors/snapshot-builder.js';
import { diagnose } from '../src/rules/engine/index.js';
import { RULES } from '../src/rules/index.js';
import { renderJson, renderText } from '../src/report/index.js';

const word = fc.constantFrom(
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'RunContainerError',
  'OOMKilled',
  'Error',
  'Completed',
  'StartError',
  'Evicted',
  'NodeLost',
  'OutOfcpu',
  'Unschedulable',
  'SchedulingGated',
  'FailedScheduling',
  'FailedMount',
  'FailedAttachVolume',
  'FailedCreatePodSandBox',
  'NetworkNotReady',
  'Failed',
  'BackOff',
  'Unhealthy',
  'Killing',
  'Pulled',
  'Pulling',
  'Started',
  'Created',
  'Scheduled',
  'FailedCreate',
  'ProvisioningFailed',
  'Preempted',
  'True',
  'False',
  'Unknown',
  'Running',
  'Pending',
  'Succeeded',
  'Ready',
  'ContainersReady',
  'PodScheduled',
  'Initialized',
  'PodReadyToStartContainers',
);
const message = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu.',
    'Failed to pull image "x": rpc error: code = NotFound desc = failed to pull and unpack image',
    'MountVolume.SetUp failed for volume "cfg" : configmap "app" not found',
    'Liveness probe failed: HTTP probe failed with statuscode: 500',
    'Readiness probe failed: Get "http://10.0.0.1:8080/": dial tcp 10.0.0.1:8080: connect: connection refused',
    'Error creating: pods "x-" is forbidden: exceeded quota: q, requested: cpu=1, used: cpu=1, limited: cpu=1',
    'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
    'failed to setup network for sandbox "abc": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized',
    'back-off 5m0s restarting failed container=app pod=x_default(uid)',
    'OCI runtime create failed: runc create failed: unable to start container process: exec: "x": executable file not found in $PATH: unknown',
  ),
);
const time = fc.oneof(
  fc.constant('2026-01-01T00:00:00Z'),
  fc.constant('2026-01-01T00:10:00Z'),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
);
const junk = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const val = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: a }, { weight: 1, arbitrary: junk });
const state = fc.record(
  {
    waiting: fc.record({ reason: val(word), message: val(message) }, { requiredKeys: [] }),
    running: fc.record({ startedAt: val(time) }, { requiredKeys: [] }),
    terminated: fc.record(
      {
        exitCode: val(fc.constantFrom(0, 1, 2, 128, 137, 143)),
        reason: val(word),
        message: val(message),
        startedAt: val(time),
        finishedAt: val(time),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);
const containerStatus = fc.record(
  {
    name: val(fc.constantFrom('app', 'init', 'side')),
    ready: val(fc.boolean()),
    started: val(fc.boolean()),
    restartCount: val(fc.nat(20)),
    state: val(state),
    lastState: val(state),
    containerID: val(fc.constant('containerd://x')),
  },
  { requiredKeys: ['name'] },
);
const condition = fc.record(
  {
    type: val(word),
    status: val(word),
    reason: val(word),
    message: val(message),
    lastTransitionTime: val(time),
  },
  { requiredKeys: [] },
);
const pod = fc.record(
  {
    kind: fc.constant('Pod'),
    metadata: fc.record(
      {
        name: fc.constantFrom('p1', 'p2'),
        namespace: val(fc.constant('default')),
        deletionTimestamp: val(time),
        finalizers: val(fc.array(fc.constantFrom('foregroundDeletion', 'x/y'))),
        ownerReferences: val(
          fc.array(
            fc.record({
              kind: val(fc.constantFrom('ReplicaSet', 'Job', 'Deployment')),
              name: val(fc.constant('rs')),
              controller: val(fc.boolean()),
            }),
          ),
        ),
      },
      { requiredKeys: ['name'] },
    ),
    spec: fc.record(
      {
        nodeName: val(fc.constant('n1')),
        containers: val(
          fc.array(fc.record({ name: fc.constantFrom('app', 'side'), image: val(fc.string()) })),
        ),
        initContainers: val(fc.array(fc.record({ name: fc.constant('init') }))),
        volumes: val(fc.array(junk)),
      },
      { requiredKeys: [] },
    ),
    status: fc.record(
      {
        phase: val(word),
        reason: val(word),
        message: val(message),
        conditions: val(fc.array(condition, { maxLength: 4 })),
        containerStatuses: val(fc.array(containerStatus, { maxLength: 3 })),
        initContainerStatuses: val(fc.array(containerStatus, { maxLength: 2 })),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['kind', 'metadata'] },
);
const event = fc.record({
  kind: fc.constant('Event'),
  metadata: fc.record({ name: fc.string({ minLength: 1, maxLength: 5 }) }),
  involvedObject: fc.record(
    {
      kind: fc.constantFrom('Pod', 'ReplicaSet', 'Service', 'Node'),
      name: fc.constantFrom('p1', 'p2', 'rs'),
      namespace: fc.constant('default'),
      fieldPath: val(fc.constantFrom('spec.containers{app}', 'spec.initContainers{init}')),
    },
    { requiredKeys: ['kind', 'name'] },
  ),
  reason: val(word),
  message: val(message),
  type: val(fc.constantFrom('Normal', 'Warning')),
  count: val(fc.nat(50)),
  firstTimestamp: val(time),
  lastTimestamp: val(time),
});
const others = fc.constantFrom(
  { kind: 'Node', metadata: { name: 'n1' }, status: { conditions: [{ type: 'Ready', status: 'Unknown' }] } },
  {
    kind: 'Service',
    metadata: { name: 's', namespace: 'default' },
    spec: { selector: { app: 'x' }, ports: [{ port: 80, targetPort: 'http' }] },
  },
  {
    kind: 'ReplicaSet',
    metadata: { name: 'rs', namespace: 'default' },
    status: {
      conditions: [{ type: 'ReplicaFailure', status: 'True', reason: 'FailedCreate', message: 'x' }],
    },
  },
  {
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'c', namespace: 'default' },
    status: { phase: 'Pending' },
  },
);

describe('pipeline robustness', () => {
  it('never throws and no rule fails, whatever the evidence', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(pod, event, others), { maxLength: 8 }), (objects) => {
        const b = new SnapshotBuilder();
        for (const o of objects) b.add(o);
        const snapshot = b.build({ type: 'file', paths: [] });
        const result = diagnose(snapshot, { now: Date.parse('2026-01-01T00:20:00Z'), rules: RULES });
        expect(result.ruleFailures).toEqual([]);
        const report = {
          generatedAt: '2026-01-01T00:20:00Z',
          referenceTime: Date.parse('2026-01-01T00:20:00Z'),
          source: { type: 'file' as const },
          diagnoses: result.diagnoses,
        };
        renderText(report);
        JSON.parse(renderJson(report));
      }),
      { numRuns: Number(process.env.ROBUSTNESS_RUNS ?? 400) },
    );
  });
});
