import { describe, expect, it } from 'vitest';
import { event } from './event.js';

const PULL = 'Failed to pull image "registry.k8s.io/sig-storage/livenessprobe:v2.18.0": not found';
const raw = (message: string, fieldPath?: string) => ({
  apiVersion: 'v1',
  kind: 'Event',
  reason: 'Failed',
  type: 'Warning',
  message,
  involvedObject: { kind: 'Pod', name: 'csi-node-x', ...(fieldPath === undefined ? {} : { fieldPath }) },
});

describe('event(): a message that starts with the container it is about', () => {
  it.each([
    ['spec.containers{livenessprobe}', 'spec.containers{livenessprobe}'],
    ['spec.initContainers{init-db}', 'spec.initContainers{init-db}'],
    ['spec.ephemeralContainers{debugger}', 'spec.ephemeralContainers{debugger}'],
  ])('%s: the message after it, and the fieldPath', (prefix, fieldPath) => {
    const e = event(raw(`${prefix}: ${PULL}`));
    expect([e?.message, e?.regarding.fieldPath]).toEqual([PULL, fieldPath]);
  });

  it('keeps a fieldPath the event has', () => {
    const e = event(raw(`spec.containers{a}: ${PULL}`, 'spec.containers{b}'));
    expect([e?.message, e?.regarding.fieldPath]).toEqual([PULL, 'spec.containers{b}']);
  });

  it.each([
    ['no space after the colon', `spec.containers{a}:${PULL}`],
    ['another path', `spec.volumes{data}: ${PULL}`],
    ['the path inside the message', `Back-off restarting failed container in spec.containers{a}: x`],
  ])('leaves the message alone with %s', (_, message) => {
    const e = event(raw(message));
    expect([e?.message, e?.regarding.fieldPath]).toEqual([message, undefined]);
  });
});
