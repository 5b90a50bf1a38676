import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter, bitLength } from './bits';
import { decodeBHumanPacket, encodeBHumanPacket, expandTimestamp } from './bhumanHeader';
import { TeamMessageCodec } from './TeamMessageCodec';
import { TeamMessageError } from './TeamMessageError';
import { seededRandom } from '../../math/SeededRandom';

const enums = { 'Test::Color': ['red', 'green', 'blue', 'black', 'white'] };

describe('bit stream', () => {
  it('packs LSB-first: bit k is bit k mod 8 of byte k/8', () => {
    const w = new BitWriter();
    w.write(1, 1);
    w.write(0b110, 3);
    w.write(0xabc, 12);
    w.write(0xffffffff, 32);
    const bytes = w.finish();
    expect([...bytes]).toEqual([0b1100_1101, 0xab, 0xff, 0xff, 0xff, 0xff]);
    const r = new BitReader(bytes);
    expect([r.read(1), r.read(3), r.read(12), r.read(32)]).toEqual([1, 6, 0xabc, 0xffffffff]);
    expect(() => r.read(1)).toThrow(TeamMessageError);
  });

  it('bit length is the bits of the range', () => {
    expect([0, 1, 2, 3, 4, 15, 16, 65535].map(bitLength)).toEqual([0, 1, 2, 2, 3, 4, 5, 16]);
  });
});

describe('golden bytes (formats §8.1, §8.2)', () => {
  const def = `
    Golden {
      flag: Boolean
      n: Integer(min=-1, max=14)
      f: Float(min=0, max=10, bits=4)
      color: Enum(type=Test::Color)
      seen: Timestamp(bits=4, shift=3, reference=relativePast, noclip)
      list: Boolean[:3]
      cov: Matrix<Integer(min=0, max=3)>(m=2, n=2, symmetric)
    }`;
  const codec = TeamMessageCodec.fromDefinition(def, { root: 'Golden', enums });

  it('encodes each built-in type as docs/formats.md says', () => {
    // flag=1 | n=5 → 6 in 4 bits | f=5 → round(7.5)=8 in 4 bits | color=blue → 2 in 3 bits |
    // seen = base−20 → 20>>3 = 2 in 4 bits | list=[true,false] → count 2 in 2 bits, then 1, 0 |
    // cov [[1,2],[2,3]] → lower triangle column-major 1,2,3 in 2 bits each.
    const payload = codec.encodePayload(
      { flag: true, n: 5, f: 5, color: 2, seen: 980, list: [true, false], cov: [1, 2, 2, 3] },
      1000,
    );
    // bits 0..7:   1 | 0,1,1,0 | 0,0,0        → 0b0000_1101
    // bits 8..15:  1 (f msb) | 0,1,0 (color) | 0,1,0,0 (seen) → 0b0010_0101
    // bits 16..23: 0,1 (count) | 1,0 (list) | 1,0 (cov 1) | 0,1 (cov 2) → 0b1001_0110
    // bits 24..25: 1,1 (cov 3)               → 0b0000_0011
    expect([...payload]).toEqual([0x0d, 0x25, 0x96, 0x03]);
    const back = codec.decodePayload(payload, 1000);
    expect(back).toEqual({
      flag: true,
      n: 5,
      f: expect.closeTo(16 / 3, 9),
      color: 2,
      seen: 984,
      list: [true, false],
      cov: [1, 2, 2, 3],
    });
  });

  it('writes the 8-byte BHumanMessage header: version 72 XOR magic, player, uint24 time, uint16 offset, uint8 number', () => {
    const packet = encodeBHumanPacket(
      {
        playerNumber: 3,
        timestamp: 0x01_23_45_67,
        referenceGameControllerPacketTimestampOffset: 0x0102,
        referenceGameControllerPacketNumber: 200,
      },
      new Uint8Array([0xaa]),
      0x2a,
    );
    expect([...packet]).toEqual([72 ^ 0x2a, 3, 0x67, 0x45, 0x23, 0x02, 0x01, 200, 0xaa]);
    const back = decodeBHumanPacket(packet, 0x2a);
    expect(back.header).toEqual({
      playerNumber: 3,
      timestamp: 0x23_45_67,
      referenceGameControllerPacketTimestampOffset: 0x0102,
      referenceGameControllerPacketNumber: 200,
    });
    expect(() => decodeBHumanPacket(packet, 0x2b)).toThrow(/version/);
    expect(() => decodeBHumanPacket(new Uint8Array(129), 0)).toThrow(/exceeds/);
    expect(() => decodeBHumanPacket(new Uint8Array(7), 0)).toThrow(/shorter/);
  });

  it('completes the 24-bit time stamp near the receive time, across a wrap', () => {
    expect(expandTimestamp(0x23_45_67, 0x01_23_45_70)).toBe(0x01_23_45_67);
    expect(expandTimestamp(0xff_ff_f0, 0x02_00_00_10)).toBe(0x01_ff_ff_f0);
    expect(expandTimestamp(5, 3)).toBe(5);
  });

  it('noclip decodes the all-ones value as "never" and clips others', () => {
    const p = codec.encodePayload(
      { flag: false, n: 99, f: -3, color: 9, seen: 0, list: [], cov: [0, 0, 0, 0] },
      100_000,
    );
    const back = codec.decodePayload(p, 100_000);
    expect(back).toMatchObject({ n: 14, f: 0, color: 4, seen: 0, list: [] });
  });

  it('rejects definitions it cannot compile', () => {
    expect(() => TeamMessageCodec.fromDefinition('M { x: Enum(type=Nope) }', { root: 'M', enums })).toThrow(/unknown/);
    expect(() =>
      TeamMessageCodec.fromDefinition('M { x: Float(min=0, max=1, bits=40) }', { root: 'M', enums }),
    ).toThrow(/bits/);
    expect(() => TeamMessageCodec.fromDefinition('M { x: Boolean(wat=1) }', { root: 'M', enums })).toThrow(
      /unknown parameter/,
    );
    expect(() => TeamMessageCodec.fromDefinition('M { x: M }', { root: 'M', enums })).toThrow(/cycle/);
    expect(() =>
      TeamMessageCodec.fromDefinition('M { x: Integer(type=uint32)[121:122] }', { root: 'M', enums }),
    ).toThrow(/more than/);
    expect(() =>
      TeamMessageCodec.fromDefinition('M { x: Matrix<Boolean>(m=2, n=3, symmetric) }', { root: 'M', enums }),
    ).toThrow(/square/);
  });

  it('uses the streaming order when one is given', () => {
    const text = 'M { a: Integer(min=0, max=1) b: Integer(min=0, max=3) }';
    const defOrder = TeamMessageCodec.fromDefinition(text, { root: 'M', enums });
    const streamOrder = TeamMessageCodec.fromDefinition(text, {
      root: 'M',
      enums,
      fieldOrder: (r) => (r === 'M' ? ['b', 'a'] : undefined),
    });
    expect([...defOrder.encodePayload({ a: 1, b: 2 }, 0)]).toEqual([0b101]);
    expect([...streamOrder.encodePayload({ a: 1, b: 2 }, 0)]).toEqual([0b110]);
  });
});

describe('round trip property', () => {
  const def = `
    Inner { angle: Angle(bits=9) raw: Float v3: Vector<Float(min=-100, max=100, bits=7)>(n=3) i8: Integer(type=int8) }
    Msg {
      inner: Inner
      opt: Inner[:2]
      pos: Vector<Float(min=-5120, max=5110, bits=10)>(n=2)
      cov: Matrix<Integer(min=-32768, max=32767)>(m=3, n=3, symmetric)
      m23: Matrix<Float(min=0, max=1, bits=5)>(m=2, n=3)
      past: Timestamp(bits=8, shift=6, reference=relativePast, noclip)
      future: Timestamp(bits=6, shift=2, reference=relativeFuture, noclip)
      abs: Timestamp
      now: Timestamp(bits=0, reference=relativePast)
      color: Enum(type=Test::Color)
      wide: Enum(type=Test::Color, uncompressed)
      flags: Boolean[1:4]
      list: Integer(min=-1, max=14)[5]
    }`;
  const codec = TeamMessageCodec.fromDefinition(def, { root: 'Msg', enums });

  it('decodes every random message within quantization, and re-encodes it to the same bytes', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 2000; i++) {
      const base = 100_000 + Math.floor(random() * 1e7);
      const message = codec.sample(random, base);
      const bytes = codec.encodePayload(message, base);
      expect(bytes.length).toBeLessThanOrEqual(codec.maxPayloadBytes);
      const decoded = codec.decodePayload(bytes, base);
      const why = codec.mismatch(message, decoded, base);
      if (why) throw new Error(`case ${i}: ${why}`);
      expect(codec.encodePayload(decoded, base)).toEqual(bytes);
    }
  });
});
