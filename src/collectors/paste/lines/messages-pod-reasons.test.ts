import { describe, expect, it } from 'vitest';
import { isPodReason, podReasonOf } from './messages.js';

/**
 * podReasonOf reads a pod status message (kubernetes-facts.md §3.4) that begins the text it is
 * given; the text may go on after the message (anywhere.ts passes the rest of a line, e.g. the
 * next column of `kubectl get pods -o custom-columns=MESSAGE:.status.message,REASON:.status.reason`).
 */
describe('podReasonOf: the status reason each kubelet / node controller message goes with', () => {
  it.each([
    ["Node didn't have enough resource: cpu, requested: 500, used: 3600, capacity: 4000", 'OutOfcpu'],
    [
      "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 110, capacity: 110",
      'OutOfpods',
    ],
    ['Predicate NodeAffinity failed', 'NodeAffinity'],
    ['Pod Predicate NodePorts failed', 'NodePorts'],
    ['Node node-1 which was running pod web-7d4-x2x9k is unresponsive', 'NodeLost'],
    ['Pod was terminated in response to imminent node shutdown.', 'Terminated'],
    ['Pod was rejected as the node is shutting down.', 'NodeShutdown'],
    ['Pod was rejected: Pod was rejected as the node is shutting down.', 'NodeShutdown'],
    ['Pod was active on the node longer than the specified deadline', 'DeadlineExceeded'],
    ['Pod was active on the node longer than the specified deadline   DeadlineExceeded', 'DeadlineExceeded'],
    [
      'Update plugin resources failed due to no healthy devices, which is unexpected.',
      'UnexpectedAdmissionError',
    ],
    ['GeneralPredicates failed due to node not found, which is unexpected', 'UnexpectedAdmissionError'],
    // The first line of a wrapped message: "which is unexpected" is on the next line.
    [
      'Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1,',
      'UnexpectedAdmissionError',
    ],
    ['Preempted in order to admit critical pod', 'Preempting'],
    ['Preempted in order to admit critical pod   Preempting', 'Preempting'],
    ['Resources cannot be allocated with Topology locality', 'TopologyAffinityError'],
    ['Resources cannot be allocated with Topology locality   TopologyAffinityError', 'TopologyAffinityError'],
    ['SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2', 'SMTAlignmentError'],
    ['The node was low on resource: memory. Threshold quantity: 100Mi, available: 12Mi. ', 'Evicted'],
    ['The node had condition: [DiskPressure]. ', 'Evicted'],
  ])('%j -> %s', (message, reason) => {
    expect(podReasonOf(message)).toBe(reason);
  });

  it.each([
    // The message must begin the text: the same words later in it name no status reason.
    ['message: Predicate NodeAffinity failed'],
    ['status: Node node-1 which was running pod web-1 is unresponsive'],
    // "which is unexpected" ends the admission message; with more after it, it is not that message.
    ['Update plugin resources failed due to no healthy devices, which is unexpected. Retrying'],
    ['the pod was rejected as the node is shutting down'],
    [''],
    ['   '],
  ])('%j -> undefined', (message) => {
    expect(podReasonOf(message)).toBeUndefined();
  });
});

describe('isPodReason', () => {
  it.each([
    ['OutOfcpu', true],
    ['OutOfmemory', true],
    ['OutOfephemeral-storage', true],
    ['OutOfnvidia.com/gpu', true],
    ['NodeLost', true],
    ['Evicted', true],
    ['OutOf', false],
    ['OutOfCpu', false],
    ['xOutOfcpu', false],
    ['OutOfcpu,', false],
    ['OutOfcpu requested', false],
    ['Running', false],
  ])('%s -> %s', (word, expected) => {
    expect(isPodReason(word)).toBe(expected);
  });
});
