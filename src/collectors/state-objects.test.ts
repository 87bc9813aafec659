import { describe, expect, it } from 'vitest';
import { objectIdentity, stateObject } from './state-objects.js';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
const managed = [{ manager: 'kubectl-client-side-apply', operation: 'Update', fieldsV1: { 'f:data': {} } }];

describe('stateObject: what preflight keeps of a listed object', () => {
  const cases: [string, Record<string, unknown>, string | undefined, Record<string, unknown>][] = [
    [
      'a Secret keeps metadata, type and data keys only',
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'db', namespace: 'shop', managedFields: managed, labels: { app: 'db' } },
        type: 'kubernetes.io/basic-auth',
        immutable: true,
        data: { username: 'YWRtaW4=', password: 'aHVudGVyMg==' },
        stringData: { extra: 'hunter2' },
      },
      'Secret',
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'db', namespace: 'shop', labels: { app: 'db' } },
        type: 'kubernetes.io/basic-auth',
        data: { username: '', password: '' },
        stringData: { extra: '' },
      },
    ],
    [
      'a Secret without data or type stays without them',
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'empty', namespace: 'shop' } },
      'Secret',
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'empty', namespace: 'shop' } },
    ],
    [
      'an item of the secrets list is a Secret whatever kind it names',
      {
        apiVersion: 'v1',
        kind: 'Other',
        metadata: { name: 'x', namespace: 'shop' },
        data: { k: 'c2VjcmV0' },
      },
      'Secret',
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x', namespace: 'shop' }, data: { k: '' } },
    ],
    [
      'a ConfigMap keeps its other fields and the keys of data and binaryData',
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: {
          name: 'settings',
          namespace: 'shop',
          annotations: { [LAST_APPLIED]: '{"data":{"DB_URL":"postgres://x"}}', owner: 'team-a' },
        },
        immutable: true,
        data: { DB_URL: 'postgres://x' },
        binaryData: { 'cert.der': 'MIIB' },
      },
      undefined,
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'settings', namespace: 'shop', annotations: { owner: 'team-a' } },
        immutable: true,
        data: { DB_URL: '' },
        binaryData: { 'cert.der': '' },
      },
    ],
    [
      'any other kind keeps everything but managedFields and last-applied (an annotation map left empty goes)',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'web',
          namespace: 'shop',
          managedFields: managed,
          annotations: { [LAST_APPLIED]: '{}' },
        },
        spec: { containers: [{ name: 'web', image: 'web:1', env: [{ name: 'MODE', value: 'prod' }] }] },
        status: { phase: 'Running' },
      },
      'Pod',
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'web', namespace: 'shop' },
        spec: { containers: [{ name: 'web', image: 'web:1', env: [{ name: 'MODE', value: 'prod' }] }] },
        status: { phase: 'Running' },
      },
    ],
  ];
  it.each(cases)('%s', (_, item, listKind, expected) => {
    expect(stateObject(item, listKind)).toEqual(expected);
  });

  it('leaves the listed item as it was', () => {
    const item = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'n1', managedFields: managed, annotations: { [LAST_APPLIED]: '{}' } },
    };
    const copy = structuredClone(item);
    stateObject(item, 'Node');
    expect(item).toEqual(copy);
  });
});

describe('objectIdentity: when two reads are one object', () => {
  it.each([
    ['kind and uid', { kind: 'Pod', metadata: { name: 'web', namespace: 'shop', uid: 'u-1' } }, 'Pod/u-1'],
    [
      'kind, namespace and name without a uid',
      { kind: 'Pod', metadata: { name: 'web', namespace: 'shop' } },
      'Pod/shop/web',
    ],
    ['a cluster-scoped object without a uid', { kind: 'Node', metadata: { name: 'n1' } }, 'Node//n1'],
  ])('%s', (_, o, key) => {
    expect(objectIdentity(o)).toBe(key);
  });

  it('the same name in two kinds or two namespaces is two objects', () => {
    const keys = [
      { kind: 'Secret', metadata: { name: 'db', namespace: 'shop' } },
      { kind: 'ConfigMap', metadata: { name: 'db', namespace: 'shop' } },
      { kind: 'Secret', metadata: { name: 'db', namespace: 'billing' } },
    ].map(objectIdentity);
    expect(new Set(keys).size).toBe(3);
  });
});
