import { testRule } from '../../../test/rule-tester.js';
import { container, cstatus, event, node, pod, runningPod, snapshot, state } from '../../../test/builders.js';
import { rule } from './start-failed.js';

/** Real case 029 (containerd, StartError exit 128, pod phase Failed). */
const CASE_029 =
  'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "sh - -c - | echo \\"Processing query set\\" ./process_queryset \\"$0\\" \\"$1\\" \\"$2\\"": stat sh - -c - | echo "Processing query set" ./process_queryset "$0" "$1" "$2": no such file or directory: unknown';
/** Real case 058 (docker, subPath bind mount gone). */
const CASE_058 =
  'OCI runtime create failed: container_linux.go:348: starting container process caused "process_linux.go:402: container init caused \\"rootfs_linux.go:58: mounting \\\\\\"/var/lib/kubelet/pods/80bea268/volume-subpaths/server-credentials/memory-test/0\\\\\\" to rootfs \\\\\\"/var/lib/docker/overlay2/1279bf/merged\\\\\\" at \\\\\\"/var/lib/docker/overlay2/1279bf/merged/etc/certs/namespace.cer\\\\\\" caused \\\\\\"no such file or directory\\\\\\"\\"": unknown';
const NOT_IN_PATH =
  'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "gunicorn": executable file not found in $PATH: unknown';

const one = (name: string, opts: Parameters<typeof cstatus>[1], phase = 'Running') =>
  pod({ phase, nodeName: 'node-1', containers: [container(name)], containerStatuses: [cstatus(name, opts)] });

testRule(rule, {
  valid: [
    { name: 'running pod', snapshot: snapshot({ pods: [runningPod()] }) },
    {
      name: 'started fine after an earlier start error',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: state.running(60),
            restartCount: 1,
            lastState: state.terminated(128, 'StartError', { message: NOT_IN_PATH }),
          }),
        ],
      }),
    },
    {
      name: 'events only: a later Started event ends it',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Failed',
            message: `Error: ${NOT_IN_PATH}`,
            fieldPath: 'spec.containers{app}',
            lastS: 10,
          }),
          event({
            reason: 'Started',
            type: 'Normal',
            message: 'Started container app',
            fieldPath: 'spec.containers{app}',
            lastS: 60,
          }),
        ],
      }),
    },
    {
      name: 'a crash loop with an application exit is the crash stage',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: state.waiting('CrashLoopBackOff', 'back-off 40s restarting failed container=app'),
            restartCount: 3,
            lastState: state.terminated(1, 'Error'),
          }),
        ],
      }),
    },
    {
      name: 'an application that logs an exec error of its own child and then runs on',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: state.running(60),
            restartCount: 1,
            lastState: state.terminated(1, 'Error', { message: 'exec /bin/helper: exec format error' }),
          }),
        ],
      }),
    },
    {
      name: 'an exec error earlier in the log, the application failing later',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: state.waiting('CrashLoopBackOff', 'back-off 40s restarting failed container=app'),
            restartCount: 3,
            lastState: state.terminated(1, 'Error'),
          }),
        ],
        logs: [
          {
            namespace: 'default',
            pod: 'web-1',
            container: 'app',
            previous: true,
            lines: ['exec /usr/bin/plugin: exec format error', 'fatal: plugin failed to load'],
          },
        ],
      }),
    },
    {
      name: 'exit 128 from the application itself (no runtime message)',
      snapshot: snapshot({
        pods: [
          one(
            'app',
            { state: state.terminated(128, 'Error', { message: 'fatal: not a git repository' }) },
            'Failed',
          ),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'real 029: StartError exit 128, command passed as one string',
      snapshot: snapshot({
        pods: [
          one(
            'main',
            { state: state.terminated(128, 'StartError', { message: CASE_029, finishedS: 30 }) },
            'Failed',
          ),
        ],
      }),
      expect: [
        {
          messageId: 'executableNotFound',
          reason: 'ExecutableNotFound',
          basis: 'state',
          container: { name: 'main', type: 'app' },
          data: {
            exitCode: 128,
            executable: '"sh - -c - | echo "Processing query set" ./process_queryset "$0" "$1" "$2""',
          },
          evidenceIncludes: ['containerStatuses[main].state.terminated: StartError (exit code 128)'],
        },
      ],
    },
    {
      name: 'real 058: docker RunContainerError, subPath mount source gone',
      snapshot: snapshot({
        pods: [
          one('memory-test', {
            state: state.waiting('RunContainerError', CASE_058),
            restartCount: 2,
            lastState: state.terminated(128, 'ContainerCannotRun', { message: CASE_058 }),
          }),
        ],
      }),
      expect: [
        {
          messageId: 'mountFailed',
          reason: 'StartError',
          data: { target: '/etc/certs/namespace.cer', detail: 'no such file or directory', exitCode: 128 },
        },
      ],
    },
    {
      name: 'CrashLoopBackOff whose last termination is a start error',
      snapshot: snapshot({
        pods: [
          one('web', {
            state: state.waiting('CrashLoopBackOff', 'back-off 5m0s restarting failed container=web'),
            restartCount: 9,
            lastState: state.terminated(128, 'StartError', { message: NOT_IN_PATH }),
          }),
        ],
      }),
      expect: [
        {
          messageId: 'executableNotFound',
          data: { executable: '"gunicorn"' },
          evidenceIncludes: ['state.waiting: CrashLoopBackOff', 'lastState.terminated: StartError'],
        },
      ],
    },
    {
      name: 'exec format error on an init container, node architecture known',
      snapshot: snapshot({
        nodes: [node({ name: 'node-1', labels: { 'kubernetes.io/arch': 'arm64' } })],
        pods: [
          pod({
            nodeName: 'node-1',
            initContainers: [container('setup')],
            initContainerStatuses: [
              cstatus('setup', {
                state: state.terminated(128, 'StartError', {
                  message:
                    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/setup": exec format error: unknown',
                }),
              }),
            ],
            containerStatuses: [cstatus('app', { state: state.waiting('PodInitializing') })],
          }),
        ],
      }),
      expect: [
        {
          messageId: 'execFormat',
          reason: 'ExecFormatError',
          container: { name: 'setup', type: 'init' },
          data: { arch: 'node is arm64' },
        },
      ],
    },
    {
      name: 'a get-pods row (container unnamed) and `kubectl get events` rows without fieldPath',
      snapshot: snapshot({
        pods: [
          pod({
            nodeName: 'node-1',
            containers: [],
            containerStatuses: [
              cstatus('unnamed', { state: state.waiting('RunContainerError'), restartCount: 3 }),
            ],
          }),
        ],
        events: [
          event({ reason: 'Failed', message: `Error: ${NOT_IN_PATH}`, count: 4, lastS: 50 }),
          event({
            reason: 'BackOff',
            message: 'Back-off restarting failed container api in pod web-1_default(uid-web-1)',
            lastS: 55,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'executableNotFound',
          reason: 'ExecutableNotFound',
          basis: 'state',
          data: { executable: '"gunicorn"' },
          evidenceIncludes: ['state.waiting: RunContainerError', 'executable file not found in $PATH'],
        },
      ],
    },
    {
      name: 'exit 1 after start: runc printed the exec format error as the container log (arm64 image)',
      snapshot: snapshot({
        pods: [
          one('web', {
            state: state.waiting('CrashLoopBackOff', 'back-off 2m40s restarting failed container=web'),
            restartCount: 6,
            lastState: state.terminated(1, 'Error', { startedS: 10, finishedS: 10 }),
          }),
        ],
        logs: [
          {
            namespace: 'default',
            pod: 'web-1',
            container: 'web',
            previous: true,
            lines: ['exec /usr/local/bin/docker-entrypoint.sh: exec format error', ''],
          },
        ],
      }),
      expect: [
        {
          messageId: 'execFormat',
          reason: 'ExecFormatError',
          basis: 'state',
          container: { name: 'web', type: 'app' },
          data: { exitCode: 1 },
          evidenceIncludes: [
            'lastState.terminated: Error (exit code 1)',
            'logs[web] (previous): exec /usr/local/bin/docker-entrypoint.sh: exec format error',
          ],
        },
      ],
    },
    {
      name: 'exit 1 after start, runc 1.0 wording in the termination message (CRLF script)',
      snapshot: snapshot({
        pods: [
          one(
            'job',
            {
              state: state.terminated(1, 'Error', {
                message: 'standard_init_linux.go:228: exec user process caused: no such file or directory\n',
              }),
            },
            'Failed',
          ),
        ],
      }),
      expect: [{ messageId: 'executableNotFound', reason: 'ExecutableNotFound', data: { exitCode: 1 } }],
    },
    {
      name: 'events only: permission denied on the entrypoint',
      snapshot: snapshot({
        events: [
          event({
            reason: 'Created',
            type: 'Normal',
            message: 'Created container: app',
            fieldPath: 'spec.containers{app}',
            lastS: 5,
          }),
          event({
            reason: 'Failed',
            message:
              'Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run.sh": permission denied: unknown',
            fieldPath: 'spec.containers{app}',
            lastS: 6,
          }),
          event({
            reason: 'BackOff',
            message: 'Back-off restarting failed container app in pod web-1_default(uid-web-1)',
            fieldPath: 'spec.containers{app}',
            lastS: 30,
          }),
        ],
      }),
      expect: [
        {
          messageId: 'permissionDenied',
          reason: 'PermissionDenied',
          basis: 'events',
          container: { name: 'app', type: 'app' },
          data: { detail: 'permission denied' },
        },
      ],
    },
    {
      name: 'CRI-O reports the runc error as CreateContainerError',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: state.waiting(
              'CreateContainerError',
              'container create failed: time="2024-05-01T10:00:00Z" level=error msg="runc create failed: unable to start container process: exec: \\"/bin/app\\": stat /bin/app: no such file or directory"',
            ),
          }),
        ],
      }),
      expect: [{ messageId: 'executableNotFound', data: { executable: '"/bin/app"', exitCode: 'none' } }],
    },
    {
      name: 'unrecognised start error, working directory missing',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: state.terminated(128, 'StartError', {
              message:
                'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: chdir to cwd ("/srv/app") set in config.json failed: no such file or directory: unknown',
            }),
          }),
        ],
      }),
      expect: [{ messageId: 'startFailed', reason: 'StartError' }],
    },
    {
      name: 'pasted fragment: a waiting message without its reason line',
      snapshot: snapshot({
        pods: [
          one('app', {
            state: {
              waiting: {
                message:
                  'OCI runtime create failed: container_linux.go:348: starting container process caused "exec: \\"/app\\": permission denied": unknown',
              },
            },
          }),
        ],
      }),
      expect: [{ messageId: 'permissionDenied', reason: 'PermissionDenied', basis: 'state' }],
    },
  ],
});
