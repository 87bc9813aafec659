import { describe, expect, it } from 'vitest';
import { COMBINED, MAX_LINE, core, isEventRow, joinedMessage, strip, wrappedEnd } from './wrap.js';
import { parsePaste } from '../driver.js';
import { PASTE_PARSERS } from '../parsers.js';

/** The kubelet's back-off message (kubernetes-facts.md §2, BackOff). */
const BACK_OFF =
  'Back-off restarting failed container app in pod web-0_default(0f6e1d2c-1b2a-4c3d-9e8f-0a1b2c3d4e5f)';
/** The scheduler's FailedScheduling message, wrapped by a terminal after its first reason. */
const SCHED_HEAD =
  '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: },';
const SCHED_TAIL = '2 Insufficient memory.';
const noTable = () => false;

describe('strip: the text of a line without bullets, a message: key and quotes', () => {
  it.each([
    ['plain text is kept', BACK_OFF, BACK_OFF],
    ['surrounding blanks and tabs', ` \t${BACK_OFF}\t \r`, BACK_OFF],
    ['blanks before a bullet', `   * ${BACK_OFF}`, BACK_OFF],
    ['a dash bullet', `- ${BACK_OFF}`, BACK_OFF],
    ['a star bullet', `* ${BACK_OFF}`, BACK_OFF],
    ['a round bullet', `•  ${BACK_OFF}`, BACK_OFF],
    ['a message: key', `message: ${BACK_OFF}`, BACK_OFF],
    ['a Message: key with a tab', `Message:\t${BACK_OFF}`, BACK_OFF],
    ['a reason: key', 'reason: Evicted', 'Evicted'],
    ['a Reason: key with no blank', 'Reason:Evicted', 'Evicted'],
    ['a bullet and a key', `- message: ${BACK_OFF}`, BACK_OFF],
    ['a key and a bullet', `message: - ${BACK_OFF}`, BACK_OFF],
    // Two prefixes at most: a third one is part of the text.
    ['a third prefix is kept', `- message: - ${BACK_OFF}`, `- ${BACK_OFF}`],
    ['double quotes', `"${BACK_OFF}"`, BACK_OFF],
    ['single quotes', `'${BACK_OFF}'`, BACK_OFF],
    ['backticks', `\`${BACK_OFF}\``, BACK_OFF],
    ['a key and double quotes (YAML)', `message: "${BACK_OFF}"`, BACK_OFF],
    ['an opening quote the wrap cut the closing one of', `"${SCHED_HEAD}`, SCHED_HEAD],
    ['a closing quote that differs from the opening one', `"${BACK_OFF}'`, `${BACK_OFF}'`],
    ['a quote only at the end', `${BACK_OFF}"`, `${BACK_OFF}"`],
    ['blanks inside the quotes', `" ${BACK_OFF} "`, BACK_OFF],
    ['a lone quote', '"', ''],
    ['empty', '', ''],
    ['whitespace only', ' \t ', ''],
    ['a bullet with nothing after it', '-  ', '-'],
  ])('%s', (_label, line, want) => {
    expect(strip(line)).toBe(want);
  });
});

describe('core: the part of a message its shape is read from', () => {
  it.each([
    ['the combined prefix is taken off', `${COMBINED}${BACK_OFF}`, BACK_OFF],
    ['a message without it is kept', BACK_OFF, BACK_OFF],
    ['the prefix later in the text is kept', `x ${COMBINED}${BACK_OFF}`, `x ${COMBINED}${BACK_OFF}`],
    ['the prefix alone leaves nothing', COMBINED, ''],
    ['empty', '', ''],
  ])('%s', (_label, text, want) => {
    expect(core(text)).toBe(want);
  });
});

describe('isEventRow: type and reason cells with nothing but cells before them', () => {
  it.each([
    [
      'a describe Warning row',
      `  Warning  BackOff    2m (x12 over 10m)  kubelet            ${BACK_OFF}`,
      true,
    ],
    [
      'a describe Normal row',
      '  Normal   Scheduled  5m                 default-scheduler  Successfully assigned default/web-0 to worker-1',
      true,
    ],
    ['a get events row', `5m          Warning   BackOff   pod/web-0   ${BACK_OFF}`, true],
    [
      'a get events Normal row',
      '5m          Normal    Pulled    pod/web-0   Container image "nginx:1.25" already present on machine',
      true,
    ],
    ['the row after a sentence', `kubectl events says: Warning BackOff pod/web-0 ${BACK_OFF}`, false],
    [
      'a kubectl warning line',
      'Warning: would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false',
      false,
    ],
    [
      'a type cell with the reason column cut off',
      '  Warning  2m  kubelet  Liveness probe failed: HTTP probe failed with statuscode: 500',
      false,
    ],
    [
      'a Reason  Message row without a type',
      'Unhealthy   Liveness probe failed: Warning: disk usage at 91%',
      false,
    ],
    ['a row with a reason but no type word at all', `BackOff   ${BACK_OFF}`, false],
    ['empty', '', false],
  ])('%s', (_label, line, want) => {
    expect(isEventRow(line)).toBe(want);
  });
});

describe('wrappedEnd: where the continuation of a message ends', () => {
  const wrapped = (...next: string[]) => wrappedEnd([SCHED_HEAD, ...next], 1, noTable);

  it('runs to the end of the paste', () => {
    expect(wrapped(SCHED_TAIL)).toBe(2);
    expect(wrapped(SCHED_TAIL, "2 node(s) didn't match Pod's node affinity/selector.")).toBe(3);
  });

  it('is the start itself when nothing follows', () => {
    expect(wrapped()).toBe(1);
  });

  it.each([
    ['a blank line', ''],
    ['a whitespace-only line', ' \t '],
    ['a bare pod status word', 'Evicted'],
    ['a bare pod status word in quotes', '"NodeLost"'],
    ['a bare OutOf reason', 'OutOfcpu'],
    ['an apiserver error', 'Error from server (NotFound): pods "web-0" not found'],
    ['a describe field', 'Events:'],
    ['a describe field with its value', 'Node:         worker-1/10.0.0.11'],
    ['a YAML key', 'status:'],
    ['a markdown heading', '# kubectl describe pod web-0'],
    ['the next message', BACK_OFF],
    ['the next message after a bullet', `- ${BACK_OFF}`],
    ['a combined message', `${COMBINED}${BACK_OFF}`],
    ['a pod status message', 'Pod was rejected: Predicate NodeAffinity failed'],
    // Read by its end only (podReasonOf), not by a start findMessage searches for.
    [
      'a pod status message known by its end',
      'Update plugin resources failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected.',
    ],
    ['an event row', `  Warning  BackOff    2m (x12 over 10m)  kubelet            ${BACK_OFF}`],
  ])('stops at %s', (_label, line) => {
    expect(wrapped(SCHED_TAIL, line, 'more')).toBe(2);
  });

  it('stops at a line the table parsers claim', () => {
    const header = 'NAME    READY   STATUS             RESTARTS   AGE';
    const lines = [SCHED_HEAD, SCHED_TAIL, header];
    expect(wrappedEnd(lines, 1, (l) => l === header)).toBe(2);
    expect(wrappedEnd(lines, 1, noTable)).toBe(3);
  });

  it.each([
    [MAX_LINE - 1, 3],
    [MAX_LINE, 3],
    [MAX_LINE + 1, 1],
  ])('a continuation of %i characters: end %i', (length, end) => {
    const long = 'nodes are available '.repeat(Math.ceil(length / 20)).slice(0, length);
    expect(long).toHaveLength(length);
    expect(wrapped(long, SCHED_TAIL)).toBe(end);
  });

  it.each([
    [7, 8],
    [8, 9],
    [9, 9],
    [12, 9],
  ])('%i continuation lines: at most 8 are taken (end %i)', (n, end) => {
    const rest = Array.from({ length: n }, (_, k) => `wrapped part ${String(k + 1)} of the message`);
    expect(wrapped(...rest)).toBe(end);
  });

  it('counts the limit from where the continuation starts', () => {
    const rest = Array.from({ length: 12 }, (_, k) => `wrapped part ${String(k + 1)}`);
    expect(wrappedEnd(['x', 'y', 'z', ...rest], 3, noTable)).toBe(11);
  });
});

describe('joinedMessage', () => {
  it('joins the first text with trimmed continuation lines, one blank between', () => {
    const lines = ['  Warning  FailedScheduling  1m  default-scheduler  x', `  ${SCHED_TAIL}\t`, ' end.\r'];
    expect(joinedMessage(lines, 0, 3, SCHED_HEAD)).toBe(`${SCHED_HEAD} ${SCHED_TAIL} end.`);
    expect(joinedMessage(lines, 0, 1, SCHED_HEAD)).toBe(SCHED_HEAD);
  });
});

describe('a line continued by hand with a backslash', () => {
  const read = (text: string): unknown[] =>
    parsePaste(text, PASTE_PARSERS)
      .objects.filter((o) => o.raw.kind === 'Event')
      .map((o) => o.raw.message);
  it.each([
    [
      'describe row',
      'Warning  FailedCreate  3m (x17 over 8m)  replicaset-controller  Error creating: Internal error occurred: \\\n    failed calling admission webhook "sidecar-injector.istio.io": Post https://istiod.istio-system.svc:443/inject: \\\n    x509: certificate signed by unknown authority',
      'Error creating: Internal error occurred: failed calling admission webhook "sidecar-injector.istio.io": Post https://istiod.istio-system.svc:443/inject: x509: certificate signed by unknown authority',
    ],
    [
      'get events row',
      'LAST SEEN   TYPE      REASON        OBJECT      MESSAGE\n3m          Warning   FailedMount   pod/web-1   MountVolume.SetUp failed for volume "data" : \\\n  secret "db-creds" not found',
      'MountVolume.SetUp failed for volume "data" : secret "db-creds" not found',
    ],
    [
      'message alone',
      'Error creating: pods "web-7d4-" is forbidden: \\\n  exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2',
      'Error creating: pods "web-7d4-" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2',
    ],
  ])('%s', (_name, text, message) => {
    expect(read(text)).toEqual([message]);
  });
});
