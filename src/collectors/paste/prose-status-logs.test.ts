/**
 * A paste of one pod's log and a sentence that says the pod's state in kubectl's word: the state
 * is that pod's, and of the container the log is of (an init container when the state is Init:).
 */
import { describe, expect, it } from 'vitest';
import { parsePaste } from './driver.js';
import { PASTE_PARSERS } from './parsers.js';
import { STATUS_COLUMN } from '../../model/index.js';

interface RawPod {
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  spec: { containers?: { name: string }[]; initContainers?: { name: string }[] };
  status?: {
    containerStatuses?: { name: string; state: unknown }[];
    initContainerStatuses?: { name: string; state: unknown }[];
  };
}

const pods = (text: string): RawPod[] =>
  parsePaste(text, PASTE_PARSERS)
    .objects.filter((o) => o.raw.kind === 'Pod')
    .map((o) => o.raw as unknown as RawPod);

const LOG = [
  'universe % k logs calico-node-zpjzg -n kube-system -c install-cni',
  'time="2020-10-01T04:48:32Z" level=error msg="Failed to install /host/opt/cni/bin/bandwidth"',
];

describe('a sentence states the state of the pod whose log is pasted', () => {
  it.each([
    [
      'Init:CrashLoopBackOff',
      'initContainers',
      'initContainerStatuses',
      { waiting: { reason: 'CrashLoopBackOff' } },
    ],
    ['Init:Error', 'initContainers', 'initContainerStatuses', { terminated: { reason: 'Error' } }],
    ['CrashLoopBackOff', 'containers', 'containerStatuses', { waiting: { reason: 'CrashLoopBackOff' } }],
    ['OOMKilled', 'containers', 'containerStatuses', { terminated: { reason: 'OOMKilled' } }],
  ] as const)('the pods end up in %s', (word, specKey, statusKey, state) => {
    const [pod, ...more] = pods(
      [`The pods end up in ${word}. The error is in install-cni:`, ...LOG].join('\n'),
    );
    expect(more).toEqual([]);
    expect(pod?.metadata).toMatchObject({
      name: 'calico-node-zpjzg',
      namespace: 'kube-system',
      annotations: { [STATUS_COLUMN]: word },
    });
    expect(pod?.spec[specKey]).toEqual([{ name: 'install-cni' }]);
    const statuses = pod?.status?.[statusKey] ?? [];
    expect(statuses.map((s) => s.name)).toEqual(['install-cni']);
    expect(statuses[0]?.state).toMatchObject(state);
  });

  it('without such a sentence the pod is its log alone', () => {
    const [pod] = pods(['The error is in install-cni:', ...LOG].join('\n'));
    expect(pod?.metadata.annotations).toBeUndefined();
    expect(pod?.status).toBeUndefined();
  });

  it('a state with no container in it (Evicted): the pod keeps the containers its log names', () => {
    const [pod] = pods(['The pods get Evicted.', ...LOG].join('\n'));
    expect(pod?.metadata.annotations).toEqual({ [STATUS_COLUMN]: 'Evicted' });
    expect(pod?.spec.containers).toEqual([{ name: 'install-cni' }]);
    expect(pod?.status?.containerStatuses).toBeUndefined();
  });

  it('one pod, logs of two containers: the state is the pod’s, of neither container', () => {
    const [pod, ...more] = pods(
      [
        'It ends up in CrashLoopBackOff.',
        '$ kubectl logs web-1 -c app',
        'panic: boom',
        '$ kubectl logs web-1 -c proxy',
        'listening',
      ].join('\n'),
    );
    expect(more).toEqual([]);
    expect(pod?.metadata.annotations).toEqual({ [STATUS_COLUMN]: 'CrashLoopBackOff' });
    expect(pod?.spec.containers?.map((c) => c.name)).toEqual(['app', 'proxy']);
    expect(pod?.status?.containerStatuses?.map((c) => c.name)).toEqual(['unnamed']);
  });

  it('logs of two pods: the sentence is of neither', () => {
    const found = pods(
      [
        'Both end up in CrashLoopBackOff.',
        '$ kubectl logs web-1',
        'panic: boom',
        '$ kubectl logs web-2',
        'panic: boom',
      ].join('\n'),
    );
    expect(found.map((p) => p.metadata.name).sort()).toEqual(['web-1', 'web-2']);
    for (const p of found) expect(p.metadata.annotations).toBeUndefined();
  });
});
