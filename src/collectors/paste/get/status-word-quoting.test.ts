import { describe, expect, it } from 'vitest';
import { parseStatusWord } from './status-word.js';
import { STATUS_COLUMN } from './table.js';

describe('a quoted or indented STATUS word', () => {
  it.each([
    ['  CrashLoopBackOff  ', 'CrashLoopBackOff'],
    ['\tImagePullBackOff', 'ImagePullBackOff'],
    ['"CrashLoopBackOff"', 'CrashLoopBackOff'],
    ["'OOMKilled'", 'OOMKilled'],
    ['`Init:0/2`', 'Init:0/2'],
  ])('%j keeps %s in the STATUS annotation', (line, word) => {
    const r = parseStatusWord([line], 0);
    expect(r?.end).toBe(1);
    expect(r?.objects).toHaveLength(1);
    const [o] = r?.objects ?? [];
    expect(o?.line).toBe(1);
    expect(o?.inferredName).toBe('the text names no pod');
    expect(o?.raw).toMatchObject({ kind: 'Pod', metadata: { annotations: { [STATUS_COLUMN]: word } } });
  });

  it.each(["Crash'LoopBackOff", 'CrashLoop"BackOff', 'Init:0/2`x'])(
    '%j with a quote inside is no status',
    (line) => {
      expect(parseStatusWord([line], 0)).toBeUndefined();
    },
  );
});
