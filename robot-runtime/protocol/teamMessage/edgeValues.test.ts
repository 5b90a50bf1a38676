/**
 * Edge values through the team-message codec, checked against bytes worked out by hand from B-Human's rules:
 * values outside a Float's or Integer's range are clipped to it, an Angle outside [−π, π] is clamped (not
 * normalized), an empty optional is a count of zero, bits are packed LSB-first.
 */
import { describe, expect, it } from 'vitest';
import { TeamMessageCodec } from './TeamMessageCodec';

describe('team message edge values', () => {
  const def = `
    Edge {
      rotation: Angle(bits=8)
      negative: Angle(bits=8)
      clipped: Float(min=0, max=10, bits=4)
      low: Integer(min=-1, max=14)
      none: Boolean[:1]
      some: Float[:1]
    }`;
  const codec = TeamMessageCodec.fromDefinition(def, { root: 'Edge', enums: {} });

  it('clamps angles, clips floats and integers, and writes empty optionals as a zero count', () => {
    const payload = codec.encodePayload(
      { rotation: 3.5, negative: -4, clipped: 12.5, low: 99, none: undefined, some: [2.5] },
      0,
    );
    // bits 0..7:   3.5 rad clamped to π → q = 255                       → 0xff
    // bits 8..15:  −4 rad clamped to −π → q = 0                         → 0x00
    // bits 16..19: 12.5 clipped to 10 → q = 15; bits 20..23: 99 clipped to 14 → 14 − (−1) = 15 → 0xff
    // bit 24: empty optional, count 0; bit 25: count 1; bits 26..57: 2.5f = 0x40200000 LSB-first
    //   → byte 3 = 0b10 (0x40200000's low 6 bits are 0), then 0x40200000 >> 6 = 0x01008000 → 00 80 00 01
    expect([...payload]).toEqual([0xff, 0x00, 0xff, 0x02, 0x00, 0x80, 0x00, 0x01]);
    expect(codec.decodePayload(payload, 0)).toEqual({
      rotation: Math.PI,
      negative: -Math.PI,
      clipped: 10,
      low: 14,
      none: [],
      some: [2.5],
    });
  });
});
