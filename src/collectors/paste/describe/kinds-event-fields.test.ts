import { describe, expect, it } from 'vitest';
import { describeAll, ofKind, only } from './describe-test-helpers.js';

/**
 * `kubectl describe events`: the Event's own fields, the involved object and the source, as
 * genuine kubectl 1.27 and 1.33 print them (both identical; captured against `handoff sim serve`).
 */

// A kubelet event: Involved Object with a Field Path, Source with Component and Host.
const CREATED = `Name:             cart-8f6b4b7f7-r97pd.18edab9f1f1f7141
Namespace:        shop
Labels:           <none>
Annotations:      <none>
API Version:      v1
Count:            7
Event Time:       <nil>
First Timestamp:  2026-12-03T06:48:46Z
Involved Object:
  API Version:       v1
  Field Path:        spec.containers{cart}
  Kind:              Pod
  Name:              cart-8f6b4b7f7-r97pd
  Namespace:         shop
  Resource Version:  234
  UID:               8c9a9726-fbc8-48ab-acf9-7b5167e991a0
Kind:                Event
Last Timestamp:      2026-12-03T06:54:21Z
Message:             Created container cart
Metadata:
  Creation Timestamp:  2026-12-03T06:48:46Z
  Resource Version:    951
  UID:                 187aadcc-1e15-4d89-a383-9846b5093101
Reason:                Created
Reporting Component:   kubelet
Reporting Instance:    worker-a
Source:
  Component:  kubelet
  Host:       worker-a
Type:         Normal
Events:       <none>
`;

// A scheduler event (events.k8s.io recorder): Event Time and Series, no Count, an empty Source component.
const FAILED_SCHEDULING = `Name:             analytics-58bd7455d7-4s4cs.18edab9e5a5e2e00
Namespace:        data
Labels:           <none>
Annotations:      <none>
Action:           Scheduling
API Version:      v1
Event Time:       2026-12-03T06:48:43.000000Z
First Timestamp:  <nil>
Involved Object:
  API Version:       v1
  Kind:              Pod
  Name:              analytics-58bd7455d7-4s4cs
  Namespace:         data
  Resource Version:  133
  UID:               2b6bf826-540e-451d-a507-0059d2dfca10
Kind:                Event
Last Timestamp:      <nil>
Message:             0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
Metadata:
  Creation Timestamp:  2026-12-03T06:48:43Z
  Resource Version:    932
  UID:                 08722c23-3b68-414d-a873-2834ed781727
Reason:                FailedScheduling
Reporting Component:   default-scheduler
Reporting Instance:    default-scheduler-control-plane
Series:
  Count:               7
  Last Observed Time:  2026-12-03T06:54:11.197000Z
Source:
  Component:  
Type:         Warning
Events:       <none>
`;

/** CREATED up to its line `key` (included), as a paste cut there. */
function cutAfter(key: string): string {
  const lines = CREATED.split('\n');
  return lines.slice(0, lines.findIndex((l) => l.startsWith(key)) + 1).join('\n') + '\n';
}

describe('describe event: the Event object', () => {
  it.each([
    [
      'kubelet Created, with Field Path, Count and Source host',
      CREATED,
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: 'cart-8f6b4b7f7-r97pd.18edab9f1f1f7141', namespace: 'shop' },
        involvedObject: {
          apiVersion: 'v1',
          fieldPath: 'spec.containers{cart}',
          kind: 'Pod',
          name: 'cart-8f6b4b7f7-r97pd',
          namespace: 'shop',
          resourceVersion: '234',
          uid: '8c9a9726-fbc8-48ab-acf9-7b5167e991a0',
        },
        reason: 'Created',
        message: 'Created container cart',
        type: 'Normal',
        count: 7,
        firstTimestamp: '2026-12-03T06:48:46Z',
        lastTimestamp: '2026-12-03T06:54:21Z',
        source: { component: 'kubelet', host: 'worker-a' },
        reportingComponent: 'kubelet',
      },
    ],
    [
      'scheduler FailedScheduling, with Event Time, <nil> timestamps and an empty Source component',
      FAILED_SCHEDULING,
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: 'analytics-58bd7455d7-4s4cs.18edab9e5a5e2e00', namespace: 'data' },
        involvedObject: {
          apiVersion: 'v1',
          kind: 'Pod',
          name: 'analytics-58bd7455d7-4s4cs',
          namespace: 'data',
          resourceVersion: '133',
          uid: '2b6bf826-540e-451d-a507-0059d2dfca10',
        },
        reason: 'FailedScheduling',
        message:
          '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
        type: 'Warning',
        eventTime: '2026-12-03T06:48:43Z',
        reportingComponent: 'default-scheduler',
      },
    ],
  ])('%s', (_name, text, raw) => {
    const { objects } = describeAll(text);
    expect(objects.map((o) => [o.raw.kind, o.line])).toEqual([['Event', 1]]);
    expect(only(objects, 'Event')).toEqual(raw);
  });

  const HEAD = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: 'cart-8f6b4b7f7-r97pd.18edab9f1f1f7141', namespace: 'shop' },
    involvedObject: {
      apiVersion: 'v1',
      fieldPath: 'spec.containers{cart}',
      kind: 'Pod',
      name: 'cart-8f6b4b7f7-r97pd',
      namespace: 'shop',
      resourceVersion: '234',
      uid: '8c9a9726-fbc8-48ab-acf9-7b5167e991a0',
    },
    count: 7,
    firstTimestamp: '2026-12-03T06:48:46Z',
    lastTimestamp: '2026-12-03T06:54:21Z',
  };
  const TAIL = { reason: 'Created', message: 'Created container cart', reportingComponent: 'kubelet' };

  it.each([
    ['before its Message', cutAfter('Last Timestamp:'), HEAD],
    [
      'in the middle of a key under Source',
      cutAfter('  Component:') + '  Ho\n',
      { ...HEAD, ...TAIL, source: { component: 'kubelet' } },
    ],
    [
      'on a key of Source without its value',
      cutAfter('  Component:') + '  Host:\n',
      { ...HEAD, ...TAIL, source: { component: 'kubelet' } },
    ],
    ['right after "Source:"', cutAfter('Source:'), { ...HEAD, ...TAIL }],
  ])('a paste cut %s: the fields read so far', (_name, text, raw) => {
    const { objects } = describeAll(text);
    expect(ofKind(objects, 'Event').map((e) => e.raw)).toEqual([raw]);
  });
});
