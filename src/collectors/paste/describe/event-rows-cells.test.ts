import { describe, expect, it } from 'vitest';
import { detectEventHeader, parseDescribeEventRow, parseSource, type EventLayout } from './event-rows.js';

/**
 * The cells of a describe Events row, read one by one: which cell is the From and which the
 * Message, what the row's raw Event holds (and holds no key for), the columns of squeezed and
 * tab-separated rows, sources of every era, and which layout reads a row.
 */

const AGE_HEADER = '  Type    Reason     Age   From               Message';
const ageLayout = detectEventHeader(AGE_HEADER);
const TYPED_SEEN = '  FirstSeen\tLastSeen\tCount\tFrom\tSubObjectPath\tType\tReason\tMessage';
const seenLayout = detectEventHeader(TYPED_SEEN);

describe('headers of describe and of the other tables a paste holds', () => {
  it.each([
    [
      '  Type     Reason     Age                From               Message',
      { style: 'age', typeAt: 2, messageAt: 60 },
    ],
    ['Type\tReason\tAge\tFrom\tMessage', { style: 'age', typeAt: 0, messageAt: 21 }],
    [
      '  FirstSeen\tLastSeen\tCount\tFrom\tSubObjectPath\tType\tReason\tMessage',
      { style: 'seen', typed: true },
    ],
    [
      '  FirstSeen\t\t\t\tLastSeen\t\t\tCount\tFrom\t\tSubobjectPath\tReason\t\t\tMessage',
      { style: 'seen', typed: false },
    ],
    // Conditions tables of describe pod / node / deployment.
    ['  Type              Status', undefined],
    [
      '  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message',
      undefined,
    ],
    ['  Type           Status  Reason', undefined],
    // kubectl get events: 1.0-1.2 (FIRSTSEEN first), 1.3-1.13, 1.14+.
    [
      'FIRSTSEEN   LASTSEEN   COUNT     NAME      KIND      SUBOBJECT   REASON    SOURCE    MESSAGE',
      undefined,
    ],
    [
      'FIRSTSEEN   LASTSEEN   COUNT     NAME      KIND      SUBOBJECT   TYPE      REASON    SOURCE    MESSAGE',
      undefined,
    ],
    [
      'LASTSEEN   FIRSTSEEN   COUNT     NAME      KIND      SUBOBJECT   TYPE      REASON    SOURCE    MESSAGE',
      undefined,
    ],
    ['LAST SEEN   TYPE      REASON        OBJECT      MESSAGE', undefined],
    ['', undefined],
  ])('%j', (line, layout) => {
    expect(detectEventHeader(line)).toStrictEqual(layout);
  });
});

describe('sources of every kubectl era', () => {
  it.each([
    // 1.5+ formatEventSource: "component, host"; an event with a host and no component.
    ['kubelet, node-1', { component: 'kubelet', host: 'node-1' }],
    [', node-1', { component: '', host: 'node-1' }],
    ['kubelet', { component: 'kubelet' }],
    // 1.0-1.4 "{component host}", the host empty for controllers.
    ['{kubelet node-1}', { component: 'kubelet', host: 'node-1' }],
    ['{default-scheduler }', { component: 'default-scheduler' }],
    // A cell with the white space of its column around it.
    ['  {kubelet node-1}  ', { component: 'kubelet', host: 'node-1' }],
    ['\tkubelet, node-1\t', { component: 'kubelet', host: 'node-1' }],
    // Only a cell in both braces is the old spelling: a cut one is taken as it stands.
    ['{kubelet node-1', { component: '{kubelet node-1' }],
    ['kubelet node-1}', { component: 'kubelet node-1}' }],
    ['{ kubelet node-1}', { component: 'kubelet', host: 'node-1' }],
  ])('%j', (text, source) => {
    expect(parseSource(text)).toStrictEqual(source);
  });

  it.each(['', '   ', '{}', '{ }'])('%j is no source', (text) => {
    expect(parseSource(text)).toBeUndefined();
  });
});

describe('Type Reason Age From Message (1.10+): which cell is the From', () => {
  it.each([
    [
      'a From and no Message (kube-proxy Starting)',
      '  Normal  Starting  5m                 kube-proxy',
      { type: 'Normal', reason: 'Starting', message: '', source: { component: 'kube-proxy' } },
    ],
    [
      'a From with its host and no Message',
      '  Normal  Starting  5m                 kubelet, node-1',
      { type: 'Normal', reason: 'Starting', message: '', source: { component: 'kubelet', host: 'node-1' } },
    ],
    [
      'a Message and no From',
      '  Normal  Scheduled  <unknown>                      Successfully assigned default/web-1 to node-1',
      { type: 'Normal', reason: 'Scheduled', message: 'Successfully assigned default/web-1 to node-1' },
    ],
    [
      'a Message ending in a docker JSON error, no From',
      '  Warning  Failed  12s  Failed to pull image "private/app:1": rpc error: code = Unknown desc = Error response from daemon: {"message":"pull access denied for private/app"}',
      {
        type: 'Warning',
        reason: 'Failed',
        message:
          'Failed to pull image "private/app:1": rpc error: code = Unknown desc = Error response from daemon: {"message":"pull access denied for private/app"}',
      },
    ],
    [
      'neither',
      '  Warning  FailedCreate  <invalid> (x13 over <invalid>)',
      { type: 'Warning', reason: 'FailedCreate', message: '', count: 13 },
    ],
  ])('%s', (_, line, fields) => {
    for (const layout of [undefined, ageLayout])
      expect(parseDescribeEventRow(line, layout)?.raw).toStrictEqual({
        apiVersion: 'v1',
        kind: 'Event',
        ...fields,
      });
  });

  it('takes every cell from the Message column on as the message under a header', () => {
    // The message starts under the header's Message column: the From is empty, the whole text the message.
    const head = '  Normal  Pulled     30s';
    const row = `${head.padEnd(AGE_HEADER.indexOf('Message'))}Successfully pulled image "a"  in 1.2s`;
    expect(parseDescribeEventRow(row, ageLayout)?.raw).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Normal',
      reason: 'Pulled',
      message: 'Successfully pulled image "a"  in 1.2s',
    });
  });

  // The Message column of the header at 40; the row's first cell after the age at 38, 39, 40, 41.
  it.each([
    [38, { source: { component: 'Successfully' }, message: 'pulled image "a"  in 1.2s' }],
    [39, { message: 'Successfully  pulled image "a"  in 1.2s' }],
    [40, { message: 'Successfully  pulled image "a"  in 1.2s' }],
    [41, { message: 'Successfully  pulled image "a"  in 1.2s' }],
  ])('a first cell at %i against a Message column at 40', (at, fields) => {
    const head = '  Normal  Pulled  30s';
    const line = `${head}${' '.repeat(at - head.length)}Successfully  pulled image "a"  in 1.2s`;
    const layout: EventLayout = { style: 'age', typeAt: 2, messageAt: 40 };
    expect(parseDescribeEventRow(line, layout)?.raw).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Normal',
      reason: 'Pulled',
      ...fields,
    });
  });

  it('reads From and Message under a header whose Type starts elsewhere (another paste indent)', () => {
    const layout: EventLayout = { style: 'age', typeAt: 0, messageAt: 20 };
    const line = '  Normal  Pulled  30s  kubelet  Container image "busybox" already present on machine';
    expect(parseDescribeEventRow(line, layout)?.raw).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Normal',
      reason: 'Pulled',
      message: 'Container image "busybox" already present on machine',
      source: { component: 'kubelet' },
    });
  });

  it('reads From and Message under the header that announced them', () => {
    const line =
      '  Normal  Pulled     30s   kubelet            Container image "busybox" already present on machine';
    expect(parseDescribeEventRow(line, ageLayout)?.raw).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Event',
      type: 'Normal',
      reason: 'Pulled',
      message: 'Container image "busybox" already present on machine',
      source: { component: 'kubelet' },
    });
  });

  it.each([
    ['\t', 'Back-off restarting failed container\t'],
    ['spaces', 'Back-off restarting failed container   '],
    ['CR', 'Back-off restarting failed container\r'],
  ])('drops white space (%s) after the message', (_, message) => {
    const r = parseDescribeEventRow(`  Warning  BackOff  2m (x4 over 3m)  kubelet  ${message}`);
    expect(r?.raw.message).toBe('Back-off restarting failed container');
  });
});

describe('the raw Event holds no key for what the row did not print', () => {
  it('an age row of one occurrence: no count, no timestamps, no involvedObject', () => {
    expect(
      parseDescribeEventRow(
        '  Normal  Pulled  5m  kubelet  Container image "busybox" already present on machine',
      ),
    ).toStrictEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        type: 'Normal',
        reason: 'Pulled',
        message: 'Container image "busybox" already present on machine',
        source: { component: 'kubelet' },
      },
      age: { last: 300, first: 300 },
    });
  });

  it.each([
    ['2', 2],
    ['10', 10],
    ['298', 298],
  ])('a count of %s from "(xN over T)"', (n, count) => {
    expect(
      parseDescribeEventRow(
        `  Warning  BackOff  106s (x${n} over 11m)  kubelet  Back-off restarting failed container`,
      )?.raw.count,
    ).toBe(count);
  });

  it('a typed-era row with an empty Type and no SubObjectPath: no type, no involvedObject', () => {
    expect(
      parseDescribeEventRow(
        '  1m\t\t1m\t\t1\tkubelet, node-1\t\t\t\t\tCreated\t\tCreated container with docker id 1a2b',
        seenLayout,
      ),
    ).toStrictEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        reason: 'Created',
        message: 'Created container with docker id 1a2b',
        count: 1,
        source: { component: 'kubelet', host: 'node-1' },
      },
      age: { last: 60, first: 60 },
    });
  });

  it('a typed-era row with an empty Type and a SubObjectPath, under its header', () => {
    expect(
      parseDescribeEventRow(
        '  1m\t\t1m\t\t1\tkubelet, node-1\tspec.containers{web}\t\t\tCreated\t\tCreated container with docker id 1a2b',
        seenLayout,
      )?.raw,
    ).toStrictEqual({
      apiVersion: 'v1',
      kind: 'Event',
      reason: 'Created',
      message: 'Created container with docker id 1a2b',
      count: 1,
      source: { component: 'kubelet', host: 'node-1' },
      involvedObject: { fieldPath: 'spec.containers{web}' },
    });
  });

  it('a seen-era row without a message, and one with white space after it', () => {
    const base = '  5m\t\t5m\t\t1\tkubelet, node-1\t\t\t\t\tNormal\t\tStarting';
    expect(parseDescribeEventRow(base, seenLayout)?.raw.message).toBe('');
    expect(parseDescribeEventRow(`${base}\t\tStarting kubelet.  \t`, seenLayout)?.raw.message).toBe(
      'Starting kubelet.',
    );
  });
});

describe('rows whose runs of spaces were squeezed to one', () => {
  it.each([
    [
      'one-word From, a plain age',
      'Normal Pulled 5m kubelet Container image "busybox" already present on machine',
      {
        type: 'Normal',
        reason: 'Pulled',
        message: 'Container image "busybox" already present on machine',
        source: { component: 'kubelet' },
      },
      { last: 300, first: 300 },
    ],
    [
      'one-word From after "(xN over T)"',
      'Warning BackOff 106s (x298 over 11m) kubelet Back-off restarting failed container',
      {
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed container',
        count: 298,
        source: { component: 'kubelet' },
      },
      { last: 106, first: 660 },
    ],
    [
      '"component, host" From',
      'Normal Killing 5m kubelet, node-1 Stopping container web',
      {
        type: 'Normal',
        reason: 'Killing',
        message: 'Stopping container web',
        source: { component: 'kubelet', host: 'node-1' },
      },
      { last: 300, first: 300 },
    ],
    [
      'From and no message',
      'Normal Starting 5m kube-proxy',
      { type: 'Normal', reason: 'Starting', message: '', source: { component: 'kube-proxy' } },
      { last: 300, first: 300 },
    ],
  ])('%s', (_, line, raw, age) => {
    expect(parseDescribeEventRow(line)).toStrictEqual({
      raw: { apiVersion: 'v1', kind: 'Event', ...raw },
      age,
    });
  });

  it.each(['', '   ', 'Warning', 'Normal', '  Warning  BackOff'])('%j is too short for a row', (line) => {
    expect(parseDescribeEventRow(line)).toBeUndefined();
    expect(parseDescribeEventRow(line, ageLayout)).toBeUndefined();
    expect(parseDescribeEventRow(line, seenLayout)).toBeUndefined();
  });
});

describe('FirstSeen LastSeen Count From (1.0-1.9): cells', () => {
  it.each([
    [
      '<invalid> ages (a clock ahead of the apiserver)',
      '  <invalid>\t<invalid>\t2\t{kubelet node-1}\tspec.containers{web}\tWarning\tBackOff\tBack-off restarting failed docker container',
    ],
    [
      '<unknown> ages',
      '  <unknown>\t<unknown>\t2\tkubelet, node-1\tspec.containers{web}\tWarning\tBackOff\tBack-off restarting failed docker container',
    ],
  ])('%s: no age', (_, line) => {
    for (const layout of [undefined, seenLayout])
      expect(parseDescribeEventRow(line, layout)).toStrictEqual({
        raw: {
          apiVersion: 'v1',
          kind: 'Event',
          type: 'Warning',
          reason: 'BackOff',
          message: 'Back-off restarting failed docker container',
          count: 2,
          source: { component: 'kubelet', host: 'node-1' },
          involvedObject: { fieldPath: 'spec.containers{web}' },
        },
      });
  });

  it('LastSeen against Count, From "component, host"', () => {
    const line =
      '  16m   42s 11  kubelet, node-1    spec.containers{db}  Warning Unhealthy   Liveness probe failed: connection refused';
    for (const layout of [undefined, seenLayout])
      expect(parseDescribeEventRow(line, layout)).toStrictEqual({
        raw: {
          apiVersion: 'v1',
          kind: 'Event',
          type: 'Warning',
          reason: 'Unhealthy',
          message: 'Liveness probe failed: connection refused',
          count: 11,
          source: { component: 'kubelet', host: 'node-1' },
          involvedObject: { fieldPath: 'spec.containers{db}' },
        },
        age: { last: 42, first: 960 },
      });
  });

  it('From against SubObjectPath: only under its header', () => {
    const line =
      '  27m  27m  1  kubelet, n1 spec.containers{app}  Normal  Pulling  pulling image "prom/prometheus:v1.5.2"';
    expect(parseDescribeEventRow(line)).toBeUndefined();
    expect(parseDescribeEventRow(line, seenLayout)?.raw).toMatchObject({
      type: 'Normal',
      reason: 'Pulling',
      count: 1,
      message: 'pulling image "prom/prometheus:v1.5.2"',
    });
  });

  it('From against SubObjectPath in the braces era: only under its header', () => {
    const line =
      '  27m  27m  1  {kubelet n1} spec.containers{app}  Normal  Pulling  pulling image "prom/prometheus:v1.5.2"';
    expect(parseDescribeEventRow(line)).toBeUndefined();
    expect(parseDescribeEventRow(line, seenLayout)?.raw).toMatchObject({
      type: 'Normal',
      reason: 'Pulling',
      count: 1,
    });
  });

  it('is no row of a ResourceQuota table (Resource Used Hard)', () => {
    for (const line of ['  pods             3     4', 'limits.cpu       0     2'])
      for (const layout of [undefined, seenLayout])
        expect(parseDescribeEventRow(line, layout)).toBeUndefined();
  });
});

describe('rows of other tables are no Events rows', () => {
  // kubectl get namespaces (NAME STATUS AGE), get serviceaccounts (NAME SECRETS AGE).
  it.each(['default           Active   25d', 'kube-system       Active   25d', 'default   1         25d'])(
    '%j',
    (line) => {
      expect(parseDescribeEventRow(line)).toBeUndefined();
    },
  );
});

describe('which layout reads a row', () => {
  const age = '  Normal  Pulled  5m  kubelet  Container image "busybox" already present on machine';
  const seen =
    '  4m\t\t10s\t\t22\t{kubelet node-1}\tspec.containers{web}\tWarning\t\tBackOff\t\tBack-off restarting failed docker container';
  it.each([
    ['an age row, no header', age, undefined, 'Pulled'],
    ['an age row, age header', age, ageLayout, 'Pulled'],
    ['an age row, seen header', age, seenLayout, undefined],
    ['a seen row, no header', seen, undefined, 'BackOff'],
    ['a seen row, seen header', seen, seenLayout, 'BackOff'],
    ['a seen row, age header', seen, ageLayout, undefined],
  ])('%s', (_, line, layout, reason) => {
    expect(parseDescribeEventRow(line, layout)?.raw.reason).toBe(reason);
  });

  it.each([
    [99_999, 'Pulled'],
    [100_000, 'Pulled'],
    [100_001, undefined],
  ])('a row of %i characters', (length, reason) => {
    const head = '  Normal  Pulled  5m  kubelet  ';
    const line = head + 'x'.repeat(length - head.length);
    expect(line).toHaveLength(length);
    expect(parseDescribeEventRow(line)?.raw.reason).toBe(reason);
  });
});

describe('rows kubectl 1.27 and 1.33 printed (simulator), spaced and squeezed', () => {
  it.each([
    [
      '  Warning  FailedScheduling  37s (x7 over 6m6s)  default-scheduler  0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
      {
        type: 'Warning',
        reason: 'FailedScheduling',
        message:
          '0/4 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 3 Insufficient cpu, 3 Insufficient memory. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.',
        count: 7,
        source: { component: 'default-scheduler' },
      },
      { last: 37, first: 366 },
    ],
    [
      '  Warning  Failed     8s (x37 over 6m8s)   kubelet            Error: configmap "ledger-config" not found',
      {
        type: 'Warning',
        reason: 'Failed',
        message: 'Error: configmap "ledger-config" not found',
        count: 37,
        source: { component: 'kubelet' },
      },
      { last: 8, first: 368 },
    ],
    [
      '  Normal  Pulled     5m58s  kubelet            Successfully pulled image "ghcr.io/acme/report-job:1.0.0" in 1.399s (7.692s including waiting). Image size: 52428800 bytes.',
      {
        type: 'Normal',
        reason: 'Pulled',
        message:
          'Successfully pulled image "ghcr.io/acme/report-job:1.0.0" in 1.399s (7.692s including waiting). Image size: 52428800 bytes.',
        source: { component: 'kubelet' },
      },
      { last: 358, first: 358 },
    ],
    [
      '  Normal  RegisteredNode  6m15s  node-controller  Node worker-a event: Registered Node worker-a in Controller',
      {
        type: 'Normal',
        reason: 'RegisteredNode',
        message: 'Node worker-a event: Registered Node worker-a in Controller',
        source: { component: 'node-controller' },
      },
      { last: 375, first: 375 },
    ],
  ])('%s', (line, raw, age) => {
    const want = { raw: { apiVersion: 'v1', kind: 'Event', ...raw }, age };
    expect(parseDescribeEventRow(line)).toStrictEqual(want);
    const squeezed = line.trim().replace(/ {2,}/g, ' ');
    expect(parseDescribeEventRow(squeezed)).toStrictEqual(want);
  });
});
