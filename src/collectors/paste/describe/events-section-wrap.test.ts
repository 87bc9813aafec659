import { describe, expect, it } from 'vitest';
import { newDoc } from './doc.js';
import { readEvents } from './events-section.js';

/**
 * Event messages continued over several lines: cut by the terminal at its width (joined without a
 * space), or holding new lines of their own (joined with one), told apart by the width guessed
 * from the lengths of the lines that are continued.
 */

/** A `Type Reason Age From Message` table laid out as kubectl aligns it, Message at column 74. */
const cells = (type: string, reason: string, age: string, from: string, message: string): string =>
  `  ${type.padEnd(9)}${reason.padEnd(24)}${age.padEnd(20)}${from.padEnd(19)}${message}`;
const HEAD = [
  'Events:',
  cells('Type', 'Reason', 'Age', 'From', 'Message'),
  cells('----', '------', '----', '----', '-------'),
];

/** What a terminal `width` columns wide shows of a line: cut every `width` characters. */
function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  for (; line.length > width; line = line.slice(width)) out.push(line.slice(0, width));
  return [...out, line];
}

function messages(lines: readonly string[]): unknown[] {
  const doc = newDoc();
  expect(readEvents(lines, 0, doc, true)).toBe(lines.length);
  return doc.events.map((e) => e.raw.message);
}

const SANDBOX_MSG =
  'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "7e8f0a1b2c3d4e5f": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized';
const PULL_MSG =
  'Failed to pull image "registry.internal/app:1.0": rpc error: code = Unknown desc = failed to pull and unpack image "registry.internal/app:1.0": failed to resolve reference "registry.internal/app:1.0": failed to do request: Head "https://registry.internal/v2/app/manifests/1.0": x509: certificate signed by unknown authority';
const SANDBOX = cells('Warning', 'FailedCreatePodSandBox', '2m', 'kubelet', SANDBOX_MSG);
const PULL = cells('Warning', 'Failed', '3m (x4 over 5m)', 'kubelet', PULL_MSG);

/** A FailedMount event of an NFS volume: its message holds new lines (the mount command's output). */
function mount(volume: string, combined = false): { lines: string[]; message: string } {
  const first = `${combined ? '(combined from similar events): ' : ''}MountVolume.SetUp failed for volume "${volume}" : mount failed: exit status 32`;
  const more = [
    'Mounting command: mount',
    `Mounting arguments: -t nfs 192.168.43.16:/nfs_share /var/lib/kubelet/pods/c9c0e520-2c9c-4970-b41e-90d4d6d38ead/volumes/kubernetes.io~nfs/${volume}`,
    'Output: mount.nfs: access denied by server while mounting 192.168.43.16:/nfs_share',
  ];
  const age = combined ? '4m (x15 over 62m)' : '65s (x13 over 11m)';
  return {
    lines: [cells('Warning', 'FailedMount', age, 'kubelet', first), ...more],
    message: [first, ...more].join(' '),
  };
}
const PV01 = mount('pv01');
const PV02 = mount('pv02', true);
const MEDIA = mount('media');

describe('the layouts these tests rely on', () => {
  it('cuts the long rows mid-word at 180 columns, and the NFS output lines fit', () => {
    expect(wrap(SANDBOX, 180).map((l) => l.length)).toEqual([180, 122]);
    expect(wrap(PULL, 180).map((l) => l.length)).toEqual([180, 180, 37]);
    for (const row of [SANDBOX, PULL]) {
      const cut = wrap(row, 180);
      for (const l of cut.slice(0, -1)) expect(l).toMatch(/\S$/);
      for (const l of cut.slice(1)) expect(l).toMatch(/^\S/);
    }
    // pv01 and pv02 share the length of "Mounting arguments" (141), not of their first line
    expect([PV01, PV02, MEDIA].map((m) => m.lines.map((l) => l.length))).toEqual([
      [147, 23, 141, 82],
      [179, 23, 141, 82],
      [148, 23, 142, 82],
    ]);
  });
});

describe('the width a section was wrapped at', () => {
  it('the width cut three times wins over a line length two messages share', () => {
    const lines = [...HEAD, ...wrap(SANDBOX, 180), ...wrap(PULL, 180), ...PV01.lines, ...PV02.lines];
    expect(messages(lines)).toEqual([SANDBOX_MSG, PULL_MSG, PV01.message, PV02.message]);
  });

  it('the width cut three times wins though a shared line length came first', () => {
    const lines = [...HEAD, ...PV01.lines, ...PV02.lines, ...wrap(SANDBOX, 180), ...wrap(PULL, 180)];
    expect(messages(lines)).toEqual([PV01.message, PV02.message, SANDBOX_MSG, PULL_MSG]);
  });

  it('on a tie (two each) the length seen first wins: one message cut twice', () => {
    const lines = [...HEAD, ...wrap(PULL, 180), ...PV01.lines, ...PV02.lines, ...MEDIA.lines];
    expect(messages(lines)).toEqual([PULL_MSG, PV01.message, PV02.message, MEDIA.message]);
  });

  it('last lines of messages do not count: three identical "Output:" lines are no width', () => {
    // with the last lines counted, 82 (x3) would beat 180 (x2) and the image message would keep its cuts
    const lines = [...HEAD, ...wrap(PULL, 180), ...PV01.lines, ...MEDIA.lines, ...mount('pv1').lines];
    expect(messages(lines)).toEqual([PULL_MSG, PV01.message, MEDIA.message, mount('pv1').message]);
  });

  it('messages with new lines and no terminal wrap keep a space at each break', () => {
    // "Mounting command: mount" (23 columns) is shared, but no terminal is that narrow
    const pv1 = mount('pv1');
    expect(messages([...HEAD, ...MEDIA.lines, ...pv1.lines])).toEqual([MEDIA.message, pv1.message]);
  });
});

describe('a narrow terminal', () => {
  /** The same table with short columns, Message at column 34. */
  const narrowCells = (type: string, reason: string, age: string, from: string, message: string): string =>
    `  ${type.padEnd(9)}${reason.padEnd(9)}${age.padEnd(5)}${from.padEnd(9)}${message}`;
  const narrow = (type: string, reason: string, age: string, message: string): string =>
    narrowCells(type, reason, age, 'kubelet', message);
  const head = [
    'Events:',
    narrowCells('Type', 'Reason', 'Age', 'From', 'Message'),
    narrowCells('----', '------', '----', '----', '-------'),
  ];
  const msgs = [
    'Container image "redis:7.2" already present on machine',
    'Created container redis',
    'Started container redis',
    'Back-off restarting failed container redis in pod redis-7d4b9c8f6d-x2x9z_default(8f1c2d3e-aaaa-bbbb-cccc-1234567890ab)',
  ];
  const rows = [
    narrow('Normal', 'Pulled', '12s', msgs[0] ?? ''),
    narrow('Normal', 'Created', '12s', msgs[1] ?? ''),
    narrow('Normal', 'Started', '12s', msgs[2] ?? ''),
    narrow('Warning', 'BackOff', '3s', msgs[3] ?? ''),
  ];

  it('40 columns, the narrowest width trusted: cuts join, a break at a space keeps it', () => {
    const cut = rows.flatMap((r) => wrap(r, 40));
    // the Pulled message breaks before " machine", the BackOff one after "redis in "
    expect(cut).toContain(' machine');
    expect(cut).toContain('ff restarting failed container redis in ');
    expect(messages([...head, ...cut])).toEqual(msgs);
  });

  it('40 columns, copied with the trailing blanks dropped', () => {
    const cut = rows.flatMap((r) => wrap(r, 40)).map((l) => l.trimEnd());
    expect(messages([...head, ...cut])).toEqual(msgs);
  });

  it('60 columns: the row ends at the From column and the whole message is on the lines below', () => {
    const header = '  Type     Reason     Age                From               Message';
    const row = `  Warning  Failed     3m (x4 over 5m)    kubelet            ${PULL_MSG}`;
    const cut = wrap(row, 60);
    expect(cut[0]?.trimEnd()).toBe('  Warning  Failed     3m (x4 over 5m)    kubelet');
    expect(cut[1]).toBe('Failed to pull image "registry.internal/app:1.0": rpc error:');
    expect(cut[2]).toBe(' code = Unknown desc = failed to pull and unpack image "regi');
    expect(
      messages([
        'Events:',
        header,
        '  ----     ------     ----               ----               -------',
        ...cut,
      ]),
    ).toEqual([PULL_MSG]);
  });
});

describe('one row cut at the edge, with no second line to show the width', () => {
  const MSG = 'MountVolume.SetUp failed for volume "ca" : secrets "elasticsearch-sample" not found';
  const row = cells('Warning', 'FailedMount', '42s (x8 over 1m)', 'kubelet', MSG);
  /** The row cut `tail` characters before its end, as a terminal exactly that wide would. */
  const cutAt = (tail: number): string[] => wrap(row, row.length - tail);

  it.each([
    ['mid-word ("not f" / "ound")', 4, MSG],
    ['after a hyphen ("elasticsearch-" / "sample")', MSG.length - MSG.indexOf('sample'), MSG],
    ['before a quote ("not found" / \'"\' is no end here)', MSG.length - MSG.indexOf('" not'), MSG],
  ])('the longest line of the section, cut %s: joined without a space', (_, tail, want) => {
    expect(messages([...HEAD, ...cutAt(tail)])).toEqual([want]);
  });

  it('a break after a space (the space kept on the first line) keeps one space', () => {
    const lines = cutAt(5); // "... not " / "found"
    expect(lines[1]).toBe('found');
    expect(messages([...HEAD, ...lines])).toEqual([MSG]);
  });

  it('the next line starts with a capital: a new line of the message, joined with a space', () => {
    const lines = [row, 'Output: mount failed'];
    expect(messages([...HEAD, ...lines])).toEqual([`${MSG} Output: mount failed`]);
  });

  it('an indented next line is no cut', () => {
    const lines = [row.slice(0, -4), '    ound'];
    expect(messages([...HEAD, ...lines])).toEqual([`${MSG.slice(0, -4)} ound`]);
  });

  it("a line shorter than the section's longest is no cut at the edge", () => {
    const longer = cells(
      'Normal',
      'Pulled',
      '1m',
      'kubelet',
      `Container image "${'x'.repeat(120)}" already present`,
    );
    const lines = [longer, row.slice(0, -4), 'ound'];
    expect(messages([...HEAD, ...lines])[1]).toBe(`${MSG.slice(0, -4)} ound`);
  });

  it('narrower than 80 columns: no terminal, a space', () => {
    const narrowCells = (type: string, reason: string, age: string, from: string, message: string): string =>
      `  ${type.padEnd(9)}${reason.padEnd(9)}${age.padEnd(5)}${from.padEnd(9)}${message}`;
    const head = [
      'Events:',
      narrowCells('Type', 'Reason', 'Age', 'From', 'Message'),
      narrowCells('----', '------', '---', '----', '-------'),
    ];
    const short = narrowCells('Warning', 'Failed', '1m', 'kubelet', 'Error: secret "db" not found');
    expect(short.length).toBeLessThan(80);
    expect(messages([...head, short.slice(0, -4), 'ound'])).toEqual(['Error: secret "db" not f ound']);
  });
});
