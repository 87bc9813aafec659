import { describe, expect, it } from 'vitest';
import { PASTE_PARSERS, parseLine } from '../parsers.js';
import { UNNAMED_POD } from '../common/types.js';

const commandLine = (lines: string[], start: number) => {
  const parse = PASTE_PARSERS.commandLine;
  if (parse === undefined) throw new Error('no command line parser');
  return parse(lines, start);
};

/** The kubelet's eviction message of real case 073 (`yq '.items[0].status.message'`). */
const EVICTED_MESSAGE =
  'The node was low on resource: memory. Threshold quantity: 100Mi, available: 87608Ki.';

describe('line numbers of what a line further down the paste gives', () => {
  it('an apply-time denial after its command', () => {
    const r = parseLine(
      [
        '$ kubectl apply -f pod.yaml',
        '',
        'Error from server (Forbidden): error when creating "pod.yaml": pods "web" is forbidden: exceeded quota: compute-quota, requested: limits.cpu=2, used: limits.cpu=3, limited: limits.cpu=4',
      ],
      2,
    );
    expect(r?.end).toBe(3);
    expect(r?.objects.map((o) => [o.line, o.raw.reason])).toEqual([[3, 'FailedCreate']]);
  });

  it('a node status change', () => {
    const r = parseLine(['$ kubectl get events -A', '', 'Node worker-3 status is now: NodeNotReady'], 2);
    expect(r?.objects.map((o) => [o.line, o.raw.reason])).toEqual([[3, 'NodeNotReady']]);
  });

  it('a pod status message', () => {
    const r = parseLine(
      ['$ kubectl get pod web-0 -o jsonpath={.status.message}', '', 'Pod Predicate NodeAffinity failed'],
      2,
    );
    expect(r?.objects.map((o) => [o.line, o.raw.status])).toEqual([
      [3, { phase: 'Failed', reason: 'NodeAffinity', message: 'Pod Predicate NodeAffinity failed' }],
    ]);
  });

  it('a bare status word with its message after it', () => {
    const r = parseLine(
      ['$ kubectl get pod web-0 -o jsonpath={.status.reason}', 'Evicted', '', EVICTED_MESSAGE],
      1,
    );
    expect(r?.end).toBe(4);
    expect(r?.objects.map((o) => [o.line, o.raw.status])).toEqual([
      [2, { phase: 'Failed', reason: 'Evicted', message: EVICTED_MESSAGE }],
    ]);
  });
});

describe('a bare status word and the message that may follow it', () => {
  const word = (gap: string[], after: string) => parseLine(['Evicted', ...gap, after], 0);

  it.each([
    ['one blank line', [''], 3],
    ['five blank lines (the message 6 lines down)', ['', '', '', '', ''], 7],
    [
      'blank lines and the command',
      ['', '', '', '', "$ kubectl get pod web-0 -o yaml | yq '.status.message'"],
      7,
    ],
    ['whitespace-only lines', ['   ', '\t', ' \t '], 5],
  ])('reads the message past %s', (_label, gap, end) => {
    const r = word(gap, EVICTED_MESSAGE);
    expect(r?.end).toBe(end);
    expect(r?.objects.map((o) => o.raw.status)).toEqual([
      { phase: 'Failed', reason: 'Evicted', message: EVICTED_MESSAGE },
    ]);
  });

  it.each([
    ['six blank lines (the message 7 lines down)', ['', '', '', '', '', ''], EVICTED_MESSAGE],
    ['a line of prose', [], 'the pod was gone after that'],
    ['a message of another kind', [''], 'Back-off restarting failed container'],
    ['nothing but blank lines', ['', ''], ''],
  ])('reads the word alone before %s', (_label, gap, after) => {
    const r = word(gap, after);
    expect(r?.end).toBe(1);
    expect(r?.objects.map((o) => o.raw.status)).toEqual([{ phase: 'Failed', reason: 'Evicted' }]);
  });
});

describe('node status changes on a line of their own', () => {
  it.each([
    ['Node node-1 status is now: NodeReady', 'NodeReady', 'Normal'],
    ['Node node-1 status is now: NodeSchedulable', 'NodeSchedulable', 'Normal'],
    ['Node node-1 status is now: NodeNotReady', 'NodeNotReady', 'Warning'],
    ['Node node-1 status is now: NodeNotSchedulable', 'NodeNotSchedulable', 'Warning'],
    ['"Node node-1 status is now: NodeReady"', 'NodeReady', 'Normal'],
    ['`Node node-1 status is now: NodeNotReady`', 'NodeNotReady', 'Warning'],
    ['- Node node-1 status is now: NodeSchedulable', 'NodeSchedulable', 'Normal'],
  ])('%s', (line, reason, type) => {
    expect(parseLine([line], 0)).toStrictEqual({
      end: 1,
      objects: [
        {
          raw: {
            kind: 'Event',
            involvedObject: { kind: 'Node', name: 'node-1' },
            reason,
            message: `Node node-1 status is now: ${reason}`,
            type,
          },
          line: 1,
        },
      ],
    });
  });
});

describe('messages the whole line is', () => {
  it('keeps the quotes inside a message quoted as a whole', () => {
    const message =
      'Failed to pull image "nginx:1.25.99": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.25.99": not found';
    expect(parseLine([`"${message}"`], 0)?.objects.map((o) => o.raw)).toEqual([
      {
        kind: 'Event',
        involvedObject: { kind: 'Pod', name: UNNAMED_POD },
        reason: 'Failed',
        message,
        type: 'Warning',
      },
    ]);
  });

  it('joins the wrapped rest of a message quoted on its first line', () => {
    const r = parseLine(['"Back-off restarting failed container"', 'app in pod web-0_shop(abc)'], 0);
    expect(r?.end).toBe(2);
    expect(r?.objects.map((o) => o.raw.message)).toEqual([
      'Back-off restarting failed container app in pod web-0_shop(abc)',
    ]);
  });

  // Real case 120 (describe Message) and the kubelet's admission text (kubernetes-facts.md §3).
  it.each([
    'Pod Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: rpc error: code = Unknown desc = Unable to retrieve list of available devices: error creating nvml.Device 5: nvml: GPU is lost, which is unexpected',
    'Update plugin resources failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected.',
  ])('reads the whole admission message as the pod status: %s', (line) => {
    expect(parseLine([line], 0)).toStrictEqual({
      end: 1,
      objects: [
        {
          raw: {
            kind: 'Pod',
            metadata: { name: UNNAMED_POD },
            status: { phase: 'Failed', reason: 'UnexpectedAdmissionError', message: line },
          },
          line: 1,
          inferredName: 'the text names no pod',
        },
      ],
    });
  });
});

describe('the longest line read (4000 characters, a terminal copy padded with spaces)', () => {
  const padded = (text: string, length: number) => text.padEnd(length, ' ');

  it.each([
    [3999, 1],
    [4000, 1],
    [4001, 0],
  ])('a message line of %i characters gives %i objects', (length, count) => {
    const r = parseLine([padded('Back-off restarting failed container', length)], 0);
    expect(r?.objects.length ?? 0).toBe(count);
    if (count === 1) expect(r?.objects[0]?.raw.reason).toBe('BackOff');
  });

  const row =
    'kubectl events says: spec.containers{app}   Warning   Unhealthy   kubelet, n2   Liveness probe failed: HTTP probe failed with statuscode: 404';

  it.each([
    [3999, 1],
    [4000, 1],
    [4001, 0],
  ])('an event row after a command, %i characters, gives %i objects', (length, count) => {
    const r = commandLine([padded(row, length)], 0);
    expect(r?.objects.length ?? 0).toBe(count);
    if (count === 1) expect(r?.objects[0]?.raw.reason).toBe('Unhealthy');
  });

  it('no line at all gives nothing', () => {
    expect(commandLine([], 0)).toBeUndefined();
    expect(commandLine(['$ kubectl get events'], 1)).toBeUndefined();
    expect(parseLine([], 0)).toBeUndefined();
  });
});

describe("kubectl's Warning: line, as the note says it", () => {
  const note = (said: string) =>
    `line 1: kubectl's "Warning: ${said}" is a warning the API server sent with a request it did not refuse, not a failure`;
  const volume = (name: string) =>
    `would violate PodSecurity "baseline:latest": hostPath volumes (volume "${name}")`;

  it.each([
    // 99, 100 and 101 characters: only past 100 is the text cut.
    [volume('varlog-containers-hostpath'), volume('varlog-containers-hostpath')],
    [volume('containerd-socket-host-path'), volume('containerd-socket-host-path')],
    [volume('containerd-socket-host-paths'), `${volume('containerd-socket-host-paths').slice(0, 100)}…`],
  ])('Warning: %s', (said, shown) => {
    expect(parseLine([`Warning: ${said}`], 0)).toStrictEqual({ end: 1, objects: [], notes: [note(shown)] });
  });

  it.each([
    '> ```Warning: policy/v1beta1 PodSecurityPolicy is deprecated in v1.21+, unavailable in v1.25+```',
    "> 'Warning: policy/v1beta1 PodSecurityPolicy is deprecated in v1.21+, unavailable in v1.25+'",
  ])('leaves out the quotes or backticks around it: %s', (line) => {
    expect(parseLine([line], 0)?.notes).toEqual([
      note('policy/v1beta1 PodSecurityPolicy is deprecated in v1.21+, unavailable in v1.25+'),
    ]);
  });
});
