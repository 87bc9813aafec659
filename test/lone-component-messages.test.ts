/**
 * Messages Kubernetes components write, pasted alone (a line from a ticket, a chat, a CI log): each
 * is read as the evidence it is, never refused, and judged at the stage its component stands for.
 * Texts from kubernetes-facts.md (image_manager.go, dns.go, node lifecycle controller, attach/detach
 * controller, old scheduler and PodSecurity wordings, containerd, namespace lifecycle admission).
 */
import { describe, expect, it } from 'vitest';
import { diagnosePaste, firstFailure } from './paste-diagnoses.js';

const CLOCK = Date.parse('2026-06-01T00:00:00Z');

describe('a component message on its own', () => {
  it.each([
    [
      'image pull failed for registry.example.com/app:1 because the registry is unavailable',
      'image-pull RegistryUnreachable',
    ],
    ['Node is not ready', 'node NodeNotReady'],
    [
      "Volume is already exclusively attached to one node and can't be attached to another",
      'volumes MultiAttach',
    ],
    ['Volume is already used by pod(s) web-0', 'volumes MultiAttach'],
    ['PersistentVolumeClaim is not bound: "data-web-0"', 'scheduling UnboundPVC'],
    [
      'MountVolume.NewMounter initialization failed for volume "pvc-1" : path "/mnt/ssd1" does not exist',
      'volumes MountFailed',
    ],
    [
      'pod violates PodSecurity "baseline:latest": privileged (container "x" must not set securityContext.privileged=true)',
      'admission PodSecurityViolation',
    ],
    ['unable to create new content in namespace shop because it is being terminated', 'admission Forbidden'],
    [
      'failed to reserve container name "app_web-1_shop_0a1b_0": name "app_web-1_shop_0a1b_0" is reserved for "4f2a"',
      'container-config CreateContainerError',
    ],
  ])('%s', (message, expected) => {
    expect(firstFailure(message, CLOCK)).toBe(expected);
    // After a logger's prefix and quoted in a sentence alike.
    expect(firstFailure(`E0601 10:00:00.000000 1 x.go:1] ${message}`, CLOCK)).toBe(expected);
  });

  it.each([
    'Search Line limits were exceeded, some search paths have been omitted, the applied search path is: shop.svc.cluster.local svc.cluster.local cluster.local',
    'Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4',
  ])("the kubelet trimming a pod's resolv.conf is read, and is no failure: %s", (message) => {
    const { diagnoses } = diagnosePaste(
      `  Warning  DNSConfigForming  2m (x30 over 1h)  kubelet  ${message}`,
      CLOCK,
    );
    expect(diagnoses.map((d) => d.verdict)).toEqual(['unknown']);
    expect(diagnosePaste(message, CLOCK).diagnoses.map((d) => d.verdict)).toEqual(['unknown']);
  });
});

describe("an event's reason and message cut out of its YAML or JSON", () => {
  it.each([
    [
      '{"reason":"FailedScheduling","message":"0/3 nodes are available: 3 Insufficient cpu."}',
      'scheduling InsufficientResources',
    ],
    [
      "reason: FailedScheduling\nmessage: '0/3 nodes are available: 3 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }.'",
      'scheduling UntoleratedTaint',
    ],
    [
      'message: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app": permission denied',
      'container-start PermissionDenied',
    ],
  ])('%s', (text, expected) => {
    expect(firstFailure(text, CLOCK)).toBe(expected);
  });
});
