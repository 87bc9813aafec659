import { containerJsonPath, containerSubject, describePod, shorten } from '../shared/container-evidence.js';
import { finding } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import { startFailures, type ContainerStartFailure } from './analyse.js';
import type { Pod } from '../../model/index.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'container-start/start-failed',
  stage: 'container-start',
  target: 'pod',
  title: 'Runtime could not start the container process',
  description:
    'The container was created but the OCI runtime failed to start its process: RunContainerError, terminated StartError ' +
    '(exit 128) or ContainerCannotRun, also behind a CrashLoopBackOff whose last termination is a start error. Classifies ' +
    'the runtime message: executable not found, exec format error (wrong architecture), permission denied, or another ' +
    'start error such as a failed volume or subPath mount.',
  reasons: ['ExecutableNotFound', 'ExecFormatError', 'PermissionDenied', 'StartError'],
  graceSeconds: 0,
  needs: ['pods', 'events'],
  messages: {
    executableNotFound:
      'The runtime could not start {{subject}}: the executable {{executable}} does not exist in the image or is not on $PATH.',
    execFormat:
      'The runtime could not start {{subject}}: exec format error, the image or its entrypoint is built for another CPU architecture than the node ({{arch}}).',
    permissionDenied: 'The runtime could not start {{subject}}: permission denied ({{detail}}).',
    mountFailed:
      'The runtime could not start {{subject}}: mounting a volume at {{target}} failed ({{detail}}).',
    startFailed: 'The runtime could not start {{subject}}: {{detail}}.',
  },
  docs: 'docs/rules/container-start/start-failed.md',
} as const;

type MessageId = keyof typeof meta.messages;

function messageId(f: ContainerStartFailure): MessageId {
  switch (f.cls.code) {
    case 'ExecutableNotFound':
      return 'executableNotFound';
    case 'ExecFormatError':
      return 'execFormat';
    case 'PermissionDenied':
      return 'permissionDenied';
    case 'StartError':
      return f.cls.mount ? 'mountFailed' : 'startFailed';
  }
}

const TAIL =
  /no such file or directory|not a directory|permission denied|read-only file system|file exists|invalid argument|too many levels of symbolic links/i;

function steps(pod: Pod, f: ContainerStartFailure, id: MessageId): string[] {
  const image = f.image === '' ? 'IMAGE' : f.image;
  const node = pod.spec.nodeName;
  switch (id) {
    case 'executableNotFound':
      return [
        describePod(pod),
        containerJsonPath(pod, f.ref, 'command'),
        containerJsonPath(pod, f.ref, 'args'),
        `crane config ${kubectl.quote(image)} | jq '.config.Entrypoint, .config.Cmd'`,
        'Point command at a binary that exists in the image (or use its full path); a shell snippet must be split as ["sh", "-c", "..."].',
      ];
    case 'execFormat':
      return [
        describePod(pod),
        ...(node === undefined
          ? []
          : [kubectl.getNode(node, `-o jsonpath='{.status.nodeInfo.architecture}'`)]),
        `docker manifest inspect ${kubectl.quote(image)}`,
        'Use an image built for the node architecture (a multi-arch image), or pin the pod to matching nodes with a kubernetes.io/arch nodeSelector.',
      ];
    case 'permissionDenied':
      return [
        describePod(pod),
        containerJsonPath(pod, f.ref, 'securityContext'),
        containerJsonPath(pod, f.ref, 'command'),
        'Make the entrypoint executable in the image (chmod +x) and readable by the container user; if it lives on a volume, check the mount is not noexec.',
      ];
    case 'mountFailed':
      return [
        describePod(pod),
        containerJsonPath(pod, f.ref, 'volumeMounts'),
        'Check the volumeMount: a subPath must exist in the volume and keep its file/directory type; after fixing, delete the pod so it is recreated with fresh mounts.',
      ];
    case 'startFailed':
      return [
        describePod(pod),
        kubectl.events('Pod', pod.metadata.name, pod.metadata.namespace),
        ...(node === undefined ? [] : [kubectl.describeNode(node)]),
        'Fix what the runtime error names, then delete the pod so it is recreated.',
      ];
  }
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    const arch = ctx.node?.metadata.labels?.['kubernetes.io/arch'];
    return startFailures(ctx).map((f) => {
      const id = messageId(f);
      const tail = TAIL.exec(f.message)?.[0];
      return finding(meta, {
        reason: f.cls.code,
        messageId: id,
        data: {
          container: f.ref?.name ?? '',
          subject: containerSubject(f.ref),
          executable:
            f.cls.subject === '' || f.cls.mount ? 'of its command' : `"${shorten(f.cls.subject, 120)}"`,
          target: f.cls.mount && f.cls.subject !== '' ? f.cls.subject : 'its mount point',
          arch: arch === undefined ? 'node architecture not in the evidence' : `node is ${arch}`,
          detail:
            (f.cls.code === 'StartError' && !f.cls.mount ? undefined : tail) ??
            (shorten(f.message, 160) || 'no message in the evidence'),
          exitCode: f.exitCode ?? 'none',
        },
        basis: f.basis,
        container: f.ref,
        evidence: f.evidence,
        at: f.at,
        nextSteps: steps(pod, f, id),
      });
    });
  },
} satisfies Rule<'pod'>;
