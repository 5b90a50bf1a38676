import { describe, expect, it } from 'vitest';
import { InMemoryTripleBuffer, type TripleBufferReader, type TripleBufferWriter } from './TripleBuffer';
import { createSharedTripleBuffer, SharedTripleBufferReader, SharedTripleBufferWriter } from './SharedTripleBuffer';

function both(): [string, TripleBufferWriter, TripleBufferReader][] {
  const memory = new InMemoryTripleBuffer();
  const sab = createSharedTripleBuffer(64);
  return [
    ['in-memory', memory, memory],
    ['shared', new SharedTripleBufferWriter(sab), new SharedTripleBufferReader(sab)],
  ];
}

describe.each(both())('%s triple buffer', (_name, writer, reader) => {
  it('hands out the newest complete version once', () => {
    expect(reader.read()).toBeUndefined();
    writer.write(Uint8Array.of(1));
    writer.write(Uint8Array.of(2, 2));
    expect([...reader.read()!]).toEqual([2, 2]);
    expect(reader.read()).toBeUndefined();
    writer.write(Uint8Array.of(3));
    writer.write(Uint8Array.of(4, 4, 4));
    writer.write(Uint8Array.of(5));
    expect([...reader.read()!]).toEqual([5]);
    for (let i = 0; i < 10; i++) {
      writer.write(Uint8Array.of(i, i));
      expect([...reader.read()!]).toEqual([i, i]);
    }
  });
});

describe.each(both())('%s triple buffer', (_name, writer, reader) => {
  it('copies what it is given, so the writer may reuse its bytes', () => {
    const bytes = Uint8Array.of(1, 2, 3);
    writer.write(bytes);
    bytes.fill(7);
    expect([...reader.read()!]).toEqual([1, 2, 3]);
  });

  it('never lets the writer overwrite the version the reader holds', () => {
    writer.write(Uint8Array.of(9, 9, 9, 9));
    const held = reader.read()!;
    for (let i = 0; i < 5; i++) writer.write(Uint8Array.of(i, i, i, i));
    expect([...held]).toEqual([9, 9, 9, 9]);
    expect([...reader.read()!]).toEqual([4, 4, 4, 4]);
  });
});

describe('in-memory triple buffer', () => {
  it('grows its slots for larger versions and hands out exactly the bytes written', () => {
    const buffer = new InMemoryTripleBuffer();
    for (const size of [3, 1000, 5, 5000, 2]) {
      buffer.write(Uint8Array.from({ length: size }, (_, i) => i & 0xff));
      const got = buffer.read()!;
      expect(got.length).toBe(size);
      expect(got[size - 1]).toBe((size - 1) & 0xff);
    }
  });
});

describe('shared triple buffer', () => {
  it('refuses payloads beyond its capacity', () => {
    const writer = new SharedTripleBufferWriter(createSharedTripleBuffer(8));
    expect(() => writer.write(new Uint8Array(9))).toThrow(RangeError);
  });

  it('never lets the writer overwrite the slot the reader holds', () => {
    const sab = createSharedTripleBuffer(4);
    const writer = new SharedTripleBufferWriter(sab);
    const reader = new SharedTripleBufferReader(sab);
    writer.write(Uint8Array.of(9, 9, 9, 9));
    const held = reader.read()!;
    for (let i = 0; i < 5; i++) writer.write(Uint8Array.of(i, i, i, i));
    expect([...held]).toEqual([9, 9, 9, 9]);
    expect(reader.published).toBe(6);
  });
});
