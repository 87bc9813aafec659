import { describe, expect, it } from 'vitest';
import { runRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, node, pod, snapshot, state } from '../../../test/builders.js';
import type { Finding, Snapshot } from '../../model/index.js';
import { rule } from './start-failed.js';

/** containerd/runc text of a start failure (see start-failed.test.ts for real cases). */
const runc = (tail: string) =>
  `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${tail}: unknown`;
const NOT_FOUND = runc('exec: "gunicorn": executable file not found in $PATH');
const EXEC_FORMAT = runc('exec: "/app/server": exec format error');
const DENIED = runc('exec: "/app/run.sh": permission denied');
const MOUNT = runc(
  'error during container init: error mounting "/var/lib/kubelet/pods/80bea268/volume-subpaths/cfg/app/0" to rootfs at "/etc/app/config.yaml": mount /var/lib/kubelet/pods/80bea268/volume-subpaths/cfg/app/0:/etc/app/config.yaml (via /proc/self/fd/6), flags: 0x5001: not a directory',
);
/** A mount failure that names no destination. */
const MOUNT_NO_TARGET = runc(
  'error during container init: error mounting: not a directory: unknown: Are you trying to mount a directory onto a file (or vice-versa)? Check if the specified host path exists and is the expected type',
);
const OTHER = runc(
  'error during container init: unable to apply cgroup configuration: failed to write 0: invalid argument',
);
/** runc before 1.0 printed the exec failure without naming the executable. */
const FORMAT_NO_NAME = 'standard_init_linux.go:228: exec user process caused: exec format error';

interface PodShape {
  readonly nodeName?: string;
  readonly image?: string;
  readonly arch?: string;
}

function startErrorPod(message: string | undefined, opts: PodShape = {}): Snapshot {
  return snapshot({
    pods: [
      pod({
        phase: 'Running',
        ...(opts.nodeName === undefined ? {} : { nodeName: opts.nodeName }),
        containers: [container('app', opts.image === undefined ? {} : { image: opts.image })],
        containerStatuses: [
          cstatus('app', {
            state: state.waiting('CrashLoopBackOff', 'back-off 20s restarting failed container=app'),
            restartCount: 2,
            lastState: state.terminated(128, 'StartError', {
              ...(message === undefined ? {} : { message }),
              finishedS: 30,
            }),
          }),
        ],
      }),
    ],
    nodes:
      opts.nodeName === undefined
        ? []
        : [
            node({
              name: opts.nodeName,
              ...(opts.arch === undefined ? {} : { labels: { 'kubernetes.io/arch': opts.arch } }),
            }),
          ],
  });
}

function only(s: Snapshot): Finding {
  const fs = runRule(rule, s);
  expect(fs.map((f) => f.messageId)).toHaveLength(1);
  return fs[0] as Finding;
}

const DESCRIBE = 'kubectl describe pod web-1 -n default';
const path = (field: string) =>
  `kubectl get pod web-1 -n default -o jsonpath='{.spec.containers[?(@.name=="app")].${field}}'`;

describe('start-failed: next steps per class, with and without node and image', () => {
  it.each<[string, string, PodShape, readonly string[]]>([
    [
      'executable not found',
      NOT_FOUND,
      { nodeName: 'node-1' },
      [
        DESCRIBE,
        path('command'),
        path('args'),
        "crane config registry.example/app:1.0 | jq '.config.Entrypoint, .config.Cmd'",
        'Point command at a binary that exists in the image (or use its full path); a shell snippet must be split as ["sh", "-c", "..."].',
      ],
    ],
    [
      'executable not found, image empty in the spec',
      NOT_FOUND,
      { image: '' },
      [
        DESCRIBE,
        path('command'),
        path('args'),
        "crane config IMAGE | jq '.config.Entrypoint, .config.Cmd'",
        'Point command at a binary that exists in the image (or use its full path); a shell snippet must be split as ["sh", "-c", "..."].',
      ],
    ],
    [
      'exec format error on a node',
      EXEC_FORMAT,
      { nodeName: 'node-1' },
      [
        DESCRIBE,
        "kubectl get node node-1 -o jsonpath='{.status.nodeInfo.architecture}'",
        'docker manifest inspect registry.example/app:1.0',
        'Use an image built for the node architecture (a multi-arch image), or pin the pod to matching nodes with a kubernetes.io/arch nodeSelector.',
      ],
    ],
    [
      'exec format error, no node',
      EXEC_FORMAT,
      { image: '' },
      [
        DESCRIBE,
        'docker manifest inspect IMAGE',
        'Use an image built for the node architecture (a multi-arch image), or pin the pod to matching nodes with a kubernetes.io/arch nodeSelector.',
      ],
    ],
    [
      'permission denied',
      DENIED,
      { nodeName: 'node-1' },
      [
        DESCRIBE,
        path('securityContext'),
        path('command'),
        'Make the entrypoint executable in the image (chmod +x) and readable by the container user; if it lives on a volume, check the mount is not noexec.',
      ],
    ],
    [
      'mount failed',
      MOUNT,
      { nodeName: 'node-1' },
      [
        DESCRIBE,
        path('volumeMounts'),
        'Check the volumeMount: a subPath must exist in the volume and keep its file/directory type; after fixing, delete the pod so it is recreated with fresh mounts.',
      ],
    ],
    [
      'another start error on a node',
      OTHER,
      { nodeName: 'node-1' },
      [
        DESCRIBE,
        'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
        'kubectl describe node node-1',
        'Fix what the runtime error names, then delete the pod so it is recreated.',
      ],
    ],
    [
      'another start error, no node',
      OTHER,
      {},
      [
        DESCRIBE,
        'kubectl get events -n default --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
        'Fix what the runtime error names, then delete the pod so it is recreated.',
      ],
    ],
  ])('%s', (_name, message, shape, steps) => {
    expect(only(startErrorPod(message, shape)).nextSteps).toEqual(steps);
  });
});

describe('start-failed: data per class', () => {
  it.each<[string, string | undefined, PodShape, string, Record<string, string | number>]>([
    [
      'executable named',
      NOT_FOUND,
      {},
      'executableNotFound',
      {
        container: 'app',
        subject: 'container app',
        executable: '"gunicorn"',
        target: 'its mount point',
        arch: 'node architecture not in the evidence',
        detail: `${NOT_FOUND.slice(0, 159)}…`,
        exitCode: 128,
      },
    ],
    [
      'exec format error, node architecture labelled',
      EXEC_FORMAT,
      { nodeName: 'node-1', arch: 'arm64' },
      'execFormat',
      { executable: '"/app/server"', target: 'its mount point', arch: 'node is arm64' },
    ],
    [
      'exec format error naming no executable',
      FORMAT_NO_NAME,
      { nodeName: 'node-1' },
      'execFormat',
      { executable: 'of its command', arch: 'node architecture not in the evidence' },
    ],
    [
      'permission denied',
      DENIED,
      {},
      'permissionDenied',
      { executable: '"/app/run.sh"', target: 'its mount point', detail: 'permission denied' },
    ],
    [
      'mount failed at a named destination',
      MOUNT,
      {},
      'mountFailed',
      { executable: 'of its command', target: '/etc/app/config.yaml', detail: 'not a directory' },
    ],
    [
      'mount failed, destination not named',
      MOUNT_NO_TARGET,
      {},
      'mountFailed',
      { executable: 'of its command', target: 'its mount point', detail: 'not a directory' },
    ],
    [
      'another start error: the whole (shortened) message, not the tail it ends in',
      OTHER,
      {},
      'startFailed',
      {
        executable: 'of its command',
        target: 'its mount point',
        detail:
          'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during co…',
      },
    ],
    [
      'a StartError without a message',
      undefined,
      {},
      'startFailed',
      { container: 'app', detail: 'no message in the evidence', exitCode: 128 },
    ],
  ])('%s', (_name, message, shape, id, data) => {
    const f = only(startErrorPod(message, shape));
    expect(f.messageId).toBe(id);
    expect(f.data).toMatchObject(data);
  });

  it('an event naming no container, on a pod without statuses: container "" and "a container"', () => {
    const f = only(
      snapshot({
        pods: [pod({ phase: 'Pending', nodeName: 'node-1' })],
        events: [event({ reason: 'Failed', message: `Error: ${NOT_FOUND}`, lastS: 20 })],
      }),
    );
    expect(f.basis).toBe('events');
    expect(f.container).toBeUndefined();
    expect(f.data).toMatchObject({
      container: '',
      subject: 'a container',
      executable: '"gunicorn"',
      exitCode: 'none',
    });
  });
});
