/**
 * The SPL ball texture: its print is a truncated icosahedron's: about a quarter black (12 pentagons), the rest
 * white, and every pentagon centre (an icosahedron vertex) black.
 */
import { describe, expect, it } from 'vitest';
import { splBallTexture } from './splBallTexture';

describe('splBallTexture', () => {
  it('is black where the pentagons are and white elsewhere', () => {
    const t = splBallTexture();
    let black = 0,
      white = 0;
    for (let i = 0; i < t.rgb.length; i += 3) {
      if (t.rgb[i]! < 50) black++;
      else if (t.rgb[i]! > 200) white++;
    }
    // Equirectangular texels are not equal in area; the share of texels is still near a quarter.
    expect(black / (t.width * t.height)).toBeGreaterThan(0.2);
    expect(black / (t.width * t.height)).toBeLessThan(0.32);
    expect(black + white).toBeGreaterThan(0.98 * t.width * t.height);
    // (0, ±1, ±φ)/|…| is a vertex: a pentagon centre; its texel is black. (0, 0, 1) lies on a hexagon: white.
    const texel = (x: number, y: number, z: number): number => {
      const n = Math.hypot(x, y, z);
      const col = Math.floor((Math.atan2(y, x) / (2 * Math.PI) + 0.5) * t.width);
      const row = Math.floor((Math.acos(z / n) / Math.PI) * t.height);
      return t.rgb[(Math.min(t.height - 1, row) * t.width + Math.min(t.width - 1, col)) * 3]!;
    };
    const phi = (1 + Math.sqrt(5)) / 2;
    expect(texel(0, 1, phi)).toBeLessThan(50);
    expect(texel(1, phi, 0)).toBeLessThan(50);
    expect(texel(0, 0, 1)).toBeGreaterThan(200);
  });
});
