/**
 * A Ready pod is missing from its Service's endpoints only when the evidence can tell: by its IP,
 * or by name when every listed endpoint is named. A `kubectl get pods` row without -o wide has no
 * IP, and `kubectl get endpoints` lists bare addresses: then the pod may be any of them.
 */
import { describe, expect, it } from 'vitest';
import { endpoints, endpointSlice, runningPod } from '../../../test/builders.js';
import { membership, provenUnlisted } from './service-backends.js';
import type { Pod } from '../../model/index.js';

const pod = (name: string, ip: string | undefined): Pod => {
  const p = runningPod({ name });
  return { ...p, status: { ...p.status, podIP: ip } } as Pod;
};

describe('provenUnlisted', () => {
  const named = membership(
    [endpointSlice({ endpoints: [{ ip: '10.0.0.1', pod: 'web-1', ready: true }] })],
    undefined,
  );
  const bare = membership([], endpoints({ ready: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }] }));
  const none = membership([], endpoints({}));
  it.each<[string, ReturnType<typeof membership>, Pod, boolean]>([
    ['listed by name', named, pod('web-1', undefined), false],
    ['listed by IP', bare, pod('web-9', '10.0.0.2'), false],
    ['its IP is not among the addresses', bare, pod('web-9', '10.0.0.9'), true],
    ['no IP, and the addresses are unnamed: it may be any of them', bare, pod('web-9', undefined), false],
    ['no IP, empty IP string, unnamed addresses', bare, pod('web-9', ''), false],
    ['no IP, and every endpoint is named otherwise', named, pod('web-2', undefined), true],
    ['no IP, and nothing is listed at all', none, pod('web-2', undefined), true],
  ])('%s: %s', (_what, m, p, want) => {
    expect(provenUnlisted(m, p)).toBe(want);
  });
});
