import { describe, expect, it } from 'vitest';
import { checkText } from './sources.js';

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
