/**
 * A pod whose one container the text could not name (a `get pods` row's status, a container spec
 * cut out of a manifest, or both merged) takes the name of the one app container its events name.
 */
import { describe, expect, it } from 'vitest';
import { nameUnnamedContainer } from './container-names.js';
import { UNNAMED_CONTAINER } from './common/types.js';

const U = UNNAMED_CONTAINER;
const podWith = (specs: string[] | undefined, statuses: string[] | undefined) => ({
  kind: 'Pod',
  metadata: { name: 'web-1' },
  spec: specs === undefined ? {} : { containers: specs.map((name) => ({ name, image: 'web:1' })) },
  status:
    statuses === undefined ? {} : { containerStatuses: statuses.map((name) => ({ name, ready: false })) },
});
const names = (pod: Record<string, unknown>) => ({
  spec: ((pod.spec as { containers?: { name: string }[] }).containers ?? []).map((c) => c.name),
  status: ((pod.status as { containerStatuses?: { name: string }[] }).containerStatuses ?? []).map(
    (c) => c.name,
  ),
});

describe('nameUnnamedContainer', () => {
  it.each([
    // [spec names, status names, named by events, expected spec, expected status]
    [undefined, [U], ['app'], [], ['app']],
    [[U], undefined, ['app'], ['app'], []],
    [[U], [U], ['app'], ['app'], ['app']],
    // nothing to name, or no single name to give
    [[U], [U], ['app', 'sidecar'], [U], [U]],
    [[U], [U], [], [U], [U]],
    [['web'], [U], ['app'], ['web'], [U]],
    [[U, U], undefined, ['app'], [U, U], []],
    [undefined, [U, 'b'], ['app'], [], [U, 'b']],
    [undefined, undefined, ['app'], [], []],
  ])(
    'spec %o status %o, events name %o: spec %o status %o',
    (spec, status, byEvents, wantSpec, wantStatus) => {
      const pod = podWith(spec, status);
      expect(names(nameUnnamedContainer(pod, new Set(byEvents)))).toEqual({
        spec: wantSpec,
        status: wantStatus,
      });
    },
  );

  it('leaves the pod alone when no event names a container', () => {
    const pod = podWith([U], [U]);
    expect(nameUnnamedContainer(pod, undefined)).toBe(pod);
  });
});
