import { describe, expect, it } from 'vitest';
import { rgbToYuv, yuvToRgb } from '@robot-runtime/math/colorSpace';
import { pixelAt, toRgba } from './pixels';

describe('image pixels', () => {
  it('converts YUV and RGB both ways (within rounding)', () => {
    const colors: [number, number, number][] = [
      [34, 139, 34],
      [255, 255, 255],
      [255, 128, 0],
      [0, 0, 0],
    ];
    for (const rgb of colors) {
      const { y, u, v } = rgbToYuv({ r: rgb[0], g: rgb[1], b: rgb[2] });
      const back = yuvToRgb(y, u, v);
      back.forEach((c, i) => expect(Math.abs(c - rgb[i]!)).toBeLessThanOrEqual(2));
    }
  });

  it('decodes YUYV pairs to RGBA and reads single pixels', () => {
    const { y, u, v } = rgbToYuv({ r: 34, g: 139, b: 34 });
    const yuyv = new Uint8Array([y, u, 255, v]);
    const rgba = toRgba('yuyv', yuyv, 2, 1);
    expect(Math.abs(rgba[1]! - 139)).toBeLessThanOrEqual(2);
    expect(rgba[3]).toBe(255);
    expect(pixelAt('yuyv', yuyv, 2, 1, 0)).toMatchObject({ y: 255, u, v });
    expect(pixelAt('bgra', new Uint8Array([1, 2, 3, 255]), 1, 0, 0)).toMatchObject({ r: 3, g: 2, b: 1 });
  });
});
