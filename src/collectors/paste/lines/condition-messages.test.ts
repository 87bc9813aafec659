import { describe, expect, it } from 'vitest';
import { conditionMessagePod } from './status-objects.js';

const condition = (line: string): unknown =>
  (conditionMessagePod(line, 1)?.raw.status as { conditions?: unknown[] } | undefined)?.conditions?.[0];

describe('conditionMessagePod: the kubelet condition messages of generate.go, anywhere in a line', () => {
  it.each([
    [
      'corresponding condition of pod readiness gate "target-health.elbv2.k8s.aws/k8s-default-web-0a1b" does not exist.',
      'Ready',
      'ReadinessGatesNotReady',
    ],
    [
      'Message: the status of pod readiness gate "www.example.com/feature-1" is not "True", but False',
      'Ready',
      'ReadinessGatesNotReady',
    ],
    ["    message: 'containers with unready status: [foo]'", 'Ready', 'ContainersNotReady'],
    [
      '"message":"containers with unready status: [app istio-proxy]","reason":"ContainersNotReady"',
      'Ready',
      'ContainersNotReady',
    ],
    [
      'Initialized False: containers with incomplete status: [wait-for-db]',
      'Initialized',
      'ContainersNotInitialized',
    ],
  ])('%s', (line, type, reason) => {
    expect(condition(line)).toMatchObject({ type, status: 'False', reason });
  });

  it.each([
    'containers with unready status',
    'all containers with unready status: are listed',
    'the pod readiness gate is not met',
    'mycontainers with unready status: [a]',
  ])('no condition: %s', (line) => {
    expect(conditionMessagePod(line, 1)).toBeUndefined();
  });

  it('quotes the message as the kubelet wrote it', () => {
    expect(condition('x: containers with unready status: [a b] and more')).toMatchObject({
      message: 'containers with unready status: [a b]',
    });
  });
});
