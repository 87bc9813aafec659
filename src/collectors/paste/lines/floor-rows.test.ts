import { describe, expect, it } from 'vitest';
import { readFloor } from './floor.js';
import { UNNAMED_OWNER, UNNAMED_POD } from '../common/types.js';

/** readFloor at `start` of `lines`, with no table starting anywhere (the floor is the last reader). */
const floor = (lines: readonly string[], start = 0, onCommand = false) =>
  readFloor(lines, start, () => false, onCommand);
/** The one line at index 1 (line 2) after a blank line, as the driver passes it. */
const second = (line: string, onCommand = false) => floor(['', line], 1, onCommand);

const PROBE = 'Liveness probe failed: HTTP probe failed with statuscode: 500';
const SCALED = 'Scaled up replica set web-7d4 to 3';
const OUT_OF_CPU = "Node didn't have enough resource: cpu, requested: 2000, used: 0, capacity: 1000";

describe('"Node <name> status is now: <reason>" after a prefix, about the node', () => {
  const KLOG = 'I0110 09:00:01.123456     812 event.go:291]';
  it.each([
    ['NodeReady', 'Normal'],
    ['NodeSchedulable', 'Normal'],
    ['NodeNotReady', 'Warning'],
    ['NodeNotSchedulable', 'Warning'],
  ])('%s after a controller-manager journal prefix is a %s event on line 2', (reason, type) => {
    const message = `Node worker-2 status is now: ${reason}`;
    expect(second(`Jan 10 09:00:01 master kube-controller-manager[812]: ${KLOG} ${message}   \t`)).toEqual({
      end: 2,
      objects: [
        {
          raw: { kind: 'Event', involvedObject: { kind: 'Node', name: 'worker-2' }, reason, message, type },
          line: 2,
        },
      ],
    });
  });

  it('reads no cell out of the message itself: a node named like a domain is no source', () => {
    expect(
      floor([
        `Jan 10 09:00:01 master kube-controller-manager[812]: ${KLOG} Node worker-1.lab.example.com status is now: NodeNotReady`,
      ]),
    ).toEqual({
      end: 1,
      objects: [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Node', name: 'worker-1.lab.example.com' },
            reason: 'NodeNotReady',
            message: 'Node worker-1.lab.example.com status is now: NodeNotReady',
            type: 'Warning',
          },
          line: 1,
        },
      ],
    });
  });

  it('takes the age and source of the row before it, and drops the wide FIRST SEEN, COUNT, NAME', () => {
    expect(
      second(
        '12m   Normal   NodeNotReady   kubelet, n1   Node n1 status is now: NodeNotReady    12m   1   n1.17a2b3c4d5e6f789',
      ),
    ).toEqual({
      end: 2,
      objects: [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Node', name: 'n1' },
            reason: 'NodeNotReady',
            message: 'Node n1 status is now: NodeNotReady',
            type: 'Warning',
            source: { component: 'kubelet', host: 'n1' },
          },
          line: 2,
          age: { last: 720 },
        },
      ],
    });
  });

  it.each([
    'Node n1 status is now:',
    'the Node n1 status is now unknown',
    'kube-node n1 status is now: NodeNotReady',
  ])('leaves a line that only looks like it: %s', (line) => {
    expect(floor([line])).toBeUndefined();
  });
});

describe('an event row whose message has no known shape', () => {
  const row = (object: Record<string, unknown>, inferredName: string, age?: { last: number }) => ({
    end: 1,
    objects: [
      {
        raw: {
          kind: 'Event',
          reason: 'ScalingReplicaSet',
          message: SCALED,
          type: 'Normal',
          ...object,
        },
        line: 1,
        ...(age === undefined ? {} : { age }),
        inferredName,
      },
    ],
  });

  it('is read from its cells at line 2, its message trimmed, the line after left alone', () => {
    expect(second(`2m   Normal   ScalingReplicaSet   deployment/web   ${SCALED}   \t`)).toEqual({
      end: 2,
      objects: [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Deployment', name: 'web' },
            reason: 'ScalingReplicaSet',
            message: SCALED,
            type: 'Normal',
          },
          line: 2,
          age: { last: 120 },
        },
      ],
    });
  });

  it.each([
    ['prose before the cells', `the events: 2m   Normal   ScalingReplicaSet   deployment/web   ${SCALED}`],
    ['no type', `2m   ScalingReplicaSet   deployment/web   ${SCALED}`],
    ['no reason', `2m   Normal   deployment/web   ${SCALED}`],
    ['a type and a reason and nothing else', `Normal   ScalingReplicaSet   ${SCALED}`],
  ])('is no row with %s', (_, line) => {
    expect(floor([line])).toBeUndefined();
  });

  it.each([
    [
      'an age',
      `2m   Normal   ScalingReplicaSet   ${SCALED}`,
      row({ involvedObject: { kind: 'Pod', name: UNNAMED_POD } }, 'the line names no pod', { last: 120 }),
    ],
    [
      'a source',
      `Normal   ScalingReplicaSet   deployment-controller   ${SCALED}`,
      row(
        {
          involvedObject: { kind: 'Pod', name: UNNAMED_POD },
          source: { component: 'deployment-controller' },
        },
        'the line names no pod',
      ),
    ],
    [
      'a bare kind',
      `Normal   ScalingReplicaSet   Deployment   ${SCALED}`,
      row(
        { involvedObject: { kind: 'Deployment', name: 'unnamed-deployment' } },
        'the row shows only the object kind Deployment',
      ),
    ],
  ])('is a row with a type, a reason and %s', (_, line, expected) => {
    expect(floor([line])).toEqual(expected);
  });

  it('drops the FIRST SEEN, COUNT and NAME a wide get events prints after the message', () => {
    expect(
      floor([`2m   Normal   ScalingReplicaSet   deployment/web   ${SCALED}   2m   1   web.17d3f0a6b2c4e5f1`])
        ?.objects[0]?.raw.message,
    ).toBe(SCALED);
  });

  it('joins a message wrapped after blanks the terminal padded it with, one space between', () => {
    const r = floor([
      '2m   Normal   ScalingReplicaSet   deployment/web   Scaled up replica set   ',
      '    web-7d4 to 3',
    ]);
    expect(r?.end).toBe(2);
    expect(r?.objects[0]?.raw.message).toBe(SCALED);
  });

  it('takes the message from the next line when the row was cut before it', () => {
    expect(floor(['2m   Normal   ScalingReplicaSet   deployment/web', `    ${SCALED}`])).toEqual({
      end: 2,
      objects: [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Deployment', name: 'web' },
            reason: 'ScalingReplicaSet',
            message: SCALED,
            type: 'Normal',
          },
          line: 1,
          age: { last: 120 },
        },
      ],
    });
  });
});

describe('a row with a known message: the reason, type and end', () => {
  it.each([
    [
      'Reason  Age  From (describe without a type column)',
      `OutOfcpu   2m   kubelet   ${OUT_OF_CPU}`,
      { component: 'kubelet' },
    ],
    [
      'get events with its type',
      `2m   Warning   OutOfcpu   kubelet, n1   ${OUT_OF_CPU}`,
      { component: 'kubelet', host: 'n1' },
    ],
  ])("a pod status message in an event row is the kubelet's warning event: %s", (_, line, source) => {
    expect(second(line)).toEqual({
      end: 2,
      objects: [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Pod', name: UNNAMED_POD },
            reason: 'OutOfcpu',
            message: OUT_OF_CPU,
            type: 'Warning',
            source,
          },
          line: 2,
          age: { last: 120 },
          inferredName: 'the line names no pod',
        },
      ],
    });
  });

  it('custom columns REASON and SOURCE (two cells, no type) are a warning event too', () => {
    expect(floor([`OutOfcpu   kubelet   ${OUT_OF_CPU}`])?.objects[0]?.raw).toEqual({
      kind: 'Event',
      involvedObject: { kind: 'Pod', name: UNNAMED_POD },
      reason: 'OutOfcpu',
      message: OUT_OF_CPU,
      type: 'Warning',
      source: { component: 'kubelet' },
    });
  });

  it("a name and one reason cell (a table's NAME and REASON) are the pod's status, on line 2", () => {
    expect(second(`web-1   OutOfcpu   ${OUT_OF_CPU}`)).toEqual({
      end: 2,
      objects: [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'web-1' },
            status: { phase: 'Failed', reason: 'OutOfcpu', message: OUT_OF_CPU },
          },
          line: 2,
        },
      ],
    });
  });

  it.each([
    ['trailing blanks', `Warning  Unhealthy  kubelet  ${PROBE}   `],
    ['a trailing tab', `Warning  Unhealthy  kubelet  ${PROBE}\t`],
  ])('trims %s off the message', (_, line) => {
    expect(floor([line])?.objects[0]?.raw.message).toBe(PROBE);
  });

  const GET = 'Liveness probe failed: Get "http://10.0.0.1:8080/healthz":';
  it('joins the wrapped rest of an unquoted message', () => {
    const r = floor([`Warning  Unhealthy  kubelet  ${GET}`, '    context deadline exceeded']);
    expect(r?.end).toBe(2);
    expect(r?.objects[0]?.raw.message).toBe(`${GET} context deadline exceeded`);
  });

  it.each([
    [
      'a quoted message, which ends at its quote',
      [`    "message": "${PROBE}",`, '    connection refused'],
      false,
      PROBE,
    ],
    [
      'a row on a command line',
      [`kubectl events says: Warning  Unhealthy  kubelet  ${GET}`, '    context deadline exceeded'],
      true,
      GET,
    ],
  ])('takes no next line for %s', (_, lines, onCommand, message) => {
    const r = floor(lines, 0, onCommand);
    expect(r?.end).toBe(1);
    expect(r?.objects[0]?.raw.message).toBe(message);
  });
});

describe('on a command line only a whole event row counts', () => {
  it.each([
    ['a type without a reason', `kubectl events says: Warning   kubelet, n2   ${PROBE}`],
    ['a reason without a type', `kubectl events says: Unhealthy   kubelet, n2   ${PROBE}`],
    ['a container state reason', 'ErrImagePull: rpc error: code = NotFound desc = manifest unknown'],
    ['a node status it greps for', "kubectl get events | grep 'Node n1 status is now: NodeNotReady'"],
    ['an event row without a known message', `2m   Normal   ScalingReplicaSet   deployment/web   ${SCALED}`],
  ])('%s is nothing', (_, line) => {
    expect(floor([line], 0, true)).toBeUndefined();
  });

  it('but the same container state line off a command is the pod, on line 2', () => {
    expect(second('ErrImagePull: rpc error: code = NotFound desc = manifest unknown')?.objects).toEqual([
      {
        raw: {
          kind: 'Pod',
          metadata: { name: UNNAMED_POD },
          status: {
            containerStatuses: [
              {
                name: 'unnamed',
                ready: false,
                state: {
                  waiting: {
                    reason: 'ErrImagePull',
                    message: 'rpc error: code = NotFound desc = manifest unknown',
                  },
                },
              },
            ],
          },
        },
        line: 2,
        inferredName: 'the text names no pod',
      },
    ]);
  });

  it("and kubectl logs' waiting-to-start answer is the pod, on line 2", () => {
    expect(
      second(
        'Error from server (BadRequest): container "app" in pod "web-1" is waiting to start: ContainerCreating',
      ),
    ).toEqual({
      end: 2,
      objects: [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: 'web-1' },
            status: {
              phase: 'Pending',
              containerStatuses: [
                { name: 'app', ready: false, state: { waiting: { reason: 'ContainerCreating' } } },
              ],
            },
          },
          line: 2,
        },
      ],
    });
  });
});

describe('the object a row is about', () => {
  const involved = (line: string) => floor([line])?.objects[0];

  it.each([
    [
      'a bare kind and a message that names the pod',
      'Normal   Scheduled   Pod   default-scheduler   Successfully assigned shop/web-1 to node-2',
    ],
    [
      "a NAME cell and a message that names the pod's namespace too",
      'web-1   Scheduled   Successfully assigned shop/web-1 to node-2',
    ],
  ])('%s: the pod the message names, with its namespace', (_, line) => {
    const o = involved(line);
    expect(o?.raw.involvedObject).toEqual({ kind: 'Pod', name: 'web-1', namespace: 'shop' });
    expect(o?.inferredName).toBeUndefined();
  });

  // GitLab Runner's kubernetes executor prints each pod event as `WARNING: Event retrieved from
  // the cluster: <message>`: the word Event is prose, and no event is recorded on an Event.
  it.each([
    ['WARNING: Event retrieved from the cluster: 0/3 nodes are available: 3 Insufficient memory.', 'Pod'],
    [`WARNING: Event retrieved from the cluster: ${PROBE}`, 'Pod'],
    ['5m   Warning   Unhealthy   event/web-1.17d3   kubelet   ' + PROBE, 'Pod'],
  ])('the word Event is no object: %s', (line, kind) => {
    const o = involved(line);
    expect(o?.raw.involvedObject).toEqual({ kind, name: UNNAMED_POD });
  });

  it('custom columns NAME, REASON, SOURCE: the name cell names the pod the message does not', () => {
    const o = involved(`web-1   Unhealthy   kubelet   ${PROBE}`);
    expect(o?.raw.involvedObject).toEqual({ kind: 'Pod', name: 'web-1' });
    expect(o?.inferredName).toBeUndefined();
  });

  it("custom columns with the event's own name first: the pod the message names, not the event", () => {
    const o = involved('web-1.17d3f0a6b2c4e5f1   Scheduled   Successfully assigned shop/web-1 to node-2');
    expect(o?.raw.involvedObject).toEqual({ kind: 'Pod', name: 'web-1', namespace: 'shop' });
    expect(o?.inferredName).toBeUndefined();
  });

  it('a bare ReplicaSet kind whose FailedCreate names no pods: the unnamed owner, as the row shows it', () => {
    const o = involved(
      '5s    Warning   FailedCreate   ReplicaSet   Error creating: Internal error occurred: failed calling webhook "validate.kyverno.svc": connection refused',
    );
    expect(o?.raw.involvedObject).toEqual({ kind: 'ReplicaSet', name: UNNAMED_OWNER });
    expect(o?.inferredName).toBe('the row shows only the object kind ReplicaSet');
  });

  it('a controller source says the kind only of a FailedCreate: other rows stay on the pod', () => {
    const o = involved('2m    Normal   SuccessfulCreate   replicaset-controller   Created pod: web-7d4-x2b');
    expect(o?.raw.involvedObject).toEqual({ kind: 'Pod', name: UNNAMED_POD });
    expect(o?.inferredName).toBe('the line names no pod');
  });

  it.each([
    ['job-controller', 'Job', 'unnamed-job', 'the row shows only the object kind Job'],
    ['cronjob-controller', 'CronJob', 'unnamed-cronjob', 'the row shows only the object kind CronJob'],
    ['replicaset-controller', 'ReplicaSet', UNNAMED_OWNER, 'the row shows only the object kind ReplicaSet'],
  ])('a FailedCreate from %s that names no pods is on a %s', (source, kind, name, inferredName) => {
    const o = involved(
      `Warning   FailedCreate   ${source}   Error creating: Internal error occurred: failed calling webhook "w.example.com": connection refused`,
    );
    expect(o?.raw.involvedObject).toEqual({ kind, name });
    expect(o?.inferredName).toBe(inferredName);
  });

  it('a FailedCreate from a controller that names its pods is on the owner they are named after', () => {
    const o = involved(
      '3s   Warning   FailedCreate   job-controller   Error creating: pods "trace-603733c8-" is forbidden: exceeded quota: q',
    );
    expect(o?.raw.involvedObject).toEqual({ kind: 'Job', name: 'trace-603733c8' });
    expect(o?.inferredName).toBe('named from the pods it could not create');
  });
});
