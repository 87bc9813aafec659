import { describe, expect, it } from 'vitest';
import { parseLine } from '../parsers.js';

describe("kubectl's Warning: lines (API server warnings on a request it did not refuse)", () => {
  it.each([
    [
      'Warning: would violate PodSecurity "restricted:v1.24": allowPrivilegeEscalation != false (container "sync" must set securityContext.allowPrivilegeEscalation=false)',
      'would violate PodSecurity "restricted:v1.24": allowPrivilegeEscalation != false (container "sync" must set securityContext.allowPrivilegeEscalation=false)',
    ],
    [
      'Warning: policy/v1beta1 PodSecurityPolicy is deprecated in v1.21+, unavailable in v1.25+',
      'policy/v1beta1 PodSecurityPolicy is deprecated in v1.21+, unavailable in v1.25+',
    ],
    [
      '> ```Warning: spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead```',
      'spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead',
    ],
  ])('%s', (line, said) => {
    const r = parseLine([line], 0);
    expect(r?.end).toBe(1);
    expect(r?.objects).toEqual([]);
    const note = r?.notes?.[0] ?? '';
    expect(note.startsWith(`line 1: kubectl's "Warning: ${said.slice(0, 100)}`)).toBe(true);
    expect(note).toMatch(/is a warning the API server sent with a request it did not refuse, not a failure$/);
    expect(note.length).toBeLessThan(260);
  });

  it.each([
    '  Warning  FailedMount  3m (x2 over 5m)  kubelet  MountVolume.SetUp failed for volume "a" : secret "b" not found',
    'Warning  BackOff  kubelet  Back-off restarting failed container',
    'WARNING: Kubernetes configuration file is group-readable. This is insecure.',
    'I got a Warning: the app is slow',
  ])('is no API warning: %s', (line) => {
    expect(parseLine([line], 0)?.notes ?? []).toEqual([]);
  });
});
