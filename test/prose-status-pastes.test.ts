/**
 * Text with no kubectl output but a sentence naming the pod's state in kubectl's STATUS word: read
 * as an unnamed pod in that state (the stage its rules give), instead of refused; and never when
 * the text holds kubectl output the readers took.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste, firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

describe('a pod state named in a sentence', () => {
  it.each([
    ['The pod is stuck at Init:CrashLoopBackOff', 'init-containers InitContainerCrashLoop'],
    [
      'All pods fail with CreateContainerConfigError due to a missing secret',
      'container-config CreateContainerError',
    ],
    ['after the upgrade every pod is in ImagePullBackOff', 'image-pull PullBackOff'],
    ['my pods are in CrashLoopBackOff', 'crash CrashLoopBackOff'],
    ['the container was OOMKilled', 'crash OOMKilled'],
  ])('%s', (text, expected) => {
    expect(firstFailure(text, CLOCK)).toBe(expected);
  });

  it('is not read where kubectl output was: the row decides', () => {
    const text = [
      'It was in CrashLoopBackOff yesterday, now:',
      'NAME    READY   STATUS    RESTARTS   AGE',
      'web-1   1/1     Running   0          3h',
    ].join('\n');
    const { diagnoses } = diagnosePaste(text, CLOCK);
    expect(diagnoses.map((d) => `${d.target.name} ${d.verdict}`)).toEqual(['web-1 healthy']);
  });
});

describe('a kubelet condition message on a line of its own', () => {
  it('a readiness gate whose condition does not exist is the readiness stage', () => {
    expect(
      firstFailure(
        'Message: corresponding condition of pod readiness gate "target-health.elbv2.k8s.aws/k8s-default-web" does not exist.',
        CLOCK,
      ),
    ).toBe('readiness ReadinessGateNotMet');
  });

  it('a list of conditions cut out of -o yaml is a pod, not refused', () => {
    const text = [
      '  - lastProbeTime: null',
      '    lastTransitionTime: 2015-10-22T17:54:57Z',
      "    message: 'containers with unready status: [foo]'",
      '    reason: ContainersNotReady',
      '    status: "False"',
      '    type: Ready',
    ].join('\n');
    expect(diagnosePaste(text, CLOCK).diagnoses.map((d) => d.target.name)).toEqual(['unnamed-pod']);
  });
});
