import { describe, expect, it } from 'vitest';
import { newDoc } from './doc.js';
import { readEvents } from './events-section.js';

/** Where an Events section of `kubectl describe` ends, and what it counts as describe output. */

const KEY = 'Events:';
const HEADER = '  Type     Reason       Age                 From               Message';
const UNDERLINE = '  ----     ------       ----                ----               -------';
const SCHEDULED =
  '  Normal   Scheduled    11m                 default-scheduler  Successfully assigned default/todo-db-759d4c6cd8-2jfv4 to docker-desktop';
const MOUNT =
  '  Warning  FailedMount  65s (x13 over 11m)  kubelet            MountVolume.SetUp failed for volume "pv01" : mount failed: exit status 32';
const SCHEDULED_MSG = 'Successfully assigned default/todo-db-759d4c6cd8-2jfv4 to docker-desktop';
const MOUNT_MSG = 'MountVolume.SetUp failed for volume "pv01" : mount failed: exit status 32';

function read(lines: readonly string[], start = 0, keyed = true) {
  const doc = newDoc();
  const end = readEvents(lines, start, doc, keyed);
  return {
    end,
    recognised: doc.recognised,
    reasons: doc.events.map((e) => e.raw.reason),
    indexes: doc.events.map((e) => e.index),
    messages: doc.events.map((e) => e.raw.message),
  };
}

describe('the Events: line', () => {
  it.each([
    ['Events:  <none>', 'kubectl 1.10+'],
    ['Events:\t<none>', 'tab-separated, kubectl before 1.10'],
    ['Events:            <none>', 'aligned with the header column'],
  ])('%j is the whole section (%s)', (line) => {
    // rows pasted after it (from another object, or cut from elsewhere) are not read into it
    const none = { end: 2, recognised: 1, reasons: [], indexes: [], messages: [] };
    expect(read(['', line, '', HEADER, UNDERLINE, SCHEDULED], 1)).toEqual(none);
    expect(read(['', line, '', SCHEDULED, MOUNT], 1)).toEqual(none);
    expect(read(['', line, '...', SCHEDULED], 1)).toEqual(none);
  });

  it('an empty "Events:" goes on to the header and rows under it', () => {
    const lines = ['Status:  Running', KEY, HEADER, UNDERLINE, SCHEDULED, MOUNT];
    expect(read(lines, 1)).toEqual({
      end: 6,
      recognised: 4, // Events:, header, two rows (the underline is consumed, not counted)
      reasons: ['Scheduled', 'FailedMount'],
      indexes: [4, 5],
      messages: [SCHEDULED_MSG, MOUNT_MSG],
    });
  });

  it('unkeyed, reading starts at the header itself', () => {
    expect(read([HEADER, UNDERLINE, SCHEDULED], 0, false)).toEqual({
      end: 3,
      recognised: 2,
      reasons: ['Scheduled'],
      indexes: [2],
      messages: [SCHEDULED_MSG],
    });
  });

  it.each([
    [1, 2],
    [2, 3],
    [12, 13],
  ])('counts every row it reads (%i rows, %i recognised lines with the header)', (n, recognised) => {
    const rows = Array.from({ length: n }, () => SCHEDULED);
    expect(read([HEADER, UNDERLINE, ...rows], 0, false).recognised).toBe(recognised);
    expect(read([KEY, ...rows]).recognised).toBe(n + 1);
  });
});

describe('blank lines inside the table', () => {
  const blank = (s: string, n: number): string[] => Array<string>(n).fill(s);

  it.each([
    ['', 1],
    ['', 2],
    ['', 3],
    ['   ', 1],
    ['   ', 3],
    ['\t', 2],
  ])('%j x%i between two rows: the second row still belongs to the section', (b, n) => {
    const lines = [KEY, HEADER, UNDERLINE, SCHEDULED, ...blank(b, n), MOUNT];
    const r = read(lines);
    expect(r.end).toBe(lines.length);
    expect(r.reasons).toEqual(['Scheduled', 'FailedMount']);
    expect(r.indexes).toEqual([3, 4 + n]);
  });

  it('an empty line then a whitespace-only one still reach the row after them', () => {
    const lines = [KEY, HEADER, UNDERLINE, SCHEDULED, '', '   ', '\t', MOUNT];
    expect(read(lines).reasons).toEqual(['Scheduled', 'FailedMount']);
  });

  it.each([4, 5, 8])('%i blank lines end the section: the row after them is not looked for', (n) => {
    const lines = [KEY, HEADER, UNDERLINE, SCHEDULED, ...blank('', n), MOUNT];
    const r = read(lines);
    expect(r.end).toBe(4);
    expect(r.reasons).toEqual(['Scheduled']);
  });

  it.each([
    ['prose', 'Any idea what is wrong?'],
    ['a describe field', 'Name:         todo-db-759d4c6cd8-xq7wz'],
    ['another header', HEADER],
  ])('a blank line then %s ends the section at the blank line', (_, after) => {
    const lines = [KEY, HEADER, UNDERLINE, SCHEDULED, '', after, MOUNT];
    expect(read(lines)).toMatchObject({ end: 4, reasons: ['Scheduled'], messages: [SCHEDULED_MSG] });
  });

  it('a blank line at the end of the paste ends the section there', () => {
    expect(read([KEY, HEADER, UNDERLINE, SCHEDULED, '']).end).toBe(4);
    expect(read([KEY, HEADER, UNDERLINE, SCHEDULED, '', '   ']).end).toBe(4);
  });

  it('a whitespace-only line followed by prose ends the section and adds nothing to the message', () => {
    const lines = [KEY, HEADER, UNDERLINE, MOUNT, '   ', 'Thanks for any help'];
    expect(read(lines)).toMatchObject({ end: 4, messages: [MOUNT_MSG] });
  });
});

describe('lines that end the section or are passed over', () => {
  it.each([
    ['a fence', '```'],
    ['a tilde fence', '~~~'],
    ['a shell prompt', '$ kubectl logs todo-db-759d4c6cd8-2jfv4'],
    ['a user@host prompt', 'user@laptop:~$ kubectl get pv'],
    ['a bare kubectl command', 'kubectl get events -n default'],
  ])('%s right after a row ends the section there, not the message', (_, line) => {
    const lines = [KEY, HEADER, UNDERLINE, MOUNT, line, SCHEDULED];
    expect(read(lines)).toMatchObject({ end: 4, reasons: ['FailedMount'], messages: [MOUNT_MSG] });
  });

  it.each([
    ['Name:         todo-db-759d4c6cd8-xq7wz', 'the next object of a describe with its blank line lost'],
    ['Namespace:    default', 'a header field'],
    ['Status:       Running', 'a header field'],
    ['Volumes:', 'a section'],
    ['Conditions:', 'a section'],
    ['QoS Class:                   BestEffort', 'a section key with a value'],
    ['  Tolerations:  <none>', 'an indented section key'],
  ])('%j right after a row (%s) ends the section', (line) => {
    const lines = [KEY, HEADER, UNDERLINE, MOUNT, line];
    expect(read(lines)).toMatchObject({ end: 4, reasons: ['FailedMount'], messages: [MOUNT_MSG] });
  });

  it.each(['...', '…', '  ...  '])('an elision %j between rows is passed over', (elision) => {
    const lines = [KEY, HEADER, UNDERLINE, SCHEDULED, elision, MOUNT];
    expect(read(lines)).toEqual({
      end: 6,
      recognised: 4,
      reasons: ['Scheduled', 'FailedMount'],
      indexes: [3, 5],
      messages: [SCHEDULED_MSG, MOUNT_MSG],
    });
  });

  it('an elision after the last row is passed over and adds nothing to its message', () => {
    expect(read([KEY, HEADER, UNDERLINE, MOUNT, '...'])).toMatchObject({ end: 5, messages: [MOUNT_MSG] });
  });

  it('a line that is not a row before any row ends the section', () => {
    expect(read([KEY, HEADER, UNDERLINE, 'No events yet, see below', SCHEDULED])).toMatchObject({
      end: 3,
      reasons: [],
    });
  });
});
