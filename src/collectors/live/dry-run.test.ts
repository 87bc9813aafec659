import { describe, expect, it } from 'vitest';
import { dryRunPath, readAnswer } from './dry-run.js';

const status = (reason: string, message: string): Buffer =>
  Buffer.from(JSON.stringify({ kind: 'Status', status: 'Failure', reason, message }));

describe('server dry-run answers', () => {
  it.each([
    [201, Buffer.from('{}'), { outcome: 'admitted' }],
    [200, Buffer.from('{}'), { outcome: 'admitted' }],
    [
      403,
      status(
        'Forbidden',
        'pods "web-x" is forbidden: exceeded quota: q, requested: requests.cpu=1, used: requests.cpu=1, limited: requests.cpu=1',
      ),
      {
        outcome: 'refused',
        code: 403,
        reason: 'Forbidden',
        message:
          'pods "web-x" is forbidden: exceeded quota: q, requested: requests.cpu=1, used: requests.cpu=1, limited: requests.cpu=1',
      },
    ],
    [
      400,
      status('BadRequest', 'admission webhook "v.example.com" denied the request: no'),
      {
        outcome: 'refused',
        code: 400,
        reason: 'BadRequest',
        message: 'admission webhook "v.example.com" denied the request: no',
      },
    ],
    [
      403,
      status(
        'Forbidden',
        'pods is forbidden: User "ci" cannot create resource "pods" in API group "" in the namespace "shop"',
      ),
      {
        outcome: 'undecided',
        code: 403,
        message:
          'pods is forbidden: User "ci" cannot create resource "pods" in API group "" in the namespace "shop"',
      },
    ],
    [
      409,
      status('AlreadyExists', 'deployments.apps "web" already exists'),
      { outcome: 'exists', message: 'deployments.apps "web" already exists' },
    ],
    [
      400,
      status('BadRequest', 'admission webhook "m.example.com" does not support dry run'),
      {
        outcome: 'undecided',
        code: 400,
        message: 'admission webhook "m.example.com" does not support dry run',
      },
    ],
    [500, Buffer.from('internal error'), { outcome: 'undecided', code: 500, message: 'internal error' }],
  ])('HTTP %i', (code, body, answer) => {
    expect(readAnswer(code, body)).toStrictEqual(answer);
  });

  it.each([
    [{ group: '', version: 'v1', resource: 'pods', namespace: 'shop' }, '/api/v1/namespaces/shop/pods'],
    [
      { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'a b' },
      '/apis/apps/v1/namespaces/a%20b/deployments',
    ],
    [{ group: '', version: 'v1', resource: 'namespaces' }, '/api/v1/namespaces'],
  ])('path of %o', (r, path) => {
    expect(dryRunPath({ object: {}, ...r })).toBe(path);
  });
});
