/** Patch side and extraction follow B-Human's conventions (side rounding, out-of-image grey, 2 % stretch). */
import { describe, expect, it } from 'vitest';
import { extractPatch, patchSide } from './patches';

/** A YUYV image of `width` × `height` whose brightness is `luma(x, y)`. */
function image(width: number, height: number, luma: (x: number, y: number) => number) {
  const data = new Uint8Array(width * height * 2).fill(128);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[(y * width + x) * 2] = luma(x, y);
  return { width, height, image: data };
}

describe('patches', () => {
  it('the side is 3.5 radii rounded up to the next multiple of 4, and 4 more when it is one', () => {
    expect(patchSide(10, 3.5)).toBe(36); // 35 -> 36
    expect(patchSide(8, 3.5)).toBe(32); // 28 -> 32
    expect(patchSide(2, 3.5)).toBe(8); // 7 -> 8
  });

  it('samples nearest-neighbour, stretches the 2 % brightest rank to 255 and fills outside pixels with 128', () => {
    // Left half 50, right half 100: the 2 % rank from the top is 100, which becomes 255.
    const img = image(64, 64, (x) => (x < 32 ? 50 : 100));
    const out = new Float32Array(32 * 32);
    extractPatch(img, 32, 32, 64, 32, 0.02, out);
    expect(out[0]).toBeCloseTo(127.5, 3);
    expect(out[31]).toBeCloseTo(255, 3);
    // Centred on the corner: three quarters of the patch lie outside and are 128 (the brightest, so 255).
    extractPatch(img, 0, 0, 64, 32, 0.02, out);
    expect(out[0]).toBeCloseTo(255, 3);
    expect(out[16 * 32 + 16]).toBeCloseTo((50 / 128) * 255, 3);
  });
});
