import { describe, expect, it } from 'vitest';
import { parseRoute } from './route.js';

const resource = (path: string) => {
  const r = parseRoute(path);
  if (r.kind !== 'resource') throw new Error(`${path}: ${r.kind}`);
  return { ...r.route, info: r.route.info.resource };
};

describe('parseRoute', () => {
  it('splits core and group paths into resource, namespace, name and subresource', () => {
    expect(resource('/api/v1/pods')).toEqual({ info: 'pods' });
    expect(resource('/api/v1/namespaces/shop/pods/web/log')).toEqual({
      info: 'pods',
      namespace: 'shop',
      name: 'web',
      subresource: 'log',
    });
    expect(resource('/apis/apps/v1/namespaces/shop/deployments')).toEqual({
      info: 'deployments',
      namespace: 'shop',
    });
    expect(resource('/api/v1/nodes/worker-1/status')).toEqual({
      info: 'nodes',
      name: 'worker-1',
      subresource: 'status',
    });
  });

  it('tells the Namespace object itself from resources inside a namespace', () => {
    expect(resource('/api/v1/namespaces/shop')).toEqual({ info: 'namespaces', name: 'shop' });
    expect(resource('/api/v1/namespaces/shop/status')).toEqual({
      info: 'namespaces',
      name: 'shop',
      subresource: 'status',
    });
  });

  it('reads pods/NAME:PORT/proxy/PATH', () => {
    expect(resource('/api/v1/namespaces/shop/pods/web:8080/proxy/healthz/deep')).toEqual({
      info: 'pods',
      namespace: 'shop',
      name: 'web',
      port: '8080',
      subresource: 'proxy',
      rest: 'healthz/deep',
    });
  });

  it('reports unknown resources and non-resource paths', () => {
    expect(parseRoute('/api/v1/widgets')).toEqual({
      kind: 'unknown-resource',
      group: '',
      version: 'v1',
      resource: 'widgets',
    });
    expect(parseRoute('/version')).toEqual({ kind: 'other' });
    expect(parseRoute('/apis/apps/v1')).toEqual({ kind: 'other' });
  });
});
