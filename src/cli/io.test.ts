import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeChunks } from './io.js';

/** A slow sink: a small buffer, each write taking a tick; records every write it gets. */
function slowSink(): { sink: Writable; writes: string[]; waits: () => number } {
  const writes: string[] = [];
  let waits = 0;
  const sink = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      writes.push(chunk.toString());
      setImmediate(done);
    },
  });
  sink.on('drain', () => waits++);
  return { sink, writes, waits: () => waits };
}

describe('writeChunks', () => {
  it('writes every piece in order, in writes of about 64 KiB, waiting for the stream to drain', async () => {
    const { sink, writes, waits } = slowSink();
    const pieces = Array.from(
      { length: 5000 },
      (_, i) => `${String(i).padStart(6, '0')}:${'x'.repeat(56)}\n`,
    );
    await writeChunks(sink, pieces);
    expect(writes.join('')).toBe(pieces.join(''));
    // 5,000 pieces of 64 bytes: 320,000 bytes in 5 writes (4 full ones and the rest), not 5,000.
    expect(writes.map((w) => w.length)).toEqual([65_536, 65_536, 65_536, 65_536, 57_856]);
    expect(waits()).toBe(5);
  });

  it('asks for pieces only as it writes them: a generator is never drained ahead of the stream', async () => {
    const { sink, writes } = slowSink();
    let produced = 0;
    const seenWhenProduced: number[] = [];
    function* pieces(): Generator<string> {
      for (let i = 0; i < 3; i++) {
        seenWhenProduced.push(writes.length);
        produced++;
        yield 'y'.repeat(70_000);
      }
    }
    await writeChunks(sink, pieces());
    expect(produced).toBe(3);
    // Each 70,000-character piece is written (and drained) before the next is produced.
    expect(seenWhenProduced).toEqual([0, 1, 2]);
  });

  it('writes nothing for no pieces, and a short output in one write', async () => {
    const { sink, writes } = slowSink();
    await writeChunks(sink, []);
    expect(writes).toEqual([]);
    await writeChunks(sink, ['a', 'b', 'c']);
    expect(writes).toEqual(['abc']);
  });
});
