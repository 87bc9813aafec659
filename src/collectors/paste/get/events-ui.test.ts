import { describe, expect, it } from 'vitest';
import { parseGetEvents } from './events.js';
import { uiEventsHeader } from './events-ui.js';
import { readWith } from '../common/parser-test-helpers.js';

const read = (t: string) => readWith(t, parseGetEvents);
const row = (...cells: string[]) => cells.join('\t');

describe('events tables copied from graphical clients (tab-separated, title-case headers)', () => {
  it('reads Lens rows, taking the reason from the message shape and ages from Age / Last Seen', () => {
    const objs = read(
      [
        row('Type', 'Message', 'Namespace', 'Involved Object', 'Source', 'Count', 'Age', 'Last Seen'),
        row(
          'Warning',
          'Liveness probe failed: HTTP probe failed with statuscode: 500',
          'shop',
          'Pod: web-1',
          'kubelet node-a',
          '12',
          '30m',
          '15s',
        ),
        row(
          'Normal',
          'Container app failed liveness probe, will be restarted',
          'shop',
          'Pod: web-1',
          'kubelet node-a',
          '4',
          '28m',
          '2m',
        ),
        row(
          'Warning',
          'Error creating: pods "web-5c" is forbidden: exceeded quota: q',
          'shop',
          'ReplicaSet: web-5c',
          'replicaset-controller ',
          '3',
          '1h',
          '5m',
        ),
      ].join('\n'),
    );
    expect(objs).toHaveLength(3);
    expect(objs[0]).toMatchObject({
      raw: {
        kind: 'Event',
        metadata: { namespace: 'shop' },
        involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
        reason: 'Unhealthy',
        type: 'Warning',
        count: 12,
        source: { component: 'kubelet', host: 'node-a' },
      },
      age: { last: 15, first: 1800 },
    });
    expect(objs[1]?.raw).toMatchObject({ reason: 'Killing', type: 'Normal' });
    expect(objs[2]?.raw).toMatchObject({
      reason: 'FailedCreate',
      involvedObject: { kind: 'ReplicaSet', name: 'web-5c' },
      source: { component: 'replicaset-controller' },
    });
  });

  it('keeps a Reason column when the client shows one', () => {
    const objs = read(
      [
        row('Type', 'Reason', 'Message', 'Involved Object', 'Last Seen'),
        row(
          'Warning',
          'BackOff',
          'Back-off restarting failed container app in pod web-1_shop(u1)',
          'Pod: web-1',
          '3m',
        ),
      ].join('\n'),
    );
    expect(objs[0]?.raw).toMatchObject({ reason: 'BackOff', involvedObject: { kind: 'Pod', name: 'web-1' } });
    expect(objs[0]?.age).toEqual({ last: 180 });
  });

  it('is not taken in by kubectl headers, space-separated titles or rows that name no object', () => {
    expect(uiEventsHeader('LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE')).toBeUndefined();
    expect(uiEventsHeader('Type   Message   Namespace   Involved Object')).toBeUndefined();
    expect(uiEventsHeader('Name\tReady\tStatus')).toBeUndefined();
    const objs = read(
      [
        row('Type', 'Message', 'Namespace', 'Involved Object', 'Source', 'Count', 'Age'),
        row('Warning', 'something odd', 'shop', 'web-1 (see above)', 'kubelet', '1', '3m'),
      ].join('\n'),
    );
    expect(objs).toEqual([]);
  });
});
