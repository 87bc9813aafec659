import { describe, expect, it } from 'vitest';
import type { PodObj } from '../../world/types.js';
import { multiAttachMessage } from './multi-attach.js';

const pod = (name: string, namespace: string): PodObj => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace },
  spec: { containers: [] },
  status: {},
});

describe('Multi-Attach error text', () => {
  const me = pod('web-b', 'shop');
  it('names pods of the same namespace and counts the rest', () => {
    expect(multiAttachMessage('pvc-1', me, [pod('web-a', 'shop'), pod('x', 'other')])).toBe(
      'Multi-Attach error for volume "pvc-1" Volume is already used by pod(s) web-a and 1 pod(s) in different namespaces',
    );
    expect(multiAttachMessage('pvc-1', me, [pod('web-a', 'shop'), pod('web-c', 'shop')])).toBe(
      'Multi-Attach error for volume "pvc-1" Volume is already used by pod(s) web-a, web-c',
    );
  });
  it('only counts pods of other namespaces', () => {
    expect(multiAttachMessage('pvc-1', me, [pod('x', 'other'), pod('y', 'other')])).toBe(
      'Multi-Attach error for volume "pvc-1" Volume is already used by 2 pod(s) in different namespaces',
    );
  });
  it('says the volume is exclusively attached when no pod holds it any more', () => {
    expect(multiAttachMessage('pvc-1', me, [])).toBe(
      'Multi-Attach error for volume "pvc-1" Volume is already exclusively attached to one node and can\'t be attached to another',
    );
  });
});
