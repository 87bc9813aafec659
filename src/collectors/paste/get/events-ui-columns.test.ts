import { describe, expect, it } from 'vitest';
import { parseUiEvents, uiEventsHeader } from './events-ui.js';

const row = (...cells: string[]) => cells.join('\t');

/** Lens / OpenLens / Freelens events list (renderTableHeader of the Events view). */
const LENS = row('Type', 'Message', 'Namespace', 'Involved Object', 'Source', 'Count', 'Age', 'Last Seen');
/** Lens before "Last Seen" was added (and its workloads overview): seven columns. */
const LENS_OLD = row('Type', 'Message', 'Namespace', 'Involved Object', 'Source', 'Count', 'Age');
/** Headlamp and similar. */
const HEADLAMP = row('Type', 'Reason', 'Message', 'Involved Object', 'Last Seen');

const PROBE = 'Liveness probe failed: HTTP probe failed with statuscode: 500';
const SCALED = 'Scaled up replica set web-5c to 3';

const parse = (...lines: string[]) => parseUiEvents(lines, 0);

describe('the title row of a copied events table', () => {
  it.each([
    ['Lens', LENS, ['TYPE', 'MESSAGE', 'NAMESPACE', 'OBJECT', 'SOURCE', 'COUNT', 'AGE', 'LASTSEEN']],
    ['Lens (7 columns)', LENS_OLD, ['TYPE', 'MESSAGE', 'NAMESPACE', 'OBJECT', 'SOURCE', 'COUNT', 'AGE']],
    [
      'Lens, older column order',
      row('Message', 'Namespace', 'Type', 'Involved Object', 'Source', 'Count', 'Age'),
      ['MESSAGE', 'NAMESPACE', 'TYPE', 'OBJECT', 'SOURCE', 'COUNT', 'AGE'],
    ],
    ['Headlamp', HEADLAMP, ['TYPE', 'REASON', 'MESSAGE', 'OBJECT', 'LASTSEEN']],
    ['a trailing tab', `${HEADLAMP}\t`, ['TYPE', 'REASON', 'MESSAGE', 'OBJECT', 'LASTSEEN']],
    ['two trailing tabs', `${HEADLAMP}\t\t`, ['TYPE', 'REASON', 'MESSAGE', 'OBJECT', 'LASTSEEN']],
    [
      'titles padded with spaces',
      row('Type ', ' Reason', 'Message ', ' Involved Object ', 'Last Seen '),
      ['TYPE', 'REASON', 'MESSAGE', 'OBJECT', 'LASTSEEN'],
    ],
    [
      'Type hidden, Reason shown',
      row('Reason', 'Message', 'Involved Object'),
      ['REASON', 'MESSAGE', 'OBJECT'],
    ],
    ['Reason hidden, Type shown', row('Type', 'Message', 'Object'), ['TYPE', 'MESSAGE', 'OBJECT']],
  ])('reads %s', (_, line, keys) => {
    expect(uiEventsHeader(line)).toEqual(keys);
  });

  it.each([
    ['no Message', row('Type', 'Reason', 'Involved Object', 'Last Seen')],
    ['no Involved Object', row('Type', 'Reason', 'Message', 'Last Seen')],
    ['neither Type nor Reason', row('Message', 'Namespace', 'Involved Object', 'Source', 'Count', 'Age')],
    ['only Message and Object', row('Message', 'Involved Object')],
    ['a single title', 'Message'],
    ['only tabs', '\t\t'],
  ])('is not a header with %s', (_, line) => {
    expect(uiEventsHeader(line)).toBeUndefined();
  });
});

describe('rows under a copied events header', () => {
  it('numbers each event by its own line and ends at the first line that is not a row', () => {
    const r = parse(
      HEADLAMP,
      row('Normal', 'ScalingReplicaSet', SCALED, 'Deployment: web', '2m'),
      row('Warning', 'Unhealthy', PROBE, 'Pod: web-5c-x7k2p', '15s'),
      '',
      row('Normal', 'ScalingReplicaSet', SCALED, 'Deployment: web', '1m'),
    );
    expect(r?.end).toBe(3);
    expect(r?.objects.map((o) => o.line)).toEqual([2, 3]);
  });

  it('keeps the Type and Reason cells over what the message shape says', () => {
    const r = parse(HEADLAMP, row('Warning', 'ScalingReplicaSet', SCALED, 'Deployment: web', '2m'));
    expect(r?.objects[0]?.raw).toEqual({
      kind: 'Event',
      involvedObject: { kind: 'Deployment', name: 'web' },
      reason: 'ScalingReplicaSet',
      message: SCALED,
      type: 'Warning',
    });
    expect(r?.objects[0]?.age).toEqual({ last: 120 });
  });

  it.each([
    ['an empty Type cell, a message with a shape', '', PROBE, { reason: 'Unhealthy', type: 'Warning' }],
    ['an empty Type cell, a message without one', '', SCALED, {}],
    ['a Type cell, a message without a shape', 'Normal', SCALED, { type: 'Normal' }],
  ])('types a Lens row with %s', (_, type, message, expected) => {
    const r = parse(LENS, row(type, message, 'shop', 'Pod: web-1', 'kubelet node-a', '3', '10m', '1m'));
    expect(r?.objects).toHaveLength(1);
    const raw = r?.objects[0]?.raw ?? {};
    expect({ reason: raw.reason, type: raw.type }).toEqual({
      reason: undefined,
      type: undefined,
      ...expected,
    });
  });

  it('takes type and reason from the message shape when the table shows no Type column', () => {
    const r = parse(
      row('Reason', 'Message', 'Involved Object', 'Last Seen'),
      row('', PROBE, 'Pod: web-1', '15s'),
    );
    expect(r?.objects[0]?.raw).toMatchObject({ reason: 'Unhealthy', type: 'Warning' });
  });

  it('reads a row with no Type column and a reason cell', () => {
    const r = parse(
      row('Reason', 'Message', 'Involved Object', 'Last Seen'),
      row('ScalingReplicaSet', SCALED, 'Deployment: web', '2m'),
    );
    expect(r?.objects[0]?.raw).toEqual({
      kind: 'Event',
      involvedObject: { kind: 'Deployment', name: 'web' },
      reason: 'ScalingReplicaSet',
      message: SCALED,
    });
  });

  it.each([
    ['Error', 0],
    ['warning', 0],
    ['Warning', 1],
    ['Normal', 1],
  ])('takes a Type cell %j only when it is Normal or Warning', (type, n) => {
    const r = parse(HEADLAMP, row(type, 'Unhealthy', PROBE, 'Pod: web-1', '15s'));
    expect(r?.objects).toHaveLength(n);
    expect(r?.end).toBe(1 + n);
  });

  it.each([
    ['shop', 1],
    ['kube-system', 1],
    ['', 1],
    ['Shop', 0],
    ['kube_system', 0],
  ])('takes a Namespace cell %j only when it is a namespace name', (ns, n) => {
    const r = parse(LENS, row('Warning', PROBE, ns, 'Pod: web-1', 'kubelet node-a', '12', '30m', '15s'));
    expect(r?.objects).toHaveLength(n);
  });

  it.each([
    ['Pod: web-1', { kind: 'Pod', name: 'web-1' }],
    ['pod/web-1', { kind: 'Pod', name: 'web-1' }],
    ['deployment.apps/web', { kind: 'Deployment', name: 'web' }],
    ['Node: ip-10-0-1-5.ec2.internal', { kind: 'Node', name: 'ip-10-0-1-5.ec2.internal' }],
    ['EC2NodeClass: default', { kind: 'EC2NodeClass', name: 'default' }],
  ])('reads the Involved Object cell %j', (cell, involved) => {
    const r = parse(HEADLAMP, row('Warning', 'Unhealthy', PROBE, cell, '15s'));
    expect(r?.objects[0]?.raw.involvedObject).toEqual(involved);
  });

  it.each([['Pod'], ['Node'], ['Pod: Web_1'], ['web-1']])(
    'does not read a row whose object is %j',
    (cell) => {
      const r = parse(HEADLAMP, row('Warning', 'Unhealthy', PROBE, cell, '15s'));
      expect(r?.objects).toEqual([]);
    },
  );

  it('trims the cells a browser copy pads with spaces', () => {
    const r = parse(
      LENS,
      row('Warning ', `${PROBE} `, ' shop', 'Pod: web-1 ', 'kubelet node-a', ' 12', '30m ', ' 15s'),
    );
    expect(r?.objects[0]?.raw).toEqual({
      kind: 'Event',
      metadata: { namespace: 'shop' },
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
      reason: 'Unhealthy',
      message: PROBE,
      type: 'Warning',
      count: 12,
      source: { component: 'kubelet', host: 'node-a' },
    });
    expect(r?.objects[0]?.age).toEqual({ last: 15, first: 1800 });
  });

  it.each([
    ['one cell short (empty Last Seen dropped)', row('Warning', 'Unhealthy', PROBE, 'Pod: web-1'), 1],
    ['one trailing tab', row('Warning', 'Unhealthy', PROBE, 'Pod: web-1', '15s', ''), 1],
    ['two cells short', row('Warning', 'Unhealthy', PROBE), 0],
    ['two trailing tabs', row('Warning', 'Unhealthy', PROBE, 'Pod: web-1', '15s', '', ''), 0],
  ])('takes a row %s of the header only within one cell', (_, line, n) => {
    expect(parse(HEADLAMP, line)?.objects).toHaveLength(n);
  });

  it('reads a table with no Last Seen column, the first-seen age standing for both', () => {
    const r = parse(LENS_OLD, row('Warning', PROBE, 'shop', 'Pod: web-1', 'kubelet node-a', '12', '30m'));
    expect(r?.objects[0]?.age).toEqual({ last: 1800, first: 1800 });
    expect(r?.objects[0]?.raw).toMatchObject({ count: 12 });
  });

  it.each([
    ['3m (x4 over 10m)', { last: 180, first: 600 }, 4],
    ['15s', { last: 15 }, undefined],
    ['<unknown>', undefined, undefined],
  ])('reads a Last Seen cell %j', (seen, age, count) => {
    const r = parse(HEADLAMP, row('Warning', 'Unhealthy', PROBE, 'Pod: web-1', seen));
    expect(r?.objects[0]?.age).toEqual(age);
    expect(r?.objects[0]?.raw.count).toBe(count);
  });

  it.each([
    [20_000, 1],
    [20_001, 0],
  ])('reads a row of %i characters: %i event', (length, n) => {
    const head = row('Warning', 'FailedCreate', '');
    const tail = row('', 'ReplicaSet: web-5c', '5m');
    const message = `Error creating: ${'x'.repeat(length - head.length - tail.length - 16)}`;
    const line = row('Warning', 'FailedCreate', message, 'ReplicaSet: web-5c', '5m');
    expect(line).toHaveLength(length);
    expect(parse(HEADLAMP, line)?.objects).toHaveLength(n);
  });
});
