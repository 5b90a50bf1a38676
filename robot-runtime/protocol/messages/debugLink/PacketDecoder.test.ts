import { describe, expect, it } from 'vitest';
import { PacketDecoder } from './PacketDecoder';
import { encodePacket } from './packets';

function collect(decoder: PacketDecoder, chunks: Uint8Array[]): { packets: number[][]; error?: string } {
  const packets: number[][] = [];
  for (const c of chunks) {
    const error = decoder.push(c, (p) => packets.push(Array.from(p)));
    if (error) return { packets, error: error.message };
  }
  return { packets };
}

describe('PacketDecoder', () => {
  const stream = Uint8Array.of(...encodePacket(Uint8Array.of(1, 2, 3)), 0, 0, 0, 0, ...encodePacket(Uint8Array.of(9)));

  it('splits a stream delivered in one chunk', () => {
    expect(collect(new PacketDecoder(), [stream]).packets).toEqual([[1, 2, 3], [], [9]]);
  });

  it('splits a stream delivered byte by byte', () => {
    const chunks = Array.from(stream, (b) => Uint8Array.of(b));
    expect(collect(new PacketDecoder(), chunks).packets).toEqual([[1, 2, 3], [], [9]]);
  });

  it('rejects negative and oversized sizes with the stream offset, and stays failed', () => {
    const decoder = new PacketDecoder(100);
    const result = collect(decoder, [Uint8Array.of(0, 0, 0, 0), Uint8Array.of(101, 0, 0, 0, 1)]);
    expect(result.packets).toEqual([[]]);
    expect(result.error).toMatch(/packet size 101 outside 0..100 \(at byte 4\)/);
    expect(decoder.push(Uint8Array.of(0, 0, 0, 0), () => expect.unreachable())).toBeDefined();
    expect(collect(new PacketDecoder(), [Uint8Array.of(0xff, 0xff, 0xff, 0xff)]).error).toMatch(/packet size -1/);
  });
});
