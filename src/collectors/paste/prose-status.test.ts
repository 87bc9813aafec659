import { describe, expect, it } from 'vitest';
import { proseStatusPod } from './prose-status.js';
import { STATUS_COLUMN } from '../../model/index.js';

const word = (text: string): unknown => {
  const pod = proseStatusPod(text.split('\n'));
  return (pod?.raw.metadata as { annotations?: Record<string, string> } | undefined)?.annotations?.[
    STATUS_COLUMN
  ];
};

describe('proseStatusPod', () => {
  it.each([
    ['The pod is stuck at Init:CrashLoopBackOff', 'Init:CrashLoopBackOff'],
    ['all our pods are in CrashLoopBackOff after upgrade', 'CrashLoopBackOff'],
    ['pods stuck in `ImagePullBackOff`.', 'ImagePullBackOff'],
    ['it keeps showing "CreateContainerConfigError"', 'CreateContainerConfigError'],
    ['Init:0/1 forever', 'Init:0/1'],
    ['the job pod ends Init:Error', 'Init:Error'],
    ['container gets OOMKilled every hour', 'OOMKilled'],
    ['first ContainerCreating, then RunContainerError', 'RunContainerError'],
    ['ErrImagePull\nand after a while ImagePullBackOff', 'ImagePullBackOff'],
    ['The pod is stuck in Terminating state for 2 days', 'Terminating'],
    ['pods hang in `Terminating` after helm uninstall', 'Terminating'],
    ['The pods remain Terminating forever', 'Terminating'],
    ['all of them in "Terminating" status', 'Terminating'],
    ['first CrashLoopBackOff, and after the delete stuck in Terminating', 'Terminating'],
    // kubectl's STATUS for a pod's own status.reason.
    ['all our pods get Evicted every night', 'Evicted'],
    ['pods show OutOfcpu after the node restarted', 'OutOfcpu'],
    ['the new pods end OutOfnvidia.com/gpu', 'OutOfnvidia.com/gpu'],
    ['status UnexpectedAdmissionError after a reboot', 'UnexpectedAdmissionError'],
    ['pods went NodeShutdown during maintenance', 'NodeShutdown'],
    // People's words for CrashLoopBackOff.
    ['results in a pod CrashLoop.', 'CrashLoopBackOff'],
    ['the pod is in crashloop', 'CrashLoopBackOff'],
    ['it goes into a crash loop after a minute', 'CrashLoopBackOff'],
    ['the operator keeps crash-looping', 'CrashLoopBackOff'],
    ['pods are crashlooping', 'CrashLoopBackOff'],
    ['Crash looped until I fixed the config, then stuck in Terminating', 'Terminating'],
    // Next to Chinese, Japanese or Korean text the word is kubectl's STATUS.
    ['Pod 状态也将一直保持 Terminating。', 'Terminating'],
    ['Pod 一直处于Terminating状态', 'Terminating'],
    ['Podが「Terminating」のまま', 'Terminating'],
    ['파드가 Terminating 상태로 남아 있습니다', 'Terminating'],
  ])('%s', (text, expected) => {
    expect(word(text)).toBe(expected);
  });

  it.each([
    'the pod shows Error and then Completed',
    'Running but not Pending anymore',
    'see CrashLoopBackOffPolicy in the docs',
    'the metric kube_pod_container_status_waiting_reason{reason=CrashLoopBackOff-ish}',
    'grep for docs/CrashLoopBackOff.md',
    'Init:Whatever is not a word kubectl prints',
    'nothing about kubernetes here',
    'Terminating the old pods took a while',
    'TerminatingPods 指标',
    '删除 pod-Terminating-hook',
    'the kubelet is terminating the container',
    'the app did crash once',
    'see docs/crashloop.md',
    'CrashLoopDetector is a class of ours',
    'the pod was evicted',
    'an OutOfOffice reply',
    'EvictedPods is the metric',
  ])('no state: %s', (text) => {
    expect(proseStatusPod(text.split('\n'))).toBeUndefined();
  });

  // A container state the sentence puts on an init container is kubectl's Init:<reason>.
  it.each([
    ['Encountering `CrashLoopBackOff` on the init container for all pipeline Pods', 'Init:CrashLoopBackOff'],
    ['the init container is in CrashLoopBackOff', 'Init:CrashLoopBackOff'],
    ['our initContainer keeps crash-looping', 'Init:CrashLoopBackOff'],
    ['the init-container gets OOMKilled', 'Init:OOMKilled'],
    ['CreateContainerConfigError in the init containers', 'Init:CreateContainerConfigError'],
    // Another container, or another clause, between them: the word keeps its own container.
    ['the init container finished but the main container is in CrashLoopBackOff', 'CrashLoopBackOff'],
    ['init container ok. The app goes CrashLoopBackOff', 'CrashLoopBackOff'],
    ['CrashLoopBackOff in the app container after the init container', 'CrashLoopBackOff'],
    ['the init container ran; then a long wait and the pod went to CrashLoopBackOff', 'CrashLoopBackOff'],
    // Init:<word> stays as written; Terminating is the pod's.
    ['the init container shows Init:Error', 'Init:Error'],
    ['the init container is stuck in Terminating', 'Terminating'],
  ])('init container: %s', (text, expected) => {
    expect(word(text)).toBe(expected);
  });

  it.each([
    // 40 characters between them: one clause; 41: too far apart.
    [`CrashLoopBackOff ${'x'.repeat(38)} init container`, 'Init:CrashLoopBackOff'],
    [`CrashLoopBackOff ${'x'.repeat(39)} init container`, 'CrashLoopBackOff'],
    [`the init container ${'x'.repeat(38)} CrashLoopBackOff`, 'Init:CrashLoopBackOff'],
    [`the init container ${'x'.repeat(39)} CrashLoopBackOff`, 'CrashLoopBackOff'],
  ])('how far apart: %s', (text, expected) => {
    expect(word(text)).toBe(expected);
  });

  it("says when the state is an init container's", () => {
    const pod = proseStatusPod(['CrashLoopBackOff on the init container']);
    expect(pod?.inferredName).toBe(
      'the text holds no kubectl output; its state is read from the word CrashLoopBackOff in a sentence about an init container',
    );
    expect(proseStatusPod(['the pod is in CrashLoopBackOff'])?.inferredName).not.toContain('init container');
  });

  it('says where the state came from', () => {
    const pod = proseStatusPod(['intro', 'the pod is in CrashLoopBackOff']);
    expect(pod?.line).toBe(2);
    expect(pod?.inferredName).toContain('CrashLoopBackOff in a sentence');
    expect(pod?.raw.status).toMatchObject({
      containerStatuses: [{ state: { waiting: { reason: 'CrashLoopBackOff' } } }],
    });
  });
});
