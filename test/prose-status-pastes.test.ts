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

describe("kubectl port-forward's refusal of a pod that is not Running", () => {
  it.each([
    ['$ kubectl port-forward -n shop pod/web-1 8080:80', 'shop/web-1', 'Pending'],
    ['$ kubectl port-forward web-1 8080', 'default/web-1', 'Failed'],
    ['$ kubectl port-forward svc/web 8080:80', 'default/unnamed-pod', 'Pending'],
    ['some prose first', 'default/unnamed-pod', 'Succeeded'],
  ])('%s', (command, target, phase) => {
    const text = `${command}\nerror: unable to forward port because pod is not running. Current status=${phase}`;
    const { snapshot, diagnoses } = diagnosePaste(text, CLOCK);
    expect(diagnoses.map((d) => `${d.target.namespace}/${d.target.name}`)).toEqual([target]);
    expect(snapshot.pods[0]?.status.phase).toBe(phase);
  });

  it('reads no phase kubectl does not print', () => {
    expect(() =>
      diagnosePaste('error: unable to forward port because pod is not running. Current status=Broken', CLOCK),
    ).toThrow(/holds no Kubernetes objects/);
  });
});
