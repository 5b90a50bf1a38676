import { describe, expect, it } from 'vitest';
import { NAO_THIGH, NAO_TIBIA, anklePosition, legAngles } from './legKinematics';

describe('NAO leg inverse kinematics', () => {
  it('places the ankle where asked, foot flat, over the reachable workspace', () => {
    for (const x of [-60, -20, 0, 35, 70])
      for (const y of [-40, 0, 40])
        for (const z of [160, 185, 195]) {
          if (Math.hypot(x, y, z) > NAO_THIGH + NAO_TIBIA - 1) continue; // out of reach: the next test
          const a = legAngles(x, y, z);
          const p = anklePosition(a);
          expect(p.x).toBeCloseTo(x, 6);
          expect(p.y).toBeCloseTo(y, 6);
          expect(p.z).toBeCloseTo(z, 6);
          // Foot parallel to the ground: the pitch chain and the roll chain cancel.
          expect(a.hipPitch + a.knee + a.anklePitch).toBeCloseTo(0, 9);
          expect(a.hipRoll + a.ankleRoll).toBeCloseTo(0, 9);
        }
  });

  it('the stand (equal thigh and tibia): an ankle straight below the hip bends hip and ankle by b and the knee by 2b', () => {
    const bend = (25 * Math.PI) / 180;
    const a = legAngles(0, 0, 2 * NAO_THIGH * Math.cos(bend), NAO_THIGH, NAO_THIGH);
    expect(a.hipPitch).toBeCloseTo(-bend, 6);
    expect(a.knee).toBeCloseTo(2 * bend, 6);
    expect(a.anklePitch).toBeCloseTo(-bend, 6);
  });

  it('a target out of reach stretches the leg towards it instead of returning NaN', () => {
    const a = legAngles(0, 0, 1000);
    expect(Object.values(a).every(Number.isFinite)).toBe(true);
    expect(a.knee).toBeCloseTo(0, 3);
    const b = legAngles(0, 0, 0);
    expect(Object.values(b).every(Number.isFinite)).toBe(true);
  });
});
