import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyStartError, type StartErrorCode } from './start-message.js';

/** Runtime texts from containerd, CRI-O and dockershim, with the code and the subject they name. */
const CASES: readonly (readonly [string, StartErrorCode, string])[] = [
  [
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "sh - -c - | echo \\"Processing query set\\" ./process_queryset \\"$0\\"": stat sh - -c - | echo "Processing query set" ./process_queryset "$0": no such file or directory: unknown',
    'ExecutableNotFound',
    'sh - -c - | echo "Processing query set" ./process_queryset "$0"',
  ],
  [
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "gunicorn": executable file not found in $PATH: unknown',
    'ExecutableNotFound',
    'gunicorn',
  ],
  [
    'failed to start container "3f9a": Error response from daemon: OCI runtime create failed: container_linux.go:345: starting container process caused "exec: \\"/entrypoint.sh\\": stat /entrypoint.sh: no such file or directory": unknown',
    'ExecutableNotFound',
    '/entrypoint.sh',
  ],
  ['exec /docker-entrypoint.sh: no such file or directory', 'ExecutableNotFound', '/docker-entrypoint.sh'],
  [
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/server": exec format error: unknown',
    'ExecFormatError',
    '/app/server',
  ],
  ['standard_init_linux.go:228: exec user process caused: exec format error', 'ExecFormatError', ''],
  [
    'OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run.sh": permission denied: unknown',
    'PermissionDenied',
    '/app/run.sh',
  ],
  [
    'OCI runtime create failed: container_linux.go:348: starting container process caused "process_linux.go:402: container init caused \\"rootfs_linux.go:58: mounting \\\\\\"/var/lib/kubelet/pods/80/volume-subpaths/creds/app/0\\\\\\" to rootfs \\\\\\"/var/lib/docker/overlay2/12/merged\\\\\\" at \\\\\\"/var/lib/docker/overlay2/12/merged/etc/certs/namespace.cer\\\\\\" caused \\\\\\"no such file or directory\\\\\\"\\"": unknown',
    'StartError',
    '/etc/certs/namespace.cer',
  ],
  [
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error mounting "/var/lib/kubelet/pods/1/volume-subpaths/cfg/app/0" to rootfs at "/etc/app/app.conf": mount /var/lib/kubelet/pods/1/volume-subpaths/cfg/app/0:/etc/app/app.conf (via /proc/self/fd/6), flags: 0x5001: not a directory: unknown',
    'StartError',
    '/etc/app/app.conf',
  ],
  [
    'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: chdir to cwd ("/srv") set in config.json failed: no such file or directory: unknown',
    'StartError',
    '',
  ],
];

describe('classifyStartError', () => {
  for (const [text, code, subject] of CASES) {
    it(`${code}: ${text.slice(0, 80)}`, () => {
      const cls = classifyStartError(text);
      expect(cls.code).toBe(code);
      expect(cls.subject).toBe(subject);
    });
  }

  it('flags mount failures', () => {
    expect(classifyStartError(CASES[7]?.[0] ?? '').mount).toBe(true);
    expect(classifyStartError(CASES[1]?.[0] ?? '').mount).toBe(false);
  });
});

const CODES: readonly string[] = ['ExecutableNotFound', 'ExecFormatError', 'PermissionDenied', 'StartError'];
/** Consonant-only noise cannot spell exec, mount, permission or any other fragment the classifier reads. */
const noise = fc.string({ unit: fc.constantFrom(...'bcdfghjklmnpqrstvwxz .-/'.split('')), maxLength: 40 });

describe('classifier properties', () => {
  it('never throws and always answers with a container-start reason code', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const cls = classifyStartError(text);
        expect(CODES).toContain(cls.code);
        expect(cls.mount ? cls.code : 'StartError').toBe('StartError');
      }),
    );
  });

  it('keeps the classification of a known message inside surrounding noise', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASES), noise, noise, ([text, code], before, after) => {
        expect(classifyStartError(`${before}: ${text}: ${after}`).code).toBe(code);
      }),
    );
  });

  it('a mount failure is never reported as a missing executable, whatever else the message says', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CASES),
        fc.constantFrom('rootfs_linux.go:58: mounting', 'error mounting "/x" to rootfs at "/y"'),
        ([text], mount) => {
          expect(classifyStartError(`${mount}: ${text}`).code).toBe('StartError');
        },
      ),
    );
  });
});

describe('the whole classification', () => {
  it.each([
    [
      'docker-in-docker: quotes escaped several times inside the executable',
      'OCI runtime create failed: container_linux.go:345: starting container process caused "exec: \\"sh -c \\\\\\"echo hi\\\\\\"\\": stat sh -c \\\\\\"echo hi\\\\\\": no such file or directory": unknown',
      {
        code: 'ExecutableNotFound',
        mount: false,
        subject: 'sh -c "echo hi"',
        matched: 'no such file or directory',
      },
    ],
    [
      'exec format error',
      'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/server": exec format error: unknown',
      { code: 'ExecFormatError', mount: false, subject: '/app/server', matched: 'exec format error' },
    ],
    [
      'permission denied',
      'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/run.sh": permission denied: unknown',
      { code: 'PermissionDenied', mount: false, subject: '/app/run.sh', matched: 'permission denied' },
    ],
    [
      'anything unrecognised',
      'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: unable to apply cgroup configuration: failed to write 0: invalid argument: unknown',
      { code: 'StartError', mount: false, subject: '', matched: '' },
    ],
  ])('%s', (_name, text, cls) => {
    expect(classifyStartError(text)).toEqual(cls);
  });
});
