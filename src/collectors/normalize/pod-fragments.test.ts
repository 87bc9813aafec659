import { describe, expect, it } from 'vitest';
import { rebuildPod } from './pod-fragments.js';

describe('rebuildPod', () => {
  it('reads a pod status block and names the pod after its container', () => {
    const r = rebuildPod({
      phase: 'Failed',
      containerStatuses: [{ name: 'main', state: { terminated: { exitCode: 128 } } }],
    });
    expect(r?.raw).toMatchObject({ kind: 'Pod', metadata: { name: 'main' }, status: { phase: 'Failed' } });
    expect(r?.inferredName).toContain('main');
  });

  it('keeps the name of a kindless object with metadata', () => {
    const r = rebuildPod({ metadata: { name: 'web-1', namespace: 'x' }, status: { phase: 'Pending' } });
    expect(r?.raw).toMatchObject({
      metadata: { name: 'web-1', namespace: 'x' },
      status: { phase: 'Pending' },
    });
    expect(r?.inferredName).toBeUndefined();
  });

  it('wraps a lone container state into an unnamed container', () => {
    expect(rebuildPod({ terminated: { exitCode: 137, reason: 'OOMKilled' } })?.raw).toMatchObject({
      metadata: { name: 'unnamed-pod' },
      status: { containerStatuses: [{ name: 'unnamed', state: { terminated: { reason: 'OOMKilled' } } }] },
    });
  });

  // A message alone may be anyone's (an event's, a condition's): the paste's message reader reads it.
  it.each([
    [{ message: 'OCI runtime create failed' }],
    [{ reason: 'FailedScheduling', message: '0/3 nodes are available: 3 Insufficient cpu.' }],
    [{ reason: 'BackOff', message: 'Back-off restarting failed container app in pod web-1_shop(1)' }],
  ])("an event's reason and message, or a message alone, are no container state: %j", (fragment) => {
    expect(rebuildPod(fragment)).toBeUndefined();
  });

  it.each([
    [{ reason: 'CrashLoopBackOff' }, { reason: 'CrashLoopBackOff' }],
    [
      { reason: 'CreateContainerConfigError', message: 'secret "db" not found' },
      { reason: 'CreateContainerConfigError' },
    ],
    [{ reason: 'ErrImagePull2', message: 'x' }, { reason: 'ErrImagePull2' }],
  ])('a lone reason that is one CamelCase word is a waiting state: %j', (fragment, waiting) => {
    expect(rebuildPod(fragment)?.raw.status).toMatchObject({ containerStatuses: [{ state: { waiting } }] });
  });

  it.each([
    [{ reason: 'a managed node sits NotReady; the kubelet keeps logging' }],
    [{ reason: 'the pod never starts', message: 'see the logs' }],
    [{ reason: 'crashLoopBackOff' }],
    [{ reason: 'Crash Loop' }],
    [{ reason: '' }],
  ])('a reason that is prose (an issue form field) is no container state: %j', (fragment) => {
    expect(rebuildPod(fragment)).toBeUndefined();
  });

  const scheduled = { type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: 'm' };
  it.each([
    ['a list of conditions', [scheduled, { type: 'Ready', status: 'False' }]],
    [
      "Ready for a reason only a pod's has",
      { type: 'Ready', status: 'False', reason: 'ReadinessGatesNotReady' },
    ],
    ['one condition', scheduled],
    [
      "a readiness gate's own type beside a pod's",
      [
        { type: 'ContainersReady', status: 'True' },
        { type: 'example.com/gate', status: 'False' },
      ],
    ],
  ])("%s cut out of a pod's status is that pod's status.conditions", (_, fragment) => {
    expect(rebuildPod(fragment)?.raw.status).toEqual({
      conditions: Array.isArray(fragment) ? fragment : [fragment],
    });
  });

  it.each([
    [
      "a Deployment's conditions",
      [
        { type: 'Available', status: 'False' },
        { type: 'Progressing', status: 'True' },
      ],
    ],
    ['entries without a status', [{ type: 'Ready', reason: 'x' }]],
    ['a list that holds a word', [scheduled, 'Ready']],
  ])('%s are no pod conditions', (_, fragment) => {
    expect(rebuildPod(fragment)).toBeUndefined();
  });

  it('returns undefined for things that are not part of a pod', () => {
    expect(rebuildPod({ foo: 'bar' })).toBeUndefined();
    expect(rebuildPod('text')).toBeUndefined();
    expect(rebuildPod([1, 2])).toBeUndefined();
  });
});
