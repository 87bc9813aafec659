import { describe, expect, it } from 'vitest';
import { kubectl } from './kubectl.js';

describe('kubectl commands', () => {
  it('quotes only what a shell needs quoted', () => {
    expect(kubectl.describe('Pod', 'web-1', 'shop')).toBe('kubectl describe pod web-1 -n shop');
    expect(kubectl.describe('pod', "it's odd", undefined)).toBe("kubectl describe pod 'it'\\''s odd'");
  });

  it('names the container in logs, unless the evidence could not name it', () => {
    expect(kubectl.logs('web-1', 'shop', 'app', true)).toBe('kubectl logs web-1 -n shop -c app --previous');
    expect(kubectl.logs('web-1', 'shop', 'unnamed')).toBe('kubectl logs web-1 -n shop');
    expect(kubectl.logs('web-1', undefined, '')).toBe('kubectl logs web-1');
  });

  it('selects events of one object', () => {
    expect(kubectl.events('Pod', 'web-1', 'shop')).toBe(
      'kubectl get events -n shop --field-selector involvedObject.kind=Pod,involvedObject.name=web-1',
    );
  });
});
