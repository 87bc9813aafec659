import { configFailures, type ConfigFailure } from './analyse.js';
import { containerSubject, describePod, shorten } from '../shared/container-evidence.js';
import { finding, graceStatus } from '../shared/finding.js';
import { kubectl } from '../shared/kubectl.js';
import type { Pod } from '../../model/index.js';
import type { Rule } from '../types.js';

const meta = {
  id: 'container-config/create-container-error',
  stage: 'container-config',
  target: 'pod',
  title: 'Container could not be created',
  description:
    'The kubelet or the runtime failed to create a container for a reason other than a missing ConfigMap/Secret or ' +
    'runAsNonRoot: CreateContainerError (name still reserved, runtime timeout, no command, bad mount source) or an ' +
    'unrecognised CreateContainerConfigError. Runtime errors about starting the process are container-start. A reported error is ' +
    'failed at once (the kubelet retries after a back-off); grace 60 s only while an earlier create is still running in the ' +
    'runtime (the name is reserved, or the create request timed out).',
  reasons: ['CreateContainerError'],
  graceSeconds: 60,
  needs: ['pods', 'events'],
  messages: {
    nameReserved:
      'The runtime could not create {{subject}}: its name is still reserved by an earlier create that has not finished (slow or overloaded runtime).',
    noCommand:
      'The runtime could not create {{subject}}: neither the image nor the pod spec gives a command to run.',
    createFailed: 'Creating {{subject}} failed: {{detail}}.',
  },
  docs: 'docs/rules/container-config/create-container-error.md',
} as const;

const NAME_RESERVED = /failed to reserve container name|is reserved for/i;
const NO_COMMAND = /no command specified/i;
/** The runtime is still working on an earlier create (the kubelet's request timed out, the name stays reserved): a wait. */
const IN_FLIGHT =
  /failed to reserve container name|is reserved for|context deadline exceeded|DeadlineExceeded/i;

function messageId(f: ConfigFailure): keyof typeof meta.messages {
  if (NAME_RESERVED.test(f.message)) return 'nameReserved';
  if (NO_COMMAND.test(f.message)) return 'noCommand';
  return 'createFailed';
}

function fix(id: keyof typeof meta.messages): string {
  switch (id) {
    case 'nameReserved':
      return 'This usually clears once the runtime catches up; if it persists, look at disk I/O and the container runtime on the node (crictl ps -a, journalctl -u containerd).';
    case 'noCommand':
      return 'Set command (and args) for the container, or use an image that defines ENTRYPOINT or CMD.';
    case 'createFailed':
      return 'Fix what the runtime error names (a mount source, a device, a runtime setting), then delete the pod so it is recreated.';
  }
}

function steps(pod: Pod, id: keyof typeof meta.messages): string[] {
  const node = pod.spec.nodeName;
  return [
    describePod(pod),
    kubectl.events('Pod', pod.metadata.name, pod.metadata.namespace),
    ...(node === undefined || id === 'noCommand' ? [] : [kubectl.describeNode(node)]),
    fix(id),
  ];
}

export const rule = {
  meta,
  evaluate(ctx) {
    const { pod } = ctx;
    return configFailures(ctx)
      .filter((f) => f.cls.code === 'CreateContainerError')
      .map((f) => {
        const id = messageId(f);
        const reported = !IN_FLIGHT.test(f.message);
        return finding(meta, {
          reason: 'CreateContainerError',
          messageId: id,
          data: {
            container: f.ref?.name ?? '',
            subject: containerSubject(f.ref),
            waitingReason: f.waitingReason ?? 'unknown (events only)',
            detail: shorten(f.message) || 'no message in the evidence',
          },
          status: graceStatus(meta, f.since, ctx.now, reported),
          reported,
          basis: f.basis,
          container: f.ref,
          evidence: f.evidence,
          at: f.at,
          nextSteps: steps(pod, id),
        });
      });
  },
} satisfies Rule<'pod'>;
