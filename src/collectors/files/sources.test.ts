import { describe, expect, it } from 'vitest';
import { UsageError } from '../../errors/index.js';
import { checkText, DEFAULT_INPUT_LIMIT, inputLimit } from './sources.js';

describe('checkText', () => {
  it('rejects empty, blank and binary input with the file name', () => {
    expect(() => checkText('e.yaml', Buffer.alloc(0))).toThrow('e.yaml: is empty');
    expect(() => checkText('w.yaml', Buffer.from('  \n\t\n'))).toThrow('w.yaml: holds only white space');
    expect(() => checkText('b.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]))).toThrow(
      'b.bin: is binary, not text',
    );
  });

  it('drops a byte-order mark', () => {
    expect(checkText('a', Buffer.from('\uFEFFkind: Pod'))).toBe('kind: Pod');
  });
});

describe('inputLimit', () => {
  it('is 512Mi by default and HANDOFF_MAX_INPUT as bytes or a quantity otherwise', () => {
    expect(DEFAULT_INPUT_LIMIT).toBe(512 * 2 ** 20);
    expect(inputLimit({})).toBe(DEFAULT_INPUT_LIMIT);
    expect(inputLimit({ HANDOFF_MAX_INPUT: '' })).toBe(DEFAULT_INPUT_LIMIT);
    expect(inputLimit({ HANDOFF_MAX_INPUT: '2Gi' })).toBe(2 * 2 ** 30);
    expect(inputLimit({ HANDOFF_MAX_INPUT: '800M' })).toBe(800e6);
    expect(inputLimit({ HANDOFF_MAX_INPUT: '4096' })).toBe(4096);
  });

  it('rejects what is not a positive size as a usage error', () => {
    for (const bad of ['lots', '-1Mi', '0', '1.5x'])
      expect(() => inputLimit({ HANDOFF_MAX_INPUT: bad })).toThrow(UsageError);
  });
});
