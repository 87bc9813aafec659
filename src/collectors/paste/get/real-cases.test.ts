import { describe, expect, it } from 'vitest';
import { loadRealCases } from '../../../../scripts/real-cases.mjs';
import { parseGetEvents } from './events.js';
import { parseGetOther } from './other.js';
import { parseGetPods } from './pods.js';
import { STATUS_COLUMN } from './table.js';
import { readWith } from '../common/parser-test-helpers.js';
import { parseLine } from '../parsers.js';
import { UNNAMED_POD, type PastedObject } from '../common/types.js';

const cases = loadRealCases();

/** The real case's body read through the `kubectl get` table and single-line parsers, as the driver tries them. */
function readCase(prefix: string): PastedObject[] {
  const c = cases.find((x) => x.file.startsWith(prefix));
  if (c === undefined) throw new Error(`real case ${prefix} is missing`);
  return readWith(c.body, parseGetEvents, parseGetPods, parseGetOther, parseLine);
}

const metaOf = (o: PastedObject | undefined) => o?.raw.metadata as Record<string, unknown> | undefined;

describe('real cases read through the get and line parsers', () => {
  it('001: a headerless old-layout events row (quota FailedCreate on a ReplicaSet)', () => {
    const objs = readCase('001-');
    expect(objs).toHaveLength(1);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Event',
        involvedObject: {
          kind: 'ReplicaSet',
          name: 'hmpps-book-secure-move-api-deployment-staging-544d45c8d5',
        },
        type: 'Warning',
        reason: 'FailedCreate',
        count: 1,
        source: { component: 'replicaset-controller' },
      },
      age: { last: 1560, first: 1560 },
    });
    expect(objs[0]?.raw.message).toMatch(
      /^Error creating: pods \S+ is forbidden: exceeded quota: namespace-quota, /,
    );
  });

  it('022: a lone Multi-Attach message', () => {
    const objs = readCase('022-');
    expect(objs).toHaveLength(1);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Event',
        reason: 'FailedAttachVolume',
        type: 'Warning',
        involvedObject: { kind: 'Pod', name: UNNAMED_POD },
      },
      inferredName: expect.any(String) as unknown,
    });
    expect(objs[0]?.raw.message).toMatch(/^Multi-Attach error for volume "pvc-dcf3b382/);
  });

  it('024: a get events table whose header starts with a space', () => {
    const objs = readCase('024-');
    expect(objs).toHaveLength(2);
    expect(objs[0]).toMatchObject({
      raw: {
        reason: 'FailedMount',
        type: 'Warning',
        involvedObject: { kind: 'Pod', name: 'my-namespace-engine-api-deployment-595bf79b79-h27xj' },
        message: 'MountVolume.SetUp failed for volume "secrets" : secret "secret-appsettings" not found',
      },
      age: { last: 438 },
    });
    expect(objs[1]).toMatchObject({ raw: { reason: 'FailedMount' }, age: { last: 660 } });
    expect(objs[1]?.raw.message).toMatch(
      /^Unable to attach or mount volumes: .*timed out waiting for the condition$/,
    );
  });

  it("066: endpoints with no addresses; kubectl's own error is skipped", () => {
    const objs = readCase('066-');
    expect(objs.map((o) => o.raw)).toEqual([
      { kind: 'Endpoints', subsets: [], metadata: { name: 'restate' } },
      { kind: 'Endpoints', subsets: [], metadata: { name: 'restate-cluster' } },
    ]);
  });

  it('073: oc get pods with ContainerStatusUnknown rows, then the eviction reason and message', () => {
    const objs = readCase('073-');
    expect(objs).toHaveLength(6);
    const unknown = objs.filter(
      (o) =>
        metaOf(o)?.annotations !== undefined &&
        (metaOf(o)?.annotations as Record<string, string>)[STATUS_COLUMN] === 'ContainerStatusUnknown',
    );
    expect(unknown).toHaveLength(4);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Pod',
        metadata: { name: 'dptp-controller-manager-77ffc657cf-4z7wb' },
        status: {
          containerStatuses: [
            { restartCount: 2, ready: false, state: { terminated: { reason: 'ContainerStatusUnknown' } } },
          ],
        },
      },
      age: { last: 11 * 3600 },
    });
    expect(objs[3]?.raw.status).toEqual({
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True' }],
    });
    expect(objs[5]).toMatchObject({
      raw: {
        kind: 'Pod',
        metadata: { name: UNNAMED_POD },
        status: { phase: 'Failed', reason: 'Evicted' },
      },
      inferredName: expect.any(String) as unknown,
    });
    expect((objs[5]?.raw.status as Record<string, string>).message).toBe(
      'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki. Container dptp-controller-manager was using 48458972Ki, request is 15Gi, has larger consumption of memory.',
    );
  });

  it('091: a headerless get pods -A -o wide row with STATUS NodeAffinity', () => {
    const objs = readCase('091-');
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw).toMatchObject({
      kind: 'Pod',
      metadata: { name: 'addon-catalog-source-br548', namespace: 'ibm-system' },
      spec: { nodeName: '10.240.134.54' },
      status: { phase: 'Failed', reason: 'NodeAffinity' },
    });
  });

  it('094: get pod -o wide with STATUS Unknown; the delete output is skipped', () => {
    const objs = readCase('094-');
    expect(objs).toHaveLength(1);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Pod',
        metadata: { name: 'mypod-0', annotations: { [STATUS_COLUMN]: 'Unknown' } },
        spec: { nodeName: 'node1' },
        status: { phase: 'Unknown', podIP: '10.112.7.248' },
      },
      age: { last: 19 * 86400 },
    });
  });

  it.each([
    '006-',
    '008-',
    '011-',
    '012-',
    '013-',
    '014-',
    '027-',
    '028-',
    '035-',
    '037-',
    '044-',
    '056-',
    '061-',
    '077-',
    '089-',
    '092-',
  ])('%s: describe output is left to the describe parser; the floor sees only its events', (prefix) => {
    const c = cases.find((x) => x.file.startsWith(prefix));
    expect(readWith(c?.body ?? '', parseGetEvents, parseGetPods, parseGetOther)).toEqual([]);
    // The line floor under them reads describe's event rows as events, and nothing else.
    for (const o of readCase(prefix)) expect(o.raw.kind).toBe('Event');
  });
});
