/**
 * @file GameController packets for tests, written byte by byte from the published layouts (formats §8.4, §8.5)
 * rather than with the encoders they test, so that a mistake in an encoder and its decoder cannot cancel out.
 */

/**
 * An HSL packet written byte by byte from the published layout (version 19, 198 bytes, little-endian, no padding;
 * TeamInfo 90 bytes at 18 and 108, RobotInfo 4 bytes from TeamInfo offset 10), not with the encoder under test.
 */
export function handMadeHslPacket(): Uint8Array {
  const b = new Uint8Array(198);
  const v = new DataView(b.buffer);
  b.set([0x52, 0x47, 0x6d, 0x65], 0); // "RGme"
  b.set([19, 42, 5, 0, 1, 0, 3, 4, 0, 12], 4); // version, packet 42, 5 players, small, stopped, normal, playing, throw-in, second half, team 12 kicks
  v.setInt16(14, 377, true);
  v.setInt16(16, 20, true);
  // teams[0] (defends the left goal): team 12, red, yellow keeper, keeper 1, score 1, no penalty shot, shots 0, budget 1000.
  b.set([12, 1, 2, 1, 1, 0], 18);
  v.setUint16(18 + 8, 1000, true);
  // Its player 3: pushing, 30 s left, one warning, one caution.
  b.set([9, 30, 1, 1], 18 + 10 + 4 * 2);
  // teams[1]: team 34, blue, black keeper, keeper 2 (0 = none would also be legal), score 2, budget 900.
  b.set([34, 0, 3, 2, 2, 0], 108);
  v.setUint16(108 + 8, 900, true);
  // Its player 20 (the last slot, the packet's last four bytes): substitute.
  b.set([11, 0, 0, 0], 194);
  return b;
}

/** An SPL packet written byte by byte from its layout (version 18, 118 bytes, TeamInfo 50 bytes at 18 and 68). */
export function handMadeSplPacket(): Uint8Array {
  const b = new Uint8Array(118);
  const v = new DataView(b.buffer);
  b.set([0x52, 0x47, 0x6d, 0x65], 0);
  b.set([18, 7, 7, 1, 0, 0, 2, 0, 1, 34], 4); // version, packet 7, 7 players, playoff, normal, normal phase, set, no set play, first half, team 34 kicks
  v.setInt16(14, 600, true);
  v.setInt16(16, 15, true);
  b.set([12, 1, 1, 1, 0, 0], 18);
  v.setUint16(18 + 8, 1200, true);
  b.set([5, 20], 18 + 10 + 2 * 2); // player 3 of team 12: illegal position, 20 s
  b.set([34, 0, 0, 1, 0, 0], 68);
  v.setUint16(68 + 8, 1100, true);
  return b;
}
