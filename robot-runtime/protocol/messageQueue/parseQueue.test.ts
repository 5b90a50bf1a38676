import { describe, expect, it } from 'vitest';
import { iterateQueue, parseExactQueue, parseQueue } from './parseQueue';
import { serializeQueue } from './serializeQueue';

const queue = serializeQueue([
  { id: 1, payload: Uint8Array.of(1, 2) },
  { id: 105, payload: new Uint8Array(0) },
  { id: 7, payload: Uint8Array.of(3) },
]);

describe('parseQueue', () => {
  it('round-trips serializeQueue with zero-copy payload views', () => {
    const parsed = parseQueue(queue);
    expect(parsed.error).toBeUndefined();
    expect(parsed.end).toBe(queue.length);
    expect(parsed.messages.map((m) => [m.id, Array.from(m.payload)])).toEqual([
      [1, [1, 2]],
      [105, []],
      [7, [3]],
    ]);
    expect(parsed.messages[0]!.payload.buffer).toBe(queue.buffer);
  });

  it('keeps the messages before a truncation and names the offset', () => {
    const cut = queue.subarray(0, queue.length - 1);
    const parsed = parseQueue(cut, { baseOffset: 1000 });
    expect(parsed.messages.map((m) => m.id)).toEqual([1, 105]);
    expect(parsed.error?.offset).toBe(1000 + 8 + 6 + 4);
    expect(parsed.error?.message).toMatch(/message id 7 declares 1 payload bytes, only 0 left/);
  });

  it('reports a header that is too short', () => {
    const parsed = parseQueue(Uint8Array.of(1, 2, 3), { baseOffset: 5 });
    expect(parsed.messages).toEqual([]);
    expect(parsed.error?.offset).toBe(5);
  });

  it('reports a queue whose declared size runs past the input', () => {
    const longer = queue.slice();
    longer[0] = queue[0]! + 4;
    const parsed = parseQueue(longer);
    expect(parsed.messages).toHaveLength(3);
    expect(parsed.error?.message).toMatch(/truncated queue: header declares 19 bytes, only 15 present \(at byte 23\)/);
  });

  it('reports a message header cut by the declared size', () => {
    const bytes = Uint8Array.of(2, 0, 0, 0, 0, 0, 0, 0, 5, 0);
    expect(parseQueue(bytes).error?.message).toMatch(/truncated message header.*at byte 8/);
  });

  it('reads to the end with the "size unknown" marker', () => {
    const open = queue.slice();
    open.set([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], 0);
    const parsed = parseQueue(open);
    expect(parsed.sizeUnknown).toBe(true);
    expect(parsed.messages).toHaveLength(3);
    expect(parseExactQueue(open).error).toBeDefined();
  });

  it('parses a queue inside larger input and stops at its declared end', () => {
    const input = Uint8Array.of(9, 9, ...queue, 5, 5);
    const parsed = parseQueue(input, { start: 2 });
    expect(parsed.end).toBe(2 + queue.length);
    expect(parsed.messages).toHaveLength(3);
    expect(parseExactQueue(Uint8Array.of(...queue, 5)).error?.message).toMatch(/1 bytes after the queue/);
  });

  it('decodes a header with sizeHigh bits', () => {
    const bytes = new Uint8Array(8);
    bytes[7] = 0x10; // sizeHigh = 1: 2^32 bytes declared
    const parsed = parseQueue(bytes);
    expect(parsed.error?.message).toMatch(/header declares 4294967296 bytes/);
  });

  it('iterates lazily and throws after yielding the good messages', () => {
    const seen: number[] = [];
    expect(() => {
      for (const m of iterateQueue(queue.subarray(0, queue.length - 1))) seen.push(m.id);
    }).toThrow(/at byte 18/);
    expect(seen).toEqual([1, 105]);
  });

  it('survives random input without throwing', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 500; i++) {
      const bytes = Uint8Array.from({ length: Math.floor(random() * 40) }, () => Math.floor(random() * 256));
      if (bytes.length >= 8 && random() < 0.5) bytes.set([bytes.length - 8, 0, 0, 0, 0, 0, 0, 0], 0);
      const parsed = parseQueue(bytes);
      expect(parsed.end).toBeLessThanOrEqual(bytes.length);
    }
  });
});
