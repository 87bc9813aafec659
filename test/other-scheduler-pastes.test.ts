/**
 * Schedulers other than kube-scheduler, as users paste their word on a pod that stays Pending.
 * Volcano words the FitError "all nodes are unavailable: ..." or "0/N nodes are unavailable: ..."
 * with reasons of its own. Karpenter's FailedScheduling event reads "Failed to schedule pod, ...", its
 * controller's log line "could not schedule pod, ...", or users paste the inner reason alone. Each
 * names the scheduling stage and the constraint that rules the nodes or node pools out.
 */
import { describe, expect, it } from 'vitest';
import { firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

describe('Volcano scheduling messages', () => {
  it.each([
    [
      'a get events row',
      'LAST SEEN   TYPE      REASON             OBJECT                                          MESSAGE\n42s         Warning   FailedScheduling   pod/pyspark-pi-driver-urgent-bb25fc0b8efe7c4d   all nodes are unavailable: 3 node(s) resource fit failed.',
      'scheduling InsufficientResources',
    ],
    [
      'quoted in prose',
      'the vcjob pods stay Pending: all nodes are unavailable: 3 node(s) resource fit failed.',
      'scheduling InsufficientResources',
    ],
    [
      'its FitError with a count of nodes',
      'the event says: 0/3 nodes are unavailable: 3 node(s) pod number exceeded.',
      'scheduling TooManyPods',
    ],
  ])('%s', (_, text, want) => {
    expect(firstFailure(text, CLOCK)).toBe(want);
  });
});

describe('Karpenter scheduling messages', () => {
  it.each([
    [
      'an event: a pool whose requirements exclude the pod',
      '  Warning  FailedScheduling  46s   karpenter  Failed to schedule pod, incompatible with nodepool "teama-spot", daemonset overhead={"cpu":"150m","pods":"2"}, incompatible requirements, key capacity_type, capacity_type In [on-demand] not in capacity_type In [spot]',
      'scheduling NodeAffinityMismatch',
    ],
    [
      'an event: a topology spread no domain satisfies',
      '  Warning  FailedScheduling  2m   karpenter  Failed to schedule pod, incompatible with nodepool "default", daemonset overhead={"cpu":"150m"}, unsatisfiable topology constraint for topology spread, key=topology.kubernetes.io/zone (counts = us-east-1a: 1, us-east-1b: 1, podDomains = topology.kubernetes.io/zone Exists, nodeDomains = topology.kubernetes.io/zone In [us-east-1a us-east-1b])',
      'scheduling TopologySpreadUnsatisfied',
    ],
    [
      'an event: a required pod affinity',
      '  Warning  FailedScheduling  5m   karpenter  Failed to schedule pod, unsatisfiable topology constraint for pod affinity, key=kubernetes.io/hostname (counts = map[], podDomains = kubernetes.io/hostname Exists, nodeDomains = kubernetes.io/hostname Exists',
      'scheduling PodAffinityMismatch',
    ],
    [
      'the log line: no instance type has the resources',
      '2023-03-07T07:48:40.081Z    ERROR    controller.provisioning    Could not schedule pod, incompatible with provisioner "default", no instance type satisfied resources {"cpu":"800m","memory":"1Gi","pods":"1"} and requirements karpenter.sh/capacity-type In [on-demand spot], kubernetes.io/arch In [amd64]',
      'scheduling InsufficientResources',
    ],
    [
      'the reason alone under a describe command',
      '$ kubectl describe pod\nunsatisfiable topology constraint for topology spread, key=capacity-spread (counts = 2: 0 1: 1 3: 0 , podDomains = capacity-spread Exists, nodeDomains = capacity-spread In [1]',
      'scheduling TopologySpreadUnsatisfied',
    ],
    [
      'beside the scheduler, a label no pool offers',
      '0/30 nodes are available: 1 Insufficient memory, 3 node(s) didn\'t match Pod\'s node affinity/selector.\nkarpenter: Failed to schedule pod, incompatible requirements,\n  label "workload" does not have known values (typo of "workload-class"?)',
      'scheduling NodeAffinityMismatch',
    ],
    [
      'a reason it names in words of its own, not an error of the scheduler',
      '  Warning  FailedScheduling  1m  karpenter  Failed to schedule pod, all instance types failed the node claim launch',
      'scheduling Unschedulable',
    ],
    [
      "the pools' limits reached",
      'Warning  FailedScheduling  30s  karpenter  Failed to schedule pod, all available instance types exceed limits for nodepool: "default"',
      'scheduling InsufficientResources',
    ],
  ])('%s', (_, text, want) => {
    expect(firstFailure(text, CLOCK)).toBe(want);
  });
});
