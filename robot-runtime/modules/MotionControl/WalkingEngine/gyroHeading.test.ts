import { describe, expect, it } from 'vitest';
import { normalizeAngle } from '@robot-runtime/math/vec2';
import { GyroHeading } from './gyroHeading';

const DT = 0.012;

/** Feeds `seconds` of a constant body rate; returns the summed turns reported. */
function spin(h: GyroHeading, rate: { x: number; y: number; z: number }, seconds: number, upright: boolean): number {
  let turn = 0;
  for (let t = 0; t < seconds - 1e-9; t += DT) turn += h.update(0, 0, rate, DT, upright);
  return turn;
}

describe('GyroHeading', () => {
  it('reports an upright turn as the gyroscope measured it', () => {
    const h = new GyroHeading();
    h.update(0, 0, { x: 0, y: 0, z: 0 }, DT, true);
    expect(spin(h, { x: 0, y: 0, z: 1 }, 1.2, true)).toBeCloseTo(1.2, 3);
  });

  it('reports the turn of a robot that rolled over on the ground, which no rate about the vertical shows', () => {
    // Fall on the front (pitch 90° forward), roll onto the back about the torso's long axis (now horizontal), sit
    // up: the robot faces where its feet lay, turned by 180°, although it never turned about the vertical.
    const h = new GyroHeading();
    h.update(0, 0, { x: 0, y: 0, z: 0 }, DT, true);
    let turn = spin(h, { x: 0, y: Math.PI / 2, z: 0 }, 0.996, false);
    turn += spin(h, { x: 0, y: 0, z: Math.PI }, 0.996, false);
    turn += spin(h, { x: 0, y: Math.PI / 2, z: 0 }, 0.996, false);
    expect(turn).toBe(0);
    turn += h.update(0, 0, { x: 0, y: 0, z: 0 }, DT, true);
    expect(Math.abs(normalizeAngle(turn - Math.PI))).toBeLessThan(0.05);
  });

  it('takes roll and pitch from the inertial data while upright, so the integrated ones do not drift', () => {
    const h = new GyroHeading();
    // A gyroscope with a bias about x: integrated alone, the torso would tip over within seconds.
    let turn = 0;
    for (let i = 0; i < 1000; i++) turn += h.update(0.02, -0.03, { x: 0.05, y: 0, z: 0.1 }, DT, true);
    expect(turn).toBeCloseTo(0.1 * 12, 1);
  });
});
