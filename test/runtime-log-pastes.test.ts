/**
 * Container runtimes' own log lines, pasted from the node's journal: the pod each names, and the
 * handoff it stopped at.
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-01-01T00:00:00Z');

const first = (text: string): string => {
  const d = diagnosePaste(text, CLOCK).diagnoses.find((x) => x.verdict === 'failed');
  return `${d?.target?.namespace}/${d?.target?.name} ${d?.stage} ${d?.reason}`;
};

describe("CRI-O's log while the kubelet's sandbox request is stuck", () => {
  it.each([
    [
      'a journal line',
      'Apr 14 12:50:32 master1.corp.int crio[58767]: time="2020-04-14 12:50:32.759109234+02:00" level=warning msg="Error reserving pod name k8s_kube-apiserver-master1_kube-system_2abe36c990c315f116840d96b89eb8a2_0 for id 437508876cf392821439da52786df1f4ac3a: name is reserved"',
      'kube-system/kube-apiserver-master1 sandbox-network SandboxFailed',
    ],
    [
      'a structured log record',
      'time="2023-01-09T08:02:11Z" level=warning msg="error reserving pod name k8s_web-7d4b9c8f6d-x2x7k_shop_4f2a9c1e-0b1d-4e5f-8a9b-0c1d2e3f4a5b_1 for id 9f8e7d6c: name is reserved" id=c4c851f5',
      'shop/web-7d4b9c8f6d-x2x7k sandbox-network SandboxFailed',
    ],
  ])('%s', (_, text, want) => {
    expect(first(text)).toBe(want);
  });

  it('reads no pod from a docker container name, whose container comes first', () => {
    const text =
      'error reserving pod name k8s_POD_web-1_shop_4f2a9c1e-0b1d-4e5f-8a9b-0c1d2e3f4a5b_0 for id 9f8e: name is reserved';
    expect(first(text)).not.toContain('POD');
  });
});
