// Deterministic synthetic evidence for benchmarks: a PodList and an EventList as
// `kubectl get pods,events -A -o json` would print them, with a realistic mix of healthy and
// failing pods. Seeded, so every run measures the same input.

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const T0 = Date.parse('2026-03-01T00:00:00Z');
const iso = (s) => new Date(T0 + s * 1000).toISOString().replace('.000Z', 'Z');

const KINDS = [
  'healthy',
  'healthy',
  'healthy',
  'healthy',
  'healthy',
  'healthy',
  'imagepull',
  'crash',
  'pending',
  'notready',
];

function podFor(i, kind, ns, node) {
  const name = `app-${Math.floor(i / 5)}-${(i % 5).toString(36)}x${i.toString(36)}`;
  const uid = `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  const created = i % 3600;
  const meta = {
    name,
    namespace: ns,
    uid,
    creationTimestamp: iso(created),
    labels: { app: `app-${Math.floor(i / 5)}`, 'pod-template-hash': 'abc123' },
    ownerReferences: [
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        name: `app-${Math.floor(i / 5)}-abc123`,
        uid: `rs-${Math.floor(i / 5)}`,
        controller: true,
      },
    ],
  };
  const spec = {
    nodeName: kind === 'pending' ? undefined : node,
    containers: [
      {
        name: 'app',
        image: `registry.example/app:${i % 7}`,
        ports: [{ containerPort: 8080 }],
        resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
      },
    ],
  };
  const cond = (type, status, t, reason, message) => ({
    type,
    status,
    lastTransitionTime: iso(t),
    ...(reason ? { reason } : {}),
    ...(message ? { message } : {}),
  });
  let status;
  switch (kind) {
    case 'healthy':
      status = {
        phase: 'Running',
        conditions: [
          cond('PodScheduled', 'True', created + 1),
          cond('Initialized', 'True', created + 1),
          cond('ContainersReady', 'True', created + 9),
          cond('Ready', 'True', created + 9),
        ],
        containerStatuses: [
          {
            name: 'app',
            ready: true,
            started: true,
            restartCount: 0,
            image: spec.containers[0].image,
            imageID: 'sha256:abc',
            containerID: `containerd://${uid}`,
            state: { running: { startedAt: iso(created + 5) } },
          },
        ],
      };
      break;
    case 'imagepull':
      status = {
        phase: 'Pending',
        conditions: [
          cond('PodScheduled', 'True', created + 1),
          cond('Ready', 'False', created + 1, 'ContainersNotReady', 'containers with unready status: [app]'),
        ],
        containerStatuses: [
          {
            name: 'app',
            ready: false,
            restartCount: 0,
            image: spec.containers[0].image,
            state: {
              waiting: {
                reason: 'ImagePullBackOff',
                message: `Back-off pulling image "${spec.containers[0].image}"`,
              },
            },
          },
        ],
      };
      break;
    case 'crash':
      status = {
        phase: 'Running',
        conditions: [
          cond('PodScheduled', 'True', created + 1),
          cond('Ready', 'False', created + 30, 'ContainersNotReady', 'containers with unready status: [app]'),
        ],
        containerStatuses: [
          {
            name: 'app',
            ready: false,
            restartCount: 6,
            image: spec.containers[0].image,
            imageID: 'sha256:abc',
            containerID: `containerd://${uid}`,
            state: {
              waiting: {
                reason: 'CrashLoopBackOff',
                message: `back-off 2m40s restarting failed container=app pod=${name}_${ns}(${uid})`,
              },
            },
            lastState: {
              terminated: {
                exitCode: 1,
                reason: 'Error',
                startedAt: iso(created + 600),
                finishedAt: iso(created + 602),
              },
            },
          },
        ],
      };
      break;
    case 'pending':
      status = {
        phase: 'Pending',
        conditions: [
          cond(
            'PodScheduled',
            'False',
            created + 1,
            'Unschedulable',
            '0/50 nodes are available: 50 Insufficient cpu. preemption: 0/50 nodes are available: 50 No preemption victims found for incoming pod.',
          ),
        ],
      };
      break;
    default:
      status = {
        phase: 'Running',
        conditions: [
          cond('PodScheduled', 'True', created + 1),
          cond(
            'ContainersReady',
            'False',
            created + 40,
            'ContainersNotReady',
            'containers with unready status: [app]',
          ),
          cond('Ready', 'False', created + 40, 'ContainersNotReady', 'containers with unready status: [app]'),
        ],
        containerStatuses: [
          {
            name: 'app',
            ready: false,
            started: true,
            restartCount: 0,
            image: spec.containers[0].image,
            imageID: 'sha256:abc',
            containerID: `containerd://${uid}`,
            state: { running: { startedAt: iso(created + 5) } },
          },
        ],
      };
  }
  return { apiVersion: 'v1', kind: 'Pod', metadata: meta, spec, status };
}

function eventsFor(pod, kind, node, n) {
  const ref = {
    kind: 'Pod',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    uid: pod.metadata.uid,
    apiVersion: 'v1',
  };
  const c = { ...ref, fieldPath: 'spec.containers{app}' };
  const t = Date.parse(pod.metadata.creationTimestamp);
  const image = pod.spec.containers[0].image;
  const templates = {
    healthy: [
      [
        'Normal',
        'Scheduled',
        `Successfully assigned ${ref.namespace}/${ref.name} to ${node}`,
        ref,
        'default-scheduler',
      ],
      ['Normal', 'Pulling', `Pulling image "${image}"`, c],
      [
        'Normal',
        'Pulled',
        `Successfully pulled image "${image}" in 1.2s (1.2s including waiting). Image size: 1234 bytes.`,
        c,
      ],
      ['Normal', 'Created', 'Created container: app', c],
      ['Normal', 'Started', 'Started container app', c],
    ],
    imagepull: [
      [
        'Normal',
        'Scheduled',
        `Successfully assigned ${ref.namespace}/${ref.name} to ${node}`,
        ref,
        'default-scheduler',
      ],
      ['Normal', 'Pulling', `Pulling image "${image}"`, c],
      [
        'Warning',
        'Failed',
        `Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${image}": failed to resolve reference "${image}": ${image}: not found`,
        c,
      ],
      ['Warning', 'Failed', 'Error: ErrImagePull', c],
      ['Normal', 'BackOff', `Back-off pulling image "${image}"`, c],
      ['Warning', 'Failed', 'Error: ImagePullBackOff', c],
    ],
    crash: [
      [
        'Normal',
        'Scheduled',
        `Successfully assigned ${ref.namespace}/${ref.name} to ${node}`,
        ref,
        'default-scheduler',
      ],
      ['Normal', 'Pulled', `Container image "${image}" already present on machine`, c],
      ['Normal', 'Created', 'Created container: app', c],
      ['Normal', 'Started', 'Started container app', c],
      [
        'Warning',
        'BackOff',
        `Back-off restarting failed container app in pod ${ref.name}_${ref.namespace}(${ref.uid})`,
        c,
      ],
    ],
    pending: [
      [
        'Warning',
        'FailedScheduling',
        '0/50 nodes are available: 50 Insufficient cpu. preemption: 0/50 nodes are available: 50 No preemption victims found for incoming pod.',
        ref,
        'default-scheduler',
      ],
    ],
    notready: [
      [
        'Normal',
        'Scheduled',
        `Successfully assigned ${ref.namespace}/${ref.name} to ${node}`,
        ref,
        'default-scheduler',
      ],
      ['Normal', 'Started', 'Started container app', c],
      ['Warning', 'Unhealthy', 'Readiness probe failed: HTTP probe failed with statuscode: 503', c],
    ],
  };
  const list = templates[kind];
  const out = [];
  for (let k = 0; k < n; k++) {
    const [type, reason, message, obj, component] = list[k % list.length];
    const first = t + (k + 1) * 1000;
    const count =
      k >= list.length
        ? 1 + Math.floor(k / list.length)
        : reason === 'BackOff' || reason === 'Unhealthy' || reason === 'FailedScheduling'
          ? 12
          : 1;
    out.push({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: {
        name: `${ref.name}.${(first * 1000 + k).toString(16)}`,
        namespace: ref.namespace,
        uid: `ev-${ref.uid}-${k}`,
      },
      involvedObject: obj,
      reason,
      message,
      type,
      source: component ? { component } : { component: 'kubelet', host: node },
      firstTimestamp: new Date(first).toISOString().replace('.000Z', 'Z'),
      lastTimestamp: new Date(first + (count - 1) * 30_000).toISOString().replace('.000Z', 'Z'),
      count,
    });
  }
  return out;
}

/** Returns { pods: PodList JSON text, events: EventList JSON text } for `pods` pods and `events` events. */
export function generateEvidence({ pods = 10_000, events = 100_000, seed = 1 } = {}) {
  const rand = rng(seed);
  const items = [];
  const evs = [];
  const perPod = Math.max(1, Math.round(events / pods));
  for (let i = 0; i < pods; i++) {
    const kind = KINDS[Math.floor(rand() * KINDS.length)];
    const ns = `team-${i % 40}`;
    const node = `node-${i % 50}`;
    const pod = podFor(i, kind, ns, node);
    items.push(pod);
    evs.push(...eventsFor(pod, kind, node, perPod));
  }
  return {
    pods: JSON.stringify({ apiVersion: 'v1', kind: 'PodList', items }),
    events: JSON.stringify({ apiVersion: 'v1', kind: 'EventList', items: evs.slice(0, events) }),
  };
}
