import { describe, expect, it } from 'vitest';
import { kindOf, knownKind } from './kind-names.js';

describe('kind names', () => {
  it.each([
    ['pods', 'Pod'],
    ['deployments.apps', 'Deployment'],
    ['svc', 'Service'],
    ['rs', 'ReplicaSet'],
    ['Pod', 'Pod'],
  ])('%s is %s', (word, kind) => {
    expect(kindOf(word)).toBe(kind);
    expect(knownKind(word)).toBe(kind);
  });

  // Words from pasted text are data: names of Object.prototype's members are not short names.
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    '%s is no known kind, and does not throw',
    (word) => {
      expect(knownKind(word)).toBeUndefined();
      expect(typeof kindOf(word)).toBe('string');
    },
  );
});
