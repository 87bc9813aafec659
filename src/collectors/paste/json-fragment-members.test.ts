import { describe, expect, it } from 'vitest';
import { readJsonMembers } from './json-fragment.js';

describe('readJsonMembers: where a run of members cut out of `kubectl get -o json` ends', () => {
  it.each([
    [
      'an object member over several lines, then prose',
      [
        '"state": {',
        '    "running": {',
        '        "startedAt": "2024-05-01T10:00:00Z"',
        '    }',
        '},',
        '"lastState": {',
        '    "terminated": {',
        '        "exitCode": 137,',
        '        "reason": "OOMKilled"',
        '    }',
        '}',
        'that is all I have',
      ],
      {
        state: { running: { startedAt: '2024-05-01T10:00:00Z' } },
        lastState: { terminated: { exitCode: 137, reason: 'OOMKilled' } },
      },
      11,
    ],
    [
      'an array member over several lines',
      [
        '"ports": [',
        '    {',
        '        "containerPort": 8080',
        '    }',
        '],',
        '"restartCount": 3',
        '$ kubectl get pods',
      ],
      { ports: [{ containerPort: 8080 }], restartCount: 3 },
      6,
    ],
    ['a number array', ['"args": [', '    80,', '    443', ']', 'next'], { args: [80, 443] }, 4],
    [
      'one member, no comma, then another member',
      ['"ready": false', '"restartCount": 3'],
      { ready: false },
      1,
    ],
    [
      'a comma and trailing blanks before the next member',
      ['"ready": false,   ', '"restartCount": 3', ''],
      { ready: false, restartCount: 3 },
      2,
    ],
    ['a comma, then a line that is no member', ['"exitCode": 1,', 'exit status 1'], { exitCode: 1 }, 1],
    [
      'the enclosing object closes on the last member line',
      ['"exitCode": 137,', '"reason": "OOMKilled" }'],
      { exitCode: 137 },
      1,
    ],
    [
      'brackets inside strings are not counted',
      ['"message": "unexpected ] in config",', '"reason": "Error"', 'done'],
      { message: 'unexpected ] in config', reason: 'Error' },
      2,
    ],
    [
      'an opening brace inside a string is not counted',
      ['"message": "unexpected { in config",', '"reason": "Error"', 'done'],
      { message: 'unexpected { in config', reason: 'Error' },
      2,
    ],
    [
      'escaped quotes inside strings',
      ['"message": "say \\"{\\" now",', '"reason": "Error"', '$ kubectl get pods'],
      { message: 'say "{" now', reason: 'Error' },
      2,
    ],
    [
      'an escaped backslash before the closing quote',
      ['"path": "C:\\\\",', '"ready": true', 'done'],
      { path: 'C:\\', ready: true },
      2,
    ],
    [
      'the block starts further down',
      ['Here is the status:', '', '"ready": true', 'thanks'],
      { ready: true },
      3,
    ],
  ])('%s', (_name, text, value, end) => {
    const start = text.findIndex((l) => l.startsWith('"'));
    expect(readJsonMembers(text, start)).toEqual({ value, end });
  });

  it.each([
    ['an empty line', ['']],
    ['a blank line', ['   ']],
    ['a key that starts with no letter', ['"_id": 1']],
    ['YAML', ['ready: true']],
  ])('nothing when the first line is no member: %s', (_name, text) => {
    expect(readJsonMembers(text, 0)).toBeUndefined();
  });

  it.each([
    ['past the end', ['"ready": true'], 1],
    ['a member whose value never closes', ['"state": {', '    "running": {}', 'oops'], 0],
    ['lines run together only by a line break', ['"args": [1', '2]'], 0],
  ])('nothing when the members are not JSON: %s', (_name, text, start) => {
    expect(readJsonMembers(text, start)).toBeUndefined();
  });
});

describe('readJsonMembers reads at most 5000 lines', () => {
  const arrayOf = (n: number, before: number): string[] => [
    ...Array.from({ length: before }, () => 'prose'),
    '"items": [',
    ...Array.from({ length: n - 2 }, () => '    1,'),
    '    1',
    ']',
  ];

  it.each([
    ['at the top', 0],
    ['after 3 lines', 3],
  ])('a member of exactly 5000 lines is read (%s)', (_name, before) => {
    const got = readJsonMembers(arrayOf(4999, before), before);
    expect(got?.end).toBe(before + 5000);
    expect((got?.value.items as unknown[]).length).toBe(4998);
  });

  it('a member of 5001 lines is not', () => {
    expect(readJsonMembers(arrayOf(5000, 0), 0)).toBeUndefined();
  });
});
