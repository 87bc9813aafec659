import { describe, expect, it } from 'vitest';
import { describeAll, ofKind, only } from './describe-test-helpers.js';

/** Describe output cut short: an Event described, a workload shown only by a stray field and its events, one field under its command. */

describe('kubectl describe event', () => {
  const EVENT = `Name:             web-1.157e0a42f7ead471
Namespace:        shop
Labels:           <none>
Annotations:      <none>
API Version:      v1
Count:            12
First Timestamp:  2019-01-28T14:43:24Z
Involved Object:
  API Version:       v1
  Kind:              Pod
  Name:              web-1
  Namespace:         shop
  UID:               10dafd77-230b-11e9-8472-22d09ddc4668
Kind:                Event
Last Timestamp:      2019-01-28T14:45:34Z
Message:             0/3 nodes are available: 3 Insufficient cpu.
Metadata:
  Creation Timestamp:  2019-01-28T14:43:24Z
Reason:              FailedScheduling
Source:
  Component:  default-scheduler
Type:         Warning
Events:       <none>
`;

  it('is the Event, about its involved object', () => {
    expect(only(describeAll(EVENT).objects, 'Event')).toMatchObject({
      metadata: { name: 'web-1.157e0a42f7ead471', namespace: 'shop' },
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
      reason: 'FailedScheduling',
      type: 'Warning',
      message: '0/3 nodes are available: 3 Insufficient cpu.',
      count: 12,
      firstTimestamp: '2019-01-28T14:43:24Z',
      lastTimestamp: '2019-01-28T14:45:34Z',
      source: { component: 'default-scheduler' },
    });
  });

  it('keeps what a paste cut before Reason and Source shows', () => {
    const cut = EVENT.slice(0, EVENT.indexOf('Reason:'));
    const e = only(describeAll(cut).objects, 'Event');
    expect(e).toMatchObject({ involvedObject: { name: 'web-1' }, count: 12 });
    expect(e.reason).toBeUndefined();
  });
});

describe('a workload known by the controller that wrote its events', () => {
  it.each([
    [
      'StatefulSet',
      'statefulset-controller',
      'create Pod es-0 in StatefulSet es failed error: Pod "es-0" is invalid: [spec.initContainers[0].securityContext.privileged: Forbidden: disallowed by cluster policy]',
      'es',
    ],
    [
      'ReplicaSet',
      'replicaset-controller',
      'Error creating: pods "web-7d4-" is forbidden: exceeded quota: q, requested: cpu=1, used: cpu=4, limited: cpu=4',
      'web-7d4',
    ],
  ])('%s, whatever stray field the paste kept above them', (kind, source, message, name) => {
    const text = `  Access Modes:  [ReadWriteOnce]
Events:
  Type     Reason        Age                 From                    Message
  ----     ------        ----                ----                    -------
  Warning  FailedCreate  22s (x67 over 25m)  ${source}  ${message}
`;
    const { objects } = describeAll(text);
    expect(ofKind(objects, 'PersistentVolumeClaim')).toEqual([]);
    const [event] = ofKind(objects, 'Event');
    expect(event?.raw.involvedObject).toMatchObject({ kind, name });
  });
});

describe('one field under the describe command that printed it', () => {
  it('a Service selector', () => {
    const { objects } = describeAll(
      'kubectl describe services  web -n shop\nSelector:          app=web,tier=fe\n...\n',
    );
    expect(only(objects, 'Service')).toMatchObject({
      metadata: { name: 'web', namespace: 'shop' },
      spec: { selector: { app: 'web', tier: 'fe' } },
    });
  });

  it('pod labels, with elisions among them', () => {
    const { objects } = describeAll(
      'kubectl describe pod web-0 -n shop\n...\nLabels:         app=web\n                ..\n                tier=fe\n                ....\n',
    );
    expect(only(objects, 'Pod')).toMatchObject({
      metadata: { name: 'web-0', namespace: 'shop', labels: { app: 'web', tier: 'fe' } },
    });
  });

  it('but not without the command', () => {
    expect(describeAll('Selector:          app=web,tier=fe\n').objects).toEqual([]);
  });
});
