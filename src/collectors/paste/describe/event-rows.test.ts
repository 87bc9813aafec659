import { describe, expect, it } from 'vitest';
import { detectEventHeader, parseDescribeEventRow, type EventLayout } from './block.js';
import { parseSource } from './event-rows.js';
import { cleanLine } from '../common/text.js';

/** One Events row in every layout `kubectl describe` printed. */

const row = (line: string, layout?: EventLayout) => parseDescribeEventRow(cleanLine(line), layout);

describe('headers', () => {
  it('knows each era by its header', () => {
    expect(detectEventHeader('  Type     Reason     Age                From               Message')).toEqual({
      style: 'age',
      typeAt: 2,
      messageAt: 60,
    });
    expect(
      detectEventHeader('  FirstSeen\tLastSeen\tCount\tFrom\t\t\t\tSubObjectPath\tType\t\tReason\t\tMessage'),
    ).toEqual({
      style: 'seen',
      typed: true,
    });
    expect(detectEventHeader('FirstSeen\tLastSeen\tCount\tFrom\tSubobjectPath\tReason\tMessage')).toEqual({
      style: 'seen',
      typed: false,
    });
    expect(detectEventHeader('LAST SEEN   TYPE      REASON        OBJECT      MESSAGE')).toBeUndefined();
    expect(detectEventHeader('NAME READY STATUS')).toBeUndefined();
  });
});

describe('kubectl 1.0 and before: absolute times, {component host} sources, no Type column', () => {
  const layout = detectEventHeader('FirstSeen\tLastSeen\tCount\tFrom\tSubobjectPath\tReason\tMessage');

  it('keeps absolute times as timestamps, not ages', () => {
    const r = row(
      'Thu, 09 Jul 2015 10:19:07 -0700\tThu, 09 Jul 2015 10:19:07 -0700\t1\t{kubelet kubernetes-minion-6ppk}\timplicitly required container POD\tpulled\tPod container image "gcr.io/google_containers/pause:0.8.0" already present on machine',
      layout,
    );
    expect(r).toEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        reason: 'pulled',
        message: 'Pod container image "gcr.io/google_containers/pause:0.8.0" already present on machine',
        count: 1,
        source: { component: 'kubelet', host: 'kubernetes-minion-6ppk' },
        involvedObject: { fieldPath: 'implicitly required container POD' },
        firstTimestamp: '2015-07-09T17:19:07Z',
        lastTimestamp: '2015-07-09T17:19:07Z',
      },
    });
  });

  it('reads a headerless braces row without a Type column', () => {
    expect(
      row('  2m\t\t2m\t\t1\t{scheduler }\t\t\tscheduled\tSuccessfully assigned web-1 to node-1')?.raw,
    ).toMatchObject({
      reason: 'scheduled',
      source: { component: 'scheduler' },
      count: 1,
    });
  });
});

describe('kubectl 1.2–1.9: FirstSeen LastSeen Count From SubObjectPath Type Reason Message', () => {
  it('reads a row with a SubObjectPath', () => {
    const r = row(
      '  4m\t\t10s\t\t22\t{kubelet node-1}\tspec.containers{web}\tWarning\t\tBackOff\t\tBack-off restarting failed docker container',
    );
    expect(r).toEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed docker container',
        count: 22,
        source: { component: 'kubelet', host: 'node-1' },
        involvedObject: { fieldPath: 'spec.containers{web}' },
      },
      age: { last: 10, first: 240 },
    });
  });

  it('reads "kubelet, node" sources of 1.5+', () => {
    expect(
      row(
        '  5m\t\t1m\t\t6\tkubelet, node-1\tspec.initContainers{init}\tNormal\t\tPulled\t\tContainer image "busybox" already present on machine',
      )?.raw,
    ).toMatchObject({
      source: { component: 'kubelet', host: 'node-1' },
      involvedObject: { fieldPath: 'spec.initContainers{init}' },
    });
  });

  it('under a typed header, reads a row whose Type cell is empty', () => {
    const layout = detectEventHeader(
      '  FirstSeen\tLastSeen\tCount\tFrom\tSubObjectPath\tType\tReason\tMessage',
    );
    expect(
      row(
        '  1m\t\t1m\t\t1\t{kubelet node-1}\tspec.containers{web}\t\t\tCreated\t\tCreated with docker id 1a2b',
        layout,
      )?.raw,
    ).toMatchObject({ reason: 'Created', message: 'Created with docker id 1a2b' });
    expect(
      row('  1m\t\t1m\t\t1\t{kubelet node-1}\t\t\tCreated\t\tCreated with docker id 1a2b')?.raw.type,
    ).toBeUndefined();
  });

  it('rejects `get events` rows of the same era (NAME and KIND columns)', () => {
    expect(
      row(
        '26m        26m         1         web-544d45c8d5   ReplicaSet               Warning   FailedCreate        replicaset-controller   Error creating: pods x is forbidden',
      ),
    ).toBeUndefined();
    expect(
      row('1m 1m 1 web-1 Pod spec.containers{web} Normal Pulled {kubelet node-1} pulled'),
    ).toBeUndefined();
  });
});

describe('kubectl 1.10+: Type Reason Age From Message', () => {
  it('reads counts and first-seen ages from "(xN over T)"', () => {
    expect(
      row(
        '  Warning  BackOff    106s (x298 over 11m)  kubelet  Back-off restarting failed container app in pod app-1_default(5d3f)',
      ),
    ).toEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed container app in pod app-1_default(5d3f)',
        count: 298,
        source: { component: 'kubelet' },
      },
      age: { last: 106, first: 660 },
    });
  });

  it('keeps runs of spaces inside a message', () => {
    expect(row('  Normal   Pulled  5m  kubelet  Successfully pulled image "a"  in 1.2s')?.raw.message).toBe(
      'Successfully pulled image "a"  in 1.2s',
    );
  });

  it('reads "<unknown>" ages as no age', () => {
    const r = row(
      '  Warning  FailedScheduling  <unknown>  default-scheduler  0/3 nodes are available: 3 Insufficient cpu.',
    );
    expect(r?.age).toBeUndefined();
    expect(r?.raw.reason).toBe('FailedScheduling');
  });

  it('reads a row whose runs of spaces were squeezed to one', () => {
    const r = row(
      'Warning FailedMount 2m (x3 over 6m) kubelet, node-2 MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found',
    );
    expect(r).toEqual({
      raw: {
        apiVersion: 'v1',
        kind: 'Event',
        type: 'Warning',
        reason: 'FailedMount',
        message: 'MountVolume.SetUp failed for volume "cfg" : configmap "app-config" not found',
        count: 3,
        source: { component: 'kubelet', host: 'node-2' },
      },
      age: { last: 120, first: 360 },
    });
  });

  it('rejects prose and `get events` rows', () => {
    expect(row('Warning: this pod keeps restarting')).toBeUndefined();
    expect(row('Normal operation resumed after 5m')).toBeUndefined();
    expect(
      row(
        '16h         Warning   FailedCreate   replicaset/web-b9d4677d8   Error creating: pods "x" is forbidden',
      ),
    ).toBeUndefined();
    expect(
      row('7m18s       Warning   FailedMount   pod/api-595bf79b79-h27xj   MountVolume.SetUp failed'),
    ).toBeUndefined();
  });
});

describe('sources', () => {
  it('reads every spelling', () => {
    expect(parseSource('{kubelet node-1}')).toEqual({ component: 'kubelet', host: 'node-1' });
    expect(parseSource('{default-scheduler }')).toEqual({ component: 'default-scheduler' });
    expect(parseSource('kubelet, ip-10-0-0-5.ec2.internal')).toEqual({
      component: 'kubelet',
      host: 'ip-10-0-0-5.ec2.internal',
    });
    expect(parseSource('kubelet')).toEqual({ component: 'kubelet' });
    expect(parseSource('{}')).toBeUndefined();
  });
});

describe('kubectl 1.5-1.9 rows whose cells the tabwriter left one space apart', () => {
  const layout = detectEventHeader(
    '  FirstSeen LastSeen  Count From    SubObjectPath Type    Reason    Message',
  );

  it.each([
    [
      'Count against From',
      '  1m    1m    1 job-controller      Warning   FailedCreate  Error creating: pods "job-mem-ky5es" is forbidden: exceeded quota: quota',
      { reason: 'FailedCreate', type: 'Warning', count: 1, source: { component: 'job-controller' } },
    ],
    [
      'Type against Reason, no SubObjectPath',
      '  34m           29m     3       kubelet, ip-172-20-55-145.internal                     Warning FailedMount     Unable to mount volumes for pod "p_ns(1)": timeout expired',
      {
        reason: 'FailedMount',
        type: 'Warning',
        count: 3,
        source: { component: 'kubelet', host: 'ip-172-20-55-145.internal' },
        message: 'Unable to mount volumes for pod "p_ns(1)": timeout expired',
      },
    ],
    [
      'LastSeen against Count',
      '  16m   42s 11  {kubelet pool-1}    spec.containers{db}  Warning Unhealthy   Liveness probe failed: connection refused',
      {
        reason: 'Unhealthy',
        type: 'Warning',
        count: 11,
        source: { component: 'kubelet', host: 'pool-1' },
        involvedObject: { fieldPath: 'spec.containers{db}' },
        message: 'Liveness probe failed: connection refused',
      },
    ],
    [
      'SubObjectPath, Type and Reason one space apart',
      '  27m  27m  1  kubelet, n1  spec.containers{app} Normal Pulling pulling image "prom/prometheus:v1.5.2"',
      {
        reason: 'Pulling',
        type: 'Normal',
        involvedObject: { fieldPath: 'spec.containers{app}' },
        message: 'pulling image "prom/prometheus:v1.5.2"',
      },
    ],
  ])('%s', (_, line, raw) => {
    for (const l of [layout, undefined]) expect(row(line, l)?.raw).toMatchObject(raw);
  });
});
