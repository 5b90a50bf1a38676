import { describe, expect, it } from 'vitest';
import { SeededRandom } from '@robot-runtime/math/SeededRandom';
import { cylinderJson, cylinderPrimitive, lineJson, linePrimitive, metres, rgba, type Xyz } from './scenePrimitives';

describe('primitives written as JSON by hand', () => {
  it('are the text JSON.stringify writes of the primitive, whatever its numbers', () => {
    const random = new SeededRandom(7);
    const uniform = (low: number, high: number): number => low + (high - low) * random.next();
    const value = (): number => {
      const kind = uniform(0, 1);
      // Whole, tenth of a millimetre, tiny, huge, negative zero, and what JSON cannot hold.
      if (kind < 0.5) return metres(uniform(-20000, 20000));
      if (kind < 0.6) return Math.round(uniform(-5, 5));
      if (kind < 0.7) return uniform(-1, 1) * 1e-9;
      if (kind < 0.8) return uniform(-1, 1) * 1e22;
      if (kind < 0.85) return -0;
      if (kind < 0.9) return Number.NaN;
      return kind < 0.95 ? Number.POSITIVE_INFINITY : uniform(-1, 1);
    };
    for (let i = 0; i < 500; i++) {
      const points: Xyz[] = Array.from({ length: i % 7 }, () => ({ x: value(), y: value(), z: value() }));
      const type = (i % 3) as 0 | 1 | 2;
      const color = i % 2 ? rgba({ r: 255, g: i % 256, b: 17, a: 128 }) : { r: value(), g: value(), b: value(), a: 1 };
      const thickness = value();
      expect(lineJson(type, points, thickness, color)).toBe(
        JSON.stringify(linePrimitive(type, points, thickness, color)),
      );
      const base = { x: value(), y: value(), z: value() };
      const [diameter, height, yaw] = [value(), value(), i % 5 ? value() : undefined];
      expect(cylinderJson(base, diameter, height, color, yaw)).toBe(
        JSON.stringify(cylinderPrimitive(base, diameter, height, color, yaw)),
      );
    }
  });
});
