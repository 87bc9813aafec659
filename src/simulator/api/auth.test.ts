import { describe, expect, it } from 'vitest';
import { authenticator, authorizer } from './auth.js';
import { ADMIN, ADMIN_TOKEN, controllerUser } from './types.js';
import { resourceByKind } from '../world/resources.js';
import type { UserSpec } from '../scenario/types.js';

const users: UserSpec[] = [
  {
    name: 'dev',
    token: 'dev-token',
    groups: ['developers'],
    rules: [
      {
        verbs: ['get', 'list', 'watch'],
        resources: ['pods', 'pods/log'],
        apiGroups: [''],
        namespaces: ['shop'],
      },
      { verbs: ['get'], resources: ['deployments'], apiGroups: ['apps'] },
    ],
  },
];
const pods = resourceByKind('Pod');
const nodes = resourceByKind('Node');
const deployments = resourceByKind('Deployment');
if (pods === undefined || nodes === undefined || deployments === undefined) throw new Error('resources');
const authenticate = authenticator(users);
const authorize = authorizer(users);
const dev = authenticate('dev-token');
if (dev === undefined) throw new Error('dev');

describe('authentication', () => {
  it('maps the admin token, scenario tokens and nothing else', () => {
    expect(authenticate(ADMIN_TOKEN)).toBe(ADMIN);
    expect(dev).toEqual({ name: 'dev', groups: ['developers', 'system:authenticated'] });
    expect(authenticate('guess')).toBeUndefined();
  });
});

describe('RBAC', () => {
  it('lets masters and kube-system controllers do anything', () => {
    expect(authorize({ user: ADMIN, verb: 'delete', resource: nodes, name: 'worker' })).toBeUndefined();
    expect(
      authorize({
        user: controllerUser('replicaset-controller'),
        verb: 'create',
        resource: pods,
        namespace: 'shop',
      }),
    ).toBeUndefined();
  });

  it('allows what a rule grants, in its namespaces', () => {
    expect(authorize({ user: dev, verb: 'list', resource: pods, namespace: 'shop' })).toBeUndefined();
    expect(
      authorize({
        user: dev,
        verb: 'get',
        resource: pods,
        subresource: 'log',
        namespace: 'shop',
        name: 'web',
      }),
    ).toBeUndefined();
    expect(
      authorize({ user: dev, verb: 'get', resource: deployments, namespace: 'ops', name: 'x' }),
    ).toBeUndefined();
  });

  it('denies with the apiserver texts', () => {
    expect(authorize({ user: dev, verb: 'list', resource: pods, namespace: 'ops' })?.message).toBe(
      'pods is forbidden: User "dev" cannot list resource "pods" in API group "" in the namespace "ops"',
    );
    expect(authorize({ user: dev, verb: 'list', resource: pods })?.message).toBe(
      'pods is forbidden: User "dev" cannot list resource "pods" in API group "" at the cluster scope',
    );
    expect(authorize({ user: dev, verb: 'list', resource: nodes })?.message).toBe(
      'nodes is forbidden: User "dev" cannot list resource "nodes" in API group "" at the cluster scope',
    );
    const named = authorize({ user: dev, verb: 'delete', resource: pods, namespace: 'shop', name: 'web' });
    expect(named?.message).toBe(
      'pods "web" is forbidden: User "dev" cannot delete resource "pods" in API group "" in the namespace "shop"',
    );
    expect(named?.code).toBe(403);
    expect(named?.reason).toBe('Forbidden');
    expect(
      authorize({
        user: dev,
        verb: 'get',
        resource: pods,
        subresource: 'exec',
        namespace: 'shop',
        name: 'web',
      })?.message,
    ).toBe(
      'pods "web" is forbidden: User "dev" cannot get resource "pods/exec" in API group "" in the namespace "shop"',
    );
    expect(authorize({ user: dev, verb: 'create', resource: deployments, namespace: 'shop' })?.message).toBe(
      'deployments.apps is forbidden: User "dev" cannot create resource "deployments" in API group "apps" in the namespace "shop"',
    );
  });
});
