/**
 * @file A fixed-layout codec (20 bytes, little endian): int16 millimetres for positions and velocities,
 * rotation in 1/10000 rad, flags, ball age, role and time to the ball. Pitchside's stand-in until the bit-packed
 * `teamMessage.def` codec exists; values outside a field's range are clipped, not wrapped.
 */
import type { TeamMessageCodec, TeamMessageContent } from './teamMessageCodec';

const SIZE = 20;
const NEVER = 0xffff;

const i16 = (v: number): number => Math.max(-32768, Math.min(32767, Math.round(v)));
const u16 = (v: number): number => Math.max(0, Math.min(0xfffe, Math.round(v)));

/** The simple fixed-layout codec. */
export const simpleTeamMessageCodec: TeamMessageCodec = {
  name: 'simple',
  encode(c: TeamMessageContent): Uint8Array {
    const bytes = new Uint8Array(SIZE);
    const v = new DataView(bytes.buffer);
    v.setInt16(0, i16(c.pose.translation.x), true);
    v.setInt16(2, i16(c.pose.translation.y), true);
    v.setInt16(4, i16(c.pose.rotation * 10000), true);
    v.setUint8(6, (c.poseValid ? 1 : 0) | (c.isUpright ? 2 : 0) | (c.isPenalized ? 4 : 0));
    v.setInt16(7, i16(c.ballPosition.x), true);
    v.setInt16(9, i16(c.ballPosition.y), true);
    v.setInt16(11, i16(c.ballVelocity.x), true);
    v.setInt16(13, i16(c.ballVelocity.y), true);
    v.setUint16(15, c.ballAge === undefined ? NEVER : u16(c.ballAge), true);
    v.setUint8(17, c.role & 0xff);
    v.setUint16(18, u16(c.timeToReachBall), true);
    return bytes;
  },
  decode(payload: Uint8Array): TeamMessageContent | undefined {
    if (payload.length !== SIZE) return undefined;
    const v = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
    const flags = v.getUint8(6);
    const age = v.getUint16(15, true);
    return {
      pose: { rotation: v.getInt16(4, true) / 10000, translation: { x: v.getInt16(0, true), y: v.getInt16(2, true) } },
      poseValid: (flags & 1) !== 0,
      isUpright: (flags & 2) !== 0,
      isPenalized: (flags & 4) !== 0,
      ballPosition: { x: v.getInt16(7, true), y: v.getInt16(9, true) },
      ballVelocity: { x: v.getInt16(11, true), y: v.getInt16(13, true) },
      ballAge: age === NEVER ? undefined : age,
      role: v.getUint8(17),
      timeToReachBall: v.getUint16(18, true),
    };
  },
};
