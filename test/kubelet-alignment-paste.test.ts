/**
 * The kubelet's topology and CPU managers reject a pod they cannot align (status reason
 * TopologyAffinityError / SMTAlignmentError, pkg/kubelet/cm): the node stage's KubeletRejected from
 * any paste shape that carries the reason or the message.
 */
import { describe, expect, it } from 'vitest';
import { firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2024-05-01T12:00:00Z');
const judged = (text: string): string => firstFailure(text, CLOCK);

const CASES = [
  ['TopologyAffinityError', 'Resources cannot be allocated with Topology locality'],
  ['SMTAlignmentError', 'SMT Alignment Error: requested 5 cpus not multiple cpus per core = 2'],
] as const;

describe('a pod the kubelet could not align', () => {
  it.each(CASES)('%s: the message alone', (_reason, message) => {
    expect(judged(message)).toBe('node KubeletRejected');
  });
  it.each(CASES)('%s: a describe Events row', (reason, message) => {
    expect(judged(`  Warning  ${reason}  10m   kubelet, dell8  ${message}`)).toBe('node KubeletRejected');
  });
  it.each(CASES)('%s: a describe status block', (reason, message) => {
    expect(
      judged(
        `Name:     nccl-worker-3\nNamespace: ml\nStatus:   Failed\nReason:   ${reason}\nMessage:  ${message}`,
      ),
    ).toBe('node KubeletRejected');
  });
  it.each(CASES)('%s: the STATUS column of get pods', (reason) => {
    expect(
      judged(
        `NAME            READY   STATUS${' '.repeat(reason.length - 4)}   RESTARTS   AGE\nnccl-worker-3   0/1     ${reason}   0          113s`,
      ),
    ).toBe('node KubeletRejected');
  });
});
