import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';
import { readWith, text } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetEvents);
const objectOf = (o: { raw: Record<string, unknown> } | undefined) => o?.raw.involvedObject;

describe('kubectl 1.14 (LAST SEEN TYPE REASON KIND MESSAGE): objects known only by kind', () => {
  const KIND_ONLY = 'the events table shows only the object kind';

  it('names each row from its kind, or a pod from its Scheduled message', () => {
    const objs = read(text`
      LAST SEEN   TYPE      REASON              KIND         MESSAGE
      2m          Normal    Scheduled           Pod          Successfully assigned default/nginx-7c5b to minikube
      1m          Warning   Failed              Pod          Error: ErrImagePull
      3m          Normal    ScalingReplicaSet   Deployment   Scaled up replica set nginx-7c5b to 1
      3m          Normal    SuccessfulCreate    ReplicaSet   Created pod: nginx-7c5b-x2k8p
      5m          Normal    NodeReady           Node         Node minikube status is now: NodeReady
    `);
    expect(objs.map(objectOf)).toEqual([
      { kind: 'Pod', name: 'nginx-7c5b', namespace: 'default' },
      { kind: 'Pod', name: 'unnamed-pod' },
      { kind: 'Deployment', name: 'unnamed-deployment' },
      { kind: 'ReplicaSet', name: 'unnamed-replicaset' },
      { kind: 'Node', name: 'unnamed-node' },
    ]);
    expect(objs.map((o) => o.inferredName)).toEqual([undefined, KIND_ONLY, KIND_ONLY, KIND_ONLY, KIND_ONLY]);
  });

  it('keeps the NAMESPACE column of -A on an object known only by kind', () => {
    const objs = read(text`
      NAMESPACE   LAST SEEN   TYPE      REASON              KIND         MESSAGE
      shop        1m          Warning   Failed              Pod          Error: ErrImagePull
      shop        3m          Normal    ScalingReplicaSet   Deployment   Scaled up replica set web-7d4b9c to 3
    `);
    expect(objs.map(objectOf)).toEqual([
      { kind: 'Pod', name: 'unnamed-pod', namespace: 'shop' },
      { kind: 'Deployment', name: 'unnamed-deployment', namespace: 'shop' },
    ]);
    expect(objs.map((o) => o.raw.metadata)).toEqual([{ namespace: 'shop' }, { namespace: 'shop' }]);
  });
});

describe('kubectl get events -o wide: an OBJECT with no name (kubectl prints the bare kind)', () => {
  it('names the object after the event NAME', () => {
    const objs = read(text`
      NAMESPACE   LAST SEEN   TYPE     REASON     OBJECT   SUBOBJECT   SOURCE   MESSAGE                   FIRST SEEN   COUNT   NAME
      default     5m          Normal   Starting   node                 kubelet  Starting kubelet.         5m           1       worker-1.17a8c3d2e1f0b9a7
    `);
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw.involvedObject).toEqual({ kind: 'Node', name: 'worker-1' });
    expect(objs[0]?.raw.metadata).toEqual({ name: 'worker-1.17a8c3d2e1f0b9a7', namespace: 'default' });
    expect(objs[0]?.inferredName).toBeUndefined();
  });
});

describe('an events table whose cells a terminal turned into tabs', () => {
  it('keeps a message with a double space whole', () => {
    const r = parseGetEvents(
      [
        'LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE',
        '10s\tWarning\tFailed\tpod/web-1\tError: failed to create containerd task:  OCI runtime create failed',
      ],
      0,
    );
    expect(r?.end).toBe(2);
    const objs = r?.objects ?? [];
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw).toMatchObject({
      involvedObject: { kind: 'Pod', name: 'web-1' },
      type: 'Warning',
      reason: 'Failed',
      message: 'Error: failed to create containerd task:  OCI runtime create failed',
    });
  });
});

describe('the old layout (kubectl <= 1.13) with its cells shifted by an empty SUBOBJECT', () => {
  it.each([
    ['LASTSEEN   FIRSTSEEN   COUNT   NAME   KIND   SUBOBJECT   TYPE   REASON   SOURCE   MESSAGE'],
    ['LAST SEEN   FIRST SEEN   COUNT   NAME   KIND   SUBOBJECT   TYPE   REASON   SOURCE   MESSAGE'],
  ])('reads rows under %s', (header) => {
    const r = parseGetEvents(
      [
        header,
        '1m   1m   1   web-1.15f3a2b4c5d6e7f8   Pod   Normal   Scheduled   default-scheduler   Successfully assigned web-1 to node-1',
        '45s   2m   4   web-1.15f3a2b4c5d6e7f9   Pod   spec.containers{web}   Warning   Failed   kubelet, node-1   Error: ErrImagePull',
      ],
      0,
    );
    expect(r?.end).toBe(3);
    const objs = r?.objects ?? [];
    expect(objs).toHaveLength(2);
    expect(objs[0]?.raw).toMatchObject({
      involvedObject: { kind: 'Pod', name: 'web-1' },
      type: 'Normal',
      reason: 'Scheduled',
      count: 1,
      source: { component: 'default-scheduler' },
      message: 'Successfully assigned web-1 to node-1',
    });
    expect(objs[1]?.raw).toMatchObject({
      involvedObject: { kind: 'Pod', name: 'web-1', fieldPath: 'spec.containers{web}' },
      type: 'Warning',
      reason: 'Failed',
      count: 4,
      source: { component: 'kubelet', host: 'node-1' },
      message: 'Error: ErrImagePull',
    });
    expect(objs[1]?.age).toEqual({ last: 45, first: 120 });
  });
});

describe('headers this parser leaves to others', () => {
  it.each([
    ['custom columns without an object', 'LAST SEEN   REASON   MESSAGE'],
    ['custom columns without an object, with a count', 'LAST SEEN   COUNT   REASON   MESSAGE'],
    ['a table without LAST SEEN', 'TYPE   REASON   OBJECT   MESSAGE'],
  ])('%s', (_label, header) => {
    expect(parseGetEvents([header, '5m   1   Failed   Error: ErrImagePull'], 0)).toBeUndefined();
  });
});

describe('wrapped messages', () => {
  it('joins a message that starts on the line below its row without a leading space', () => {
    const objs = read(
      [
        'LAST SEEN   TYPE     REASON    OBJECT                                       MESSAGE',
        '76s         Normal   BackOff   pod/ci-runner-8-7d4b9c5f6d-x2k8p',
        '  Back-off pulling image "busybox"',
      ].join('\n'),
    );
    expect(objs).toHaveLength(1);
    expect(objs[0]?.raw.message).toBe('Back-off pulling image "busybox"');
  });

  it.each([
    ['an indented piece starting with an age-like word', '  30s'],
    ['an unindented piece', 'desc = failed to pull and unpack image'],
  ])('appends %s', (_label, piece) => {
    const lines = [
      'LAST SEEN   TYPE      REASON      OBJECT      MESSAGE',
      '5m          Warning   Unhealthy   pod/web-1   Liveness probe failed: command timed out after',
      piece,
      '4m          Normal    Killing     pod/web-1   Container app failed liveness probe, will be restarted',
    ];
    const r = parseGetEvents(lines, 0);
    expect(r?.end).toBe(4);
    expect(r?.objects.map((o) => o.raw.message)).toEqual([
      `Liveness probe failed: command timed out after ${piece.trim()}`,
      'Container app failed liveness probe, will be restarted',
    ]);
  });

  it.each([
    ['another events header', 'LAST SEEN   TYPE      REASON    OBJECT      MESSAGE'],
    ['a describe field', 'Name:         web-1'],
    ['a row the table cannot read', '5m          Warning   Failed   pod/        Error: ErrImagePull'],
  ])('ends the rows at %s', (_label, stop) => {
    const lines = [
      'LAST SEEN   TYPE      REASON   OBJECT      MESSAGE',
      '5m          Warning   Failed   pod/web-1   Error: ErrImagePull',
      stop,
    ];
    const r = parseGetEvents(lines, 0);
    expect(r?.end).toBe(2);
    expect(r?.objects.map((o) => o.raw.message)).toEqual(['Error: ErrImagePull']);
  });

  it.each([
    [40, 42],
    [39, 41],
    [41, 42],
  ])('appends at most 40 wrapped pieces (%i given)', (pieces, end) => {
    const lines = [
      'LAST SEEN   TYPE      REASON             OBJECT      MESSAGE',
      '5m          Warning   FailedScheduling   pod/web-1   0/3 nodes are available:',
      ...Array.from(
        { length: pieces },
        (_, i) => `  ${i + 1} node(s) had untolerated taint {dedicated: team-${i + 1}}.`,
      ),
    ];
    const r = parseGetEvents(lines, 0);
    expect(r?.end).toBe(end);
    const message = r?.objects[0]?.raw.message as string;
    expect(message.match(/untolerated/g)).toHaveLength(Math.min(pieces, 40));
  });
});

describe('line length limits', () => {
  const row = (length: number): string => {
    const head = '5m          Warning   Failed   pod/web-1   ';
    return head + 'x'.repeat(length - head.length);
  };

  it.each([
    [19_999, 1],
    [20_000, 1],
    [20_001, 0],
  ])('a headerless row of %i characters gives %i events', (length, count) => {
    const r = parseGetEvents([row(length)], 0);
    if (count === 0) expect(r).toBeUndefined();
    else expect(r?.objects).toHaveLength(count);
  });

  it.each([
    [20_000, 3],
    [20_001, 2],
  ])('a wrapped piece of %i characters (ends the table at line %i)', (length, end) => {
    const r = parseGetEvents(
      [
        'LAST SEEN   TYPE      REASON   OBJECT      MESSAGE',
        '5m          Warning   Failed   pod/web-1   Error:',
        'y'.repeat(length),
      ],
      0,
    );
    expect(r?.end).toBe(end);
    expect((r?.objects[0]?.raw.message as string).length).toBe(
      end === 3 ? 'Error: '.length + length : 'Error:'.length,
    );
  });
});
