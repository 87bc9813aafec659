import { describe, expect, it } from 'vitest';
import type { KObject } from '../../simulator/world/types.js';
import { canIRead, dataKeys, defaultNamespaceOf, lookup, stateObjects } from './common.js';
import { configMap, deployment, input, secret, state, stateWithout, target } from './test-helpers.js';

describe('lookup', () => {
  it('finds a state object of the kind, name and namespace asked', () => {
    const cm = configMap('app-config');
    const s = state({
      objects: [secret('app-config'), configMap('app-config', {}, 'other'), configMap('x'), cm],
    });
    expect(lookup(s, [], 'shop', 'ConfigMap', 'shop', 'app-config')).toStrictEqual({
      status: 'present',
      object: cm,
      from: 'state',
    });
  });

  it('an input object of another kind or name is not the one asked', () => {
    const inputs = [input(secret('app-config')), input(configMap('other-config'))];
    expect(lookup(state(), inputs, 'shop', 'ConfigMap', 'shop', 'app-config')).toStrictEqual({
      status: 'absent',
    });
  });

  it('an input object wins over the state and says where it was written', () => {
    const i = input(configMap('app-config', { A: '1' }), 7, 'cm.yaml');
    expect(
      lookup(state({ objects: [configMap('app-config')] }), [i], 'shop', 'ConfigMap', 'shop', 'app-config'),
    ).toStrictEqual({
      status: 'present',
      object: i.object,
      from: 'input',
      input: i,
    });
  });

  it('kube-root-ca.crt is published in every namespace, with its ca.crt key, even when ConfigMaps were not read', () => {
    expect(
      lookup(stateWithout(['ConfigMap'], 'x'), [], 'shop', 'ConfigMap', 'team-a', 'kube-root-ca.crt'),
    ).toStrictEqual({
      status: 'present',
      object: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'kube-root-ca.crt', namespace: 'team-a' },
        data: { 'ca.crt': '' },
      },
      from: 'state',
    });
  });

  it('a Secret named kube-root-ca.crt is not published', () => {
    expect(lookup(state(), [], 'shop', 'Secret', 'shop', 'kube-root-ca.crt')).toStrictEqual({
      status: 'absent',
    });
  });

  it('an unread kind is unknown, with the reason', () => {
    expect(lookup(stateWithout(['Secret'], 'forbidden'), [], 'shop', 'Secret', 'shop', 'db')).toStrictEqual({
      status: 'unknown',
      why: 'Secrets of namespace shop were not read: forbidden',
    });
  });
});

describe('stateObjects', () => {
  it('returns only the objects of the kind asked, or undefined for an unread kind', () => {
    const cm = configMap('a');
    const s = state({ objects: [cm, secret('b')] });
    expect(stateObjects(s, 'ConfigMap')).toStrictEqual([cm]);
    expect(stateObjects(state({ objects: [cm], known: ['Secret'] }), 'ConfigMap')).toBeUndefined();
  });
});

describe('dataKeys', () => {
  it.each([
    {
      name: 'data, binaryData and stringData together',
      obj: { ...configMap('a', { x: '1' }), binaryData: { y: 'AA==' }, stringData: { z: '2' } },
      keys: ['x', 'y', 'z'],
    },
    { name: 'data: null', obj: { ...configMap('a'), data: null }, keys: [] },
    { name: 'no data at all', obj: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } }, keys: [] },
    { name: 'data written as a string', obj: { ...configMap('a'), data: 'ab' }, keys: [] },
  ])('$name', ({ obj, keys }) => {
    expect([...dataKeys(obj as KObject)]).toStrictEqual(keys);
  });
});

describe('defaultNamespaceOf', () => {
  it('is the target\'s namespace when its manifest names none, else "default"', () => {
    const t = target({ containers: [] });
    expect(defaultNamespaceOf(t)).toBe('default');
    expect(defaultNamespaceOf({ ...t, input: input(deployment('web', {}, { app: 'web' }, null)) })).toBe(
      'shop',
    );
  });
});

describe('canIRead', () => {
  it.each([
    { kind: 'Node' as const, ns: undefined, cmd: 'kubectl auth can-i list nodes' },
    { kind: 'Secret' as const, ns: 'shop', cmd: 'kubectl auth can-i list secrets -n shop' },
  ])('$cmd', ({ kind, ns, cmd }) => {
    expect(canIRead(kind, ns)).toBe(cmd);
  });
});
