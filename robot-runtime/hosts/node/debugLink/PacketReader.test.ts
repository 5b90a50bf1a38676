import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePacket } from '@robot-runtime/protocol/messages/debugLink/packets';
import { PacketReader } from './PacketReader';

/** A reader with recording handlers. */
function recordingReader(maxPacketSize?: number, eagerPacketBytes?: number) {
  const packets: Uint8Array[] = [];
  const started: number[] = [];
  const failures: unknown[] = [];
  const reader = new PacketReader(
    { packet: (p) => packets.push(p), readDone: (n) => started.push(n), failed: (e) => failures.push(e) },
    maxPacketSize,
    eagerPacketBytes,
  );
  return { reader, packets, started, failures };
}

/** Asks the reader where to read, as the socket does before every read. */
function readTarget(reader: PacketReader): Uint8Array {
  const buffer = reader.onread.buffer;
  return typeof buffer === 'function' ? buffer() : buffer;
}

/** Feeds `stream` the way a socket does: each read fills at most `maxRead` bytes of the target the reader gives. */
function feed(reader: PacketReader, stream: Uint8Array, maxRead: number, targets: Uint8Array[] = []): void {
  for (let at = 0; at < stream.length;) {
    const target = readTarget(reader);
    const n = Math.min(target.length, maxRead, stream.length - at);
    target.set(stream.subarray(at, at + n));
    targets.push(target);
    reader.onread.callback(n, target);
    at += n;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    joined.set(p, at);
    at += p.length;
  }
  return joined;
}

/** Packets compared by length and hash (deep equality of megabyte arrays is slow). */
const digests = (packets: Uint8Array[]) =>
  packets.map((p) => `${p.length}:${createHash('sha256').update(p).digest('hex')}`);

const patterned = (size: number, seed: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + seed) & 0xff);

describe('PacketReader', () => {
  const payloads = [
    Uint8Array.of(1, 2, 3),
    new Uint8Array(0),
    patterned(100_000, 1),
    Uint8Array.of(9),
    patterned(70_000, 2),
    patterned(10, 3),
  ];
  const stream = concat(payloads.map(encodePacket));

  for (const maxRead of [1, 3, 4096, 65_536, 1 << 20]) {
    it(`splits a stream read ${maxRead} bytes at a time`, () => {
      const { reader, packets, started, failures } = recordingReader();
      feed(reader, stream, maxRead);
      expect(digests(packets)).toEqual(digests(payloads));
      expect(started.reduce((a, b) => a + b, 0)).toBe(payloads.filter((p) => p.length > 0).length);
      expect(failures).toEqual([]);
    });
  }

  it('reads a large packet straight into its own buffer, never past its end', () => {
    const { reader, packets } = recordingReader();
    const large = patterned(1_000_000, 4);
    const targets: Uint8Array[] = [];
    feed(reader, concat([encodePacket(large), encodePacket(Uint8Array.of(5))]), 200_000, targets);
    expect(digests(packets)).toEqual(digests([large, Uint8Array.of(5)]));
    const intoPacket = targets.filter((t) => t.buffer === packets[0]!.buffer);
    expect(intoPacket.length).toBeGreaterThan(0); // the kernel's reads land where the payload is delivered from
    for (const t of intoPacket) expect(t.byteOffset + t.length).toBe(packets[0]!.byteOffset + large.length);
  });

  it('hands out plain Uint8Arrays (a Buffer would slice without copying)', () => {
    const { reader, packets } = recordingReader();
    feed(reader, stream, 1 << 20);
    for (const p of packets) expect(Object.getPrototypeOf(p)).toBe(Uint8Array.prototype);
  });

  it('never rewrites memory it handed out', () => {
    const { reader, packets } = recordingReader();
    const small = Array.from({ length: 400 }, (_, i) => patterned(500, i));
    feed(reader, concat(small.map(encodePacket)), 1000);
    expect(digests(packets)).toEqual(digests(small));
  });

  it('allocates no more than the eager bound before a huge packet has arrived, and still assembles it', () => {
    const { reader, packets } = recordingReader(1 << 20, 100_000);
    const huge = patterned(300_000, 5);
    const packet = encodePacket(huge);
    feed(reader, packet.subarray(0, 10), 10);
    expect(readTarget(reader).buffer.byteLength).toBeLessThanOrEqual(100_000);
    feed(reader, packet.subarray(10), 7000);
    expect(digests(packets)).toEqual(digests([huge]));
  });

  it('rejects negative and oversized sizes with the stream offset, and stays failed', () => {
    const { reader, packets, failures } = recordingReader(100);
    feed(reader, concat([new Uint8Array(4), Uint8Array.of(101, 0, 0, 0, 1)]), 1 << 20);
    expect(packets).toEqual([new Uint8Array(0)]);
    expect(String(failures[0])).toMatch(/packet size 101 outside 0..100 \(at byte 4\)/);
    feed(reader, new Uint8Array(4), 4);
    expect(packets).toHaveLength(1);
    const negative = recordingReader();
    feed(negative.reader, Uint8Array.of(0xff, 0xff, 0xff, 0xff), 4);
    expect(String(negative.failures[0])).toMatch(/packet size -1/);
  });

  it('reports a throwing handler as a failure instead of letting it escape into the socket', () => {
    const failures: unknown[] = [];
    const reader = new PacketReader({
      packet: () => {
        throw new Error('listener bug');
      },
      readDone: () => {},
      failed: (e) => failures.push(e),
    });
    expect(() => feed(reader, encodePacket(Uint8Array.of(1)), 100)).not.toThrow();
    expect(failures.map(String)).toEqual(['Error: listener bug']);
  });
});

describe('PacketReader.push (sockets that deliver data chunks: the server side)', () => {
  const stream = Uint8Array.of(...encodePacket(Uint8Array.of(1, 2, 3)), 0, 0, 0, 0, ...encodePacket(Uint8Array.of(9)));
  const asArrays = (packets: Uint8Array[]): number[][] => packets.map((p) => Array.from(p));

  it('splits a stream delivered in one chunk and one delivered byte by byte', () => {
    const whole = recordingReader();
    whole.reader.push(stream);
    expect(asArrays(whole.packets)).toEqual([[1, 2, 3], [], [9]]);
    const bytes = recordingReader();
    for (const b of stream) bytes.reader.push(Uint8Array.of(b));
    expect(asArrays(bytes.packets)).toEqual([[1, 2, 3], [], [9]]);
  });

  it('frames a large packet pushed in odd chunks exactly as read through onread', () => {
    const payload = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 13) & 0xff);
    const r = recordingReader();
    const packet = encodePacket(payload);
    for (let at = 0; at < packet.length; at += 65_537) r.reader.push(packet.subarray(at, at + 65_537));
    expect(r.packets).toHaveLength(1);
    expect(r.packets[0]).toEqual(payload);
  });

  it('rejects negative and oversized sizes with the stream offset, and stays failed', () => {
    const r = recordingReader(100);
    r.reader.push(Uint8Array.of(0, 0, 0, 0));
    r.reader.push(Uint8Array.of(101, 0, 0, 0, 1));
    expect(asArrays(r.packets)).toEqual([[]]);
    expect(String(r.failures[0])).toMatch(/packet size 101 outside 0..100 \(at byte 4\)/);
    r.reader.push(Uint8Array.of(0, 0, 0, 0));
    expect(r.packets).toHaveLength(1);
    const negative = recordingReader();
    negative.reader.push(Uint8Array.of(0xff, 0xff, 0xff, 0xff));
    expect(String(negative.failures[0])).toMatch(/packet size -1/);
  });
});
