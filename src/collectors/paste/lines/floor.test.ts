import { describe, expect, it } from 'vitest';
import { parseLine, PASTE_PARSERS } from '../parsers.js';
import { parsePaste } from '../driver.js';
import { readWith } from '../common/parser-test-helpers.js';
import { UNNAMED_POD } from '../common/types.js';

const read = (t: string) => readWith(t, parseLine);
const one = (t: string) => {
  const objs = read(t);
  expect(objs).toHaveLength(1);
  return objs[0];
};

const PROBE = 'Liveness probe failed: HTTP probe failed with statuscode: 404';

describe('the floor: a message wherever it stands in the line', () => {
  it.each([
    ['after a klog prefix', `E0625 13:52:21.097232   41027 prober.go:116] ${PROBE}`],
    ['after an RFC 3339 time stamp', `2023-06-25T13:52:21.097Z ${PROBE}`],
    ['after a syslog prefix', `Jun 25 13:52:21 node-1 kubelet[1234]: ${PROBE}`],
    ['after prose and a colon', `the events say: ${PROBE}`],
    ['inside a JSON member', `    "message": "${PROBE}",`],
    ['after a YAML key that is no message key', `  note: ${PROBE}`],
    ['inside a markdown bullet with backticks', `* \`${PROBE}\``],
    ['inside a terminal frame', `│ ${PROBE}   │`],
  ])('%s', (_, line) => {
    expect(one(line)?.raw).toMatchObject({
      kind: 'Event',
      reason: 'Unhealthy',
      type: 'Warning',
      message: PROBE,
      involvedObject: { kind: 'Pod', name: UNNAMED_POD },
    });
  });

  it('undoes the escapes of a quoted message and stops at its closing quote', () => {
    expect(
      one('"message": "Back-off pulling image \\"nginx:1.25\\"", "reason": "ImagePullBackOff"')?.raw,
    ).toMatchObject({ reason: 'BackOff', message: 'Back-off pulling image "nginx:1.25"' });
  });

  it('keeps "(combined from similar events): " with the message', () => {
    expect(
      one(
        '3s  Warning  FailedCreatePodSandBox  Pod  (combined from similar events): Failed to create pod sandbox: x',
      )?.raw.message,
    ).toBe('(combined from similar events): Failed to create pod sandbox: x');
  });
});

describe("the floor: the kubelet's log of a volume it cannot unmount", () => {
  const TEARDOWN =
    'UnmountVolume.TearDown failed for volume "data" (UniqueName: "kubernetes.io/nfs/uid-data") pod "uid" (UID: "uid") : unmount failed: exit status 32';
  const QUOTED = TEARDOWN.replaceAll('"', '\\"');
  it.each([
    [
      'after nestedpendingoperations, unquoted',
      `E1216 17:52:40.629529    1151 nestedpendingoperations.go:335] Operation for "{volumeName:kubernetes.io/nfs/uid-data podName:uid nodeName:}" failed. No retries permitted until 2022-12-16 17:54:42.629513682 +0900 JST m=+252.044485589 (durationBeforeRetry 2m2s). Error: ${TEARDOWN}`,
    ],
    ['on its own line after "Error: " and a quote', `Error: "${QUOTED}"`],
    [
      'after a journalctl prefix',
      `Dec 16 17:52:40 node02 kubelet[1151]: E1216 17:52:40.629529    1151 reconciler.go:211] ${TEARDOWN}`,
    ],
  ])('%s: a FailedUnMount warning, as the kubelet records it', (_, line) => {
    expect(one(line)?.raw).toMatchObject({
      kind: 'Event',
      reason: 'FailedUnMount',
      type: 'Warning',
      message: TEARDOWN,
      involvedObject: { kind: 'Pod', name: UNNAMED_POD },
    });
  });

  it.each([
    [
      'a stale NFS handle',
      'error cleaning subPath mounts for volume "nfs-content" (UniqueName: "kubernetes.io/nfs/uid-nfs-content") pod "uid" (UID: "uid") : error reading /var/lib/kubelet/pods/uid/volume-subpaths/nfs-content/web: lstat /var/lib/kubelet/pods/uid/volume-subpaths/nfs-content/web/2: stale NFS file handle',
    ],
    [
      'a busy bind mount',
      'error cleaning subPath mounts for volume "config" (UniqueName: "kubernetes.io/configmap/uid-config") pod "uid" (UID: "uid") : error processing /var/lib/kubelet/pods/uid/volume-subpaths/config/app/0: device or resource busy',
    ],
  ])('the subPath cleanup before the TearDown, %s: the same FailedUnMount warning', (_, message) => {
    expect(one(`Error: "${message.replaceAll('"', '\\"')}"`)?.raw).toMatchObject({
      kind: 'Event',
      reason: 'FailedUnMount',
      type: 'Warning',
      message,
    });
  });

  it('is not read in the "started" line before it, which reports no failure', () => {
    expect(
      read(
        'I1216 17:52:40.628448    1151 reconciler.go:211] "operationExecutor.UnmountVolume started for volume \\"nfs-test-pv\\""',
      ),
    ).toEqual([]);
  });
});

describe('the floor: event rows of any layout', () => {
  it.each([
    [
      'describe row without an age',
      'Warning  Failed  kubelet  Error: configmap "cluster-config" not found',
      { type: 'Warning', reason: 'Failed', source: { component: 'kubelet' } },
      {},
    ],
    [
      'two-column Reason  Message',
      'FailedMount     Unable to mount volumes for pod "web_default(1)": timeout expired waiting for volumes',
      { type: 'Warning', reason: 'FailedMount' },
      {},
    ],
    [
      'Reason  Age  From  Message (no type)',
      'FailedCreatePodSandBox  30s   kubelet            Failed to create pod sandbox: rpc error',
      { type: 'Warning', reason: 'FailedCreatePodSandBox', source: { component: 'kubelet' } },
      { last: 30 },
    ],
    [
      'get events with the type and reason one space apart',
      "11s   Warning FailedScheduling pod/nmap     0/20 nodes are available: 19 node(s) didn't match node selector.",
      { type: 'Warning', reason: 'FailedScheduling', involvedObject: { kind: 'Pod', name: 'nmap' } },
      { last: 11 },
    ],
    [
      'describe row whose From is "kubelet, <node>" after prose and a field path',
      `the events: spec.containers{app}   Warning   Unhealthy   kubelet, node-2   ${PROBE}`,
      {
        reason: 'Unhealthy',
        source: { component: 'kubelet', host: 'node-2' },
        involvedObject: { kind: 'Pod', fieldPath: 'spec.containers{app}' },
      },
      {},
    ],
    [
      'old seen row with brace source',
      ' 30s  6s  3  {kubelet minikube}  Warning FailedSync  Error syncing pod, skipping: failed to "StartContainer"',
      { reason: 'FailedSync', count: 3, source: { component: 'kubelet', host: 'minikube' } },
      { last: 6, first: 30 },
    ],
    [
      'describe age with its count',
      'Warning  FailedKillPod   76s (x101 over 22m)  kubelet  error killing pod: failed to "KillPodSandbox"',
      { reason: 'FailedKillPod', count: 101 },
      { last: 76, first: 1320 },
    ],
  ])('%s', (_, line, raw, age) => {
    const o = one(line);
    expect(o?.raw).toMatchObject({ kind: 'Event', ...raw });
    if (Object.keys(age).length > 0) expect(o?.age).toMatchObject(age);
  });

  it.each([
    ['a bare kind Pod', '2m  Warning  Failed  Pod  kubelet, n1  Error: ErrImagePull', 'Pod', UNNAMED_POD],
    [
      'a redacted name',
      '4m11s  Warning  Evicted  pod/egg-<id here>  The node was low on resource: memory.',
      'Pod',
      'egg-<id here>',
    ],
    [
      'a Job kind with a FailedCreate that names its pods',
      '3s  Warning  FailedCreate  Job  Error creating: pods "trace-603733c8-" is forbidden: unable to validate against any pod security policy: []',
      'Job',
      'trace-603733c8',
    ],
    [
      'an oc status line that names the owner',
      '-->  FailedCreate: rails-ex-1 Error creating: pods "rails-ex-1-" is forbidden: [minimum memory usage per Pod is 204Mi]',
      'ReplicaSet',
      'rails-ex-1',
    ],
    [
      'a controller source',
      'job-controller  Error creating: Internal error occurred: failed calling webhook "w.example.com": connection refused',
      'Job',
      'unnamed-job',
    ],
    [
      "custom columns with the pod's name first",
      'web-5b4cfb4d57-99b44   shop   Evicted   node-3   Pod The node had condition: [DiskPressure].',
      'Pod',
      'web-5b4cfb4d57-99b44',
    ],
  ])('names the object from %s', (_, line, kind, name) => {
    expect(one(line)?.raw.involvedObject).toMatchObject({ kind, name });
  });

  it('reads an event row whose message has no known shape', () => {
    expect(
      one(
        '4m   Warning   ExceededGracePeriod   pod/egg-1   Something the kubelet said that nobody wrote down',
      )?.raw,
    ).toMatchObject({
      reason: 'ExceededGracePeriod',
      message: 'Something the kubelet said that nobody wrote down',
      involvedObject: { kind: 'Pod', name: 'egg-1' },
    });
  });

  it('drops the FIRST SEEN, COUNT and NAME columns of a wide row after the message', () => {
    expect(
      one(
        '2m40s  Warning  FailedCreatePodSandBox  Pod  kubelet, n1  Failed create pod sandbox: rpc error: no IP addresses available in range set: 10.60.28.1-10.60.28.254        25m   106   3dcae290-8ec4-11e9.15a81eb81cd8b454',
      )?.raw.message,
    ).toBe(
      'Failed create pod sandbox: rpc error: no IP addresses available in range set: 10.60.28.1-10.60.28.254',
    );
  });

  it('keeps the continuation of an old multi-line message, and stops at the next row', () => {
    const objs = read(
      [
        ' 30s  6s  3  {kubelet minikube}  Warning FailedSync  Error syncing pod, skipping: [failed to "InitContainer" for "init" with RunInitContainerError: "init container \\"init\\" exited with 1"',
        ', failed to "StartContainer" for "init" with CrashLoopBackOff: "Back-off 2m40s restarting failed container=init pod=db-1_default(88ab)"',
        '  Warning  Unhealthy  kubelet, n1  Readiness probe failed: connection refused',
      ].join('\n'),
    );
    expect(objs.map((o) => o.raw.reason)).toEqual(['FailedSync', 'Unhealthy']);
    expect(objs[0]?.raw.message).toMatch(
      // the first line is the paste's longest, and ", failed" goes on at column 0: a cut, no space
      /exited with 1", failed to "StartContainer" for "init" with CrashLoopBackOff/,
    );
  });

  it('reads a pod status message after its row cells as the pod status', () => {
    expect(
      one(
        "web-1   OutOfcpu   Node didn't have enough resource: cpu, requested: 2000, used: 0, capacity: 1000",
      )?.raw,
    ).toMatchObject({
      kind: 'Pod',
      metadata: { name: 'web-1' },
      status: { phase: 'Failed', reason: 'OutOfcpu' },
    });
  });
});

describe('an event row on the same line as a command', () => {
  const paste = (t: string) => parsePaste(t, PASTE_PARSERS).objects;

  it('reads the row after the command', () => {
    const objs = paste(
      `kubectl events says: spec.containers{app}   Warning   Unhealthy   kubelet, n2   ${PROBE}`,
    );
    expect(objs.map((o) => o.raw)).toMatchObject([
      { kind: 'Event', reason: 'Unhealthy', involvedObject: { fieldPath: 'spec.containers{app}' } },
    ]);
  });

  it.each([
    `$ kubectl get events | grep "${PROBE}"`,
    `kubectl describe pod web-1 | grep -A2 'Back-off restarting failed container'`,
  ])('leaves a command that quotes a message to search for: %s', (line) => {
    expect(paste(line)).toEqual([]);
  });
});

describe('container state reasons with their message', () => {
  it.each([
    ['ErrImagePull: rpc error: code = NotFound desc = manifest unknown', 'waiting', 'ErrImagePull'],
    ['ImagePullBackOff: Back-off pulling image "x:1"', 'waiting', 'ImagePullBackOff'],
    ['CreateContainerConfigError: secret "db" not found', 'waiting', 'CreateContainerConfigError'],
    ['OOMKilled: the container used 512Mi', 'terminated', 'OOMKilled'],
  ])('%s', (line, state, reason) => {
    const o = one(line);
    expect(o?.raw).toMatchObject({
      kind: 'Pod',
      status: { containerStatuses: [{ name: 'unnamed', state: { [state]: { reason } } }] },
    });
    expect(o?.inferredName).toBeDefined();
  });

  it('puts an Init: reason on an init container', () => {
    expect(one('Init:CreateContainerConfigError: configmap "c" not found')?.raw.status).toMatchObject({
      initContainerStatuses: [{ state: { waiting: { reason: 'CreateContainerConfigError' } } }],
    });
  });
});

describe('lines the floor leaves alone', () => {
  it.each([
    'Error: INSTALLATION FAILED: context deadline exceeded',
    'Completed: 3 of 3 jobs',
    'I saw the liveness probe failed message yesterday, then it went away.',
    'Warning: resource pods/web is missing the kubectl.kubernetes.io/last-applied-configuration annotation',
    'Normal operation resumed after the upgrade.',
    'E0625 13:52:21.097232   41027 reflector.go:138] failed to list *v1.Pod: Unauthorized',
    'NAME   READY   STATUS',
  ])('%s', (line) => {
    expect(read(line)).toEqual([]);
  });
});

describe("the kubelet's answer to kubectl logs for a container that has not started", () => {
  it.each([
    ['PodInitializing', 'PodInitializing', 'Pending'],
    ['ContainerCreating', 'ContainerCreating', 'Pending'],
    ["image can't be pulled", 'ErrImagePull', undefined],
    ['trying and failing to pull image', 'ImagePullBackOff', undefined],
    ['CrashLoopBackOff', 'CrashLoopBackOff', undefined],
  ])('is waiting to start: %s', (said, reason, phase) => {
    const o = one(
      `Error from server (BadRequest): container "app" in pod "web-1" is waiting to start: ${said}`,
    );
    expect(o?.raw).toMatchObject({
      kind: 'Pod',
      metadata: { name: 'web-1' },
      status: { containerStatuses: [{ name: 'app', state: { waiting: { reason } } }] },
    });
    expect((o?.raw.status as { phase?: string }).phase).toBe(phase);
  });

  it('says nothing for a reason it cannot read', () => {
    expect(
      read('Error from server: container "app" in pod "web-1" is waiting to start: something odd'),
    ).toEqual([]);
  });
});

describe('a waiting reason cut short by the paste', () => {
  it('is the one known reason it begins', () => {
    expect(
      one(
        'Error from server (BadRequest): container "main" in pod "p-1" is waiting to start: CreateContainerConfigErro',
      )?.raw.status,
    ).toMatchObject({
      containerStatuses: [{ state: { waiting: { reason: 'CreateContainerConfigError' } } }],
    });
  });

  it('is nothing when it could begin several', () => {
    expect(
      read('Error from server: container "m" in pod "p-1" is waiting to start: CreateContainer'),
    ).toEqual([]);
  });
});

describe('kubelet log lines', () => {
  it('a structured klog line: the message, its err, and the pod="ns/name" it names', () => {
    const o = one(
      'Jun 25 13:52:21 node-1 kubelet[1234]: E0625 13:52:21.097232    1234 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"app\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=app pod=web-1_shop(4f2a0c1e-7d3b)\\"" pod="shop/web-1" podUID=4f2a0c1e-7d3b',
    );
    expect(o?.raw).toMatchObject({
      reason: 'FailedSync',
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
      message:
        'Error syncing pod, skipping: failed to "StartContainer" for "app" with CrashLoopBackOff: "back-off 5m0s restarting failed container=app pod=web-1_shop(4f2a0c1e-7d3b)"',
    });
  });

  it('an older kubelet line that names the pod as name_namespace(uid)', () => {
    expect(
      one(
        'E0101 10:00:00.000000    1234 pod_workers.go:186] Error syncing pod 4f2a0c1e-7d3b ("db-0_data(4f2a0c1e-7d3b)"), skipping: failed to "StartContainer" for "db" with ErrImagePull',
      )?.raw.involvedObject,
    ).toEqual({ kind: 'Pod', name: 'db-0', namespace: 'data' });
  });
});

describe('the floor: messages the kubelet and cluster-autoscaler word outside an event row', () => {
  it.each([
    [
      "the kubelet's own back-off text (a container's waiting message, its sync error)",
      'back-off 5m0s restarting failed container=app pod=web-7d4_default(6f1c)',
      { reason: 'BackOff', type: 'Warning' },
    ],
    [
      'the same with a capital',
      'Back-off 40s restarting failed container=app pod=web-1_shop(1)',
      { reason: 'BackOff' },
    ],
    [
      "cluster-autoscaler's refusal to scale up for the pod",
      "pod didn't trigger scale-up: 1 node(s) had untolerated taint {dedicated: gpu}, 2 max node group size reached",
      { reason: 'NotTriggerScaleUp', type: 'Normal' },
    ],
    [
      'its scale-up for the pod',
      'pod triggered scale-up: [{eks-ng-1 2->3 (max: 5)}]',
      { reason: 'TriggeredScaleUp', type: 'Normal' },
    ],
  ])('%s', (_, line, want) => {
    expect(one(line)?.raw).toMatchObject({ kind: 'Event', message: line, ...want });
  });

  it.each([
    'back-off restarting failed container=app',
    'back-off 5m0s restarting failed container',
    'pod did not trigger scale-up, the group is at its maximum',
    'pod triggered scale-up',
  ])('not from a line that is only like them: %s', (line) => {
    expect(read(line)).toEqual([]);
  });
});

describe("runc's exec failure at the end of a longer line", () => {
  const EXEC = 'exec /usr/local/bin/docker-entrypoint.sh: exec format error';
  it.each([
    ['after prose and a colon', `I keep getting this error: ${EXEC}`],
    ['in a klog line, quoted', `E0501 10:00:00.123456 1 log.go:1] "${EXEC}"`],
    ['after a journald prefix, with a stop', `May 01 10:00:00 n1 kubelet[1]: ${EXEC}.`],
    ['runc 1.0 wording', 'the logs: standard_init_linux.go:228: exec user process caused: exec format error'],
  ])('%s is the log of the unnamed pod', (_, line) => {
    const r = parsePaste(line, PASTE_PARSERS);
    expect(r.logs.map((l) => l.lines)).toEqual([[expect.stringMatching(/exec format error$/)]]);
  });

  it.each([
    ['with words after it', `${EXEC} when I run it on my Mac`],
    ['inside a word', `reexec /app: exec format error`],
    ['with another error text', 'I see: exec /app: operation not supported'],
  ])('not %s', (_, line) => {
    expect(parsePaste(line, PASTE_PARSERS).logs).toEqual([]);
  });
});

describe("the scheduler's per-node histogram without its 0/N prefix", () => {
  it.each([
    "1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 8 node(s) didn't match Pod's node affinity/selector",
    '3 Insufficient memory, 2 node(s) had untolerated taint {a: b}',
    '2 node(s) had volume node affinity conflict',
    '1 Too many pods',
  ])('%s is a FailedScheduling message', (line) => {
    expect(one(`Message: ${line}`)?.raw).toMatchObject({
      kind: 'Event',
      reason: 'FailedScheduling',
      message: line,
    });
  });

  it.each(['We have 3 node(s) that did not match anything', '2 nodes are down', '3 Insufficiently tested'])(
    'not from %s',
    (line) => {
      expect(read(line)).toEqual([]);
    },
  );
});

describe('a message in a quoted scalar a YAML printer folded at "is forbidden:"', () => {
  const QUOTA = 'exceeded quota: pod-demo, requested: pods=1, used: pods=2, limited: pods=2';
  it.each([
    [
      "'",
      `    message: 'unable to create pods: pods "pod-quota-demo-1650323038-" is forbidden:\n      ${QUOTA}'`,
    ],
    [
      '"',
      `    message: "unable to create pods: pods \\"pod-quota-demo-1650323038-\\" is forbidden:\n      ${QUOTA}"`,
    ],
    [
      'none',
      `    message: unable to create pods: pods "pod-quota-demo-1650323038-" is forbidden:\n      ${QUOTA}`,
    ],
  ])('quote %s: the FailedCreate, its quota detail whole, no closing quote', (_q, text) => {
    const events = parsePaste(`...\n${text}\n...`, PASTE_PARSERS).objects.filter(
      (o) => o.raw.kind === 'Event',
    );
    expect(events.map((e) => [e.raw.reason, e.raw.message])).toEqual([
      ['FailedCreate', `pods "pod-quota-demo-1650323038-" is forbidden: ${QUOTA}`],
    ]);
  });

  it('a message that keeps a quote of its own at its end keeps it when nothing opened a scalar', () => {
    const [event] = read(
      `Warning  FailedCreate  2m  replicaset-controller  Error creating: pods "web-1" is forbidden: x 'y'`,
    );
    expect(event?.raw.message).toMatch(/x 'y'$/);
  });
});
